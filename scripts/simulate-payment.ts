/**
 * The payment simulator's "bank": pays an invoice's simulator charge by sending the notification the
 * simulator provider expects (Asaas's shape, with the charge's own secret) to the API's
 * POST /webhooks/payment-simulator, as a provider would. Used by `npm run simulate -- pay <invoice>`
 * and by the tests. Reads the charge from the table, so only who may read the stage's data can pay.
 */
import { ulid } from 'ulid';
import { findInvoice, getPaymentCharge } from '../functions/core/repositories/invoices';
import { SIMULATOR_TOKEN_HEADER } from '../functions/core/billing/payment-simulator';

export interface SimulatedPayment {
  readonly status: number;
  readonly body: unknown;
}

/** Pays the invoice's latest charge in full (`PAYMENT_RECEIVED`), or sends `event` instead. */
export async function payWithSimulator(input: {
  readonly apiUrl: string;
  readonly companyId: string;
  readonly invoiceId: string;
  readonly event?: string;
}): Promise<SimulatedPayment> {
  const invoice = await findInvoice(input.companyId, input.invoiceId);
  if (!invoice) throw new Error(`The company has no invoice ${input.invoiceId}.`);
  if (!invoice.charge) throw new Error(`Invoice ${input.invoiceId} has no charge yet: press PAGAR in its checkout first.`);
  if (invoice.charge.provider !== 'simulator') throw new Error(`Invoice ${input.invoiceId} is charged through ${invoice.charge.provider}, not the simulator.`);
  const charge = await getPaymentCharge('simulator', invoice.charge.chargeId);
  if (!charge?.notificationSecret) throw new Error(`The charge ${invoice.charge.chargeId} is not stored.`);

  const notification = {
    id: `evt_sim_${ulid()}`,
    event: input.event ?? 'PAYMENT_RECEIVED',
    dateCreated: new Date().toISOString(),
    payment: { id: charge.chargeId, value: charge.value, status: 'RECEIVED', billingType: 'PIX', externalReference: `${charge.companyId}:${charge.invoiceId}` },
  };
  const response = await fetch(`${input.apiUrl.replace(/\/+$/, '')}/webhooks/payment-simulator`, {
    method: 'POST',
    headers: { 'content-type': 'application/json', [SIMULATOR_TOKEN_HEADER]: charge.notificationSecret },
    body: JSON.stringify(notification),
  });
  const text = await response.text();
  let body: unknown = text;
  try {
    body = JSON.parse(text);
  } catch {
    // Not JSON: answered as text.
  }
  return { status: response.status, body };
}
