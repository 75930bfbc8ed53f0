/**
 * Room memberships and presence, at the level of the commands sent: a join or leave is one transaction
 * that holds only while the connection exists; forgetting a connection deletes its connection item last
 * and only if its rooms did not change meanwhile; the join actions decide rooms from the stored user;
 * the last disconnect marks the user offline only if nobody marked them online since.
 */
import { TransactionCanceledException } from '@aws-sdk/client-dynamodb';
import {
  BatchWriteCommand,
  DeleteCommand,
  DynamoDBDocumentClient,
  GetCommand,
  QueryCommand,
  TransactWriteCommand,
  UpdateCommand,
} from '@aws-sdk/lib-dynamodb';
import { ConditionalCheckFailedException } from '@aws-sdk/client-dynamodb';
import { mockClient } from 'aws-sdk-client-mock';
import { deleteSocket, joinRooms, leaveRooms } from '../../../functions/core/repositories/sockets';
import { subscribeSocket } from '../../../functions/core/realtime/join-room';
import { unsubscribeSocket } from '../../../functions/core/realtime/leave-room';
import { userDisconnected } from '../../../functions/core/realtime/user-status';

process.env.TABLE_NAME = 'table-under-test';
process.env.LOG_LEVEL = 'silent';

const ddb = mockClient(DynamoDBDocumentClient);

const connectionKey = { PK: 'C#C1#WSCONN#K1', SK: 'CONNECTION' };
const userKey = { PK: 'C#C1', SK: 'USER#U1' };
const connection = { companyId: 'C1', userId: 'U1', socketId: 'K1' };

function storedConnection(rooms: string[], roomsVersion = 3) {
  return {
    ...connectionKey,
    entity: 'socket',
    socketId: 'K1',
    companyId: 'C1',
    userId: 'U1',
    connectedAt: '2026-03-10T10:00:00.000Z',
    rooms: new Set(rooms),
    roomsVersion,
    lastSeenAt: '2026-03-10T10:00:00.000Z',
    expiresAt: 1_900_000_000,
  };
}

const cancelled = (codes: string[]) =>
  new TransactionCanceledException({
    message: 'Transaction cancelled',
    $metadata: {},
    CancellationReasons: codes.map((Code) => ({ Code })),
  });

const user = (profile: string, queueIds: string[], allTicket = 'desabled') => ({ ...userKey, id: 'U1', companyId: 'C1', profile, queueIds, allTicket });

beforeEach(() => {
  ddb.reset();
  ddb.on(TransactWriteCommand).resolves({});
  ddb.on(BatchWriteCommand).resolves({});
  // The joins check that the user's company is still active (socket-access.ts).
  ddb.on(GetCommand, { Key: { PK: 'C#C1', SK: 'COMPANY' } }).resolves({ Item: { PK: 'C#C1', SK: 'COMPANY', id: 'C1', status: true, dueDate: null } });
});

describe('joinRooms', () => {
  it('writes the memberships with the connection\'s TTL and adds them to its room set in one conditional transaction', async () => {
    ddb.on(GetCommand, { Key: connectionKey }).resolves({ Item: storedConnection(['company']) });

    const joined = await joinRooms('C1', 'K1', ['tickets:open:queue:Q1', 'notification:queue:Q1']);

    expect(joined).toBe(true);
    const [call] = ddb.commandCalls(TransactWriteCommand);
    expect(call!.args[0].input.TransactItems).toEqual([
      {
        Update: {
          TableName: 'table-under-test',
          Key: connectionKey,
          UpdateExpression: 'ADD rooms :rooms, roomsVersion :one',
          ConditionExpression: 'attribute_exists(PK)',
          ExpressionAttributeValues: { ':rooms': new Set(['tickets:open:queue:Q1', 'notification:queue:Q1']), ':one': 1 },
        },
      },
      {
        Put: {
          TableName: 'table-under-test',
          Item: {
            PK: 'C#C1#ROOM#tickets:open:queue:Q1',
            SK: 'CONN#K1',
            entity: 'wsRoomMember',
            socketId: 'K1',
            companyId: 'C1',
            userId: 'U1',
            expiresAt: 1_900_000_000,
          },
        },
      },
      {
        Put: {
          TableName: 'table-under-test',
          Item: expect.objectContaining({ PK: 'C#C1#ROOM#notification:queue:Q1', SK: 'CONN#K1', expiresAt: 1_900_000_000 }),
        },
      },
    ]);
  });

  it('answers false and writes nothing when the connection is gone', async () => {
    ddb.on(GetCommand).resolves({});

    expect(await joinRooms('C1', 'K1', ['tickets:open:all'])).toBe(false);
    expect(ddb.commandCalls(TransactWriteCommand)).toHaveLength(0);
  });

  it('answers false when the connection goes between the read and the transaction', async () => {
    ddb.on(GetCommand).resolves({ Item: storedConnection(['company']) });
    ddb.on(TransactWriteCommand).rejects(cancelled(['ConditionalCheckFailed', 'None']));

    expect(await joinRooms('C1', 'K1', ['tickets:open:all'])).toBe(false);
    expect(ddb.commandCalls(TransactWriteCommand)).toHaveLength(1);
  });

  it('tries again when the transaction conflicts with another action of the same connection', async () => {
    ddb.on(GetCommand).resolves({ Item: storedConnection(['company']) });
    ddb.on(TransactWriteCommand).rejectsOnce(cancelled(['TransactionConflict', 'None'])).resolves({});

    expect(await joinRooms('C1', 'K1', ['tickets:open:all'])).toBe(true);
    expect(ddb.commandCalls(TransactWriteCommand)).toHaveLength(2);
  });
});

