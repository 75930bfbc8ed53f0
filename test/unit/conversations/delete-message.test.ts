/**
 * Deleting a message: own outgoing messages only, once; the session is told before the message is
 * flagged (a failed enqueue flags nothing), and the flag is conditional so two deletes cannot both win.
 * The ticket's list preview follows a deletion of the message it shows.
 */
import { ApiGatewayManagementApiClient, PostToConnectionCommand } from '@aws-sdk/client-apigatewaymanagementapi';
import { ConditionalCheckFailedException } from '@aws-sdk/client-dynamodb';
import { S3Client } from '@aws-sdk/client-s3';
import { SendMessageCommand, SQSClient } from '@aws-sdk/client-sqs';
import { BatchGetCommand, DynamoDBDocumentClient, GetCommand, QueryCommand, UpdateCommand } from '@aws-sdk/lib-dynamodb';
import { mockClient } from 'aws-sdk-client-mock';
import { queueUrlEnv, SESSION_SHARDS, sessionCommandQueueId } from '../../../infra/resources/queues';
import type { StoredMessage } from '../../../functions/core/repositories/messages';
import { deleteMessage } from '../../../functions/core/conversations/delete-message';
import type { Caller } from '../../../functions/core/caller/load-caller';
import { DELETED_MESSAGE_PREVIEW } from '../../../shared/ticket-rules';
import { errorCodeOf } from '../../support/errors';
import { postedText } from '../../support/frame-text';
import { storedMessage } from '../../support/stored-message';

process.env.TABLE_NAME = 'table-under-test';
process.env.MEDIA_BUCKET = 'media-under-test';
process.env.WS_MANAGEMENT_ENDPOINT = 'https://ws.example.test/dev';
process.env.AWS_REGION = 'us-east-1';
process.env.AWS_ACCESS_KEY_ID = 'AKIDTEST';
process.env.AWS_SECRET_ACCESS_KEY = 'secret-under-test';
for (let shard = 0; shard < SESSION_SHARDS; shard += 1) process.env[queueUrlEnv(sessionCommandQueueId(shard))] = `https://sqs.test/q${shard}.fifo`;

const ddb = mockClient(DynamoDBDocumentClient);
const sqs = mockClient(SQSClient);
mockClient(S3Client);
const ws = mockClient(ApiGatewayManagementApiClient);

const NOW = new Date('2030-05-06T07:08:09.000Z');
const ULID = '01JAAAAAAAAAAAAAAAAAAAAAAA';
const MESSAGE_ID = `T1.${ULID}`;

const callerOf = (userId: string, profile = 'user') =>
  ({ companyId: 'C1', userId, isAdmin: profile === 'admin', user: { profile, queueIds: ['Q1'], allTicket: 'desabled' } }) as unknown as Caller;

const ticketItem = {
  PK: 'C#C1#TK#T1',
  SK: 'TICKET',
  id: 'T1',
  companyId: 'C1',
  status: 'open',
  contactId: 'K1',
  queueId: 'Q1',
  userId: 'U1',
  userName: 'Ana',
  whatsappId: 'W1',
  tagIds: [],
  lastMessage: '',
  unreadMessages: 0,
};

const stored = (overrides: Partial<StoredMessage> = {}): StoredMessage =>
  storedMessage({
    id: MESSAGE_ID,
    ticketId: 'T1',
    body: 'Enviei errado',
    fromMe: true,
    ack: 2,
    userId: 'U1',
    whatsappMessageId: 'WAID1',
    createdAt: NOW.toISOString(),
    updatedAt: NOW.toISOString(),
    ...overrides,
  });

let order: string[];

beforeEach(() => {
  ddb.reset();
  sqs.reset();
  ws.reset();
  ws.on(PostToConnectionCommand).resolves({});
  order = [];
  ddb.on(GetCommand, { Key: { PK: 'C#C1#TK#T1', SK: 'TICKET' } }).resolves({ Item: ticketItem });
  ddb.on(GetCommand, { Key: { PK: 'C#C1#TK#T1', SK: `MSG#${ULID}` } }).resolves({ Item: { ...stored() } });
  ddb.on(GetCommand, { Key: { PK: 'C#C1#CT#K1', SK: 'CONTACT' } }).resolves({ Item: { id: 'K1', number: '5511999990000', isGroup: false } });
  ddb.on(GetCommand, { Key: { PK: 'C#C1', SK: 'WAPP#W1' } }).resolves({ Item: { id: 'W1', companyId: 'C1', provider: 'beta', status: 'CONNECTED' } });
  ddb.on(UpdateCommand, { Key: { PK: 'C#C1#TK#T1', SK: `MSG#${ULID}` } }).callsFake(() => {
    order.push('flag');
    return { Attributes: { ...stored({ isDeleted: true }) } };
  });
  // The ticket's preview shows another message unless a test says otherwise.
  ddb.on(UpdateCommand, { Key: { PK: 'C#C1#TK#T1', SK: 'TICKET' } }).callsFake(() => {
    order.push('preview');
    throw new ConditionalCheckFailedException({ message: 'another message', $metadata: {} });
  });
  ddb.on(BatchGetCommand).resolves({ Responses: {} });
  ddb.on(QueryCommand).resolves({ Items: [] });
  sqs.on(SendMessageCommand).callsFake(() => {
    order.push('enqueue');
    return { MessageId: 'm' };
  });
});

