/**
 * The side menu's content (spec 1 §2.1, §2.2): the entries the rules in menu-rules.ts allow, with the
 * icon and words of their page-registry entry; the campaigns group, the Administration for admins as a
 * collapsible group of its own after the pages everyone works on (open while one of its pages is
 * shown), and the app version at the bottom when expanded. The shell places it beside the page or in a
 * temporary drawer.
 */
import { Caption1, makeStyles, tokens } from '@fluentui/react-components';
import { Briefcase20Regular } from '@fluentui/react-icons/svg/briefcase';
import { Send20Regular } from '@fluentui/react-icons/svg/send';
import { useLocation } from 'react-router';
import { APP_VERSION } from '../../../../shared/version';
import { menuPageById } from '../page-registry';
import { useLanguage } from '../../i18n/language';
import { format, useTexts } from '../../i18n/texts';
import { MENU_ICONS } from './menu-icons';
import { activeMenuItem, MENU_PATHS, type MenuItemId, type MenuLayout } from './menu-rules';
import { MenuGroup } from './MenuGroup';
import { MenuLink } from './MenuLink';
import { shellTexts } from './texts';

const useStyles = makeStyles({
  nav: {
    display: 'flex',
    flexDirection: 'column',
    minHeight: '100%',
    boxSizing: 'border-box',
    padding: `${tokens.spacingVerticalS} ${tokens.spacingHorizontalS}`,
  },
  list: {
    listStyleType: 'none',
    margin: 0,
    padding: 0,
    display: 'flex',
    flexDirection: 'column',
    rowGap: tokens.spacingVerticalXXS,
  },
  // The line Fluent's Divider draws, without its code (its styles cover every variant, one is used).
  divider: {
    margin: `${tokens.spacingVerticalS} 0`,
    borderTop: `${tokens.strokeWidthThin} solid ${tokens.colorNeutralStroke2}`,
  },
  version: {
    marginTop: 'auto',
    paddingTop: tokens.spacingVerticalL,
    paddingLeft: tokens.spacingHorizontalM,
    color: tokens.colorNeutralForeground3,
  },
});

export interface SideMenuProps {
  readonly layout: MenuLayout;
  /** Labels, headings and version shown; otherwise a rail of icons. */
  readonly expanded: boolean;
  /** The connections entry carries the alert badge. */
  readonly connectionAlert: boolean;
  /** The internal chat's entry carries a dot: the user has unread chat messages (spec 1 §2.2). */
  readonly chatsUnread?: boolean;
  /** Called after an entry is chosen (the temporary drawer closes). */
  readonly onNavigate?: (() => void) | undefined;
}

export function SideMenu({ layout, expanded, connectionAlert, chatsUnread = false, onNavigate }: SideMenuProps) {
  const styles = useStyles();
  const texts = useTexts(shellTexts);
  const { language } = useLanguage();
  const active = activeMenuItem(useLocation().pathname);

  const link = (id: MenuItemId, nested = false) => {
    const page = menuPageById(id);
    return (
      <MenuLink
        key={id}
        to={MENU_PATHS[id]}
        label={(page.menu.label ?? page.title)[language]}
        icon={MENU_ICONS[page.menu.icon]}
        active={active === id}
        expanded={expanded}
        nested={nested}
        alert={id === 'connections' && connectionAlert ? texts.connectionsAlert : id === 'chats' && chatsUnread ? texts.chatsUnread : undefined}
        onNavigate={onNavigate}
      />
    );
  };

  return (
    <nav className={styles.nav} aria-label={texts.menuLabel}>
      <ul className={styles.list}>
        {layout.main.map((id) => link(id))}
        {layout.campaigns.length > 0 && (
          <MenuGroup
            label={texts.campaignsGroup}
            icon={Send20Regular}
            expanded={expanded}
            holdsActive={active !== undefined && layout.campaigns.includes(active)}
          >
            {layout.campaigns.map((id) => link(id, true))}
          </MenuGroup>
        )}
      </ul>
      {layout.admin.length > 0 && (
        <>
          <div role="separator" aria-orientation="horizontal" className={styles.divider} />
          <ul className={styles.list}>
            <MenuGroup
              label={texts.administration}
              icon={Briefcase20Regular}
              expanded={expanded}
              holdsActive={active !== undefined && layout.admin.includes(active)}
              alert={layout.admin.includes('connections') && connectionAlert ? texts.connectionsAlert : undefined}
            >
              {layout.admin.map((id) => link(id, true))}
            </MenuGroup>
          </ul>
        </>
      )}
      {expanded && <Caption1 className={styles.version}>{format(texts.version, { version: APP_VERSION })}</Caption1>}
    </nav>
  );
}
