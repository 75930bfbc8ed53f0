/**
 * The payment notifications' metrics (payment-notification.ts): a notification that settles an invoice
 * counts one PaymentNotificationsApplied; one that changes nothing (here, a replay of a settled payment)
 * counts one PaymentNotificationsIgnored.
 */
import { ApiGatewayManagementApiClient } from '@aws-sdk/client-apigatewaymanagementapi';
import { TransactionCanceledException } from '@aws-sdk/client-dynamodb';
import { DynamoDBDocumentClient, GetCommand, QueryCommand, TransactWriteCommand } from '@aws-sdk/lib-dynamodb';
import { mockClient } from 'aws-sdk-client-mock';
import { receiveSimulatorNotification } from '../../../functions/core/billing/payment-notification';
import { SIMULATOR_TOKEN_HEADER } from '../../../functions/core/billing/payment-simulator';
import { observed } from '../../../functions/core/observability';
import { lambdaContext } from '../../../infra/local/lambda';
import { emittedMetrics, withMetricsPublished } from '../../support/emf';
import { logLinesOf } from '../../support/log-lines';

process.env.TABLE_NAME = 'table-under-test';
process.env.WS_MANAGEMENT_ENDPOINT = 'https://ws.example.test/dev';
process.env.SIMULATOR_ENABLED = 'true';
process.env.AWS_REGION = 'us-east-1';
process.env.AWS_ACCESS_KEY_ID = 'AKIDTEST';
process.env.AWS_SECRET_ACCESS_KEY = 'secret-under-test';

const ddb = mockClient(DynamoDBDocumentClient);
const ws = mockClient(ApiGatewayManagementApiClient);

const NOW = new Date('2030-05-10T12:00:00.000Z');
const charge = { provider: 'simulator', chargeId: 'sim_1', companyId: 'C1', invoiceId: '7', invoiceDueDate: '2030-05-13', planId: 'P1', value: 249, notificationSecret: 's', createdAt: NOW.toISOString() };
const invoice = { id: '7', companyId: 'C1', dueDate: '2030-05-13', value: 249, planId: 'P1', detail: 'Plano Team', status: 'open', createdAt: NOW.toISOString(), paidAt: null };
const company = { id: 'C1', name: 'Loja', email: 'a@b.c', phone: '', planId: 'P1', status: true, dueDate: '2030-05-13', recurrence: 'MENSAL', usersCount: 1, queuesCount: 1, schedules: [], createdAt: NOW.toISOString() };

const notification = JSON.stringify({ id: 'evt_1', event: 'PAYMENT_RECEIVED', payment: { id: 'sim_1', value: 249 } });

/** The notification received in a Lambda invocation, and the metrics it flushed. */
async function metricsOfNotification(): Promise<{ name: string; value: unknown }[]> {
  const receive = observed(async () => receiveSimulatorNotification({ [SIMULATOR_TOKEN_HEADER]: 's' }, notification, NOW));
  const lines = await withMetricsPublished(() => logLinesOf(() => receive({}, lambdaContext({ functionName: 'billing' }))));
  return emittedMetrics(lines).map(({ name, value }) => ({ name, value }));
}

beforeEach(() => {
  ddb.reset();
  ws.reset();
  ddb.on(GetCommand).resolves({});
  ddb.on(GetCommand, { Key: { PK: 'PAYCHARGE#simulator#sim_1', SK: 'CHARGE' } }).resolves({ Item: charge });
  ddb.on(GetCommand, { Key: { PK: 'C#C1', SK: 'INVOICE#2030-05-13' } }).resolves({ Item: invoice });
  ddb.on(GetCommand, { Key: { PK: 'C#C1', SK: 'COMPANY' } }).resolves({ Item: company });
  ddb.on(QueryCommand).resolves({ Items: [] });
});

describe("a payment notification's metric", () => {
  it('counts a notification that settles an invoice as applied', async () => {
    ddb.on(TransactWriteCommand).resolves({});

    expect(await metricsOfNotification()).toEqual([{ name: 'PaymentNotificationsApplied', value: 1 }]);
  });

  it('counts a replay of a settled payment as ignored', async () => {
    ddb.on(TransactWriteCommand).rejects(
      new TransactionCanceledException({ message: 'cancelled', $metadata: {}, CancellationReasons: [{ Code: 'ConditionalCheckFailed' }, { Code: 'None' }] }),
    );

    expect(await metricsOfNotification()).toEqual([{ name: 'PaymentNotificationsIgnored', value: 1 }]);
  });
});
