/**
 * Invoices and payment charges (shared/billing.ts). An invoice lives in its company's partition under
 * its due date: one per billing cycle, so a cycle issued twice (the daily job retried, the list opened at
 * the same moment) is written once. Its number comes from a counter beside it, moved in the same
 * transaction, so numbers have no gaps. A charge made at a payment provider is an item of its own, keyed
 * by the provider's id, which is all a provider's notification names.
 */
import { GetCommand } from '@aws-sdk/lib-dynamodb';
import type { Invoice, InvoiceStatus, PaymentProviderName } from '../../../shared/billing';
import { dynamo } from '../aws/clients';
import { keys } from './keys';
import { fromItem, queryPrefix, table } from './table';
import { Steps, type TransactItem } from './transaction';

/** The invoice as stored: the answer's fields and the charge the checkout made last. */
export interface StoredInvoice extends Invoice {
  /** The latest charge made for it (a new plan choice or an expired code makes another). */
  readonly charge?: InvoiceCharge;
  /** The provider's charge and event that settled it. */
  readonly paidChargeId?: string;
  readonly paymentEventId?: string;
}

/** What the invoice keeps of its latest charge, so paying again shows the same code while it is payable. */
export interface InvoiceCharge {
  readonly provider: PaymentProviderName;
  readonly chargeId: string;
  readonly planId: string;
  readonly value: number;
  readonly pixCode: string;
  readonly expiresAt: string;
}

/** A charge at a provider, as its notification finds it. */
export interface PaymentCharge {
  readonly provider: PaymentProviderName;
  readonly chargeId: string;
  readonly companyId: string;
  readonly invoiceId: string;
  /** The invoice's due date: its key. */
  readonly invoiceDueDate: string;
  readonly planId: string;
  readonly value: number;
  /** The secret the provider's notifications carry (the simulator's); absent for Asaas, whose token is the platform's. */
  readonly notificationSecret?: string;
  readonly createdAt: string;
}

export type NewInvoice = Omit<StoredInvoice, 'id' | 'status' | 'paidAt' | 'charge' | 'paidChargeId' | 'paymentEventId'>;

const invoiceItem = (invoice: StoredInvoice) => ({ ...keys.invoice(invoice.companyId, invoice.dueDate), entity: 'invoice', ...invoice });

/** The company's invoices, newest due date first (a company has one a month: a small range read whole). */
export async function listCompanyInvoices(companyId: string): Promise<StoredInvoice[]> {
  const items = await queryPrefix(keys.invoicePrefix(companyId), { ScanIndexForward: false });
  return items.map((item) => fromItem<StoredInvoice>(item));
}

export async function getInvoiceByDueDate(companyId: string, dueDate: string, consistent = false): Promise<StoredInvoice | undefined> {
  const { Item } = await dynamo().send(
    new GetCommand({ TableName: table(), Key: keys.invoice(companyId, dueDate), ...(consistent && { ConsistentRead: true }) }),
  );
  return Item ? fromItem<StoredInvoice>(Item) : undefined;
}

export async function findInvoice(companyId: string, invoiceId: string): Promise<StoredInvoice | undefined> {
  return (await listCompanyInvoices(companyId)).find((invoice) => invoice.id === invoiceId);
}

/** Tries of the numbered write when another invoice of the company took the number in between (rare). */
const NUMBER_ATTEMPTS = 5;

/**
 * Writes the company's invoice for `draft.dueDate` with the next number, unless one exists for that due
 * date: answers the invoice written (`created`), or the one already there.
 */
