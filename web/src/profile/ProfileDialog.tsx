/**
 * The signed-in user's own user modal (spec 1 §1, §2.7; checklist C-009): name, email and a new
 * password. The server lets a user change exactly these on themselves (PUT /users/{id}); profile,
 * queues, default connection and allTicket stay with the admins' user modal. Only changed fields are
 * sent; a blank password keeps the current one. A new password ends every session of the account,
 * this one included, as a logout does (the README's user rules): the dialog then signs out here too,
 * so the user signs in again with the new password.
 */
import {
  Button,
  Dialog,
  DialogActions,
  DialogBody,
  DialogContent,
  DialogSurface,
  DialogTitle,
  Field,
  Input,
  makeStyles,
  Spinner,
  tokens,
} from '@fluentui/react-components';
import { Eye20Regular } from '@fluentui/react-icons/svg/eye';
import { EyeOff20Regular } from '@fluentui/react-icons/svg/eye-off';
import { useState, type SubmitEvent } from 'react';
import { userPath, type UserDto } from '../api/users';
import { useServices } from '../app/services';
import { useToast } from '../feedback/toast';
import { useTexts } from '../i18n/texts';
import { checkProfile, type ProfileErrors } from './profile-form';
import { profileTexts } from './texts';

const useStyles = makeStyles({
  form: {
    display: 'flex',
    flexDirection: 'column',
    rowGap: tokens.spacingVerticalM,
  },
});

export interface ProfileDialogProps {
  readonly user: { readonly id: string; readonly name: string; readonly email: string };
  readonly open: boolean;
  readonly onClose: () => void;
  readonly onSaved: (user: UserDto) => void;
}

export function ProfileDialog({ user, open, onClose, onSaved }: ProfileDialogProps) {
  return (
    <Dialog open={open} onOpenChange={(_, data) => !data.open && onClose()}>
      <DialogSurface>{open && <ProfileForm user={user} onClose={onClose} onSaved={onSaved} />}</DialogSurface>
    </Dialog>
  );
}

/** Mounted with the dialog, so every opening starts from the user's current values. */
function ProfileForm({ user, onClose, onSaved }: Omit<ProfileDialogProps, 'open'>) {
  const styles = useStyles();
  const texts = useTexts(profileTexts);
  const { api, auth } = useServices();
  const toast = useToast();
  const [name, setName] = useState(user.name);
  const [email, setEmail] = useState(user.email);
  const [password, setPassword] = useState('');
  const [showPassword, setShowPassword] = useState(false);
  const [errors, setErrors] = useState<ProfileErrors>({});
  const [saving, setSaving] = useState(false);

  async function submit(event: SubmitEvent<HTMLFormElement>) {
    event.preventDefault();
    const check = checkProfile({ name, email, password }, user);
    if (!check.ok) {
      setErrors(check.errors);
      return;
    }
    setErrors({});
    if (Object.keys(check.changes).length === 0) {
      toast.info(texts.unchanged);
      onClose();
      return;
    }
    setSaving(true);
    try {
      const saved = await api.put<UserDto>(userPath(user.id), check.changes);
      if (check.changes.password !== undefined) {
        toast.success(texts.passwordChanged);
        await auth.signOut();
        return;
      }
      toast.success(texts.saved);
      onSaved(saved);
      onClose();
    } catch (error) {
      toast.error(error);
      setSaving(false);
    }
  }

  const message = (field: keyof ProfileErrors) => {
    const key = errors[field];
    return key === undefined ? undefined : texts.errors[key];
  };

  return (
    <form onSubmit={(event) => void submit(event)} noValidate>
      <DialogBody>
        <DialogTitle>{texts.title}</DialogTitle>
        <DialogContent className={styles.form}>
          <Field label={texts.name} required validationMessage={message('name')}>
            <Input value={name} onChange={(_, data) => setName(data.value)} autoComplete="name" disabled={saving} />
          </Field>
          <Field label={texts.email} required validationMessage={message('email')}>
            <Input type="email" value={email} onChange={(_, data) => setEmail(data.value)} autoComplete="email" disabled={saving} />
          </Field>
          <Field label={texts.password} hint={texts.passwordHint} validationMessage={message('password')}>
            <Input
              type={showPassword ? 'text' : 'password'}
              value={password}
              onChange={(_, data) => setPassword(data.value)}
              autoComplete="new-password"
              disabled={saving}
              contentAfter={
                <Button
                  appearance="transparent"
                  size="small"
                  icon={showPassword ? <EyeOff20Regular /> : <Eye20Regular />}
                  aria-label={showPassword ? texts.hidePassword : texts.showPassword}
                  onClick={() => setShowPassword((shown) => !shown)}
                />
              }
            />
          </Field>
        </DialogContent>
        <DialogActions>
          <Button appearance="secondary" onClick={onClose} disabled={saving}>
            {texts.cancel}
          </Button>
          <Button type="submit" appearance="primary" disabled={saving} icon={saving ? <Spinner size="tiny" /> : undefined}>
            {saving ? texts.saving : texts.save}
          </Button>
        </DialogActions>
      </DialogBody>
    </form>
  );
}
