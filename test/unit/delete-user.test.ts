/**
 * Deleting a user: never oneself, the Cognito account first, then the items and the counter together,
 * then the user's sockets closed.
 */
import { ApiGatewayManagementApiClient, DeleteConnectionCommand } from '@aws-sdk/client-apigatewaymanagementapi';
import { AdminDeleteUserCommand, CognitoIdentityProviderClient, UserNotFoundException } from '@aws-sdk/client-cognito-identity-provider';
import { TransactionCanceledException } from '@aws-sdk/client-dynamodb';
import { BatchWriteCommand, DynamoDBDocumentClient, GetCommand, QueryCommand, TransactWriteCommand } from '@aws-sdk/lib-dynamodb';
import { mockClient } from 'aws-sdk-client-mock';
import type { Session } from '../../functions/core/use-cases/load-session';
import { deleteUser } from '../../functions/core/use-cases/delete-user';
import { errorCodeOf } from '../support/errors';

process.env.TABLE_NAME = 'table-under-test';
process.env.COGNITO_USER_POOL_ID = 'us-east-1_TESTPOOL1';
process.env.WS_MANAGEMENT_ENDPOINT = 'http://ws-management.test';
process.env.LOG_LEVEL = 'silent';

const ddb = mockClient(DynamoDBDocumentClient);
const cognito = mockClient(CognitoIdentityProviderClient);
const ws = mockClient(ApiGatewayManagementApiClient);

const stored = { PK: 'C#C1', SK: 'USER#U2', id: 'U2', companyId: 'C1', cognitoSub: 'sub-2', email: 'maria@acme.test', super: false };
const session = { userId: 'U1', companyId: 'C1', user: { id: 'U1', profile: 'admin' }, isSuper: false } as unknown as Session;

beforeEach(() => {
  ddb.reset();
  cognito.reset();
  ws.reset();
  ddb.on(GetCommand).resolves({ Item: stored });
  ddb.on(BatchWriteCommand).resolves({});
  ws.on(DeleteConnectionCommand).resolves({});
  ddb.on(TransactWriteCommand).resolves({});
  ddb.on(QueryCommand).resolves({ Items: [] });
  cognito.on(AdminDeleteUserCommand).resolves({});
});

describe('deleteUser', () => {
  it('deletes the Cognito account, then user, identity and email item with the counter in one transaction', async () => {
    await deleteUser(session, 'U2');

    expect(cognito.commandCalls(AdminDeleteUserCommand)[0]!.args[0].input).toEqual({
      UserPoolId: 'us-east-1_TESTPOOL1',
      Username: 'maria@acme.test',
    });
    const items = ddb.commandCalls(TransactWriteCommand)[0]!.args[0].input.TransactItems!;
    expect(items.map((item) => item.Delete?.Key ?? item.Update?.Key)).toEqual([
      { PK: 'C#C1', SK: 'USER#U2' },
      { PK: 'IDENTITY#sub-2', SK: 'IDENTITY' },
      { PK: 'UNIQUE#EMAIL#maria@acme.test', SK: 'UNIQUE' },
      { PK: 'C#C1', SK: 'COMPANY' },
    ]);
    expect(items[2]!.Delete?.ExpressionAttributeValues).toEqual({ ':sub': 'sub-2' });
    expect(items[3]!.Update).toMatchObject({ UpdateExpression: 'ADD usersCount :minusOne', ExpressionAttributeValues: { ':minusOne': -1 } });
    expect(ddb.commandCalls(QueryCommand).at(-1)!.args[0].input.ExpressionAttributeValues).toMatchObject({ ':pk': 'C#C1#ROOM#company' });
  });

  it('closes the deleted user\'s sockets once the user is gone, found by the user\'s room', async () => {
    ddb.on(QueryCommand, { ExpressionAttributeValues: { ':pk': 'C#C1#ROOM#user:U2' } }).resolves({
      Items: [{ connectionId: 'K7', companyId: 'C1', userId: 'U2' }],
    });

    await deleteUser(session, 'U2');

    expect(ws.commandCalls(DeleteConnectionCommand).map((call) => call.args[0].input)).toEqual([{ ConnectionId: 'K7' }]);
    expect(ddb.commandCalls(TransactWriteCommand)[0]!.calledBefore(ws.commandCalls(DeleteConnectionCommand)[0]!)).toBe(true);
  });

  it('finishes the job when the Cognito account is already gone (a second call after a failure)', async () => {
    cognito.on(AdminDeleteUserCommand).rejects(new UserNotFoundException({ message: 'gone', $metadata: {} }));

    await deleteUser(session, 'U2');

    expect(ddb.commandCalls(TransactWriteCommand)).toHaveLength(1);
  });

  it('refuses deleting oneself without touching anything', async () => {
    expect(await errorCodeOf(deleteUser(session, 'U1'))).toBe('ERR_NO_PERMISSION');
    expect(cognito.calls()).toHaveLength(0);
    expect(ddb.calls()).toHaveLength(0);
  });

  it('refuses a company admin deleting a platform super user', async () => {
    ddb.on(GetCommand).resolves({ Item: { ...stored, super: true } });

    expect(await errorCodeOf(deleteUser(session, 'U2'))).toBe('ERR_NO_PERMISSION');
    expect(cognito.calls()).toHaveLength(0);
  });

  it('answers ERR_NO_USER_FOUND for a missing user, and when a concurrent call deleted it first', async () => {
    ddb.on(GetCommand).resolves({});
    expect(await errorCodeOf(deleteUser(session, 'U2'))).toBe('ERR_NO_USER_FOUND');

    ddb.on(GetCommand).resolves({ Item: stored });
    ddb.on(TransactWriteCommand).rejects(
      new TransactionCanceledException({
        message: 'cancelled',
        $metadata: {},
        CancellationReasons: [{ Code: 'ConditionalCheckFailed' }, { Code: 'None' }, { Code: 'None' }, { Code: 'None' }],
      }),
    );
    expect(await errorCodeOf(deleteUser(session, 'U2'))).toBe('ERR_NO_USER_FOUND');
  });
});
