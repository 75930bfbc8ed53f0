/**
 * What WhatsApp reports about stored messages, where the exact writes matter: a message revoked on
 * WhatsApp is flagged deleted, and the ticket's list preview follows it when it showed that message; a
 * message WhatsApp will not deliver keeps its ack and says why.
 */
import { ApiGatewayManagementApiClient, PostToConnectionCommand } from '@aws-sdk/client-apigatewaymanagementapi';
import { ConditionalCheckFailedException } from '@aws-sdk/client-dynamodb';
import { S3Client } from '@aws-sdk/client-s3';
import { BatchGetCommand, DynamoDBDocumentClient, GetCommand, QueryCommand, UpdateCommand } from '@aws-sdk/lib-dynamodb';
import { mockClient } from 'aws-sdk-client-mock';
import { recordFailed, recordRevoke } from '../../../functions/core/inbound/message-changes';
import type { StoredMessage } from '../../../functions/core/repositories/messages';
import { DELETED_MESSAGE_PREVIEW } from '../../../shared/ticket-rules';
import { postedText } from '../../support/frame-text';

process.env.TABLE_NAME = 'table-under-test';
process.env.MEDIA_BUCKET = 'media-under-test';
process.env.WS_MANAGEMENT_ENDPOINT = 'https://ws.example.test/dev';
process.env.AWS_REGION = 'us-east-1';
process.env.AWS_ACCESS_KEY_ID = 'AKIDTEST';
process.env.AWS_SECRET_ACCESS_KEY = 'secret-under-test';

const ddb = mockClient(DynamoDBDocumentClient);
mockClient(S3Client);
const ws = mockClient(ApiGatewayManagementApiClient);

const NOW = new Date('2030-05-06T07:08:09.000Z');
const ULID = '01JAAAAAAAAAAAAAAAAAAAAAAA';
const MESSAGE_ID = `T1.${ULID}`;
const TICKET_KEY = { PK: 'C#C1#TK#T1', SK: 'TICKET' };
const MESSAGE_KEY = { PK: 'C#C1#TK#T1', SK: `MSG#${ULID}` };

const ticketItem = {
  ...TICKET_KEY,
  id: 'T1',
  companyId: 'C1',
  status: 'pending',
  contactId: 'K1',
  queueId: 'Q1',
  userId: null,
  userName: null,
  whatsappId: 'W1',
  tagIds: [],
  lastMessage: 'Meu CPF é 123',
  previewMessageId: ULID,
  previewBot: false,
  unreadMessages: 1,
};

const deleted: StoredMessage = {
  id: MESSAGE_ID,
  companyId: 'C1',
  ticketId: 'T1',
  contactId: 'K1',
  body: 'Meu CPF é 123',
  fromMe: false,
  mediaType: 'chat',
  mediaKey: null,
  mediaName: null,
  mediaContentType: null,
  quotedMsg: null,
  isDeleted: true,
  isEdited: false,
  ack: 0,
  read: false,
  bot: false,
  userId: null,
  whatsappMessageId: 'WAID1',
  createdAt: NOW.toISOString(),
  updatedAt: NOW.toISOString(),
};

const revoke = { type: 'revoke', companyId: 'C1', whatsappId: 'W1', chat: { id: '5511999990000', isGroup: false }, whatsappMessageId: 'WAID1' } as const;

const frames = () =>
  ws.commandCalls(PostToConnectionCommand).map((call) => {
    const frame = JSON.parse(postedText(call.args[0].input.Data)) as { event: string; data: { action: string; ticket: { lastMessage: string } } };
    return [frame.event, frame.data.action, frame.data.ticket.lastMessage];
  });

beforeEach(() => {
  ddb.reset();
  ws.reset();
  ws.on(PostToConnectionCommand).resolves({});
  ddb.on(GetCommand).resolves({ Item: { messageUlid: ULID, messageId: MESSAGE_ID } });
  ddb.on(UpdateCommand, { Key: MESSAGE_KEY }).resolves({ Attributes: { ...MESSAGE_KEY, ...deleted } });
  ddb.on(BatchGetCommand).resolves({ Responses: {} });
  ddb.on(QueryCommand).resolves({ Items: [{ socketId: 'S1', companyId: 'C1', userId: 'U1' }] });
});

