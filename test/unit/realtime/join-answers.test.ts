/**
 * The `$default` handler's answers to joins (shared/realtime-events.ts, `JoinAnswers`), at the level of
 * the commands sent: a join is answered `joined` to the joining connection only and only after its rooms
 * are written; a refused join is answered `joinRefused` with the error code and writes nothing; leaves,
 * malformed frames and joins of a connection already gone are not answered; a connection that is gone
 * when answered is forgotten; a join of a user whose access has ended closes the socket instead.
 */
import {
  ApiGatewayManagementApiClient,
  DeleteConnectionCommand,
  GoneException,
  PostToConnectionCommand,
} from '@aws-sdk/client-apigatewaymanagementapi';
import { BatchWriteCommand, DeleteCommand, DynamoDBDocumentClient, GetCommand, TransactWriteCommand } from '@aws-sdk/lib-dynamodb';
import { mockClient } from 'aws-sdk-client-mock';
import { handler } from '../../../functions/realtime/default';
import { lambdaContext } from '../../../infra/local/lambda';
import { postedText } from '../../support/frame-text';

process.env.TABLE_NAME = 'table-under-test';
process.env.WS_MANAGEMENT_ENDPOINT = 'http://ws-management.test';
process.env.LOG_LEVEL = 'silent';

const ddb = mockClient(DynamoDBDocumentClient);
const ws = mockClient(ApiGatewayManagementApiClient);

const connectionKey = { PK: 'C#C1#WSCONN#K1', SK: 'CONNECTION' };
const userKey = { PK: 'C#C1', SK: 'USER#U1' };
const companyKey = { PK: 'C#C1', SK: 'COMPANY' };
const storedCompany = { ...companyKey, id: 'C1', status: true, dueDate: null };
const ticketKey = (ticketId: string) => ({ PK: `C#C1#TK#${ticketId}`, SK: 'TICKET' });

const storedConnection = (rooms: string[]) => ({
  ...connectionKey,
  entity: 'socket',
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

function send(body: unknown, authorizer: Record<string, string> = { companyId: 'C1', userId: 'U1' }) {
  return handler({
    body: typeof body === 'string' ? body : JSON.stringify(body),
    requestContext: { connectionId: 'K1', authorizer },
  }, lambdaContext({ functionName: 'default' }));
}

/** The frames posted, as `<connection> <frame JSON>`. */
const posted = () =>
  ws.commandCalls(PostToConnectionCommand).map((call) => `${call.args[0].input.ConnectionId} ${postedText(call.args[0].input.Data)}`);

beforeEach(() => {
  sent = [];
  ddb.reset();
  ws.reset();
  ddb.on(GetCommand, { Key: connectionKey }).resolves({ Item: storedConnection(['company', 'user:U1']) });
  ddb.on(GetCommand, { Key: userKey }).resolves({ Item: storedUser('user', ['Q1']) });
  ddb.on(GetCommand, { Key: companyKey }).resolves({ Item: storedCompany });
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

  describe('a join of a user whose access has ended closes the socket, joins nothing and answers nothing', () => {
    beforeEach(() => {
      ddb.on(BatchWriteCommand).resolves({});
      ddb.on(DeleteCommand).resolves({});
      ws.on(DeleteConnectionCommand).resolves({});
    });

    const expectClosed = (result: unknown) => {
      expect(result).toEqual({ statusCode: 403 });
      expect(ws.commandCalls(DeleteConnectionCommand).map((call) => call.args[0].input)).toEqual([{ ConnectionId: 'K1' }]);
      expect(ddb.commandCalls(DeleteCommand).map((call) => call.args[0].input.Key)).toEqual([connectionKey]);
      expect(ddb.commandCalls(TransactWriteCommand)).toHaveLength(0);
      expect(posted()).toEqual([]);
    };

    it('a user no longer stored', async () => {
      ddb.on(GetCommand, { Key: userKey }).resolves({});

      expectClosed(await send({ action: 'joinNotification' }));
    });

    it('a user of a company deactivated', async () => {
      ddb.on(GetCommand, { Key: companyKey }).resolves({ Item: { ...storedCompany, status: false } });

      expectClosed(await send({ action: 'joinTickets', status: 'open' }));
    });

    it('a socket of a sign-in that has ended (logout, password change)', async () => {
      ddb.on(GetCommand, { Key: userKey }).resolves({ Item: { ...storedUser('user', ['Q1']), signedOutAt: 1_773_137_700 } });

      expectClosed(await send({ action: 'joinTickets', status: 'open' }, { companyId: 'C1', userId: 'U1', signInAt: '1773137640' }));
    });

    it('reads the user and the company strongly consistent', async () => {
      await send({ action: 'joinNotification' });

      const reads = ddb.commandCalls(GetCommand).map((call) => call.args[0].input);
      expect(reads.filter((read) => read.Key?.SK === 'USER#U1' || read.Key?.SK === 'COMPANY').map((read) => read.ConsistentRead)).toEqual([true, true]);
    });
  });

  it('lets a socket of a later sign-in than the last sign-out join', async () => {
    ddb.on(GetCommand, { Key: userKey }).resolves({ Item: { ...storedUser('user', ['Q1']), signedOutAt: 1_773_137_600 } });

    const result = await send({ action: 'joinNotification' }, { companyId: 'C1', userId: 'U1', signInAt: '1773137640' });

    expect(result).toEqual({ statusCode: 200 });
    expect(ws.commandCalls(DeleteConnectionCommand)).toHaveLength(0);
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
