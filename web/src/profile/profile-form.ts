/**
 * The profile dialog's rules (spec 1 §2.7, §5; docs/architecture.md §8): the signed-in user changes their own
 * name, email and password. The shared schemas the server applies check the fields, so the dialog and
 * PUT /users/{id} can never disagree; their messages become keys of the dialog's dictionary.
 */
import { EmailSchema, NameSchema, PasswordSchema } from '../../../shared/users';

export interface ProfileFormValues {
  readonly name: string;
  readonly email: string;
  /** Blank keeps the current password. */
  readonly password: string;
}

export type ProfileFieldError = 'required' | 'tooShort' | 'tooLong' | 'invalidEmail' | 'weakPassword' | 'invalid';

export type ProfileErrors = Partial<Record<keyof ProfileFormValues, ProfileFieldError>>;

/** The PUT /users/{id} body: only what changed. */
export interface ProfileChanges {
  readonly name?: string;
  readonly email?: string;
  readonly password?: string;
}

export type ProfileCheck =
  | { readonly ok: true; readonly changes: ProfileChanges }
  | { readonly ok: false; readonly errors: ProfileErrors };

function errorKey(message: string | undefined): ProfileFieldError {
  switch (message) {
    case 'Required':
      return 'required';
    case 'Too Short!':
      return 'tooShort';
    case 'Too Long!':
      return 'tooLong';
    case 'Invalid email':
      return 'invalidEmail';
    default:
      return message?.startsWith('The password needs') ? 'weakPassword' : 'invalid';
  }
}

export function checkProfile(values: ProfileFormValues, current: { readonly name: string; readonly email: string }): ProfileCheck {
  const errors: { -readonly [K in keyof ProfileFormValues]?: ProfileFieldError } = {};
  const name = NameSchema.safeParse(values.name);
  if (!name.success) errors.name = errorKey(name.error.issues[0]?.message);
  const email = EmailSchema.safeParse(values.email);
  if (!email.success) errors.email = errorKey(email.error.issues[0]?.message);
  if (values.password !== '') {
    const password = PasswordSchema.safeParse(values.password);
    if (!password.success) {
      const key = errorKey(password.error.issues[0]?.message);
      // Too short and the character classes are one rule to the user: the policy sentence says both.
      errors.password = key === 'tooShort' ? 'weakPassword' : key;
    }
  }
  if (!name.success || !email.success || errors.password !== undefined) return { ok: false, errors };

  const changes: { -readonly [K in keyof ProfileChanges]?: string } = {};
  if (name.data !== current.name) changes.name = name.data;
  if (email.data !== current.email.toLowerCase()) changes.email = email.data;
  if (values.password !== '') changes.password = values.password;
  return { ok: true, changes };
}
