/**
 * The user menu (spec 1 §1, §4.4; checklist C-009, C-023): Profile opens the signed-in user's modal;
 * Logout signs out everywhere (sign-out.ts). The menu's items load on its first open.
 */
import { Avatar, Button, Menu, MenuTrigger, Tooltip } from '@fluentui/react-components';
import { Person20Regular } from '@fluentui/react-icons';
import { lazy, Suspense, useState } from 'react';
import type { UserDto } from '../../../shared/users';
import { useServices } from '../app/services';
import { onDemand, useOpenOnDemand } from '../components/on-demand';
import { useTexts } from '../i18n/texts';
import { signOutEverywhere } from './sign-out';
import { shellTexts } from './texts';

// Loaded when first opened: the form's checks (the shared zod schemas) stay out of every page's first load.
const ProfileDialog = lazy(() => import('../profile/ProfileDialog').then((m) => ({ default: m.ProfileDialog })));
const Items = onDemand(() => import('./UserMenuList').then((m) => m.UserMenuList));

export interface UserMenuProps {
  readonly user: { readonly id: string; readonly name: string; readonly email: string };
  readonly onProfileSaved: (user: UserDto) => void;
}

export function UserMenu({ user, onProfileSaved }: UserMenuProps) {
  const texts = useTexts(shellTexts);
  const { api, auth } = useServices();
  const [profileOpen, setProfileOpen] = useState(false);
  const [leaving, setLeaving] = useState(false);
  const [open, setOpen] = useOpenOnDemand(Items.load);

  const logout = async () => {
    setLeaving(true);
    await signOutEverywhere(api, auth);
  };

  return (
    <>
      <Menu positioning="below-end" open={open} onOpenChange={(_, data) => setOpen(data.open)}>
        <MenuTrigger disableButtonEnhancement>
          <Tooltip content={texts.userMenu} relationship="label">
            {/* An icon, not the initials: the button's visible text would then differ from its name. */}
            <Button appearance="subtle" icon={<Avatar icon={<Person20Regular />} color="brand" size={28} aria-hidden />} disabled={leaving} />
          </Tooltip>
        </MenuTrigger>
        <Items.Component userName={user.name} leaving={leaving} onProfile={() => setProfileOpen(true)} onLogout={() => void logout()} />
      </Menu>
      <Suspense fallback={null}>
        {profileOpen && <ProfileDialog user={user} open onClose={() => setProfileOpen(false)} onSaved={onProfileSaved} />}
      </Suspense>
    </>
  );
}