describe('deleteMessage', () => {
  it('tells the session, then flags the message deleted on the condition that it is not yet', async () => {
    const dto = await deleteMessage(callerOf('U1'), MESSAGE_ID, NOW);

    expect(order).toEqual(['enqueue', 'flag', 'preview']);
    expect(JSON.parse(sqs.commandCalls(SendMessageCommand)[0]!.args[0].input.MessageBody ?? '')).toMatchObject({
      type: 'deleteMessage',
      commandId: `delete:${MESSAGE_ID}`,
      whatsappId: 'W1',
      messageId: MESSAGE_ID,
      whatsappMessageId: 'WAID1',
      chat: { contactId: 'K1', number: '5511999990000', isGroup: false },
    });
    expect(ddb.commandCalls(UpdateCommand)[0]!.args[0].input).toMatchObject({
      Key: { PK: 'C#C1#TK#T1', SK: `MSG#${ULID}` },
      UpdateExpression: 'SET isDeleted = :true, deletedAt = :now, deletedBy = :by, updatedAt = :now',
      ConditionExpression: 'attribute_exists(PK) AND isDeleted = :false',
      ExpressionAttributeValues: { ':true': true, ':false': false, ':now': NOW.toISOString(), ':by': 'U1' },
    });
    expect(dto).toMatchObject({ id: MESSAGE_ID, isDeleted: true, body: 'Enviei errado' });
  });

  it.each([
    ['of another user (even to an admin)', callerOf('U2', 'admin'), stored()],
    ['of the contact', callerOf('U1'), stored({ fromMe: false, userId: null })],
    ['of the server itself', callerOf('U1'), stored({ bot: true, userId: null })],
  ])('refuses a message %s, changing nothing', async (_label, caller, message) => {
    ddb.on(GetCommand, { Key: { PK: 'C#C1#TK#T1', SK: `MSG#${ULID}` } }).resolves({ Item: { ...message } });

    expect(await errorCodeOf(deleteMessage(caller, MESSAGE_ID, NOW))).toBe('ERR_NO_PERMISSION');
    expect(order).toEqual([]);
  });

  it('refuses a message of a Cloud API connection, which Meta cannot delete for everyone, changing nothing', async () => {
    ddb.on(GetCommand, { Key: { PK: 'C#C1', SK: 'WAPP#W1' } }).resolves({ Item: { id: 'W1', companyId: 'C1', provider: 'cloud', status: 'CONNECTED' } });

    const refused = deleteMessage(callerOf('U1'), MESSAGE_ID, NOW);

    await expect(refused).rejects.toMatchObject({ code: 'ERR_DELETE_WAPP_MSG', message: 'Cloud API messages cannot be deleted for everyone' });
    expect(order).toEqual([]);
  });

  it('refuses a message deleted already', async () => {
    ddb.on(GetCommand, { Key: { PK: 'C#C1#TK#T1', SK: `MSG#${ULID}` } }).resolves({ Item: { ...stored({ isDeleted: true }) } });

    expect(await errorCodeOf(deleteMessage(callerOf('U1'), MESSAGE_ID, NOW))).toBe('ERR_DELETE_WAPP_MSG');
    expect(order).toEqual([]);
  });

  it("refuses a message older than WhatsApp's two days to delete for everyone (ERR_FETCH_WAPP_MSG), telling the session nothing", async () => {
    const sent = (ms: number) => new Date(NOW.getTime() - ms).toISOString();
    ddb.on(GetCommand, { Key: { PK: 'C#C1#TK#T1', SK: `MSG#${ULID}` } }).resolves({ Item: { ...stored({ createdAt: sent(48 * 3600_000 + 1000) }) } });

    expect(await errorCodeOf(deleteMessage(callerOf('U1'), MESSAGE_ID, NOW))).toBe('ERR_FETCH_WAPP_MSG');
    expect(order).toEqual([]);

    ddb.on(GetCommand, { Key: { PK: 'C#C1#TK#T1', SK: `MSG#${ULID}` } }).resolves({ Item: { ...stored({ createdAt: sent(47 * 3600_000) }) } });
    await deleteMessage(callerOf('U1'), MESSAGE_ID, NOW);
    expect(order).toEqual(['enqueue', 'flag', 'preview']);
  });

  it('deletes an old message of a ticket on no connection (only stored here, nothing to revoke)', async () => {
    ddb.on(GetCommand, { Key: { PK: 'C#C1#TK#T1', SK: 'TICKET' } }).resolves({ Item: { ...ticketItem, whatsappId: null } });
    ddb.on(GetCommand, { Key: { PK: 'C#C1#TK#T1', SK: `MSG#${ULID}` } }).resolves({ Item: { ...stored({ createdAt: '2030-01-01T00:00:00.000Z' }) } });

    await deleteMessage(callerOf('U1'), MESSAGE_ID, NOW);
    expect(order).toEqual(['flag', 'preview']);
  });

  it('lets only one of two deletes at once win (the loser is told it is deleted already)', async () => {
    ddb.on(UpdateCommand).rejects(new ConditionalCheckFailedException({ message: 'taken', $metadata: {} }));

    expect(await errorCodeOf(deleteMessage(callerOf('U1'), MESSAGE_ID, NOW))).toBe('ERR_DELETE_WAPP_MSG');
  });

  it('flags nothing when the session cannot be told, so the agent can try again', async () => {
    sqs.on(SendMessageCommand).rejects(new Error('queue down'));

    expect(await errorCodeOf(deleteMessage(callerOf('U1'), MESSAGE_ID, NOW))).toBe('ERR_DELETE_WAPP_MSG');
    expect(ddb.commandCalls(UpdateCommand)).toHaveLength(0);
  });

  it('answers ERR_NO_MESSAGE_FOUND for a ticket of no one (another company) without reading further', async () => {
    ddb.on(GetCommand, { Key: { PK: 'C#C1#TK#T1', SK: 'TICKET' } }).resolves({});

    expect(await errorCodeOf(deleteMessage(callerOf('U1'), MESSAGE_ID, NOW))).toBe('ERR_NO_MESSAGE_FOUND');
    expect(ddb.commandCalls(GetCommand)).toHaveLength(1);
  });

  it("shows the deletion in the ticket's preview when the preview showed the deleted message, and tells the lists with the ticket's update", async () => {
    ddb.on(UpdateCommand, { Key: { PK: 'C#C1#TK#T1', SK: 'TICKET' } }).callsFake(() => {
      order.push('preview');
      return { Attributes: { ...ticketItem, lastMessage: DELETED_MESSAGE_PREVIEW, previewMessageId: ULID } };
    });
    ddb.on(QueryCommand).resolves({ Items: [{ socketId: 'S1', companyId: 'C1', userId: 'U1' }] });

    await deleteMessage(callerOf('U1'), MESSAGE_ID, NOW);

    expect(order).toEqual(['enqueue', 'flag', 'preview']);
    expect(ddb.commandCalls(UpdateCommand)[1]!.args[0].input).toEqual({
      TableName: 'table-under-test',
      Key: { PK: 'C#C1#TK#T1', SK: 'TICKET' },
      UpdateExpression: 'SET lastMessage = :deleted',
      ConditionExpression: 'attribute_exists(PK) AND (previewMessageId = :mid OR (attribute_not_exists(previewMessageId) AND lastMessageId = :mid))',
      ExpressionAttributeValues: { ':deleted': DELETED_MESSAGE_PREVIEW, ':mid': ULID },
      ReturnValues: 'ALL_NEW',
    });
    const frames = ws.commandCalls(PostToConnectionCommand).map((call) => JSON.parse(postedText(call.args[0].input.Data)) as { event: string; data: { action: string; ticket: { lastMessage: string } } });
    expect(frames.map((frame) => [frame.event, frame.data.action, frame.data.ticket.lastMessage])).toEqual([
      ['company-C1-appMessage', 'update', DELETED_MESSAGE_PREVIEW],
      ['company-C1-ticket', 'update', DELETED_MESSAGE_PREVIEW],
    ]);
  });

  it('tries the preview only on the condition that it shows the deleted message: another one stays, and only the message update is published', async () => {
    ddb.on(QueryCommand).resolves({ Items: [{ socketId: 'S1', companyId: 'C1', userId: 'U1' }] });

    await deleteMessage(callerOf('U1'), MESSAGE_ID, NOW);

    expect(order).toEqual(['enqueue', 'flag', 'preview']);
    const frames = ws.commandCalls(PostToConnectionCommand).map((call) => JSON.parse(postedText(call.args[0].input.Data)) as { event: string; data: { action: string } });
    expect(frames.map((frame) => [frame.event, frame.data.action])).toEqual([['company-C1-appMessage', 'update']]);
  });
});