export async function putInvoiceOnce(draft: NewInvoice): Promise<{ readonly invoice: StoredInvoice; readonly created: boolean }> {
  for (let attempt = 0; attempt < NUMBER_ATTEMPTS; attempt += 1) {
    const existing = await getInvoiceByDueDate(draft.companyId, draft.dueDate, true);
    if (existing) return { invoice: existing, created: false };
    const { Item: counter } = await dynamo().send(new GetCommand({ TableName: table(), Key: keys.invoiceCounter(draft.companyId), ConsistentRead: true }));
    const last = typeof counter?.last === 'number' ? counter.last : 0;
    const invoice: StoredInvoice = { ...draft, id: String(last + 1), status: 'open', paidAt: null };

    const steps = new Steps<'counter' | 'invoice'>();
    steps.add('counter', {
      Put: {
        TableName: table(),
        Item: { ...keys.invoiceCounter(draft.companyId), entity: 'invoiceCounter', last: last + 1 },
        ...(counter ? { ConditionExpression: '#last = :last', ExpressionAttributeNames: { '#last': 'last' }, ExpressionAttributeValues: { ':last': last } } : { ConditionExpression: 'attribute_not_exists(PK)' }),
      },
    });
    steps.add('invoice', { Put: { TableName: table(), Item: invoiceItem(invoice), ConditionExpression: 'attribute_not_exists(PK)' } });
    const failed = await steps.run();
    if (failed.size === 0) return { invoice, created: true };
    // The cycle's invoice was written meanwhile, or the number was taken: read again and decide.
  }
  throw new Error(`Invoice of company ${draft.companyId} due ${draft.dueDate} kept being raced`);
}

/**
 * Records the charge the checkout made for an open invoice: the charge's own item (for its notification)
 * and the invoice's copy (to show the same code again). Answers false when the invoice is paid meanwhile.
 */
export async function recordCharge(invoice: StoredInvoice, charge: PaymentCharge, copy: InvoiceCharge): Promise<boolean> {
  const steps = new Steps<'charge' | 'invoice'>();
  steps.add('charge', {
    Put: { TableName: table(), Item: { ...keys.paymentCharge(charge.provider, charge.chargeId), entity: 'paymentCharge', ...charge }, ConditionExpression: 'attribute_not_exists(PK)' },
  });
  steps.add('invoice', {
    Update: {
      TableName: table(),
      Key: keys.invoice(invoice.companyId, invoice.dueDate),
      UpdateExpression: 'SET #charge = :charge',
      ConditionExpression: '#status = :open',
      ExpressionAttributeNames: { '#charge': 'charge', '#status': 'status' },
      ExpressionAttributeValues: { ':charge': copy, ':open': 'open' satisfies InvoiceStatus },
    },
  });
  const failed = await steps.run();
  if (failed.has('charge')) throw new Error(`Charge ${charge.provider}/${charge.chargeId} recorded twice`);
  return failed.size === 0;
}

export async function getPaymentCharge(provider: PaymentProviderName, chargeId: string): Promise<PaymentCharge | undefined> {
  const { Item } = await dynamo().send(new GetCommand({ TableName: table(), Key: keys.paymentCharge(provider, chargeId), ConsistentRead: true }));
  return Item ? fromItem<PaymentCharge>(Item) : undefined;
}

/**
 * The transaction action that marks an invoice paid by a charge, on the condition that it is still
 * open: a second notification of the same payment (or of another charge of the same invoice) fails it.
 * The invoice takes the charge's plan and value: what was paid for.
 */
export function settleInvoiceAction(invoice: StoredInvoice, charge: PaymentCharge, eventId: string, now: Date): TransactItem {
  return {
    Update: {
      TableName: table(),
      Key: keys.invoice(invoice.companyId, invoice.dueDate),
      UpdateExpression: 'SET #status = :paid, #paidAt = :now, #paidChargeId = :chargeId, #paymentEventId = :eventId, #planId = :planId, #value = :value',
      ConditionExpression: '#status = :open',
      ExpressionAttributeNames: {
        '#status': 'status',
        '#paidAt': 'paidAt',
        '#paidChargeId': 'paidChargeId',
        '#paymentEventId': 'paymentEventId',
        '#planId': 'planId',
        '#value': 'value',
      },
      ExpressionAttributeValues: {
        ':paid': 'paid' satisfies InvoiceStatus,
        ':open': 'open' satisfies InvoiceStatus,
        ':now': now.toISOString(),
        ':chargeId': charge.chargeId,
        ':eventId': eventId,
        ':planId': charge.planId,
        ':value': charge.value,
      },
    },
  };
}
