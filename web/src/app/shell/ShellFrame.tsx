/**
 * The private area once the user is known (spec 1 §2.2): header, side menu and the current page. The
 * menu is 240 px wide; under 600 px it is a temporary drawer that closes after a choice; above 1200 px
 * it starts expanded, in between as a rail of icons; crossing a breakpoint starts it afresh.
 */
import { Button, makeStyles, mergeClasses, Tooltip, tokens } from '@fluentui/react-components';
import { Navigation24Regular } from '@fluentui/react-icons/svg/navigation';
import { Suspense, useEffect, useState } from 'react';
import { Outlet } from 'react-router';
import type { UserDto } from '../../../../shared/users';
import { useChatsLive } from '../../chats/use-chats-live';
import { FullPageSpinner } from '../../components/FullPageSpinner';
import { useTexts } from '../../i18n/texts';
import { useRealtimeEvent } from '../../realtime';
import { withOwnUser, type Me } from '../../sign-in/me';
import { campaignsEnabledBySettings } from '../../sign-in/campaigns';
import { writeCampaignsFlag } from './campaigns-flag';
import { initialMenuOpen, MENU_RAIL_WIDTH_PX, MENU_WIDTH_PX, menuPresentation } from './layout';
import { menuLayout } from './menu-rules';
import { ShellHeader } from './ShellHeader';
import { SideMenu } from './SideMenu';
import { shellTexts } from './texts';
import { useConnectionAlert } from './use-connection-alert';
import { useViewportSize } from './use-viewport-size';
import { lazyComponent } from '../../components/lazy-component';

// Only narrow screens show the menu as a drawer; wider ones never load it.
const MenuDrawer = lazyComponent(() => import('./MenuDrawer').then((m) => m.MenuDrawer));

const useStyles = makeStyles({
  root: {
    display: 'flex',
    flexDirection: 'column',
    height: '100dvh',
  },
  body: {
    display: 'flex',
    flexGrow: 1,
    minHeight: 0,
  },
  menu: {
    flexShrink: 0,
    overflowX: 'hidden',
    overflowY: 'auto',
    backgroundColor: tokens.colorNeutralBackground1,
    borderRight: `${tokens.strokeWidthThin} solid ${tokens.colorNeutralStroke2}`,
    transitionProperty: 'width',
    transitionDuration: tokens.durationNormal,
    '@media (prefers-reduced-motion: reduce)': { transitionDuration: '0s' },
  },
  expanded: { width: `${MENU_WIDTH_PX}px` },
  rail: { width: `${MENU_RAIL_WIDTH_PX}px` },
  main: {
    flexGrow: 1,
    minWidth: 0,
    display: 'flex',
    flexDirection: 'column',
    overflowY: 'auto',
    padding: tokens.spacingHorizontalL,
    backgroundColor: tokens.colorNeutralBackground2,
  },
});

export interface ShellFrameProps {
  readonly me: Me;
  /** Applies a change to the loaded /auth/me (own profile, company settings). */
  readonly onMeChange: (change: (me: Me) => Me) => void;
}

export function ShellFrame({ me, onMeChange }: ShellFrameProps) {
  const styles = useStyles();
  const texts = useTexts(shellTexts);
  const size = useViewportSize();
  const [open, setOpen] = useState(() => initialMenuOpen(size));
  const [sizeSeen, setSizeSeen] = useState(size);
  if (size !== sizeSeen) {
    // React's "adjust state when a prop changes" pattern: no effect, no flash of the old layout.
    setSizeSeen(size);
    setOpen(initialMenuOpen(size));
  }
  const presentation = menuPresentation(size, open);

  // The menu follows the settings (as the campaign pages do, campaign-access.ts); the local flag mirrors them.
  const campaignsFlag = campaignsEnabledBySettings(me.company.settings);
  useEffect(() => {
    writeCampaignsFlag(campaignsFlag);
  }, [campaignsFlag]);

  useRealtimeEvent('settings', ({ setting }) =>
    onMeChange((current) => ({
      ...current,
      company: {
        ...current.company,
        settings: [...current.company.settings.filter((kept) => kept.key !== setting.key), setting],
      },
    })),
  );

  // A payment moved the company's due date (spec 3 §4): the header's 'active until' follows at once.
  useRealtimeEvent('payment', ({ company }) =>
    onMeChange((current) => (current.company.id === company.id ? { ...current, company: { ...current.company, dueDate: company.dueDate } } : current)),
  );

  const layout = menuLayout({ user: me.user, plan: me.company.plan, campaignsFlag });
  const connectionAlert = useConnectionAlert(layout.admin.includes('connections'));
  // The internal chat stays live on every page: the menu's dot, the header's popover, the chime.
  const chatsUnread = useChatsLive(layout.main.includes('chats'), me.user.id);

  const onProfileSaved = (saved: UserDto) => onMeChange((current) => withOwnUser(current, saved));
  // An admin may change this user meanwhile (profile, queues): what the pages read of them follows.
  useRealtimeEvent('user', (event) => {
    if (event.action === 'update' && event.user.id === me.user.id) onMeChange((current) => withOwnUser(current, event.user));
  });

  const toggleLabel =
    presentation.mode === 'overlay' ? texts.openMenu : presentation.expanded ? texts.collapseMenu : texts.expandMenu;
  const menuToggle = (
    <Tooltip content={toggleLabel} relationship="label">
      <Button
        appearance="subtle"
        icon={<Navigation24Regular />}
        aria-expanded={presentation.mode === 'overlay' ? open : presentation.expanded}
        onClick={() => setOpen((was) => !was)}
      />
    </Tooltip>
  );

  return (
    <div className={styles.root}>
      <ShellHeader me={me} menuToggle={menuToggle} onProfileSaved={onProfileSaved} />
      <div className={styles.body}>
        {presentation.mode === 'inline' ? (
          <aside className={mergeClasses(styles.menu, presentation.expanded ? styles.expanded : styles.rail)}>
            <SideMenu layout={layout} expanded={presentation.expanded} connectionAlert={connectionAlert} chatsUnread={chatsUnread} />
          </aside>
        ) : (
          <Suspense fallback={null}>
            <MenuDrawer open={open} onOpenChange={setOpen} layout={layout} connectionAlert={connectionAlert} chatsUnread={chatsUnread} />
          </Suspense>
        )}
        <main className={styles.main}>
          <Suspense fallback={<FullPageSpinner />}>
            <Outlet />
          </Suspense>
        </main>
      </div>
    </div>
  );
}
