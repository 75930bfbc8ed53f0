/**
 * The top bar of the private area: the product name, a greeting naming the user and the company (once
 * `/auth/me` has answered), the theme toggle and logout. The side menu arrives with the full shell.
 */
import { Body1, Button, Caption1, makeStyles, Subtitle2, tokens } from '@fluentui/react-components';
import { SignOut24Regular } from '@fluentui/react-icons';
import { useState } from 'react';
import { useServices } from '../app/services';
import { format, pt } from '../i18n/pt';
import type { Me } from '../session/me';
import { ThemeToggle } from './ThemeToggle';

const useStyles = makeStyles({
  header: {
    display: 'flex',
    alignItems: 'center',
    columnGap: tokens.spacingHorizontalL,
    padding: `${tokens.spacingVerticalS} ${tokens.spacingHorizontalL}`,
    backgroundColor: tokens.colorNeutralBackground1,
    borderBottom: `${tokens.strokeWidthThin} solid ${tokens.colorNeutralStroke2}`,
  },
  brand: {
    color: tokens.colorBrandForeground1,
  },
  greeting: {
    display: 'flex',
    flexDirection: 'column',
    marginLeft: 'auto',
    textAlign: 'right',
    minWidth: 0,
  },
  actions: {
    display: 'flex',
    columnGap: tokens.spacingHorizontalXS,
  },
});

export function ShellHeader({ me }: { readonly me: Me | undefined }) {
  const styles = useStyles();
  const { auth } = useServices();
  const [leaving, setLeaving] = useState(false);

  const logout = () => {
    setLeaving(true);
    // The route guard sends the user to /login once the session has ended.
    void auth.signOut();
  };

  return (
    <header className={styles.header}>
      <Subtitle2 as="span" className={styles.brand}>
        {pt.app.name}
      </Subtitle2>
      <div className={styles.greeting}>
        {me !== undefined && (
          <>
            <Body1 truncate wrap={false}>
              {format(pt.shell.greeting, { name: me.user.name })}
            </Body1>
            <Caption1 truncate wrap={false}>
              {format(pt.shell.company, { company: me.company.name })}
            </Caption1>
          </>
        )}
      </div>
      <div className={styles.actions}>
        <ThemeToggle />
        <Button appearance="subtle" icon={<SignOut24Regular />} onClick={logout} disabled={leaving}>
          {pt.shell.logout}
        </Button>
      </div>
    </header>
  );
}
