/**
 * Companies (tenants, spec 3 §3-§5): the input schemas of the companies routes and the public sign-up,
 * the shapes the API answers, and the due-date arithmetic the Empresas tab needs (moving a due date by
 * the recurrence, the row colour). Imported by the backend and the web.
 */
import { z } from 'zod';
import type { Plan } from './plans';
import { WeeklySchedule } from './queues';
import type { ScheduleEntry } from './schedules';
import type { Setting } from './settings';
import { EmailSchema, NameSchema, PasswordSchema } from './users';
import { digitsOf, isCpfOrCnpj } from './tax-id';

export const RECURRENCES = ['MENSAL', 'BIMESTRAL', 'TRIMESTRAL', 'SEMESTRAL', 'ANUAL'] as const;
export type Recurrence = (typeof RECURRENCES)[number];

/** Months a due date moves forward by, per recurrence (spec 3 §4, §9). */
export const RECURRENCE_MONTHS: Readonly<Record<Recurrence, number>> = {
  MENSAL: 1,
  BIMESTRAL: 2,
  TRIMESTRAL: 3,
  SEMESTRAL: 6,
  ANUAL: 12,
};

/** A new sign-up's trial: the due date is this many days after the day of sign-up (spec 2 §9). */
export const TRIAL_DAYS = 3;

/** The first queue every new company gets. */
export const FIRST_QUEUE = { name: 'Atendimento', color: '#0f766e' } as const;

// ---- dates ------------------------------------------------------------------------------------------

const ISO_DATE = /^(\d{4})-(\d{2})-(\d{2})$/;

/** Whether the text is a real calendar date written YYYY-MM-DD (2024-02-30 is not). */
export function isIsoDate(text: string): boolean {
  const match = ISO_DATE.exec(text);
  if (!match) return false;
  const [year, month, day] = [Number(match[1]), Number(match[2]), Number(match[3])];
  const date = new Date(Date.UTC(year, month - 1, day));
  return date.getUTCFullYear() === year && date.getUTCMonth() === month - 1 && date.getUTCDate() === day;
}

const parseIsoDate = (text: string): Date => {
  if (!isIsoDate(text)) throw new RangeError(`Not a YYYY-MM-DD date: ${text}`);
  return new Date(`${text}T00:00:00.000Z`);
};

const formatIsoDate = (date: Date): string => date.toISOString().slice(0, 10);

/** The date `days` days after (or before, when negative) a YYYY-MM-DD date. */
export function addDays(isoDate: string, days: number): string {
  const date = parseIsoDate(isoDate);
  date.setUTCDate(date.getUTCDate() + days);
  return formatIsoDate(date);
}

/**
 * The due date moved forward by the recurrence: 1, 2, 3, 6 or 12 months. A day the target month does
 * not have becomes its last day (31 January + 1 month = 28 or 29 February), never a day of the month
 * after.
 */
export function addRecurrence(dueDate: string, recurrence: Recurrence): string {
  const date = parseIsoDate(dueDate);
  const targetMonth = date.getUTCMonth() + RECURRENCE_MONTHS[recurrence];
  const lastDayOfTarget = new Date(Date.UTC(date.getUTCFullYear(), targetMonth + 1, 0)).getUTCDate();
  return formatIsoDate(new Date(Date.UTC(date.getUTCFullYear(), targetMonth, Math.min(date.getUTCDate(), lastDayOfTarget))));
}

/** Whole days from `today` to `dueDate` (negative once past). */
export function daysUntil(dueDate: string, today: string): number {
  return Math.round((parseIsoDate(dueDate).getTime() - parseIsoDate(today).getTime()) / 86_400_000);
}

export type DueDateColour = 'red' | 'orange' | 'yellow';

/**
 * The Empresas row colour (spec 3 §4): exactly 4 days past the due date red; from 3 days past to 4 days
 * ahead orange; 5 days left yellow; otherwise none. The spec gives no precedence; ours is red, then
 * orange, then yellow (docs/architecture.md §8). `today` is YYYY-MM-DD.
 */
export function dueDateColour(dueDate: string | null, today: string): DueDateColour | null {
  if (!dueDate || !isIsoDate(dueDate)) return null;
  const days = daysUntil(dueDate, today);
  if (days === -4) return 'red';
  if (days >= -3 && days <= 4) return 'orange';
  if (days === 5) return 'yellow';
  return null;
}

// ---- input schemas ----------------------------------------------------------------------------------

const required = (issue: { input: unknown }) => (issue.input === undefined || issue.input === null ? 'Required' : 'Invalid value');

/** Digits with the usual separators; the web masks it as (99) 99999-9999 (spec 2 §5). */
const phone = z
  .string({ error: 'Invalid phone' })
  .trim()
  .max(20, 'Too Long!')
  .regex(/^[0-9+()\-\s]*$/, 'Invalid phone');

const planId = z.string({ error: required }).trim().min(1, 'Required').max(64, 'Invalid plan');

/** YYYY-MM-DD, or null / empty for none (spec 3 §4: an empty due date is sent as null). */
const dueDate = z
  .string({ error: 'Invalid date' })
  .nullable()
  .refine((value) => value === null || value === '' || isIsoDate(value), 'Invalid date')
  .transform((value) => (value ? value : null));

const recurrence = z.enum(RECURRENCES, { error: 'Invalid recurrence' });

const flag = z.boolean({ error: 'Invalid value' });

/**
 * The billing data of the company form (spec 3 §3: the billing name and address fields), '' for none:
 * also what the checkout's Dados step fills in. `document` (ours) is the payer's CPF or CNPJ, digits only,
 * which a PIX charge carries.
 */