describe('recordRevoke', () => {
  it("shows the deletion in the preview of a ticket that showed the revoked message, and publishes the ticket's update", async () => {
    ddb.on(UpdateCommand, { Key: TICKET_KEY }).resolves({ Attributes: { ...ticketItem, lastMessage: DELETED_MESSAGE_PREVIEW } });

    await recordRevoke(revoke, NOW);

    const [flag, preview] = ddb.commandCalls(UpdateCommand).map((call) => call.args[0].input);
    expect(flag).toMatchObject({ Key: MESSAGE_KEY, ConditionExpression: 'attribute_exists(PK) AND isDeleted = :false' });
    expect(preview).toEqual({
      TableName: 'table-under-test',
      Key: TICKET_KEY,
      UpdateExpression: 'SET lastMessage = :deleted',
      ConditionExpression: 'attribute_exists(PK) AND (previewMessageId = :mid OR (attribute_not_exists(previewMessageId) AND lastMessageId = :mid))',
      ExpressionAttributeValues: { ':deleted': DELETED_MESSAGE_PREVIEW, ':mid': ULID },
      ReturnValues: 'ALL_NEW',
    });
    expect(frames()).toEqual([
      ['company-C1-appMessage', 'update', DELETED_MESSAGE_PREVIEW],
      ['company-C1-ticket', 'update', DELETED_MESSAGE_PREVIEW],
    ]);
  });

  it('keeps the preview of a ticket that shows a newer message, publishing the message update with the ticket as it is', async () => {
    ddb.on(UpdateCommand, { Key: TICKET_KEY }).rejects(new ConditionalCheckFailedException({ message: 'newer', $metadata: {} }));
    ddb.on(GetCommand, { Key: TICKET_KEY }).resolves({ Item: { ...ticketItem, lastMessage: 'Esquece, já resolvi' } });

    await recordRevoke(revoke, NOW);

    expect(ddb.commandCalls(UpdateCommand).map((call) => call.args[0].input.Key)).toEqual([MESSAGE_KEY, TICKET_KEY]);
    expect(frames()).toEqual([['company-C1-appMessage', 'update', 'Esquece, já resolvi']]);
  });
});

describe('recordFailed', () => {
  const failed = { type: 'failed', companyId: 'C1', whatsappId: 'W1', chat: { id: '5511999990000', isGroup: false }, code: 131026, reason: 'Message undeliverable' } as const;
  const outgoing = { ...deleted, fromMe: true, isDeleted: false, ack: 1, failureReason: 'Message undeliverable' };

  it("sets the reason on our message, named by our id (a refused send) or by WhatsApp's (Meta's failed status), keeping its ack, and publishes it", async () => {
    ddb.on(UpdateCommand, { Key: MESSAGE_KEY }).resolves({ Attributes: { ...MESSAGE_KEY, ...outgoing } });
    ddb.on(GetCommand, { Key: TICKET_KEY }).resolves({ Item: ticketItem });

    await recordFailed({ ...failed, messageId: MESSAGE_ID }, NOW);
    await recordFailed({ ...failed, whatsappMessageId: 'WAID1' }, NOW);

    const updates = ddb.commandCalls(UpdateCommand).map((call) => call.args[0].input);
    expect(updates).toHaveLength(2);
    for (const update of updates) {
      expect(update).toMatchObject({
        Key: MESSAGE_KEY,
        UpdateExpression: 'SET failureReason = :reason, updatedAt = :now',
        ConditionExpression: 'attribute_exists(PK) AND fromMe = :true AND (attribute_not_exists(failureReason) OR failureReason <> :reason)',
        ExpressionAttributeValues: { ':reason': 'Message undeliverable', ':now': NOW.toISOString(), ':true': true },
      });
    }
    const published = ws.commandCalls(PostToConnectionCommand).map((call) => JSON.parse(postedText(call.args[0].input.Data)) as { event: string; data: { message?: { failureReason: string; ack: number } } });
    expect(published.filter((frame) => frame.event === 'company-C1-appMessage').map((frame) => frame.data.message)).toEqual([
      expect.objectContaining({ failureReason: 'Message undeliverable', ack: 1 }),
      expect.objectContaining({ failureReason: 'Message undeliverable', ack: 1 }),
    ]);
  });

  it('changes nothing for a WhatsApp id we never sent', async () => {
    ddb.on(GetCommand).resolves({});

    await recordFailed({ ...failed, whatsappMessageId: 'OTHER' }, NOW);

    expect(ddb.commandCalls(UpdateCommand)).toHaveLength(0);
    expect(ws.commandCalls(PostToConnectionCommand)).toHaveLength(0);
  });
});
