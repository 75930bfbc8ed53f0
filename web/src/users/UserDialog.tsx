/**
 * The user modal (spec 1 §2.7, §5, §6; spec 3 §2 Users): add and edit from the users page, and the
 * signed-in user's own profile from the user menu. Name, email and password for everyone (the password
 * required on creation, blank on edit keeps it); profile, queues (several), default connection (the
 * company's connections, GET /whatsapp) and allTicket only for those the rules table lets change them
 * (user-form.ts). Errors show once a field was left or the form was sent, with the API's own schema,
 * through the kit's useSchemaForm and FormFrame; any other refusal (the plan's user limit, an email in
 * use) is a toast from the catalogue.
 *
 * Saving applies the answer to the cached lists at once (the realtime event then finds it there). A new
 * password of one's own ends every sign-in of the account on the server, this one included (the README's
 * user rules): the session then ends here too, and the login page says to sign in with the new password.
 */
import { Field, Input, makeStyles, Option, Spinner, tokens } from '@fluentui/react-components';
import { useQueryClient } from '@tanstack/react-query';
import { useEffect } from 'react';
import { useConnections } from '../api/connections';
import { useQueues } from '../api/queues';
import { saveUser, useUser, type UserDto } from '../api/users';
import { useServices } from '../runtime/services';
import { FormDialog } from '../components/FormDialog';
import { FormFrame } from '../components/FormFrame';
import { ChoiceDropdown } from '../components/ChoiceDropdown';
import { LocalizedDropdown } from '../components/LocalizedDropdown';
import { fieldValidation, useSchemaForm } from '../components/use-schema-form';
import { useToast } from '../feedback/toast';
import { format, useTexts, type Texts } from '../i18n/texts';
import { PasswordInput } from '../public/PasswordInput';
import { useMe } from '../sign-in/me-context';
import { usersTexts } from './texts';
import { applyUserEvent } from './user-cache';
import {
  editableFields,
  emptyUserForm,
  endsOwnSignIn,
  PROFILE_CHOICES,
  userBody,
  userFormErrors,
  userFormOf,
  userSchema,
  type UserFieldMessage,
  type UserFormValues,
} from './user-form';

/**
 * How long after closing the dialog one's own new password ends the session. Fluent's focus manager
 * (tabster) gives the page back to screen readers (removes the aria-hidden it set around the modal)
 * 250 ms after a modal is gone, and the dialog's exit motion comes first; a session ending sooner swaps
 * the whole page while the modal still counts, and the login page stays hidden from assistive
 * technology. Calls refused meanwhile are held back (AuthStore.markPasswordChange).
 */
const MODAL_GONE_MS = 800;

const useStyles = makeStyles({
  state: { padding: tokens.spacingVerticalXXL },
  swatch: {
    display: 'inline-block',
    flexShrink: 0,
    width: '10px',
    height: '10px',
    borderRadius: tokens.borderRadiusCircular,
    marginRight: tokens.spacingHorizontalXS,
    boxShadow: `0 0 0 ${tokens.strokeWidthThin} ${tokens.colorNeutralStroke1}`,
  },
  // The dropdowns take the dialog's width, also on a 390 px phone.
  dropdown: { minWidth: 0, width: '100%' },
});

/** Whom the dialog is for: a new user, a user as listed, or the signed-in user (read fresh). */
export type UserDialogTarget =
  | { readonly mode: 'create' }
  | { readonly mode: 'edit'; readonly user: UserDto }
  | { readonly mode: 'self'; readonly userId: string };

export interface UserDialogProps {
  readonly open: boolean;
  readonly target: UserDialogTarget;
  readonly onClose: () => void;
  /** After a save that keeps the session (the shell applies one's own changes to the header). */
  readonly onSaved?: (user: UserDto) => void;
}

