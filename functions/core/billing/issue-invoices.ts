/**
 * Issuing invoices (shared/billing.ts): each company gets the invoice of its next billing cycle from
 * INVOICE_LEAD_DAYS before its due date, for its plan's value, exactly once per cycle: the daily billing
 * run issues them for every company, and the invoice list issues the caller's own when it is opened
 * first (so a company in its trial sees what to pay at once). Both may run at the same moment: the
 * invoice is keyed by the due date it renews (repositories/invoices.ts), so one is written.
 *
 * No invoice is issued for a company without a due date, an inactive or deleted one, or one whose plan
 * costs nothing.
 */
import { INVOICE_LEAD_DAYS, type Invoice } from '../../../shared/billing';
import { addDays, addRecurrence } from '../../../shared/companies';
import { today } from '../../../shared/company-time';
import { logger } from '../logger';
import { listCompanies, type Company } from '../repositories/companies';
import { getInvoiceByDueDate, putInvoiceOnce, type StoredInvoice } from '../repositories/invoices';
import { getPlan } from '../repositories/plans';
import type { Plan } from '../../../shared/plans';

/** 'Plano Team: 03/12/2026 a 03/01/2027': the plan and the period the invoice pays for. */
export function invoiceDetail(planName: string, company: Pick<Company, 'recurrence'>, dueDate: string): string {
  const brazilian = (day: string) => day.split('-').reverse().join('/');
  return `Plano ${planName}: ${brazilian(dueDate)} a ${brazilian(addRecurrence(dueDate, company.recurrence))}`;
}

/** Whether a company is billed at all, and whether its current cycle's invoice is due to exist by `now`. */
function cycleDue(company: Company, plan: Plan | undefined, now: Date): company is Company & { dueDate: string } {
  if (!company.status || company.deletedAt || company.dueDate === null || !plan || plan.value <= 0) return false;
  return addDays(company.dueDate, -INVOICE_LEAD_DAYS) <= today(now);
}

/**
 * The invoice of the company's current cycle (its due date), issued if it is due to exist and does not
 * yet; undefined when the company is not billed or the cycle is still more than the lead time away.
 */
export async function ensureCycleInvoice(company: Company, plan: Plan | undefined, now: Date): Promise<StoredInvoice | undefined> {
  return (await issueCycleInvoice(company, plan, now))?.invoice;
}

async function issueCycleInvoice(company: Company, plan: Plan | undefined, now: Date): Promise<{ invoice: StoredInvoice; created: boolean } | undefined> {
  if (!cycleDue(company, plan, now) || !plan) return undefined;
  const existing = await getInvoiceByDueDate(company.id, company.dueDate);
  if (existing) return { invoice: existing, created: false };
  const draft: Omit<Invoice, 'id' | 'status' | 'paidAt'> = {
    companyId: company.id,
    dueDate: company.dueDate,
    planId: plan.id,
    value: plan.value,
    detail: invoiceDetail(plan.name, company, company.dueDate),
    createdAt: now.toISOString(),
  };
  const issued = await putInvoiceOnce(draft);
  if (issued.created) logger.info('invoice issued', { companyId: company.id, invoiceId: issued.invoice.id, dueDate: issued.invoice.dueDate });
  return issued;
}

/** The daily billing run: every company's invoice that is due to exist, issued once. Answers how many it issued. */
export async function issueDueInvoices(now: Date): Promise<{ readonly companies: number; readonly issued: number }> {
  const companies = await listCompanies();
  const plans = new Map<string, Plan | undefined>();
  let issued = 0;
  for (const company of companies) {
    if (!plans.has(company.planId)) plans.set(company.planId, await getPlan(company.planId));
    const plan = plans.get(company.planId);
    if ((await issueCycleInvoice(company, plan, now))?.created) issued += 1;
  }
  return { companies: companies.length, issued };
}
