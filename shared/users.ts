/**
 * Users of a company (spec 3 Users, spec 1 §3, §5, §6) and the public password-reset flow: the inputs the
 * API accepts, with the spec's field messages, and the shapes it answers. Imported by the backend and by
 * the web's user modal, users page and /forgetpsw page. No secret (password, Cognito ids, sign-in data)
 * is ever part of an answer.
 */
import { z } from 'zod';
import { withoutControls } from './text';
import { PROFILES, type MeUser } from './sign-in';
import type { Setting } from './settings';

// Kept importable from here, where the backend has always found it.
export { signInTag } from './sign-in';

export const ALL_TICKET_VALUES = ['enabled', 'desabled'] as const;
export type AllTicket = (typeof ALL_TICKET_VALUES)[number];

/**
 * A user as GET /users, GET /users/{id}, POST /users, PUT /users/{id} and the `user` event carry it: the
 * fields GET /auth/me shows of the signed-in user, and these.
 */
export interface UserDto extends MeUser {
  readonly queueIds: readonly string[];
  readonly online: boolean;
  /** The user's company (spec 1 §3, spec 3 §3). */
  readonly company: UserCompanyDto;
  readonly createdAt: string;
  readonly updatedAt: string;
}

/**
 * What a user answers of its company (spec 1 §3: name, dueDate, settings; spec 3 §3: trialExpiration
 * and email). `settings` are the company's, secrets blanked as GET /settings answers them;
 * `trialExpiration` is the last day of a sign-up's trial, null for a company the super user created.
 */
export interface UserCompanyDto {
  readonly id: string;
  readonly name: string;
  readonly email: string;
  readonly dueDate: string | null;
  readonly trialExpiration: string | null;
  readonly settings: readonly Setting[];
}

/** GET /users: one page of the search (spec 3 §7). */
export interface UserPage {
  readonly users: readonly UserDto[];
  readonly hasMore: boolean;
}

/** GET /users/list: every user of the company, for selects (transfer, filters, chat members). */
export interface UserOption {
  readonly id: string;
  readonly name: string;
}

/** The most queues one user can be given (a transaction checks each of them). */
export const USER_QUEUES_MAX = 50;

const required = (issue: { input: unknown }) => (issue.input === undefined || issue.input === null ? 'Required' : 'Invalid value');

/** A user's name; also a company's, whose admin user is named after it. */
export const NameSchema = z
  .string({ error: required })
  .overwrite(withoutControls)
  .trim()
  .min(1, { error: 'Required', abort: true })
  .min(2, 'Too Short!')
  .max(50, 'Too Long!');

/** A login email, stored lower case; a company's email is its admin's login. */
export const EmailSchema = z
  .string({ error: required })
  .trim()
  .toLowerCase()
  .min(1, { error: 'Required', abort: true })
  .max(254, 'Too Long!')
  .pipe(z.email('Invalid email'));

/** docs/architecture.md §8: at least 8 characters with upper case, lower case and a digit, on every form. */
export const PasswordSchema = z
  .string({ error: required })
  .min(1, { error: 'Required', abort: true })
  .min(8, 'Too Short!')
  .max(50, 'Too Long!')
  .regex(/[A-Z]/, 'The password needs an uppercase letter')
  .regex(/[a-z]/, 'The password needs a lowercase letter')
  .regex(/[0-9]/, 'The password needs a digit');

const profile = z.enum(PROFILES, { error: 'Invalid profile' });
const allTicket = z.enum(ALL_TICKET_VALUES, { error: 'Invalid value' });
const entityId = z.string({ error: 'Invalid id' }).trim().min(1, 'Invalid id').max(64, 'Invalid id').regex(/^[0-9A-Za-z_-]+$/, 'Invalid id');
const whatsappId = entityId.nullable();
const queueIds = z
  .array(entityId, { error: 'Invalid queues' })
  .max(USER_QUEUES_MAX, 'Too many queues')
  .transform((ids) => [...new Set(ids)]);

/** POST /users (admins): the user modal's fields (spec 1 §7). */
export const CreateUserBody = z.object({
  name: NameSchema,
  email: EmailSchema,
  password: PasswordSchema,
  profile: profile.default('user'),
  allTicket: allTicket.default('desabled'),
  whatsappId: whatsappId.default(null),
  queueIds: queueIds.default([]),
});
export type CreateUserInput = z.output<typeof CreateUserBody>;

/** A blank password on edit keeps the old one (checklist C-143). */
const blankAsAbsent = (value: unknown) => (value === '' || value === null ? undefined : value);

/**
 * PUT /users/{id}: any subset of the fields. Who may change which field is the server's rule, not the
 * schema's: profile needs user-modal:editProfile, queues user-modal:editQueues, the rest of another user
 * company:administer.
 */
export const UpdateUserBody = z.object({
  name: NameSchema.optional(),
  email: EmailSchema.optional(),
  password: z.preprocess(blankAsAbsent, PasswordSchema.optional()),
  profile: profile.optional(),
  allTicket: allTicket.optional(),
  whatsappId: whatsappId.optional(),
  queueIds: queueIds.optional(),
});
export type UpdateUserInput = z.output<typeof UpdateUserBody>;

export const UserIdParams = z.object({ id: entityId });

/** POST /auth/forgot-password: step 1 of /forgetpsw. */
export const ForgotPasswordBody = z.object({ email: EmailSchema });

/**
 * POST /auth/reset-password: step 2 of /forgetpsw. The new password travels in the body, never in a
 * URL (docs/architecture.md §7); its confirmation ('As senhas não correspondem') is checked by the form.
 */
export const ResetPasswordBody = z.object({
  email: EmailSchema,
  code: z.string({ error: required }).trim().min(1, { error: 'Required', abort: true }).max(64, 'Invalid code').regex(/^\S+$/, 'Invalid code'),
  password: PasswordSchema,
});