export function UserDialog({ open, target, onClose, onSaved }: UserDialogProps) {
  return (
    <FormDialog open={open} onClose={onClose}>
      {target.mode === 'self' ? (
        <OwnUserForm userId={target.userId} onClose={onClose} {...(onSaved !== undefined && { onSaved })} />
      ) : (
        <UserForm
          key={target.mode === 'edit' ? target.user.id : 'new'}
          {...(target.mode === 'edit' && { user: target.user })}
          onClose={onClose}
          {...(onSaved !== undefined && { onSaved })}
        />
      )}
    </FormDialog>
  );
}

interface FormProps {
  readonly onClose: () => void;
  readonly onSaved?: (user: UserDto) => void;
}

/** One's own profile: the user as the server has them now, then the same form. */
function OwnUserForm({ userId, ...props }: FormProps & { readonly userId: string }) {
  const styles = useStyles();
  const texts = useTexts(usersTexts);
  const toast = useToast();
  const user = useUser(userId);
  const { onClose } = props;
  // Nothing to edit without the user: say why (the catalogue's words) and close.
  useEffect(() => {
    if (!user.isError) return;
    toast.error(user.error);
    onClose();
  }, [user.isError, user.error, toast, onClose]);
  if (user.data === undefined) return <Spinner className={styles.state} label={texts.dialog.loading} />;
  return <UserForm user={user.data} self {...props} />;
}

type UsersTexts = Texts<(typeof usersTexts)['pt']>;

function messageText(texts: UsersTexts, message: UserFieldMessage | undefined): string | undefined {
  if (message === undefined) return undefined;
  return 'text' in message ? message.text : texts.fieldMessages[message.key];
}

