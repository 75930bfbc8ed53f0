/**
 * The user menu (spec 1 §1, §4.4; checklist C-009, C-023, C-095): Profile opens the user modal of the
 * users page for the signed-in user (users/UserDialog.tsx: what they may change of themself);
 * Logout signs out everywhere (sign-out.ts). The menu (UserMenuList) loads on its first open.
 */
import { Avatar, Button, Tooltip } from '@fluentui/react-components';
import { Person20Regular } from '@fluentui/react-icons/svg/person';
import { Suspense, useState } from 'react';
import type { UserDto } from '../../../../shared/users';
import { useServices } from '../../runtime/services';
import { menuButtonAtRest, onDemand, useOpenOnDemand, type ButtonAtRest } from '../../components/on-demand';
import { useTexts } from '../../i18n/texts';
import { signOutEverywhere } from './sign-out';
import { shellTexts } from './texts';
import { lazyComponent } from '../../components/lazy-component';

// Loaded when first opened: the form's checks (the shared zod schemas) stay out of every page's first load.
const UserDialog = lazyComponent(() => import('../../users/UserDialog').then((m) => m.UserDialog));
const Popup = onDemand(() => import('./UserMenuList').then((m) => m.UserMenuList));

export interface UserMenuProps {
  readonly user: { readonly id: string; readonly name: string; readonly email: string };
  readonly onProfileSaved: (user: UserDto) => void;
}

export function UserMenu({ user, onProfileSaved }: UserMenuProps) {
  const texts = useTexts(shellTexts);
  const { api, auth } = useServices();
  const [profileOpen, setProfileOpen] = useState(false);
  const [leaving, setLeaving] = useState(false);
  const [open, setOpen, buttonRef] = useOpenOnDemand(Popup.load);

  const logout = async () => {
    setLeaving(true);
    await signOutEverywhere(api, auth);
  };

  const button = (atRest?: ButtonAtRest) => (
    <Tooltip content={texts.userMenu} relationship="label">
      {/* An icon, not the initials: the button's visible text would then differ from its name. */}
      <Button
        ref={buttonRef}
        {...atRest}
        appearance="subtle"
        icon={<Avatar icon={<Person20Regular />} color="brand" size={28} aria-hidden />}
        disabled={leaving}
      />
    </Tooltip>
  );

  return (
    <>
      {Popup.isLoaded() ? (
        <Popup.Component
          open={open}
          onOpenChange={setOpen}
          trigger={button()}
          userName={user.name}
          leaving={leaving}
          onProfile={() => setProfileOpen(true)}
          onLogout={() => void logout()}
        />
      ) : (
        button(menuButtonAtRest(setOpen))
      )}
      <Suspense fallback={null}>
        {profileOpen && (
          <UserDialog open target={{ mode: 'self', userId: user.id }} onClose={() => setProfileOpen(false)} onSaved={onProfileSaved} />
        )}
      </Suspense>
    </>
  );
}
