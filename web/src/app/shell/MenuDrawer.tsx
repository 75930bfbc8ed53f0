/**
 * The side menu as a temporary drawer, for screens under 600 px (spec 1 §2.2). A module of its own so
 * that wider screens, which show the menu inline, never load the drawer's code.
 */
import { Button, DrawerBody, DrawerHeader, DrawerHeaderTitle, makeStyles, OverlayDrawer } from '@fluentui/react-components';
import { Dismiss24Regular } from '@fluentui/react-icons/svg/dismiss';
import { useTexts } from '../../i18n/texts';
import { MENU_WIDTH_PX } from './layout';
import type { MenuLayout } from './menu-rules';
import { SideMenu } from './SideMenu';
import { shellTexts } from './texts';

const useStyles = makeStyles({
  drawer: { width: `${MENU_WIDTH_PX}px` },
  drawerBody: { padding: 0 },
});

export interface MenuDrawerProps {
  readonly open: boolean;
  readonly onOpenChange: (open: boolean) => void;
  readonly layout: MenuLayout;
  readonly connectionAlert: boolean;
  readonly chatsUnread: boolean;
}

export function MenuDrawer({ open, onOpenChange, layout, connectionAlert, chatsUnread }: MenuDrawerProps) {
  const styles = useStyles();
  const texts = useTexts(shellTexts);
  return (
    <OverlayDrawer
      className={styles.drawer}
      position="start"
      open={open}
      onOpenChange={(_, data) => onOpenChange(data.open)}
      aria-label={texts.menuLabel}
    >
      <DrawerHeader>
        <DrawerHeaderTitle
          action={<Button appearance="subtle" icon={<Dismiss24Regular />} aria-label={texts.closeMenu} onClick={() => onOpenChange(false)} />}
        >
          {texts.brand}
        </DrawerHeaderTitle>
      </DrawerHeader>
      <DrawerBody className={styles.drawerBody}>
        <SideMenu layout={layout} expanded connectionAlert={connectionAlert} chatsUnread={chatsUnread} onNavigate={() => onOpenChange(false)} />
      </DrawerBody>
    </OverlayDrawer>
  );
}
