/**
 * Sign-out everywhere: Cognito's global sign-out, then the user's sign-out mark that refuses its tokens,
 * then the user's sockets closed and forgotten.
 */
import { ApiGatewayManagementApiClient, DeleteConnectionCommand, GoneException } from '@aws-sdk/client-apigatewaymanagementapi';
import { AdminUserGlobalSignOutCommand, CognitoIdentityProviderClient } from '@aws-sdk/client-cognito-identity-provider';
import { BatchWriteCommand, DeleteCommand, DynamoDBDocumentClient, GetCommand, QueryCommand, UpdateCommand } from '@aws-sdk/lib-dynamodb';
import { mockClient } from 'aws-sdk-client-mock';
import type { Caller } from '../../../functions/core/caller/load-caller';
import { logout } from '../../../functions/core/auth/logout';

process.env.TABLE_NAME = 'table-under-test';
process.env.COGNITO_USER_POOL_ID = 'us-east-1_TESTPOOL1';
process.env.WS_MANAGEMENT_ENDPOINT = 'http://ws-management.test';
process.env.LOG_LEVEL = 'silent';

const ddb = mockClient(DynamoDBDocumentClient);
const cognito = mockClient(CognitoIdentityProviderClient);
const ws = mockClient(ApiGatewayManagementApiClient);

/** Every call to the three clients, in order, by command name (and the key or connection it names). */
const order: string[] = [];

const sessionWith = (authTime: number) =>
  ({
    userId: 'U2',
    companyId: 'C1',
    user: {
      id: 'U2',
      companyId: 'C1',
      email: 'maria@acme.test',
      queueIds: [],
      online: true,
      activeSignIn: { originJti: 'o', authTime },
    },
  }) as unknown as Caller;

const userRoom = { ExpressionAttributeValues: { ':pk': 'C#C1#ROOM#user:U2' } };

beforeEach(() => {
  order.length = 0;
  ddb.reset();
  cognito.reset();
  ws.reset();
  ddb.on(UpdateCommand).callsFake(() => {
    order.push('UpdateUser');
    return {};
  });
  ddb.on(QueryCommand).resolves({ Items: [] });
  ddb.on(QueryCommand, userRoom).callsFake(() => {
    order.push('QueryUserRoom');
    return { Items: [{ socketId: 'K1', companyId: 'C1', userId: 'U2' }, { socketId: 'K2', companyId: 'C1', userId: 'U2' }] };
  });
  ddb.on(GetCommand).resolves({});
  ddb.on(BatchWriteCommand).resolves({});
  ddb.on(DeleteCommand).resolves({});
  cognito.on(AdminUserGlobalSignOutCommand).callsFake(() => {
    order.push('GlobalSignOut');
    return {};
  });
  ws.on(DeleteConnectionCommand).callsFake((input: { ConnectionId: string }) => {
    order.push(`DeleteConnection ${input.ConnectionId}`);
    return {};
  });
});

describe('logout', () => {
  it('signs the account out in Cognito, marks the user offline with the time, and tells the company', async () => {
    const now = new Date('2026-03-10T10:15:00Z');

    await logout(sessionWith(now.getTime() / 1000 - 60), now);

    expect(cognito.commandCalls(AdminUserGlobalSignOutCommand)[0]!.args[0].input).toEqual({
      UserPoolId: 'us-east-1_TESTPOOL1',
      Username: 'maria@acme.test',
    });
    expect(ddb.commandCalls(UpdateCommand)[0]!.args[0].input).toMatchObject({
      Key: { PK: 'C#C1', SK: 'USER#U2' },
      UpdateExpression: 'SET #online = :false, signedOutAt = :at',
      ExpressionAttributeValues: { ':false': false, ':at': now.getTime() / 1000 },
    });
    expect(ddb.commandCalls(QueryCommand).at(-1)!.args[0].input.ExpressionAttributeValues).toMatchObject({ ':pk': 'C#C1#ROOM#company' });
  });

  it('closes every socket of the user after the sign-out mark, and forgets each one\'s connection and memberships', async () => {
    await logout(sessionWith(1_773_137_640), new Date('2026-03-10T10:15:00Z'));

    expect(order).toEqual(['GlobalSignOut', 'UpdateUser', 'QueryUserRoom', 'DeleteConnection K1', 'DeleteConnection K2']);
    expect(ddb.commandCalls(QueryCommand, userRoom)[0]!.args[0].input.ConsistentRead).toBe(true);
    const forgotten = ddb.commandCalls(BatchWriteCommand).flatMap((call) => Object.values(call.args[0].input.RequestItems ?? {}).flat());
    expect(forgotten.map((request) => request.DeleteRequest?.Key)).toEqual(
      expect.arrayContaining([
        { PK: 'PLATFORM#ROOM#global', SK: 'C#C1#CONN#K1' },
        { PK: 'PLATFORM#ROOM#global', SK: 'C#C1#CONN#K2' },
      ]),
    );
  });

  it('forgets a socket API Gateway no longer knows (410) all the same', async () => {
    ws.on(DeleteConnectionCommand).rejects(new GoneException({ message: 'gone', $metadata: {} }));

    await logout(sessionWith(1_773_137_640), new Date('2026-03-10T10:15:00Z'));

    expect(ws.commandCalls(DeleteConnectionCommand)).toHaveLength(2);
    expect(ddb.commandCalls(BatchWriteCommand)).toHaveLength(2);
  });

  it('never marks the sign-out before the caller\'s own sign-in, even with a clock behind Cognito\'s', async () => {
    const now = new Date('2026-03-10T10:15:00Z');

    await logout(sessionWith(now.getTime() / 1000 + 2), now);

    expect(ddb.commandCalls(UpdateCommand)[0]!.args[0].input.ExpressionAttributeValues).toMatchObject({ ':at': now.getTime() / 1000 + 2 });
  });
});
