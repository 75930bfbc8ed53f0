/**
 * The checks of the sign-up and password-reset forms, run before anything is sent (spec 2 §5, spec 3 §5;
 * the password policy of docs/architecture.md §8 on both). They answer message keys, which the pages translate with
 * their dictionaries; the server checks the same rules again (shared/users.ts, shared/companies.ts).
 */
import { PHONE_MAX_DIGITS, phoneDigits } from './phone-mask';

export type FieldProblem =
  | 'required'
  | 'tooShort'
  | 'tooLong'
  | 'invalidEmail'
  | 'invalidPhone'
  | 'weakPassword'
  | 'passwordsDontMatch'
  | 'planRequired';

export const NAME_MIN = 2;
export const NAME_MAX = 50;
export const PASSWORD_MIN = 8;
export const PASSWORD_MAX = 50;
/** A Brazilian number with its area code: 10 digits for a landline, 11 for a mobile. */
export const PHONE_MIN_DIGITS = 10;

// The same shape zod's z.email() accepts in practice: no spaces, one @, a dot in the domain.
const EMAIL = /^[^\s@]+@[^\s@]+\.[^\s@]+$/;

export function checkName(name: string): FieldProblem | undefined {
  const trimmed = name.trim();
  if (trimmed === '') return 'required';
  if (trimmed.length < NAME_MIN) return 'tooShort';
  if (trimmed.length > NAME_MAX) return 'tooLong';
  return undefined;
}

export function checkEmail(email: string): FieldProblem | undefined {
  const trimmed = email.trim();
  if (trimmed === '') return 'required';
  return EMAIL.test(trimmed) && trimmed.length <= 254 ? undefined : 'invalidEmail';
}

/** The phone is optional; once typed it must hold a whole number with its area code. */
export function checkPhone(phone: string): FieldProblem | undefined {
  const digits = phoneDigits(phone);
  if (digits === '') return undefined;
  return digits.length >= PHONE_MIN_DIGITS && digits.length <= PHONE_MAX_DIGITS ? undefined : 'invalidPhone';
}

/** docs/architecture.md §8: at least 8 characters with an upper-case letter, a lower-case letter and a digit. */
export function checkPassword(password: string): FieldProblem | undefined {
  if (password === '') return 'required';
  if (password.length > PASSWORD_MAX) return 'tooLong';
  const strong = password.length >= PASSWORD_MIN && /[A-Z]/.test(password) && /[a-z]/.test(password) && /[0-9]/.test(password);
  return strong ? undefined : 'weakPassword';
}

export function checkConfirmation(password: string, confirmation: string): FieldProblem | undefined {
  if (confirmation === '') return 'required';
  return confirmation === password ? undefined : 'passwordsDontMatch';
}

export function checkCode(code: string): FieldProblem | undefined {
  return code.trim() === '' ? 'required' : undefined;
}

export type Problems<K extends string> = Partial<Record<K, FieldProblem>>;

/** Only the fields with a problem; an empty object means the form may be sent. */
function collect<K extends string>(checks: Record<K, FieldProblem | undefined>): Problems<K> {
  const problems: Problems<K> = {};
  for (const field of Object.keys(checks) as K[]) {
    const problem = checks[field];
    if (problem !== undefined) problems[field] = problem;
  }
  return problems;
}

export function hasProblems(problems: Problems<string>): boolean {
  return Object.keys(problems).length > 0;
}

export interface SignUpForm {
  readonly name: string;
  readonly email: string;
  readonly phone: string;
  readonly password: string;
  readonly planId: string;
}

export function checkSignUp(form: SignUpForm): Problems<keyof SignUpForm> {
  return collect({
    name: checkName(form.name),
    email: checkEmail(form.email),
    phone: checkPhone(form.phone),
    password: checkPassword(form.password),
    planId: form.planId === '' ? 'planRequired' : undefined,
  });
}

/** The body of POST /companies/cadastro: trimmed, the phone as digits; nothing the server sets itself. */
export function signUpBody(form: SignUpForm): SignUpForm {
  return {
    name: form.name.trim(),
    email: form.email.trim().toLowerCase(),
    phone: phoneDigits(form.phone),
    password: form.password,
    planId: form.planId,
  };
}

export interface ResetForm {
  readonly email: string;
  readonly code: string;
  readonly password: string;
  readonly confirmation: string;
}

export function checkReset(form: ResetForm): Problems<keyof ResetForm> {
  return collect({
    email: checkEmail(form.email),
    code: checkCode(form.code),
    password: checkPassword(form.password),
    confirmation: checkConfirmation(form.password, form.confirmation),
  });
}
