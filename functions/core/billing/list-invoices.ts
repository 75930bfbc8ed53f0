/**
 * GET /invoices/all (spec 3 §2 Invoices, §7): the company's invoices for its administrators, newest
 * due date first, searched by number or detail, 20 a page. A super user may name another company
 * (`companyId`); anyone else's list is their own company's whatever they send. Opening the list issues
 * the current cycle's invoice when it is due to exist (issue-invoices.ts), so it is there to pay at once.
 */
import { INVOICES_PAGE_SIZE, type Invoice, type InvoiceListQuery, type InvoicePage } from '../../../shared/billing';
import type { Caller } from '../caller/load-caller';
import { AppError } from '../errors';
import { getLiveCompany } from '../repositories/companies';
import { listCompanyInvoices, type StoredInvoice } from '../repositories/invoices';
import { getPlan } from '../repositories/plans';
import { ensureCycleInvoice } from './issue-invoices';

/** The invoice as the API answers it: never its charges' codes or the provider's ids. */
export const presentInvoice = (invoice: StoredInvoice): Invoice => ({
  id: invoice.id,
  detail: invoice.detail,
  value: invoice.value,
  dueDate: invoice.dueDate,
  status: invoice.status,
  planId: invoice.planId,
  companyId: invoice.companyId,
  createdAt: invoice.createdAt,
  paidAt: invoice.paidAt,
});

export async function listInvoices(caller: Caller, query: InvoiceListQuery, now = new Date()): Promise<InvoicePage> {
  const companyId = caller.isSuper && query.companyId ? query.companyId : caller.companyId;
  const company = companyId === caller.companyId ? caller.company : await getLiveCompany(companyId);
  if (!company) throw new AppError('ERR_NO_COMPANY_FOUND');
  let invoices = await listCompanyInvoices(companyId);
  // The current cycle's invoice, when it is due to exist and is not among them yet (the list read again then).
  if (!invoices.some((invoice) => invoice.dueDate === company.dueDate)) {
    const plan = companyId === caller.companyId ? caller.plan : await getPlan(company.planId);
    if (await ensureCycleInvoice(company, plan, now)) invoices = await listCompanyInvoices(companyId);
  }

  const search = query.searchParam.trim().toLocaleLowerCase('pt-BR');
  const matching = invoices.filter(
    (invoice) => search === '' || invoice.id === search || invoice.detail.toLocaleLowerCase('pt-BR').includes(search),
  );
  const start = (query.pageNumber - 1) * INVOICES_PAGE_SIZE;
  return {
    records: matching.slice(start, start + INVOICES_PAGE_SIZE).map(presentInvoice),
    count: matching.length,
    hasMore: start + INVOICES_PAGE_SIZE < matching.length,
  };
}