export const BILLING_ADDRESS_FIELDS = ['billingName', 'document', 'addressZipCode', 'addressStreet', 'addressDistrict', 'addressCity', 'addressState'] as const;
export type BillingAddressField = (typeof BILLING_ADDRESS_FIELDS)[number];
export type BillingAddress = Readonly<Record<BillingAddressField, string>>;

const addressText = (max: number) => z.string({ error: 'Invalid value' }).trim().max(max, 'Too Long!');

/** Letters, digits, spaces and hyphens: a Brazilian CEP (99999-999) and the postcodes of other countries. */
const zipCode = addressText(12).regex(/^[0-9A-Za-z\-\s]*$/, 'Invalid zip code');

/** A CPF (11 digits) or CNPJ (14) with its check digits, stored as digits; '' for none. */
const documentNumber = z
  .string({ error: 'Invalid value' })
  .trim()
  .max(20, 'Too Long!')
  .refine((value) => value === '' || isCpfOrCnpj(value), 'CPF ou CNPJ inválido')
  .transform(digitsOf);

const billingAddress = {
  billingName: addressText(120),
  document: documentNumber,
  addressZipCode: zipCode,
  addressStreet: addressText(120),
  addressDistrict: addressText(80),
  addressCity: addressText(80),
  addressState: addressText(40),
} as const satisfies Record<BillingAddressField, z.ZodType<string, string>>;

/**
 * POST /companies/cadastro, the public sign-up (spec 2 §2, §5). Only these fields are read: the due
 * date, recurrence, status and campaigns setting are the server's (spec 2 §9, docs/architecture.md §7), so the
 * ones a client sends are dropped here with every other unknown key.
 */
export const SignUpBody = z.object({
  name: NameSchema,
  email: EmailSchema,
  phone: phone.optional().default(''),
  password: PasswordSchema,
  planId,
});
export type SignUpBody = z.output<typeof SignUpBody>;

/**
 * POST /companies (super user): the company form of spec 3 §3, plus the password of the company's
 * admin user, who is created with the company's email (the spec's form has none; an account needs one).
 */
export const CreateCompanyBody = z.object({
  name: NameSchema,
  email: EmailSchema,
  phone: phone.optional().default(''),
  planId,
  status: flag.optional().default(true),
  dueDate: dueDate.optional().default(null),
  recurrence: recurrence.optional().default('MENSAL'),
  campaignsEnabled: flag.optional().default(true),
  password: PasswordSchema,
  billingName: billingAddress.billingName.optional().default(''),
  document: billingAddress.document.optional().default(''),
  addressZipCode: billingAddress.addressZipCode.optional().default(''),
  addressStreet: billingAddress.addressStreet.optional().default(''),
  addressDistrict: billingAddress.addressDistrict.optional().default(''),
  addressCity: billingAddress.addressCity.optional().default(''),
  addressState: billingAddress.addressState.optional().default(''),
});
export type CreateCompanyBody = z.output<typeof CreateCompanyBody>;

/** PUT /companies/{id} (super user): any field of the company form; the ones left out stay as they are. */
export const UpdateCompanyBody = z.object({
  name: NameSchema.optional(),
  email: EmailSchema.optional(),
  phone: phone.optional(),
  planId: planId.optional(),
  status: flag.optional(),
  dueDate: dueDate.optional(),
  recurrence: recurrence.optional(),
  campaignsEnabled: flag.optional(),
  billingName: billingAddress.billingName.optional(),
  document: billingAddress.document.optional(),
  addressZipCode: billingAddress.addressZipCode.optional(),
  addressStreet: billingAddress.addressStreet.optional(),
  addressDistrict: billingAddress.addressDistrict.optional(),
  addressCity: billingAddress.addressCity.optional(),
  addressState: billingAddress.addressState.optional(),
});
export type UpdateCompanyBody = z.output<typeof UpdateCompanyBody>;

export const CompanyIdParams = z.object({ id: z.string().trim().min(1, 'Required').max(64, 'Invalid id') });

/**
 * PUT /companies/{id}/schedules: the company's weekly work hours, checked exactly as a queue's are (HH:MM,
 * at most one entry per weekday, the end not before the start).
 */
export const CompanySchedulesBody = z.object({ schedules: WeeklySchedule });
export type CompanySchedulesBody = z.output<typeof CompanySchedulesBody>;

// ---- answers ----------------------------------------------------------------------------------------

/**
 * A company as lists, sign-up and writes answer it, billing address included (the Empresas tab edits a
 * company from its list row). Never carries secrets or the admin's login.
 */
export interface CompanySummary extends BillingAddress {
  readonly id: string;
  readonly name: string;
  readonly email: string;
  readonly phone: string;
  readonly planId: string;
  /** The plan's name, for the Empresas list ('' if the plan is gone). */
  readonly planName: string;
  readonly status: boolean;
  /** YYYY-MM-DD; null for none. */
  readonly dueDate: string | null;
  readonly recurrence: Recurrence;
  /** The company's `campaignsEnabled` setting, as a boolean. */
  readonly campaignsEnabled: boolean;
  readonly createdAt: string;
}

/** GET /companies/{id}: the summary with the plan, settings (secrets blanked) and schedules. */
export interface CompanyDetail extends CompanySummary {
  readonly plan: Plan | null;
  readonly settings: readonly Setting[];
  readonly schedules: readonly ScheduleEntry[];
}

/** GET /companies (super user), paged as the spec's lists are. */
export interface CompaniesPage {
  readonly companies: readonly CompanySummary[];
  readonly hasMore: boolean;
}

/** GET /companies/listPlan/{id}: the company with its plan's limits and `use*` flags. */
export interface CompanyPlan {
  readonly id: string;
  readonly name: string;
  readonly email: string;
  readonly phone: string;
  readonly status: boolean;
  readonly dueDate: string | null;
  readonly createdAt: string;
  readonly plan: Plan;
}
