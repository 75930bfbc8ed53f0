/**
 * The realtime fan-out at the level of the commands sent: every room is read once per publish, a
 * connection in several rooms hears each event once, a new message and its ticket's update reach each
 * connection in that order, and a connection that is gone is forgotten and sent nothing more.
 */
import { ApiGatewayManagementApiClient, GoneException, PostToConnectionCommand } from '@aws-sdk/client-apigatewaymanagementapi';
import { BatchWriteCommand, DynamoDBDocumentClient, GetCommand, QueryCommand } from '@aws-sdk/lib-dynamodb';
import { mockClient } from 'aws-sdk-client-mock';
import { publishNewMessage, roomsOfTicket } from '../../../functions/core/realtime/ticket-rooms';
import type { MessageDto } from '../../../shared/messages';
import type { TicketDto } from '../../../shared/tickets';
import { postedText } from '../../support/frame-text';

process.env.TABLE_NAME = 'table-under-test';
process.env.WS_MANAGEMENT_ENDPOINT = 'http://ws-management.test';
process.env.LOG_LEVEL = 'silent';

const ddb = mockClient(DynamoDBDocumentClient);
const ws = mockClient(ApiGatewayManagementApiClient);

// Only the fields the fan-out reads (rooms from status, queue and id); the frames carry them as given.
const ticket = { id: 'T1', status: 'pending', queueId: 'Q1' } as unknown as TicketDto;
const message = { id: 'T1#M1', ticketId: 'T1', body: 'Olá', fromMe: false } as unknown as MessageDto;

const member = (socketId: string) => ({ socketId, companyId: 'C1', userId: `U-${socketId}` });

/** Room members by room name; rooms not listed are empty. */
function roomsHold(members: Record<string, string[]>): void {
  ddb.on(QueryCommand).callsFake((input: { ExpressionAttributeValues: Record<string, string> }) => {
    const room = String(input.ExpressionAttributeValues[':pk']).replace('C#C1#ROOM#', '');
    return { Items: (members[room] ?? []).map(member) };
  });
}

const frames = () =>
  ws.commandCalls(PostToConnectionCommand).map((call) => {
    const { ConnectionId, Data } = call.args[0].input;
    const frame = JSON.parse(postedText(Data)) as { event: string; data: { action: string } };
    return `${ConnectionId} ${frame.event} ${frame.data.action}`;
  });

beforeEach(() => {
  ddb.reset();
  ws.reset();
  ws.on(PostToConnectionCommand).resolves({});
});

describe('a new message and the update of its ticket', () => {
  it('reads each room of the ticket once and tells every listener once, the message before the ticket', async () => {
    roomsHold({ 'tickets:pending:all': ['K1'], 'notification:all': ['K1', 'K2'], 'ticket:T1': ['K3'] });

    await publishNewMessage('C1', message, ticket, true);

    const read = ddb.commandCalls(QueryCommand).map((call) => call.args[0].input.ExpressionAttributeValues?.[':pk']);
    expect(read.sort()).toEqual(roomsOfTicket(ticket).map((room) => `C#C1#ROOM#${room}`).sort());
    expect(frames().sort()).toEqual([
      'K1 company-C1-appMessage create',
      'K1 company-C1-ticket update',
      'K2 company-C1-appMessage create',
      'K2 company-C1-ticket update',
      'K3 company-C1-appMessage create',
      'K3 company-C1-ticket update',
    ]);
    for (const connection of ['K1', 'K2', 'K3']) {
      expect(frames().filter((frame) => frame.startsWith(`${connection} `))).toEqual([
        `${connection} company-C1-appMessage create`,
        `${connection} company-C1-ticket update`,
      ]);
    }
  });

  it('sends the message alone when it did not move the ticket', async () => {
    roomsHold({ 'notification:all': ['K1'] });

    await publishNewMessage('C1', message, ticket, false);

    expect(frames()).toEqual(['K1 company-C1-appMessage create']);
  });

  it('forgets a connection that is gone and sends it nothing more, while the others hear both events', async () => {
    roomsHold({ 'notification:all': ['K1', 'K2'] });
    ws.on(PostToConnectionCommand, { ConnectionId: 'K1' }).rejects(new GoneException({ message: 'Gone', $metadata: {} }));
    ddb.on(GetCommand).resolves({});
    ddb.on(BatchWriteCommand).resolves({});

    await publishNewMessage('C1', message, ticket, true);

    expect(frames()).toEqual(['K1 company-C1-appMessage create', 'K2 company-C1-appMessage create', 'K2 company-C1-ticket update']);
    const forgotten = ddb.commandCalls(BatchWriteCommand).flatMap((call) => Object.values(call.args[0].input.RequestItems ?? {}).flat());
    expect(forgotten).toContainEqual({ DeleteRequest: { Key: { PK: 'PLATFORM#ROOM#global', SK: 'C#C1#CONN#K1' } } });
  });
});
