/**
 * The invoices as the screens show them, without React (spec 3 §2 Invoices, §4, §9): the value in
 * reais, the display status, which rows may be paid, and the company's open invoice.
 */
import { invoiceDisplayStatus, type Invoice, type InvoiceDisplayStatus, type InvoicePage } from '../../../shared/billing';

const reais = new Intl.NumberFormat('pt-BR', { style: 'currency', currency: 'BRL' });

/**
 * An amount in Brazilian reais as the spec writes it, 'R$ 249,00', in every language (spec 3 §9: the
 * currency is the real; a charge in BRL reads the same to everyone who pays it).
 */
export function formatReais(value: number): string {
  // Intl joins 'R$' to the number with a no-break space, so the two never part at a line's end.
  return reais.format(value);
}

/** A PIX amount as the charge writes it ('249.00') in reais; '' when unreadable. */
export function formatPixAmount(original: string): string {
  const value = Number(original);
  return original.trim() === '' || !Number.isFinite(value) ? '' : formatReais(value);
}

/**
 * An invoice's status as the list shows it (spec 3 §4), seen on `today` (YYYY-MM-DD, the UTC day the
 * server counts due dates in, auth/subscription.ts utcToday).
 */
export function shownInvoiceStatus(invoice: Pick<Invoice, 'status' | 'dueDate'>, today: string): InvoiceDisplayStatus {
  return invoiceDisplayStatus(invoice, today);
}

/** Spec 3 §4: the pay action is offered only for an invoice not paid yet. */
export const canPayInvoice = (invoice: Pick<Invoice, 'status'>): boolean => invoice.status !== 'paid';

/** The loaded invoices of an infinite list, page after page. */
export function invoicesOf(pages: readonly InvoicePage[] | undefined): readonly Invoice[] {
  return pages?.flatMap((page) => page.records) ?? [];
}

/**
 * The invoice the subscription page's button pays: the first unpaid one of the list (newest due date
 * first), or undefined when every invoice is paid.
 */
export function openInvoiceOf(invoices: readonly Invoice[]): Invoice | undefined {
  return invoices.find(canPayInvoice);
}
