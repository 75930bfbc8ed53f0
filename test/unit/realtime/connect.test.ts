/**
 * Opening a socket re-checks its user (socket-access.ts): the `$connect` authorizer refuses a redeemed
 * ticket whose user has lost access since it was minted, and `$connect` asks again once the socket's
 * memberships are written, so an access change that looked for the user's sockets just before misses
 * nothing: such a socket is forgotten and refused.
 */
import { BatchWriteCommand, DeleteCommand, DynamoDBDocumentClient, GetCommand, TransactWriteCommand } from '@aws-sdk/lib-dynamodb';
import type { APIGatewayRequestAuthorizerEvent } from 'aws-lambda';
import { mockClient } from 'aws-sdk-client-mock';
import { handler as authorize } from '../../../functions/realtime/authorize';
import { handler as connect } from '../../../functions/realtime/connect';
import { lambdaContext } from '../../../infra/local/lambda';

process.env.TABLE_NAME = 'table-under-test';
process.env.LOG_LEVEL = 'silent';

const ddb = mockClient(DynamoDBDocumentClient);

const userKey = { PK: 'C#C1', SK: 'USER#U1' };
const companyKey = { PK: 'C#C1', SK: 'COMPANY' };
const connectionKey = { PK: 'C#C1#WSCONN#K1', SK: 'CONNECTION' };
const user = { ...userKey, id: 'U1', companyId: 'C1', profile: 'user', super: false, queueIds: ['Q1'], allTicket: 'desabled' };
const company = { ...companyKey, id: 'C1', status: true, dueDate: null };
const signInAt = 1_773_137_640;

const connectEvent = (authorizer: Record<string, string>) => ({ requestContext: { connectionId: 'K1', authorizer } });
/** Each handler runs under middy (core/observability.ts), which reads the invocation's context. */
const context = lambdaContext({ functionName: 'realtime' });

const authorizerEvent = {
  type: 'REQUEST',
  methodArn: 'arn:aws:execute-api:us-east-1:123456789012:api/ws/$connect',
  queryStringParameters: { ticket: `C1.${'A'.repeat(43)}` },
  requestContext: { requestId: 'r1' },
} as unknown as APIGatewayRequestAuthorizerEvent;

beforeEach(() => {
  ddb.reset();
  ddb.on(GetCommand).resolves({});
  ddb.on(GetCommand, { Key: userKey }).resolves({ Item: user });
  ddb.on(GetCommand, { Key: companyKey }).resolves({ Item: company });
  ddb.on(BatchWriteCommand).resolves({});
  ddb.on(TransactWriteCommand).resolves({});
  ddb.on(DeleteCommand).resolves({ Attributes: { companyId: 'C1', userId: 'U1', signInAt } });
});

describe('$connect', () => {
  it('stores the socket in its company and user rooms, then marks the user online', async () => {
    const result = await connect(connectEvent({ companyId: 'C1', userId: 'U1', signInAt: String(signInAt) }), context);

    expect(result).toEqual({ statusCode: 200 });
    const puts = ddb.commandCalls(BatchWriteCommand)[0]!.args[0].input.RequestItems!['table-under-test']!;
    expect(puts.map((request) => request.PutRequest?.Item?.PK)).toEqual([
      'C#C1#WSCONN#K1',
      'C#C1#ROOM#company',
      'C#C1#ROOM#user:U1',
      'PLATFORM#ROOM#global',
    ]);
    expect(ddb.commandCalls(TransactWriteCommand)).toHaveLength(1);
  });

  it('forgets and refuses a socket whose user was deleted once its rooms were written, marking nobody online', async () => {
    ddb.on(GetCommand, { Key: userKey }).resolves({});
    ddb.on(GetCommand, { Key: connectionKey }).resolves({
      Item: { ...connectionKey, connectionId: 'K1', companyId: 'C1', userId: 'U1', rooms: new Set(['company', 'user:U1']), roomsVersion: 0 },
    });

    const result = await connect(connectEvent({ companyId: 'C1', userId: 'U1' }), context);

    expect(result).toEqual({ statusCode: 403 });
    const [puts, deletes] = ddb.commandCalls(BatchWriteCommand).map((call) => call.args[0].input.RequestItems!['table-under-test']!);
    expect(puts!.every((request) => request.PutRequest)).toBe(true);
    expect(deletes!.map((request) => request.DeleteRequest?.Key?.PK)).toEqual(['C#C1#ROOM#company', 'C#C1#ROOM#user:U1', 'PLATFORM#ROOM#global']);
    expect(ddb.commandCalls(DeleteCommand).map((call) => call.args[0].input.Key)).toEqual([connectionKey]);
    expect(ddb.commandCalls(TransactWriteCommand)).toHaveLength(0);
    const reads = ddb.commandCalls(GetCommand).map((call) => call.args[0].input);
    expect(reads.filter((read) => read.Key?.SK === 'USER#U1' || read.Key?.SK === 'COMPANY').every((read) => read.ConsistentRead)).toBe(true);
  });

  it('refuses a socket of a sign-in that ended (a logout) once its rooms were written', async () => {
    ddb.on(GetCommand, { Key: userKey }).resolves({ Item: { ...user, signedOutAt: signInAt } });

    const result = await connect(connectEvent({ companyId: 'C1', userId: 'U1', signInAt: String(signInAt) }), context);

    expect(result).toEqual({ statusCode: 403 });
    expect(ddb.commandCalls(TransactWriteCommand)).toHaveLength(0);
  });
});

describe('the $connect authorizer', () => {
  it('redeems the ticket and hands its owner and sign-in on to the later routes', async () => {
    const result = await authorize(authorizerEvent, context);

    expect(result.context).toEqual({ companyId: 'C1', userId: 'U1', signInAt });
    expect(ddb.commandCalls(DeleteCommand)[0]!.args[0].input).toMatchObject({ Key: { SK: 'WSTICKET' } });
  });

  it.each([
    ['whose user was deleted', () => ddb.on(GetCommand, { Key: userKey }).resolves({})],
    ['whose user signed out after minting it', () => ddb.on(GetCommand, { Key: userKey }).resolves({ Item: { ...user, signedOutAt: signInAt + 1 } })],
    ['of a company deactivated since', () => ddb.on(GetCommand, { Key: companyKey }).resolves({ Item: { ...company, status: false } })],
  ])('refuses a valid ticket %s with Unauthorized', async (_case, arrange) => {
    arrange();

    await expect(authorize(authorizerEvent, context)).rejects.toThrow('Unauthorized');
  });

  it('lets a super user of an inactive company in, as the HTTP API does', async () => {
    ddb.on(GetCommand, { Key: userKey }).resolves({ Item: { ...user, super: true } });
    ddb.on(GetCommand, { Key: companyKey }).resolves({ Item: { ...company, status: false } });

    await expect(authorize(authorizerEvent, context)).resolves.toMatchObject({ principalId: 'U1' });
  });
});