function UserForm({ user, self = false, onClose, onSaved }: FormProps & { readonly user?: UserDto; readonly self?: boolean }) {
  const styles = useStyles();
  const texts = useTexts(usersTexts);
  const { api, auth } = useServices();
  const toast = useToast();
  const queryClient = useQueryClient();
  const me = useMe();
  const editable = editableFields(me.user.profile);
  const creating = user === undefined;
  const queues = useQueues(editable.queues);
  const connections = useConnections(editable.settings);

  const { values, change, leave, messages, submit, busy } = useSchemaForm({
    initial: creating ? emptyUserForm() : userFormOf(user),
    schema: userSchema(creating),
    body: (form: UserFormValues) => userBody(form, editable, creating),
    save: async (body) => {
      const endsSignIn = endsOwnSignIn(body, user?.id, me.user.id);
      // Calls the server refuses once the password is changed must end the session with the right words.
      if (endsSignIn) auth.markPasswordChange(true);
      try {
        return { saved: await saveUser(api, body, user?.id), endsSignIn };
      } catch (error) {
        if (endsSignIn) auth.markPasswordChange(false);
        throw error;
      }
    },
    onSaved: ({ saved, endsSignIn }) => {
      // The login page then says why (one message that stays, rather than a toast that goes).
      if (endsSignIn) {
        onClose();
        setTimeout(() => void auth.endAfterPasswordChange(), MODAL_GONE_MS);
        return;
      }
      applyUserEvent(queryClient, { action: creating ? 'create' : 'update', user: saved });
      toast.success(texts.dialog.saved);
      onSaved?.(saved);
      onClose();
    },
    onError: (error) => toast.error(error),
  });
  const errors = userFormErrors(messages);

  const queueList = queues.data ?? [];
  const pickedQueues = queueList.filter((queue) => values.queueIds.includes(queue.id));
  const queueSummary =
    pickedQueues.length === 0
      ? ''
      : pickedQueues.length <= 2
        ? pickedQueues.map((queue) => queue.name).join(', ')
        : format(texts.dialog.queuesCount, { count: pickedQueues.length });
  const connectionList = connections.data ?? [];
  const connectionName = connectionList.find((connection) => connection.id === values.whatsappId)?.name ?? texts.dialog.noWhatsapp;

  const title = self ? texts.dialog.profileTitle : creating ? texts.dialog.addTitle : texts.dialog.editTitle;

  return (
    <FormFrame
      title={title}
      labels={{ save: texts.dialog.save, saving: texts.dialog.saving, cancel: texts.dialog.cancel }}
      busy={busy}
      onSubmit={submit}
      onCancel={onClose}
    >
      <Field label={texts.dialog.name} required {...fieldValidation(messageText(texts, errors.name))}>
        <Input
          value={values.name}
          // eslint-disable-next-line jsx-a11y/no-autofocus -- not on page load: the dialog opens on the user's click, and focus goes to its first field
          autoFocus
          autoComplete={self ? 'name' : 'off'}
          disabled={busy}
          onChange={(_, data) => change({ name: data.value })}
          onBlur={() => leave('name')}
        />
      </Field>
      <Field label={texts.dialog.email} required {...fieldValidation(messageText(texts, errors.email))}>
        <Input
          type="email"
          value={values.email}
          autoComplete={self ? 'email' : 'off'}
          disabled={busy}
          onChange={(_, data) => change({ email: data.value })}
          onBlur={() => leave('email')}
        />
      </Field>
      <Field
        label={creating ? texts.dialog.password : texts.dialog.newPassword}
        required={creating}
        {...(!creating && { hint: user.id === me.user.id ? texts.dialog.ownPasswordHint : texts.dialog.passwordHint })}
        {...fieldValidation(messageText(texts, errors.password))}
      >
        <PasswordInput
          value={values.password}
          autoComplete="new-password"
          disabled={busy}
          onChange={(_, data) => change({ password: data.value })}
          onBlur={() => leave('password')}
        />
      </Field>
      {editable.profile && (
        <Field label={texts.dialog.profile} {...fieldValidation(messageText(texts, errors.profile))}>
          <ChoiceDropdown
            className={styles.dropdown}
            choices={PROFILE_CHOICES}
            labelOf={(profile) => texts.profiles[profile]}
            value={values.profile}
            disabled={busy}
            onChoose={(profile) => change({ profile })}
          />
        </Field>
      )}
      {editable.queues && (
        <Field label={texts.dialog.queues} {...fieldValidation(messageText(texts, errors.queueIds))}>
          <LocalizedDropdown
            className={styles.dropdown}
            multiselect
            placeholder={texts.dialog.queuesPlaceholder}
            value={queueSummary}
            selectedOptions={[...values.queueIds]}
            disabled={busy}
            onOptionSelect={(_, data) => change({ queueIds: data.selectedOptions })}
            onBlur={() => leave('queueIds')}
          >
            {queueList.map((queue) => (
              <Option key={queue.id} value={queue.id} text={queue.name}>
                <span className={styles.swatch} style={{ backgroundColor: queue.color }} aria-hidden />
                {queue.name}
              </Option>
            ))}
          </LocalizedDropdown>
        </Field>
      )}
      {editable.settings && (
        <Field label={texts.dialog.whatsapp} {...fieldValidation(messageText(texts, errors.whatsappId))}>
          <LocalizedDropdown
            className={styles.dropdown}
            value={connectionName}
            selectedOptions={[values.whatsappId]}
            disabled={busy}
            onOptionSelect={(_, data) => change({ whatsappId: data.optionValue ?? '' })}
          >
            <Option value="">{texts.dialog.noWhatsapp}</Option>
            {connectionList.map((connection) => (
              <Option key={connection.id} value={connection.id}>
                {connection.name}
              </Option>
            ))}
          </LocalizedDropdown>
        </Field>
      )}
      {editable.settings && (
        <Field label={texts.dialog.allTicket} {...fieldValidation(messageText(texts, errors.allTicket))}>
          <LocalizedDropdown
            className={styles.dropdown}
            value={texts.allTicket[values.allTicket]}
            selectedOptions={[values.allTicket]}
            disabled={busy}
            onOptionSelect={(_, data) => change({ allTicket: data.optionValue === 'enabled' ? 'enabled' : 'desabled' })}
          >
            <Option value="enabled">{texts.allTicket.enabled}</Option>
            <Option value="desabled">{texts.allTicket.desabled}</Option>
          </LocalizedDropdown>
        </Field>
      )}
    </FormFrame>
  );
}
