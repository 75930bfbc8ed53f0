/**
 * The `$default` handler's answers to joins (shared/realtime-events.ts, `JoinAnswers`), at the level of
 * the commands sent: a join is answered `joined` to the joining connection only and only after its rooms
 * are written; a refused join is answered `joinRefused` with the error code and writes nothing; leaves,
 * malformed frames and joins of a connection already gone are not answered; a connection that is gone
 * when answered is forgotten.
 */
import { ApiGatewayManagementApiClient, GoneException, PostToConnectionCommand } from '@aws-sdk/client-apigatewaymanagementapi';
import { BatchWriteCommand, DeleteCommand, DynamoDBDocumentClient, GetCommand, TransactWriteCommand } from '@aws-sdk/lib-dynamodb';
import { mockClient } from 'aws-sdk-client-mock';
import { handler } from '../../functions/realtime/default';

process.env.TABLE_NAME = 'table-under-test';
process.env.WS_MANAGEMENT_ENDPOINT = 'http://ws-management.test';
process.env.LOG_LEVEL = 'silent';

const ddb = mockClient(DynamoDBDocumentClient);
const ws = mockClient(ApiGatewayManagementApiClient);

const connectionKey = { PK: 'C#C1#WSCONN#K1', SK: 'CONNECTION' };
const userKey = { PK: 'C#C1', SK: 'USER#U1' };
const ticketKey = (ticketId: string) => ({ PK: `C#C1#TK#${ticketId}`, SK: 'TICKET' });

const storedConnection = (rooms: string[]) => ({
  ...connectionKey,
  entity: 'wsConnection',
  connectionId: 'K1',
  companyId: 'C1',
  userId: 'U1',
  connectedAt: '2026-03-10T10:00:00.000Z',
  rooms: new Set(rooms),
  roomsVersion: 1,
  lastSeenAt: '2026-03-10T10:00:00.000Z',
  expiresAt: 1_900_000_000,
});

const storedUser = (profile: string, queueIds: string[]) => ({ ...userKey, id: 'U1', companyId: 'C1', profile, queueIds, allTicket: 'desabled' });

/** The commands that change something, in the order sent: writes of the table and posts to connections. */
let sent: string[] = [];

function send(body: unknown) {
  return handler({
    body: typeof body === 'string' ? body : JSON.stringify(body),
    requestContext: { connectionId: 'K1', authorizer: { companyId: 'C1', userId: 'U1' } },
  });
}

/** The frames posted, as `<connection> <frame JSON>`. */
const posted = () =>
  ws.commandCalls(PostToConnectionCommand).map((call) => `${call.args[0].input.ConnectionId} ${String(call.args[0].input.Data)}`);

beforeEach(() => {
  sent = [];
  ddb.reset();
  ws.reset();
  ddb.on(GetCommand, { Key: connectionKey }).resolves({ Item: storedConnection(['company', 'user:U1']) });
  ddb.on(GetCommand, { Key: userKey }).resolves({ Item: storedUser('user', ['Q1']) });
  ddb.on(TransactWriteCommand).callsFake(() => {
    sent.push('TransactWrite');
    return {};
  });
  ws.on(PostToConnectionCommand).callsFake(() => {
    sent.push('PostToConnection');
    return {};
  });
});

describe('answers to joins', () => {
  it('answers a list join with `joined` and the room name, to the joining connection, once its rooms are written', async () => {
    const result = await send({ action: 'joinTickets', status: 'pending' });

    expect(result).toEqual({ statusCode: 200 });
    expect(posted()).toEqual(['K1 {"event":"joined","data":{"room":"tickets:pending"}}']);
    expect(sent).toEqual(['TransactWrite', 'PostToConnection']);
  });

  it('names the notification and chat-box rooms the way the client names them', async () => {
    ddb.on(GetCommand, { Key: ticketKey('T1') }).resolves({ Item: { id: 'T1', companyId: 'C1', queueId: 'Q1', status: 'open' } });

    await send({ action: 'joinNotification' });
    await send({ action: 'joinChatBox', ticketId: 'T1' });

    expect(posted()).toEqual([
      'K1 {"event":"joined","data":{"room":"notification"}}',
      'K1 {"event":"joined","data":{"room":"chatBox:T1"}}',
    ]);
  });

  it("refuses the chat box of a ticket outside the agent's queues with ERR_NO_PERMISSION, joining nothing", async () => {
    ddb.on(GetCommand, { Key: ticketKey('T9') }).resolves({ Item: { id: 'T9', companyId: 'C1', queueId: 'Q2', status: 'open' } });

    const result = await send({ action: 'joinChatBox', ticketId: 'T9' });

    expect(result).toEqual({ statusCode: 403 });
    expect(posted()).toEqual(['K1 {"event":"joinRefused","data":{"room":"chatBox:T9","error":"ERR_NO_PERMISSION"}}']);
    expect(sent).toEqual(['PostToConnection']);
  });

  it('refuses the chat box of a ticket the company does not have with ERR_NO_TICKET_FOUND', async () => {
    ddb.on(GetCommand, { Key: ticketKey('T9') }).resolves({});

    await send({ action: 'joinChatBox', ticketId: 'T9' });

    expect(posted()).toEqual(['K1 {"event":"joinRefused","data":{"room":"chatBox:T9","error":"ERR_NO_TICKET_FOUND"}}']);
  });

  it('refuses every join of a user no longer stored with ERR_NO_PERMISSION', async () => {
    ddb.on(GetCommand, { Key: userKey }).resolves({});

    await send({ action: 'joinNotification' });

    expect(posted()).toEqual(['K1 {"event":"joinRefused","data":{"room":"notification","error":"ERR_NO_PERMISSION"}}']);
    expect(ddb.commandCalls(TransactWriteCommand)).toHaveLength(0);
  });

  it('does not answer the join of a connection that is already gone', async () => {
    ddb.on(GetCommand, { Key: connectionKey }).resolves({});

    await send({ action: 'joinTickets', status: 'open' });

    expect(posted()).toEqual([]);
  });

  it('does not answer leaves or malformed frames', async () => {
    await send({ action: 'leaveTickets', status: 'open' });
    await send({ action: 'joinTickets', status: 'archived' });
    await send('not json');

    expect(posted()).toEqual([]);
  });

  it('forgets the connection when it is gone by the time the answer is posted', async () => {
    ws.on(PostToConnectionCommand).rejects(new GoneException({ message: 'gone', $metadata: {} }));
    ddb.on(BatchWriteCommand).resolves({});
    ddb.on(DeleteCommand).resolves({});

    const result = await send({ action: 'joinTickets', status: 'open' });

    expect(result).toEqual({ statusCode: 200 });
    expect(ddb.commandCalls(DeleteCommand).map((call) => call.args[0].input.Key)).toEqual([connectionKey]);
  });

  it('keeps the join when the answer cannot be posted for another reason', async () => {
    ws.on(PostToConnectionCommand).rejects(new Error('throttled'));

    const result = await send({ action: 'joinTickets', status: 'open' });

    expect(result).toEqual({ statusCode: 200 });
    expect(ddb.commandCalls(TransactWriteCommand)).toHaveLength(1);
    expect(ddb.commandCalls(DeleteCommand)).toHaveLength(0);
  });
});
