/**
 * Deleting a company: deactivated and off its plan in one transaction, its sockets closed, then every
 * login of it freed.
 */
import { ApiGatewayManagementApiClient, DeleteConnectionCommand } from '@aws-sdk/client-apigatewaymanagementapi';
import { AdminDeleteUserCommand, CognitoIdentityProviderClient, UserNotFoundException } from '@aws-sdk/client-cognito-identity-provider';
import { ConditionalCheckFailedException } from '@aws-sdk/client-dynamodb';
import { BatchWriteCommand, DeleteCommand, DynamoDBDocumentClient, GetCommand, QueryCommand, TransactWriteCommand } from '@aws-sdk/lib-dynamodb';
import { mockClient } from 'aws-sdk-client-mock';
import { ALL_FEATURES } from '../../shared/plans';
import { deleteCompany } from '../../functions/core/use-cases/delete-company';
import type { Session } from '../../functions/core/use-cases/load-session';
import { errorCodeOf } from '../support/errors';

process.env.TABLE_NAME = 'table-under-test';
process.env.COGNITO_USER_POOL_ID = 'us-east-1_TESTPOOL1';
process.env.WS_MANAGEMENT_ENDPOINT = 'http://ws-management.test';
process.env.LOG_LEVEL = 'silent';

const ddb = mockClient(DynamoDBDocumentClient);
const cognito = mockClient(CognitoIdentityProviderClient);
const ws = mockClient(ApiGatewayManagementApiClient);

const company = {
  PK: 'C#victim', SK: 'COMPANY', id: 'victim', name: 'Victim', email: 'boss@victim.test', phone: '', planId: 'p1', status: true,
  dueDate: null, recurrence: 'MENSAL', usersCount: 2, queuesCount: 1, schedules: [], createdAt: '2025-01-01T00:00:00.000Z',
};
const users = [
  { PK: 'C#victim', SK: 'USER#u1', id: 'u1', email: 'boss@victim.test', cognitoSub: 'sub-1' },
  { PK: 'C#victim', SK: 'USER#u2', id: 'u2', email: 'agent@victim.test', cognitoSub: 'sub-2' },
];
const superSession = { companyId: 'platform', isSuper: true } as Session;
const now = new Date('2025-01-05T10:00:00.000Z');

beforeEach(() => {
  ddb.reset();
  cognito.reset();
  ws.reset();
  ddb.on(GetCommand).resolves({});
  ddb.on(GetCommand, { Key: { PK: 'C#victim', SK: 'COMPANY' } }).resolves({ Item: company });
  ddb.on(GetCommand, { Key: { PK: 'PLATFORM#PLANS', SK: 'PLAN#p1' } }).resolves({ Item: { id: 'p1', name: 'P1', ...ALL_FEATURES } });
  ddb.on(QueryCommand).resolves({ Items: users });
  ddb.on(QueryCommand, { ExpressionAttributeValues: { ':pk': 'C#victim#ROOM#company' } }).resolves({
    Items: [{ connectionId: 'K1', companyId: 'victim', userId: 'u2' }],
  });
  ddb.on(BatchWriteCommand).resolves({});
  ws.on(DeleteConnectionCommand).resolves({});
  ddb.on(TransactWriteCommand).resolves({});
  ddb.on(DeleteCommand).resolves({});
  cognito.on(AdminDeleteUserCommand).resolves({});
});

describe('deleteCompany', () => {
  it('marks the company deleted and takes it off its plan in one transaction', async () => {
    await deleteCompany(superSession, 'victim', now);

    const [markDeleted, leavePlan] = ddb.commandCalls(TransactWriteCommand)[0]!.args[0].input.TransactItems!;
    expect(markDeleted!.Update).toMatchObject({
      Key: { PK: 'C#victim', SK: 'COMPANY' },
      UpdateExpression: 'SET #status = :false, deletedAt = :now, updatedAt = :now REMOVE GSI1PK, GSI1SK',
      ConditionExpression: 'attribute_exists(PK) AND attribute_not_exists(deletedAt) AND planId = :expectedPlan',
      ExpressionAttributeValues: { ':false': false, ':now': now.toISOString(), ':expectedPlan': 'p1' },
    });
    expect(leavePlan!.Update).toMatchObject({ Key: { SK: 'PLAN#p1' }, ExpressionAttributeValues: { ':delta': -1 } });
  });

  it('closes every socket of the company once it is marked deleted', async () => {
    await deleteCompany(superSession, 'victim', now);

    expect(ws.commandCalls(DeleteConnectionCommand).map((call) => call.args[0].input)).toEqual([{ ConnectionId: 'K1' }]);
    expect(ddb.commandCalls(TransactWriteCommand)[0]!.calledBefore(ws.commandCalls(DeleteConnectionCommand)[0]!)).toBe(true);
  });

  it('deletes every user\'s Cognito account, identity item and unique-email item', async () => {
    await deleteCompany(superSession, 'victim', now);

    expect(cognito.commandCalls(AdminDeleteUserCommand).map((call) => call.args[0].input.Username)).toEqual(['boss@victim.test', 'agent@victim.test']);
    const deletes = ddb.commandCalls(DeleteCommand).map((call) => call.args[0].input);
    expect(deletes).toEqual([
      { TableName: 'table-under-test', Key: { PK: 'IDENTITY#sub-1', SK: 'IDENTITY' } },
      expect.objectContaining({ Key: { PK: 'UNIQUE#EMAIL#boss@victim.test', SK: 'UNIQUE' }, ConditionExpression: 'userId = :userId', ExpressionAttributeValues: { ':userId': 'u1' } }),
      { TableName: 'table-under-test', Key: { PK: 'IDENTITY#sub-2', SK: 'IDENTITY' } },
      expect.objectContaining({ Key: { PK: 'UNIQUE#EMAIL#agent@victim.test', SK: 'UNIQUE' }, ExpressionAttributeValues: { ':userId': 'u2' } }),
    ]);
  });

  it('finishes a half-done deletion: no new transaction, accounts already gone and emails already freed are fine', async () => {
    ddb.on(GetCommand, { Key: { PK: 'C#victim', SK: 'COMPANY' } }).resolves({ Item: { ...company, status: false, deletedAt: '2025-01-04T00:00:00.000Z' } });
    cognito.on(AdminDeleteUserCommand).rejects(new UserNotFoundException({ message: 'gone', $metadata: {} }));
    ddb.on(DeleteCommand, { Key: { PK: 'UNIQUE#EMAIL#boss@victim.test', SK: 'UNIQUE' } }).rejects(
      new ConditionalCheckFailedException({ message: 'gone', $metadata: {} }),
    );

    await deleteCompany(superSession, 'victim', now);

    expect(ddb.commandCalls(TransactWriteCommand)).toHaveLength(0);
    expect(ddb.commandCalls(DeleteCommand)).toHaveLength(4);
  });

  it('refuses the caller\'s own company and touches nothing', async () => {
    expect(await errorCodeOf(deleteCompany({ ...superSession, companyId: 'victim' }, 'victim', now))).toBe('ERR_NO_PERMISSION');
    expect(ddb.calls()).toHaveLength(0);
    expect(cognito.calls()).toHaveLength(0);
  });

  it('answers ERR_NO_COMPANY_FOUND for a company that does not exist', async () => {
    expect(await errorCodeOf(deleteCompany(superSession, 'nobody', now))).toBe('ERR_NO_COMPANY_FOUND');
    expect(cognito.calls()).toHaveLength(0);
  });
});