describe('leaveRooms', () => {
  it('deletes the memberships and removes them from the room set in one conditional transaction', async () => {
    await leaveRooms('C1', 'K1', ['ticket:T1']);

    expect(ddb.commandCalls(TransactWriteCommand)[0]!.args[0].input.TransactItems).toEqual([
      {
        Update: expect.objectContaining({
          Key: connectionKey,
          UpdateExpression: 'DELETE rooms :rooms ADD roomsVersion :one',
          ConditionExpression: 'attribute_exists(PK)',
        }),
      },
      { Delete: { TableName: 'table-under-test', Key: { PK: 'C#C1#ROOM#ticket:T1', SK: 'CONN#K1' } } },
    ]);
  });
});

describe('deleteSocket', () => {
  it('deletes every membership, then the connection item only if its rooms are still the ones read', async () => {
    ddb.on(GetCommand).resolves({ Item: storedConnection(['company', 'ticket:T1'], 7) });
    ddb.on(DeleteCommand).resolves({});

    await deleteSocket('C1', 'K1');

    expect(ddb.commandCalls(BatchWriteCommand)[0]!.args[0].input.RequestItems!['table-under-test']).toEqual([
      { DeleteRequest: { Key: { PK: 'C#C1#ROOM#company', SK: 'CONN#K1' } } },
      { DeleteRequest: { Key: { PK: 'C#C1#ROOM#ticket:T1', SK: 'CONN#K1' } } },
      { DeleteRequest: { Key: { PK: 'PLATFORM#ROOM#global', SK: 'C#C1#CONN#K1' } } },
    ]);
    expect(ddb.commandCalls(DeleteCommand)[0]!.args[0].input).toMatchObject({
      Key: connectionKey,
      ConditionExpression: 'roomsVersion = :version',
      ExpressionAttributeValues: { ':version': 7 },
    });
  });

  it('starts over when a room was joined meanwhile, so the new membership goes too', async () => {
    ddb
      .on(GetCommand)
      .resolvesOnce({ Item: storedConnection(['company'], 1) })
      .resolves({ Item: storedConnection(['company', 'tickets:open:all'], 2) });
    ddb
      .on(DeleteCommand)
      .rejectsOnce(new ConditionalCheckFailedException({ message: 'changed', $metadata: {} }))
      .resolves({});

    await deleteSocket('C1', 'K1');

    const deleted = ddb.commandCalls(BatchWriteCommand).flatMap((call) => call.args[0].input.RequestItems!['table-under-test']!);
    expect(deleted).toContainEqual({ DeleteRequest: { Key: { PK: 'C#C1#ROOM#tickets:open:all', SK: 'CONN#K1' } } });
    expect(ddb.commandCalls(DeleteCommand).map((call) => call.args[0].input.ExpressionAttributeValues)).toEqual([
      { ':version': 1 },
      { ':version': 2 },
    ]);
  });
});

