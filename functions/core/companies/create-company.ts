/**
 * Creates a company with its admin user, all or nothing.
 *
 * Steps: create the admin's Cognito account; write in one transaction the company (counting its one
 * user and one queue, for the plan's limits), its default settings, its first queue (with the colour's
 * uniqueness item), the user, the identity item, the email's uniqueness item, and one more company on
 * the plan's counter (which also proves the plan exists); if the transaction fails, delete the Cognito
 * account again, so a failure
 * leaves neither a half company nor an orphan login. Sign-up, the super user's company form and the
 * demo seed all go through here; the two forms through createCompanyFromForm, which first checks the
 * plan.
 */
import { ulid } from 'ulid';
import { BILLING_ADDRESS_FIELDS, FIRST_QUEUE, type BillingAddress, type CompanySummary } from '../../../shared/companies';
import { defaultQueueSchedule } from '../../../shared/schedules';
import { COMPANY_SETTING_KEYS, DEFAULT_SETTINGS, type SettingKey } from '../../../shared/settings';
import { AppError } from '../errors';
import { createAccount, normaliseEmail } from '../aws/cognito-accounts';
import { putNewCompanyAction, type Company, type Recurrence } from '../repositories/companies';
import { markNameIndexBuiltAction } from '../repositories/name-index';
import { markWordMarksBuiltAction } from '../repositories/word-index';
import { getPlan, planCounterAction } from '../repositories/plans';
import { claimQueueColorAction, putNewQueueAction, type Queue } from '../repositories/queues';
import { putSettingAction } from '../repositories/settings';
import { Steps } from '../repositories/transaction';
import { runWithNewAccount } from '../users/run-with-new-account';
import { claimEmailAction, putNewIdentityAction, putNewUserAction, type User } from '../repositories/users';
import { companySummary } from './present-company';

export interface CreateCompanyInput {
  readonly company: {
    readonly name: string;
    readonly email: string;
    readonly phone: string;
    readonly planId: string;
    readonly dueDate: string | null;
    readonly recurrence: Recurrence;
    readonly status: boolean;
    /** The last day of a sign-up's trial (Company.trialExpiration). */
    readonly trialExpiration?: string;
  } & Partial<BillingAddress>;
  readonly admin: { readonly name: string; readonly email: string; readonly password: string; readonly super: boolean };
  readonly settings?: Partial<Record<SettingKey, string>>;
  readonly firstQueue: { readonly name: string; readonly color: string };
}

export interface CreatedCompany {
  readonly company: Company;
  readonly admin: User;
}

export async function createCompany(input: CreateCompanyInput, now = new Date()): Promise<CreatedCompany> {
  const createdAt = now.toISOString();
  const companyId = ulid();
  const userId = ulid();
  const email = normaliseEmail(input.admin.email);
  const sub = await createAccount(email, input.admin.password);

  const company: Company = { id: companyId, ...input.company, usersCount: 1, queuesCount: 1, schedules: [], createdAt };
  const queue: Queue = {
    id: ulid(),
    companyId,
    name: input.firstQueue.name,
    color: input.firstQueue.color,
    orderQueue: 1,
    greetingMessage: '',
    outOfHoursMessage: '',
    schedules: defaultQueueSchedule(),
    promptId: null,
    integrationId: null,
    createdAt,
  };
  const admin: User = {
    id: userId,
    companyId,
    cognitoSub: sub,
    name: input.admin.name,
    email,
    profile: 'admin',
    super: input.admin.super,
    allTicket: 'enabled',
    whatsappId: null,
    queueIds: [queue.id],
    online: false,
    createdAt,
    updatedAt: createdAt,
  };
  const identity = { sub, userId, companyId };
  const settings = { ...DEFAULT_SETTINGS, ...input.settings };

  const steps = new Steps();
  steps.add('email', claimEmailAction(email, identity));
  steps.add('company', putNewCompanyAction(company));
  steps.add('user', putNewUserAction(admin));
  steps.add('identity', putNewIdentityAction(identity));
  steps.add('queue', putNewQueueAction(queue));
  steps.add('queueColor', claimQueueColorAction(queue));
  steps.add('plan', planCounterAction(company.planId, 1));
  steps.add('nameIndex', markNameIndexBuiltAction(companyId, now));
  steps.add('wordMarks', markWordMarksBuiltAction(companyId, now));
  for (const key of COMPANY_SETTING_KEYS) steps.add(`setting:${key}`, putSettingAction(companyId, key, settings[key]));

  const failed = await runWithNewAccount(steps, email);
  if (failed.size > 0) {
    if (failed.has('email')) throw new AppError('ERR_EMAIL_ALREADY_EXISTS');
    if (failed.has('plan')) throw invalidPlan();
    throw new Error(`Company ${companyId} creation failed on ${[...failed].join(', ')}`);
  }
  return { company, admin };
}

export const invalidPlan = (): AppError =>
  new AppError('ERR_VALIDATION', { message: 'Invalid plan', fields: [{ path: 'planId', message: 'Invalid plan' }] });

/** What both company forms (the public sign-up and the super user's, which alone has the billing address) send about the company. */
export interface CompanyForm extends Partial<BillingAddress> {
  readonly name: string;
  readonly email: string;
  readonly phone: string;
  readonly password: string;
  readonly planId: string;
}

/** The address fields the form filled in; empty ones are not stored. */
function filledAddress(form: Partial<BillingAddress>): Partial<BillingAddress> {
  return Object.fromEntries(BILLING_ADDRESS_FIELDS.flatMap((field) => (form[field] ? [[field, form[field]]] : [])));
}

/** The terms a new company starts on: the super user's choice, or the server's own for a sign-up. */
export interface CompanyTerms {
  readonly dueDate: string | null;
  readonly recurrence: Recurrence;
  readonly status: boolean;
  /** The `campaignsEnabled` setting ('true' / 'false'). */
  readonly campaignsEnabled: string;
  /** A sign-up's trial end (Company.trialExpiration). */
  readonly trialExpiration?: string;
}

/**
 * A company from one of the company forms, with its first queue and its admin, who is named after the
 * company and signs in with the form's email and password. The plan is checked first (ERR_VALIDATION on
 * planId), before any account is made. Answers the summary.
 */
export async function createCompanyFromForm(form: CompanyForm, terms: CompanyTerms, now: Date): Promise<CompanySummary> {
  const plan = await getPlan(form.planId);
  if (!plan) throw invalidPlan();

  const { campaignsEnabled, ...companyTerms } = terms;
  const { company } = await createCompany(
    {
      company: { name: form.name, email: form.email, phone: form.phone, planId: plan.id, ...companyTerms, ...filledAddress(form) },
      admin: { name: form.name, email: form.email, password: form.password, super: false },
      settings: { campaignsEnabled },
      firstQueue: FIRST_QUEUE,
    },
    now,
  );
  return companySummary(company, plan.name, campaignsEnabled);
}
