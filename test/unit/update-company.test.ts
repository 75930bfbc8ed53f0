/**
 * The super user's company form on an existing company: plan counters and the campaigns setting move with
 * it; deactivating it closes its sockets.
 */
import { ApiGatewayManagementApiClient, DeleteConnectionCommand } from '@aws-sdk/client-apigatewaymanagementapi';
import { TransactionCanceledException } from '@aws-sdk/client-dynamodb';
import { BatchWriteCommand, DynamoDBDocumentClient, GetCommand, QueryCommand, TransactWriteCommand } from '@aws-sdk/lib-dynamodb';
import { mockClient } from 'aws-sdk-client-mock';
import { ALL_FEATURES } from '../../shared/plans';
import { updateCompany } from '../../functions/core/use-cases/update-company';
import { errorCodeOf } from '../support/errors';

process.env.TABLE_NAME = 'table-under-test';
process.env.WS_MANAGEMENT_ENDPOINT = 'http://ws-management.test';
process.env.LOG_LEVEL = 'silent';

const ddb = mockClient(DynamoDBDocumentClient);
const ws = mockClient(ApiGatewayManagementApiClient);
const companyRoom = { ExpressionAttributeValues: { ':pk': 'C#c1#ROOM#company' } };

const company = {
  PK: 'C#c1', SK: 'COMPANY', id: 'c1', name: 'Acme', email: 'a@acme.test', phone: '', planId: 'old', status: true,
  dueDate: '2025-01-10', recurrence: 'MENSAL', usersCount: 1, queuesCount: 1, schedules: [], createdAt: '2025-01-01T00:00:00.000Z',
};
const planOf = (id: string) => ({ PK: 'PLATFORM#PLANS', SK: `PLAN#${id}`, id, name: id, users: 1, connections: 1, queues: 1, value: 0, ...ALL_FEATURES });
const now = new Date('2025-01-05T10:00:00.000Z');

beforeEach(() => {
  ddb.reset();
  ws.reset();
  ddb.on(GetCommand).resolves({});
  ddb.on(GetCommand, { Key: { PK: 'C#c1', SK: 'COMPANY' } }).resolves({ Item: company });
  ddb.on(GetCommand, { Key: { PK: 'PLATFORM#PLANS', SK: 'PLAN#old' } }).resolves({ Item: planOf('old') });
  ddb.on(GetCommand, { Key: { PK: 'PLATFORM#PLANS', SK: 'PLAN#new' } }).resolves({ Item: planOf('new') });
  ddb.on(QueryCommand).resolves({ Items: [] });
  ddb.on(TransactWriteCommand).resolves({});
  ddb.on(QueryCommand, companyRoom).resolves({
    Items: [{ connectionId: 'K1', companyId: 'c1', userId: 'u1' }, { connectionId: 'K2', companyId: 'c1', userId: 'u2' }],
  });
  ddb.on(BatchWriteCommand).resolves({});
  ws.on(DeleteConnectionCommand).resolves({});
});

const transactItems = (call = 0) => ddb.commandCalls(TransactWriteCommand)[call]!.args[0].input.TransactItems!;

