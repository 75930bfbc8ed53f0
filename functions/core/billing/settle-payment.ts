/**
 * A provider's notification that a charge was paid (payment-notification.ts has authenticated it):
 * the invoice becomes paid and the company's due date moves forward by its recurrence, exactly once per
 * invoice however often, and in whatever order, the provider's notifications arrive (docs/architecture.md
 * §7: the original's webhook could be replayed to extend a subscription again).
 *
 * Once, because the invoice is marked paid in the same transaction that moves the due date, on the
 * condition that it is still open: a replay, a second event of the same payment (confirmed, then
 * received) or a payment of an older charge of the same invoice all find it paid and change nothing. A
 * charge we never made, or one whose invoice or company is gone, changes nothing either.
 *
 * The new due date counts from the latest of the company's due date, the invoice's and today, so a
 * company past its due date is let in again at once with a full cycle ahead. The company moves to the
 * plan the charge was for. The company's users hear `payment` (CONCLUIDA) with the new date.
 */
import { PAYMENT_CONCLUDED, type PaymentProviderName } from '../../../shared/billing';
import { addRecurrence } from '../../../shared/companies';
import { today } from '../../../shared/company-time';
import { conflict } from '../errors';
import { logger } from '../logger';
import { publishToCompany } from '../realtime/publisher';
import { getCompany, renewCompanyAction } from '../repositories/companies';
import { getInvoiceByDueDate, getPaymentCharge, settleInvoiceAction } from '../repositories/invoices';
import { Steps } from '../repositories/transaction';
import type { PaymentNotice } from './payment-provider';

export type SettleOutcome = 'settled' | 'already-settled' | 'unknown-charge' | 'underpaid' | 'not-a-payment';

/** Tries when the company changed between our read and our write (a super user's edit, rare). */
const ATTEMPTS = 5;

/** Half a centavo: what a provider's rounding may leave of an amount paid in full. */
const ROUNDING = 0.005;

export async function settlePayment(provider: PaymentProviderName, notice: PaymentNotice, now = new Date()): Promise<SettleOutcome> {
  if (notice.kind !== 'paid') return 'not-a-payment';
  const charge = await getPaymentCharge(provider, notice.chargeId);
  if (!charge) return 'unknown-charge';
  if (notice.value + ROUNDING < charge.value) return 'underpaid';

  for (let attempt = 0; attempt < ATTEMPTS; attempt += 1) {
    const invoice = await getInvoiceByDueDate(charge.companyId, charge.invoiceDueDate, true);
    const company = await getCompany(charge.companyId, true);
    if (!invoice || !company || company.deletedAt) return 'unknown-charge';
    if (invoice.status === 'paid') return 'already-settled';

    const from = [company.dueDate ?? invoice.dueDate, invoice.dueDate, today(now)].sort().at(-1) ?? invoice.dueDate;
    const dueDate = addRecurrence(from, company.recurrence);
    const steps = new Steps<'invoice' | 'company'>();
    steps.add('invoice', settleInvoiceAction(invoice, charge, notice.eventId, now));
    steps.add('company', renewCompanyAction(company, { dueDate, planId: charge.planId }, now));
    const failed = await steps.run();
    if (failed.has('invoice')) return 'already-settled';
    if (failed.size > 0) continue;

    logger.info('payment settled an invoice', { companyId: company.id, invoiceId: invoice.id, provider, chargeId: charge.chargeId, dueDate });
    await publishToCompany(company.id, 'company', 'payment', {
      action: PAYMENT_CONCLUDED,
      invoiceId: invoice.id,
      company: { id: company.id, dueDate, planId: charge.planId },
    });
    return 'settled';
  }
  throw conflict(`Company ${charge.companyId}`);
}
