/**
 * The items of the user menu, loaded on the menu's first open: the signed-in user's name, Profile and
 * Logout.
 */
import { MenuDivider, MenuGroup, MenuGroupHeader, MenuItem, MenuList, MenuPopover } from '@fluentui/react-components';
import { Person20Regular, SignOut20Regular } from '@fluentui/react-icons';
import { useTexts } from '../i18n/texts';
import { shellTexts } from './texts';

export interface UserMenuListProps {
  readonly userName: string;
  readonly leaving: boolean;
  readonly onProfile: () => void;
  readonly onLogout: () => void;
}

export function UserMenuList({ userName, leaving, onProfile, onLogout }: UserMenuListProps) {
  const texts = useTexts(shellTexts);
  return (
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
  );
}