describe('updateCompany', () => {
  it('closes every socket of the company, found by its company room, once it is deactivated', async () => {
    await updateCompany('c1', { status: false }, now);

    expect(ws.commandCalls(DeleteConnectionCommand).map((call) => call.args[0].input.ConnectionId)).toEqual(['K1', 'K2']);
    expect(ddb.commandCalls(TransactWriteCommand)[0]!.calledBefore(ws.commandCalls(DeleteConnectionCommand)[0]!)).toBe(true);
  });

  it('closes no socket for a change that leaves the company active', async () => {
    await updateCompany('c1', { name: 'Acme 2', status: true }, now);

    expect(ws.commandCalls(DeleteConnectionCommand)).toHaveLength(0);
    expect(ddb.commandCalls(QueryCommand, companyRoom)).toHaveLength(0);
  });

  it('moves the company from the old plan counter to the new one in the same transaction as the change', async () => {
    const detail = await updateCompany('c1', { planId: 'new', dueDate: '2025-02-10' }, now);

    expect(detail).toMatchObject({ id: 'c1', planId: 'new', dueDate: '2025-02-10', planName: 'new' });
    const [update, join, leave] = transactItems();
    expect(update!.Update).toMatchObject({
      Key: { PK: 'C#c1', SK: 'COMPANY' },
      ConditionExpression: 'attribute_exists(PK) AND attribute_not_exists(deletedAt) AND planId = :expectedPlan',
    });
    expect(update!.Update!.ExpressionAttributeValues).toMatchObject({ ':expectedPlan': 'old' });
    expect(Object.values(update!.Update!.ExpressionAttributeValues!)).toEqual(expect.arrayContaining(['new', '2025-02-10']));
    expect(join!.Update).toMatchObject({ Key: { SK: 'PLAN#new' }, UpdateExpression: 'ADD companiesCount :delta', ConditionExpression: 'attribute_exists(PK)', ExpressionAttributeValues: { ':delta': 1 } });
    expect(leave!.Update).toMatchObject({ Key: { SK: 'PLAN#old' }, ExpressionAttributeValues: { ':delta': -1 } });
  });

  it('touches no plan counter when the plan stays, and writes the campaigns setting with the change', async () => {
    await updateCompany('c1', { planId: 'old', name: 'Acme 2', campaignsEnabled: false }, now);

    const items = transactItems();
    expect(items).toHaveLength(2);
    expect(items[0]!.Update!.ExpressionAttributeValues).toMatchObject({ ':expectedPlan': 'old' });
    expect(Object.values(items[0]!.Update!.ExpressionAttributeValues!)).toContain('acme 2#c1');
    expect(items[1]!.Put!.Item).toMatchObject({ PK: 'C#c1', SK: 'SETTING#campaignsEnabled', value: 'false' });
  });

  it('refuses a plan that does not exist with ERR_VALIDATION and writes nothing', async () => {
    expect(await errorCodeOf(updateCompany('c1', { planId: 'ghost' }, now))).toBe('ERR_VALIDATION');
    expect(ddb.commandCalls(TransactWriteCommand)).toHaveLength(0);
  });

  it('reports ERR_VALIDATION when the new plan disappears before the transaction', async () => {
    ddb.on(TransactWriteCommand).rejects(
      new TransactionCanceledException({
        message: 'cancelled',
        $metadata: {},
        CancellationReasons: [{ Code: 'None' }, { Code: 'ConditionalCheckFailed' }, { Code: 'None' }],
      }),
    );

    expect(await errorCodeOf(updateCompany('c1', { planId: 'new' }, now))).toBe('ERR_VALIDATION');
  });

  it('reads the company again and retries when its plan changed meanwhile', async () => {
    ddb
      .on(TransactWriteCommand)
      .rejectsOnce(
        new TransactionCanceledException({ message: 'cancelled', $metadata: {}, CancellationReasons: [{ Code: 'ConditionalCheckFailed' }] }),
      )
      .resolves({});

    await updateCompany('c1', { dueDate: '2025-03-10' }, now);

    expect(ddb.commandCalls(TransactWriteCommand)).toHaveLength(2);
  });

  it('answers ERR_NO_COMPANY_FOUND for a deleted company', async () => {
    ddb.on(GetCommand, { Key: { PK: 'C#c1', SK: 'COMPANY' } }).resolves({ Item: { ...company, deletedAt: '2025-01-02T00:00:00.000Z' } });

    expect(await errorCodeOf(updateCompany('c1', { name: 'Back' }, now))).toBe('ERR_NO_COMPANY_FOUND');
    expect(ddb.commandCalls(TransactWriteCommand)).toHaveLength(0);
  });
});
