/**
 * The user menu around its button, loaded on the menu's first open: the signed-in user's name, Profile
 * and Logout.
 */
import { Menu, MenuDivider, MenuGroup, MenuGroupHeader, MenuItem, MenuList, MenuPopover, MenuTrigger } from '@fluentui/react-components';
import { Person20Regular } from '@fluentui/react-icons/svg/person';
import { SignOut20Regular } from '@fluentui/react-icons/svg/sign-out';
import type { PopupProps } from '../../components/on-demand';
import { useTexts } from '../../i18n/texts';
import { shellTexts } from './texts';

export interface UserMenuListProps extends PopupProps {
  readonly userName: string;
  readonly leaving: boolean;
  readonly onProfile: () => void;
  readonly onLogout: () => void;
}

export function UserMenuList({ open, onOpenChange, trigger, userName, leaving, onProfile, onLogout }: UserMenuListProps) {
  const texts = useTexts(shellTexts);
  return (
    <Menu positioning="below-end" open={open} onOpenChange={(_, data) => onOpenChange(data.open)}>
      <MenuTrigger disableButtonEnhancement>{trigger}</MenuTrigger>
      <MenuPopover>
        <MenuList>
          <MenuGroup>
            <MenuGroupHeader>{userName}</MenuGroupHeader>
          </MenuGroup>
          <MenuDivider />
          <MenuItem icon={<Person20Regular />} onClick={onProfile}>
            {texts.profile}
          </MenuItem>
          <MenuItem icon={<SignOut20Regular />} onClick={onLogout} disabled={leaving}>
            {texts.logout}
          </MenuItem>
        </MenuList>
      </MenuPopover>
    </Menu>
  );
}
