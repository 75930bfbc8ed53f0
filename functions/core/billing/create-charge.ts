/**
 * POST /subscription (spec 3 §3, §7): the checkout's PAGAR. Makes a PIX charge for one of the company's
 * open invoices, for the plan chosen in Personalizar, at the current payment provider, and answers the
 * code to pay (shared/billing.ts PixCharge).
 *
 * Steps: find the invoice (ERR_NO_INVOICE_FOUND; paid: ERR_INVOICE_ALREADY_PAID); check the plan
 * (ERR_VALIDATION on `plan`); pick the provider (none: ERR_PAYMENT_UNAVAILABLE); answer the invoice's
 * last charge again while it is the same provider and plan and stays payable a while longer, so a second
 * PAGAR shows the same code instead of a second charge; save the billing data on the company when asked;
 * make the charge (a provider failure: ERR_PAYMENT_PROVIDER, nothing stored); record it with the invoice.
 * The price, users and connections come from the plan, never from the body.
 */
import { today } from '../../../shared/company-time';
import type { PixCharge, SubscriptionBody } from '../../../shared/billing';
import type { Caller } from '../caller/load-caller';
import { AppError } from '../errors';
import { logger } from '../logger';
import { updateCompanyBilling } from '../repositories/companies';
import { findInvoice, recordCharge, type InvoiceCharge, type PaymentCharge } from '../repositories/invoices';
import { getPlan } from '../repositories/plans';
import { invoiceDetail } from './issue-invoices';
import { PaymentProviderError, type Payer } from './payment-provider';
import { currentPaymentProvider } from './payment-providers';

/** A charge whose code expires sooner than this is not shown again: a new one is made. */
const REUSE_MARGIN_MS = 15 * 60 * 1000;

const presentCharge = (invoiceId: string, charge: InvoiceCharge): PixCharge => ({
  invoiceId,
  chargeId: charge.chargeId,
  provider: charge.provider,
  qrcode: { qrcode: charge.pixCode },
  valor: { original: charge.value.toFixed(2) },
  expiresAt: charge.expiresAt,
});

export async function createCharge(caller: Caller, body: SubscriptionBody, now = new Date()): Promise<PixCharge> {
  const invoice = await findInvoice(caller.companyId, body.invoiceId);
  if (!invoice) throw new AppError('ERR_NO_INVOICE_FOUND');
  if (invoice.status === 'paid') throw new AppError('ERR_INVOICE_ALREADY_PAID');
  const plan = await getPlan(body.plan);
  if (!plan || plan.value <= 0) {
    throw new AppError('ERR_VALIDATION', { message: 'Invalid plan', fields: [{ path: 'plan', message: 'Invalid plan' }] });
  }
  const provider = await currentPaymentProvider();
  if (!provider) throw new AppError('ERR_PAYMENT_UNAVAILABLE');

  const last = invoice.charge;
  if (last && last.provider === provider.name && last.planId === plan.id && Date.parse(last.expiresAt) - now.getTime() > REUSE_MARGIN_MS) {
    return presentCharge(invoice.id, last);
  }

  const { company } = caller;
  const billing = {
    billingName: [body.firstName, body.lastName].filter(Boolean).join(' '),
    document: body.document,
    addressStreet: body.address2,
    addressCity: body.city,
    addressState: body.state,
    addressZipCode: body.zipcode,
  };
  if (body.useAddressForPaymentDetails) await updateCompanyBilling(company.id, billing, now);
  const payer: Payer = {
    companyId: company.id,
    name: billing.billingName,
    email: company.email,
    phone: company.phone,
    document: billing.document,
    addressStreet: billing.addressStreet,
    addressCity: billing.addressCity,
    addressState: billing.addressState,
    addressZipCode: billing.addressZipCode,
    ...(provider.name === 'asaas' && company.asaasCustomerId && { customerId: company.asaasCustomerId }),
  };

  let made;
  try {
    made = await provider.createPixCharge({
      payer,
      value: plan.value,
      // A provider refuses a due date in the past: an overdue invoice is charged for today.
      dueDate: invoice.dueDate < today(now) ? today(now) : invoice.dueDate,
      description: invoiceDetail(plan.name, company, invoice.dueDate),
      externalReference: `${company.id}:${invoice.id}`,
    });
  } catch (error) {
    if (!(error instanceof PaymentProviderError)) throw error;
    logger.warn('payment provider refused a charge', { companyId: company.id, invoiceId: invoice.id, provider: provider.name, step: error.what, status: error.status });
    throw new AppError('ERR_PAYMENT_PROVIDER', { message: error.message });
  }
  if (provider.name === 'asaas' && made.customerId !== company.asaasCustomerId) {
    await updateCompanyBilling(company.id, { asaasCustomerId: made.customerId }, now);
  }

  const charge: PaymentCharge = {
    provider: provider.name,
    chargeId: made.chargeId,
    companyId: company.id,
    invoiceId: invoice.id,
    invoiceDueDate: invoice.dueDate,
    planId: plan.id,
    value: plan.value,
    ...(made.notificationSecret !== undefined && { notificationSecret: made.notificationSecret }),
    createdAt: now.toISOString(),
  };
  const copy: InvoiceCharge = { provider: provider.name, chargeId: made.chargeId, planId: plan.id, value: plan.value, pixCode: made.pixCode, expiresAt: made.expiresAt };
  if (!(await recordCharge(invoice, charge, copy))) throw new AppError('ERR_INVOICE_ALREADY_PAID');
  logger.info('payment charge made', { companyId: company.id, invoiceId: invoice.id, provider: provider.name, chargeId: made.chargeId });
  return presentCharge(invoice.id, copy);
}

