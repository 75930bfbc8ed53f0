/**
 * Settling a paid charge (settle-payment.ts) against concurrent writes: the invoice marked paid and the
 * company renewed are one transaction on the condition that the invoice is open and the company's due
 * date is the one read. A lost invoice condition is a payment already settled (nothing more is written,
 * nothing published); a company changed meanwhile is read again and renewed from what it is now. The
 * new due date counts from the latest of the company's, the invoice's and today.
 */
import { ApiGatewayManagementApiClient } from '@aws-sdk/client-apigatewaymanagementapi';
import { TransactionCanceledException } from '@aws-sdk/client-dynamodb';
import { DynamoDBDocumentClient, GetCommand, QueryCommand, TransactWriteCommand } from '@aws-sdk/lib-dynamodb';
import { mockClient } from 'aws-sdk-client-mock';
import { settlePayment } from '../../../functions/core/billing/settle-payment';
import type { Company } from '../../../functions/core/repositories/companies';
import type { PaymentCharge, StoredInvoice } from '../../../functions/core/repositories/invoices';

process.env.TABLE_NAME = 'table-under-test';
process.env.WS_MANAGEMENT_ENDPOINT = 'https://ws.example.test/dev';
process.env.AWS_REGION = 'us-east-1';
process.env.AWS_ACCESS_KEY_ID = 'AKIDTEST';
process.env.AWS_SECRET_ACCESS_KEY = 'secret-under-test';
process.env.LOG_LEVEL = 'silent';

const ddb = mockClient(DynamoDBDocumentClient);
const ws = mockClient(ApiGatewayManagementApiClient);

const NOW = new Date('2030-05-10T12:00:00.000Z');
const charge: PaymentCharge = {
  provider: 'simulator',
  chargeId: 'sim_1',
  companyId: 'C1',
  invoiceId: '7',
  invoiceDueDate: '2030-05-13',
  planId: 'P2',
  value: 249,
  notificationSecret: 's',
  createdAt: NOW.toISOString(),
};
const invoice = (status: 'open' | 'paid' = 'open'): StoredInvoice => ({
  id: '7',
  companyId: 'C1',
  dueDate: '2030-05-13',
  value: 249,
  planId: 'P1',
  detail: 'Plano Team',
  status,
  createdAt: NOW.toISOString(),
  paidAt: null,
});
const company = (dueDate: string): Company =>
  ({ id: 'C1', name: 'Loja', email: 'a@b.c', phone: '', planId: 'P1', status: true, dueDate, recurrence: 'MENSAL', usersCount: 1, queuesCount: 1, schedules: [], createdAt: NOW.toISOString() });

/** The transaction's condition that failed: 0 the invoice, 1 the company. */
const failedAt = (index: number) =>
  new TransactionCanceledException({
    message: 'Transaction cancelled',
    $metadata: {},
    CancellationReasons: [0, 1].map((at) => ({ Code: at === index ? 'ConditionalCheckFailed' : 'None' })),
  });

function stored(companies: readonly Company[], invoiceStatus: 'open' | 'paid' = 'open'): void {
  ddb.on(GetCommand).resolves({});
  ddb.on(GetCommand, { Key: { PK: 'PAYCHARGE#simulator#sim_1', SK: 'CHARGE' } }).resolves({ Item: charge });
  ddb.on(GetCommand, { Key: { PK: 'C#C1', SK: 'INVOICE#2030-05-13' } }).resolves({ Item: invoice(invoiceStatus) });
  const reads = ddb.on(GetCommand, { Key: { PK: 'C#C1', SK: 'COMPANY' } });
  for (const next of companies) reads.resolvesOnce({ Item: next });
  ddb.on(QueryCommand).resolves({ Items: [] });
}

const paid = { kind: 'paid', chargeId: 'sim_1', eventId: 'evt_1', value: 249 } as const;

beforeEach(() => {
  ddb.reset();
  ws.reset();
});

describe('settling a paid charge', () => {
  it('marks the invoice paid and renews the company one cycle from its due date, moving it to the plan paid for', async () => {
    stored([company('2030-05-13')]);
    ddb.on(TransactWriteCommand).resolves({});

    expect(await settlePayment('simulator', paid, NOW)).toBe('settled');

    const [invoiceWrite, companyWrite] = ddb.commandCalls(TransactWriteCommand)[0]!.args[0].input.TransactItems ?? [];
    expect(invoiceWrite?.Update?.ConditionExpression).toBe('#status = :open');
    expect(companyWrite?.Update?.ExpressionAttributeValues).toMatchObject({ ':expectedDue': '2030-05-13' });
    expect(Object.values(companyWrite?.Update?.ExpressionAttributeValues ?? {})).toEqual(expect.arrayContaining(['2030-06-13', 'P2']));
  });

  it('changes nothing more when the invoice was settled between the read and the write (a replay at the same moment)', async () => {
    stored([company('2030-05-13')]);
    ddb.on(TransactWriteCommand).rejects(failedAt(0));

    expect(await settlePayment('simulator', paid, NOW)).toBe('already-settled');
    expect(ddb.commandCalls(TransactWriteCommand)).toHaveLength(1);
    expect(ws.calls()).toHaveLength(0);
  });

  it('reads the company again when its due date changed meanwhile, and renews from the new one', async () => {
    stored([company('2030-05-13'), company('2030-07-01')]);
    ddb.on(TransactWriteCommand).rejectsOnce(failedAt(1)).resolves({});

    expect(await settlePayment('simulator', paid, NOW)).toBe('settled');

    const second = ddb.commandCalls(TransactWriteCommand)[1]!.args[0].input.TransactItems?.[1];
    expect(Object.values(second?.Update?.ExpressionAttributeValues ?? {})).toEqual(expect.arrayContaining(['2030-08-01']));
  });

  it('renews a company past its due date from today, so it gets a whole cycle', async () => {
    stored([company('2030-04-01')]);
    ddb.on(TransactWriteCommand).resolves({});

    await settlePayment('simulator', paid, new Date('2030-05-20T12:00:00.000Z'));

    const companyWrite = ddb.commandCalls(TransactWriteCommand)[0]!.args[0].input.TransactItems?.[1];
    expect(Object.values(companyWrite?.Update?.ExpressionAttributeValues ?? {})).toEqual(expect.arrayContaining(['2030-06-20']));
  });

  it('writes nothing for a paid invoice, an unknown charge, an amount short of the charge, or an event that is no payment', async () => {
    stored([company('2030-05-13')], 'paid');

    expect(await settlePayment('simulator', paid, NOW)).toBe('already-settled');
    expect(await settlePayment('simulator', { ...paid, chargeId: 'sim_other' }, NOW)).toBe('unknown-charge');
    expect(await settlePayment('simulator', { ...paid, value: 24.9 }, NOW)).toBe('underpaid');
    expect(await settlePayment('simulator', { kind: 'other', chargeId: 'sim_1', eventId: 'evt_2', event: 'PAYMENT_OVERDUE' }, NOW)).toBe('not-a-payment');
    expect(ddb.commandCalls(TransactWriteCommand)).toHaveLength(0);
  });
});
