/**
 * The user dialog without React (spec 1 §2.7, §5, §6; spec 3 §2 Users, §5): its values, which fields
 * the editor may change, the body it sends, and its messages. Validation is the server's own schema
 * (shared/users.ts: POST /users on creation, PUT /users/{id} on edit), so the dialog refuses exactly what
 * the API would, with the spec's messages ('Required', 'Too Short!', 'Too Long!', 'Invalid email') and
 * the one password policy (docs/architecture.md §8), turned into keys here for the screen to translate.
 *
 * Who may change what (shared/permissions.ts, the server's rules in functions/core/users/update-user.ts):
 * the profile needs user-modal:editProfile, the queues user-modal:editQueues, allTicket and the default
 * connection company:administer (checklist C-167: shown to admins only). Everybody else changes only
 * their own name, email and password, so the dialog neither shows nor sends the other fields.
 */
import { can } from '../../../shared/permissions';
import type { Profile } from '../../../shared/sign-in';
import { CreateUserBody, UpdateUserBody, type AllTicket, type UserDto } from '../../../shared/users';
import type { UserBody } from '../api/users';
import type { FieldMessages } from '../components/use-schema-form';

export interface UserFormValues {
  readonly name: string;
  readonly email: string;
  /** Required on creation; blank on edit keeps the current password. */
  readonly password: string;
  readonly profile: Profile;
  readonly queueIds: readonly string[];
  /** '' for no default connection. */
  readonly whatsappId: string;
  readonly allTicket: AllTicket;
}

/** The fields beyond name, email and password that the editor may change, and therefore sees. */
export interface EditableFields {
  readonly profile: boolean;
  readonly queues: boolean;
  /** The default connection and allTicket. */
  readonly settings: boolean;
}

export function editableFields(editorProfile: string): EditableFields {
  return {
    profile: can(editorProfile, 'user-modal:editProfile'),
    queues: can(editorProfile, 'user-modal:editQueues'),
    settings: can(editorProfile, 'company:administer'),
  };
}

/** The profiles an admin may give (spec 1 §3; the README's rules table gives supervisors their own rights). */
export const PROFILE_CHOICES: readonly Profile[] = ['user', 'supervisor', 'admin'];

export function emptyUserForm(): UserFormValues {
  return { name: '', email: '', password: '', profile: 'user', queueIds: [], whatsappId: '', allTicket: 'desabled' };
}

export function userFormOf(user: Pick<UserDto, 'name' | 'email' | 'profile' | 'queueIds' | 'whatsappId' | 'allTicket'>): UserFormValues {
  return {
    name: user.name,
    email: user.email,
    password: '',
    profile: user.profile,
    queueIds: [...user.queueIds],
    whatsappId: user.whatsappId ?? '',
    allTicket: user.allTicket,
  };
}

/**
 * What the dialog sends: name and email always, the password when typed (always on creation, where the
 * schema requires it), and each other field only when the editor may change it: the server then
 * creates the user with its defaults, or keeps what an admin set.
 */
export function userBody(values: UserFormValues, editable: EditableFields, creating: boolean): UserBody {
  return {
    name: values.name,
    email: values.email,
    ...((creating || values.password !== '') && { password: values.password }),
    ...(editable.profile && { profile: values.profile }),
    ...(editable.queues && { queueIds: values.queueIds }),
    ...(editable.settings && { whatsappId: values.whatsappId === '' ? null : values.whatsappId, allTicket: values.allTicket }),
  };
}

/** The schema the server checks the body with: POST /users, or PUT /users/{id} when editing. */
export function userSchema(creating: boolean) {
  return creating ? CreateUserBody : UpdateUserBody;
}

/** Whether saving ends the editor's own sign-in: a new password of their own (the server ends every session). */
export function endsOwnSignIn(body: UserBody, userId: string | undefined, editorId: string): boolean {
  return userId === editorId && body.password !== undefined;
}

export type UserMessageKey = 'required' | 'tooShort' | 'tooLong' | 'invalidEmail' | 'weakPassword' | 'invalid';

/** A message to show: a key of the dictionary, or the server's text as it came when unknown. */
export type UserFieldMessage = { readonly key: UserMessageKey } | { readonly text: string };

export type UserFormField = 'name' | 'email' | 'password' | 'profile' | 'queueIds' | 'whatsappId' | 'allTicket';

const MESSAGE_KEYS: Readonly<Record<string, UserMessageKey>> = {
  Required: 'required',
  'Too Short!': 'tooShort',
  'Too Long!': 'tooLong',
  'Invalid email': 'invalidEmail',
};

export function userFieldMessage(field: UserFormField, message: string): UserFieldMessage {
  // The policy is one sentence to the user: too short and each missing kind of character say it all.
  if (field === 'password' && (message === 'Too Short!' || message.startsWith('The password needs'))) return { key: 'weakPassword' };
  const key = MESSAGE_KEYS[message];
  return key === undefined ? { text: message } : { key };
}

const FIELDS: readonly UserFormField[] = ['name', 'email', 'password', 'profile', 'queueIds', 'whatsappId', 'allTicket'];

/** The form's messages by field (a queue's own path, `queueIds.0`, counts for the selector). */
export function userFormErrors(messages: FieldMessages): Partial<Record<UserFormField, UserFieldMessage>> {
  const errors: Partial<Record<UserFormField, UserFieldMessage>> = {};
  for (const [path, message] of Object.entries(messages)) {
    const field = FIELDS.find((name) => path === name || path.startsWith(`${name}.`));
    if (field !== undefined) errors[field] ??= userFieldMessage(field, message);
  }
  return errors;
}
