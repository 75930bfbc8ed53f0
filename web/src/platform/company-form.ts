/**
 * The Empresas tab without React (spec 3 §2 Settings, §3-§5, §9): the company form's values and body
 * (POST /companies with the admin's password, PUT /companies/{id} without it), the schema the server
 * checks it with, the due date moved by the recurrence, and the row's colour (shared/companies.ts).
 */
import {
  addRecurrence,
  BILLING_ADDRESS_FIELDS,
  type BillingAddress,
  type BillingAddressField,
  CreateCompanyBody,
  dueDateColour,
  isIsoDate,
  UpdateCompanyBody,
  type CompanySummary,
  type DueDateColour,
  type Recurrence,
} from '../../../shared/companies';
import type { CompanyBody } from '../api/companies';
import { formatDocument } from '../billing/tax-id-format';
import { isoDateLabel } from '../i18n/dates';
import type { Language } from '../i18n/language';

export interface CompanyFormValues extends BillingAddress {
  readonly name: string;
  readonly email: string;
  readonly phone: string;
  readonly planId: string;
  readonly status: boolean;
  /** YYYY-MM-DD as the date input gives it; '' for none. */
  readonly dueDate: string;
  readonly recurrence: Recurrence;
  readonly campaignsEnabled: boolean;
  /** The new company's admin's password (creation only). */
  readonly password: string;
}

/** A new company: active, monthly, campaigns on, as the server's defaults; the first plan offered. */
export function emptyCompanyForm(planId = ''): CompanyFormValues {
  return {
    name: '',
    email: '',
    phone: '',
    planId,
    status: true,
    dueDate: '',
    recurrence: 'MENSAL',
    campaignsEnabled: true,
    password: '',
    ...billingAddressOf({}),
  };
}

/** The billing fields of a company, '' for each it lacks. */
export function billingAddressOf(from: Partial<BillingAddress>): BillingAddress {
  return Object.fromEntries(BILLING_ADDRESS_FIELDS.map((field) => [field, from[field] ?? ''])) as Record<BillingAddressField, string>;
}

export function companyFormOf(company: CompanySummary): CompanyFormValues {
  return {
    name: company.name,
    email: company.email,
    phone: company.phone,
    planId: company.planId,
    status: company.status,
    dueDate: company.dueDate ?? '',
    recurrence: company.recurrence,
    campaignsEnabled: company.campaignsEnabled,
    password: '',
    ...billingAddressOf(company),
    // Stored as digits; shown punctuated, which the schema reads back to digits.
    document: formatDocument(company.document),
  };
}

/** The body: an empty or invalid due date is sent as null (spec 3 §4, checklist A-085); the password only on creation. */
export function companyBody(values: CompanyFormValues, creating: boolean): CompanyBody {
  const dueDate = isIsoDate(values.dueDate) ? values.dueDate : null;
  const body: CompanyBody = {
    name: values.name,
    email: values.email,
    phone: values.phone,
    planId: values.planId,
    status: values.status,
    dueDate,
    recurrence: values.recurrence,
    campaignsEnabled: values.campaignsEnabled,
    ...billingAddressOf(values),
  };
  return creating ? { ...body, password: values.password } : body;
}

export function companySchema(creating: boolean) {
  return creating ? CreateCompanyBody : UpdateCompanyBody;
}

/**
 * The recurrences the form offers: the spec's form offers only MENSAL (checklist A-014); a company
 * stored with another keeps it offered, so editing it does not change it unasked.
 */
export function recurrenceChoices(current: Recurrence): Recurrence[] {
  return current === 'MENSAL' ? ['MENSAL'] : ['MENSAL', current];
}

/**
 * The due date after the button that moves it by the recurrence (spec 3 §4): from the stored due date;
 * a company without one (or with an unreadable one) starts from today.
 */
export function movedDueDate(company: Pick<CompanySummary, 'dueDate' | 'recurrence'>, today: string): string {
  const from = company.dueDate !== null && isIsoDate(company.dueDate) ? company.dueDate : today;
  return addRecurrence(from, company.recurrence);
}

/** The row's colour for its due date, seen on `today` (YYYY-MM-DD). */
export function companyRowColour(company: Pick<CompanySummary, 'dueDate'>, today: string): DueDateColour | null {
  return dueDateColour(company.dueDate, today);
}

/** Today in the browser's calendar, as YYYY-MM-DD: the day the super user reads the colours on. */
export function localToday(now = new Date()): string {
  const month = String(now.getMonth() + 1).padStart(2, '0');
  const day = String(now.getDate()).padStart(2, '0');
  return `${now.getFullYear()}-${month}-${day}`;
}

/** DD/MM/YYYY of a YYYY-MM-DD date (spec 1 §1's date format; MM/DD/YYYY in English); '' for none. */
export function shownDate(isoDate: string | null, language: Language): string {
  if (isoDate === null || !isIsoDate(isoDate)) return '';
  return isoDateLabel(isoDate, language);
}