describe('join and leave actions', () => {
  it('joins the list rooms of the agent\'s queues as stored, whatever the frame carries', async () => {
    ddb.on(GetCommand, { Key: userKey }).resolves({ Item: user('user', ['Q1', 'Q2']) });
    ddb.on(GetCommand, { Key: connectionKey }).resolves({ Item: storedConnection(['company', 'user:U1']) });

    const outcome = await subscribeSocket(connection, { action: 'joinTickets', status: 'pending' });

    expect(outcome).toEqual({ status: 'joined' });
    const update = ddb.commandCalls(TransactWriteCommand)[0]!.args[0].input.TransactItems![0]!.Update!;
    expect(update.ExpressionAttributeValues![':rooms']).toEqual(new Set(['tickets:pending:queue:Q1', 'tickets:pending:queue:Q2']));
  });

  it('refuses the chat box of a ticket outside the agent\'s queues with ERR_NO_PERMISSION and writes nothing', async () => {
    ddb.on(GetCommand, { Key: userKey }).resolves({ Item: user('user', ['Q1']) });
    ddb.on(GetCommand, { Key: { PK: 'C#C1#TK#T9', SK: 'TICKET' } }).resolves({ Item: { id: 'T9', companyId: 'C1', queueId: 'Q2', status: 'open' } });

    const outcome = await subscribeSocket(connection, { action: 'joinChatBox', ticketId: 'T9' });

    expect(outcome).toEqual({ status: 'refused', error: 'ERR_NO_PERMISSION' });
    expect(ddb.commandCalls(TransactWriteCommand)).toHaveLength(0);
  });

  it('refuses the chat box of a ticket the company does not have with ERR_NO_TICKET_FOUND, even to an admin', async () => {
    ddb.on(GetCommand, { Key: userKey }).resolves({ Item: user('admin', []) });
    ddb.on(GetCommand, { Key: { PK: 'C#C1#TK#T9', SK: 'TICKET' } }).resolves({});

    expect(await subscribeSocket(connection, { action: 'joinChatBox', ticketId: 'T9' })).toEqual({ status: 'refused', error: 'ERR_NO_TICKET_FOUND' });
    expect(ddb.commandCalls(TransactWriteCommand)).toHaveLength(0);
  });

  it('leaves every room of the list, including those of queues the user no longer has', async () => {
    ddb.on(GetCommand, { Key: connectionKey }).resolves({
      Item: storedConnection(['company', 'user:U1', 'tickets:open:queue:OLD', 'tickets:open:queue:Q1', 'tickets:pending:queue:Q1']),
    });

    await unsubscribeSocket(connection, { action: 'leaveTickets', status: 'open' });

    const update = ddb.commandCalls(TransactWriteCommand)[0]!.args[0].input.TransactItems![0]!.Update!;
    expect(update.ExpressionAttributeValues![':rooms']).toEqual(new Set(['tickets:open:queue:OLD', 'tickets:open:queue:Q1']));
  });
});

describe('userDisconnected', () => {
  it('marks the user offline, conditionally on the presence version read, when no connection is left', async () => {
    ddb.on(GetCommand, { Key: userKey }).resolves({ Item: { online: true, presenceVersion: 4 } });
    ddb.on(QueryCommand).resolves({ Items: [] });
    ddb.on(UpdateCommand).resolves({});

    expect(await userDisconnected(connection, new Date('2026-03-10T10:00:00Z'))).toBe(true);

    expect(ddb.commandCalls(GetCommand)[0]!.args[0].input.ConsistentRead).toBe(true);
    expect(ddb.commandCalls(QueryCommand)[0]!.args[0].input).toMatchObject({
      ConsistentRead: true,
      ExpressionAttributeValues: { ':pk': 'C#C1#ROOM#user:U1', ':now': Date.parse('2026-03-10T10:00:00Z') / 1000 },
    });
    expect(ddb.commandCalls(UpdateCommand)[0]!.args[0].input).toMatchObject({
      Key: userKey,
      UpdateExpression: 'SET #online = :false',
      ConditionExpression: 'presenceVersion = :version',
      ExpressionAttributeValues: { ':false': false, ':version': 4 },
    });
  });

  it('leaves the user online while another connection is in their room', async () => {
    ddb.on(GetCommand, { Key: userKey }).resolves({ Item: { online: true, presenceVersion: 4 } });
    ddb.on(QueryCommand).resolves({ Items: [{ socketId: 'K2' }] });

    expect(await userDisconnected(connection)).toBe(false);
    expect(ddb.commandCalls(UpdateCommand)).toHaveLength(0);
  });

  it('answers false when a connection marked the user online after the version was read', async () => {
    ddb.on(GetCommand, { Key: userKey }).resolves({ Item: { online: true, presenceVersion: 4 } });
    ddb.on(QueryCommand).resolves({ Items: [] });
    ddb.on(UpdateCommand).rejects(new ConditionalCheckFailedException({ message: 'moved', $metadata: {} }));

    expect(await userDisconnected(connection)).toBe(false);
  });
});
