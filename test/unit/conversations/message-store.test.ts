/**
 * Storing messages and the changes WhatsApp reports: one transaction moves the ticket to its newest
 * message without touching its list partitions; acks only grow; edits flag the message and index words.
 */
import { ApiGatewayManagementApiClient } from '@aws-sdk/client-apigatewaymanagementapi';
import { ConditionalCheckFailedException, TransactionCanceledException } from '@aws-sdk/client-dynamodb';
import { S3Client } from '@aws-sdk/client-s3';
import {
  BatchWriteCommand,
  DynamoDBDocumentClient,
  GetCommand,
  QueryCommand,
  TransactWriteCommand,
  UpdateCommand,
} from '@aws-sdk/lib-dynamodb';
import { mockClient } from 'aws-sdk-client-mock';
import { DELETED_MESSAGE_PREVIEW } from '../../../shared/ticket-rules';
import { lastMessageText, type StoredMessage } from '../../../functions/core/repositories/messages';
import type { Ticket } from '../../../functions/core/repositories/tickets';
import { storeMessage } from '../../../functions/core/conversations/store-message';
import { markMessageEdited, updateMessageAck } from '../../../functions/core/conversations/update-message-status';
import { errorCodeOf } from '../../support/errors';
import { storedMessage } from '../../support/stored-message';

process.env.TABLE_NAME = 'table-under-test';
process.env.MEDIA_BUCKET = 'media-under-test';
process.env.WS_MANAGEMENT_ENDPOINT = 'https://ws.example.test/dev';
process.env.AWS_REGION = 'us-east-1';
process.env.AWS_ACCESS_KEY_ID = 'AKIDTEST';
process.env.AWS_SECRET_ACCESS_KEY = 'secret-under-test';

const ddb = mockClient(DynamoDBDocumentClient);
mockClient(S3Client);
mockClient(ApiGatewayManagementApiClient);

const NOW = new Date('2030-05-06T07:08:09.000Z');
const MESSAGE_ULID = '01JAAAAAAAAAAAAAAAAAAAAAAA';

const ticket: Ticket = {
  id: 'T1',
  uuid: 'u-1',
  companyId: 'C1',
  status: 'open',
  contactId: 'K1',
  userId: 'U1',
  userName: 'Ana',
  queueId: 'Q1',
  whatsappId: null,
  tagIds: [],
  isGroup: false,
  chatbot: false,
  useIntegration: false,
  promptId: null,
  integrationId: null,
  lastMessage: 'antes',
  unreadMessages: 2,
  createdAt: '2030-05-01T00:00:00.000Z',
  updatedAt: '2030-05-01T00:00:00.000Z',
};

const message = (overrides: Partial<StoredMessage> = {}): StoredMessage =>
  storedMessage({
    id: `T1.${MESSAGE_ULID}`,
    ticketId: 'T1',
    body: 'Seu pedido saiu para entrega',
    fromMe: true,
    userId: 'U1',
    createdAt: NOW.toISOString(),
    updatedAt: NOW.toISOString(),
    ...overrides,
  });

const cancelled = (...codes: string[]) =>
  new TransactionCanceledException({ message: 'cancelled', $metadata: {}, CancellationReasons: codes.map((Code) => ({ Code })) });

beforeEach(() => {
  ddb.reset();
  ddb.on(TransactWriteCommand).resolves({});
  ddb.on(QueryCommand).resolves({ Items: [] });
  ddb.on(GetCommand).resolves({});
  ddb.on(BatchWriteCommand).resolves({});
});

describe('storeMessage', () => {
  it('puts the message and moves the ticket in one transaction, leaving its list partitions alone', async () => {
    const outcome = await storeMessage(message(), ticket);

    const order = `${NOW.toISOString()}#T1`;
    expect(ddb.commandCalls(TransactWriteCommand)[0]!.args[0].input.TransactItems).toEqual([
      {
        Put: {
          TableName: 'table-under-test',
          Item: { PK: 'C#C1#TK#T1', SK: `MSG#${MESSAGE_ULID}`, entity: 'message', ...message() },
          ConditionExpression: 'attribute_not_exists(PK)',
        },
      },
      {
        Update: {
          TableName: 'table-under-test',
          Key: { PK: 'C#C1#TK#T1', SK: 'TICKET' },
          UpdateExpression:
            'SET lastMessage = :text, previewMessageId = :mid, previewBot = :bot, updatedAt = :at, lastMessageId = :mid, GSI1SK = :order, GSI2SK = :order, GSI3SK = :order',
          ConditionExpression: 'attribute_exists(PK) AND (attribute_not_exists(lastMessageId) OR lastMessageId < :mid)',
          ExpressionAttributeValues: {
            ':text': 'Seu pedido saiu para entrega',
            ':bot': false,
            ':at': NOW.toISOString(),
            ':mid': MESSAGE_ULID,
            ':order': order,
          },
        },
      },
    ]);
    expect(outcome).toEqual({
      kind: 'latest',
      ticket: { ...ticket, lastMessage: 'Seu pedido saiu para entrega', previewMessageId: MESSAGE_ULID, previewBot: false, updatedAt: NOW.toISOString() },
    });
  });

  it("keeps the customer's message as the preview when an automatic text follows it, still moving the ticket in its lists", async () => {
    const pending: Ticket = { ...ticket, status: 'pending', userId: null, lastMessage: 'Preciso de ajuda com meu pedido', previewMessageId: '01J0000000000000000000000A', previewBot: false };

    const outcome = await storeMessage(message({ body: 'Olá! Bem-vindo.', bot: true, userId: null }), pending);

    const transaction = ddb.commandCalls(TransactWriteCommand);
    expect(transaction).toHaveLength(1);
    expect(transaction[0]!.args[0].input.TransactItems?.[1]?.Update).toEqual({
      TableName: 'table-under-test',
      Key: { PK: 'C#C1#TK#T1', SK: 'TICKET' },
      UpdateExpression: 'SET updatedAt = :at, lastMessageId = :mid, GSI1SK = :order, GSI2SK = :order, GSI3SK = :order',
      ConditionExpression: 'attribute_exists(PK) AND (attribute_not_exists(lastMessageId) OR lastMessageId < :mid)',
      ExpressionAttributeValues: { ':at': NOW.toISOString(), ':mid': MESSAGE_ULID, ':order': `${NOW.toISOString()}#T1` },
    });
    expect(outcome).toEqual({ kind: 'latest', ticket: { ...pending, updatedAt: NOW.toISOString() } });
  });

  it("shows an automatic text only while the ticket shows no person's message, on that condition in the same write", async () => {
    const empty: Ticket = { ...ticket, lastMessage: '' };

    const outcome = await storeMessage(message({ body: 'Estamos fechados agora.', bot: true, userId: null }), empty);

    const update = ddb.commandCalls(TransactWriteCommand)[0]!.args[0].input.TransactItems?.[1]?.Update;
    expect(update?.UpdateExpression).toMatch(/^SET lastMessage = :text, previewMessageId = :mid, previewBot = :bot, /);
    expect(update?.ConditionExpression).toBe(
      'attribute_exists(PK) AND (attribute_not_exists(lastMessageId) OR lastMessageId < :mid) AND (lastMessage = :none OR previewBot = :bot)',
    );
    expect(update?.ExpressionAttributeValues).toMatchObject({ ':text': 'Estamos fechados agora.', ':bot': true, ':none': '' });
    expect(outcome).toMatchObject({ kind: 'latest', ticket: { lastMessage: 'Estamos fechados agora.', previewMessageId: MESSAGE_ULID, previewBot: true } });
  });

  it('lets a newer automatic text replace an automatic preview, and a person\'s message replace either', async () => {
    const botPreview: Ticket = { ...ticket, lastMessage: 'Olá! Bem-vindo.', previewMessageId: '01J0000000000000000000000A', previewBot: true };

    await storeMessage(message({ body: '*1* - Vendas', bot: true, userId: null }), botPreview);
    await storeMessage(message({ id: 'T1.01JBBBBBBBBBBBBBBBBBBBBBBB', body: '1', fromMe: false, userId: null }), botPreview);

    const [bot, person] = ddb.commandCalls(TransactWriteCommand).map((call) => call.args[0].input.TransactItems?.[1]?.Update);
    expect(bot?.ExpressionAttributeValues).toMatchObject({ ':text': '*1* - Vendas', ':bot': true });
    expect(person?.ExpressionAttributeValues).toMatchObject({ ':text': '1', ':bot': false });
    expect(person?.ConditionExpression).not.toContain('previewBot');
  });

  it('counts an inbound message unread in the same update', async () => {
    const outcome = await storeMessage(message({ fromMe: false, read: false }), ticket, { countsAsUnread: true });

    const update = ddb.commandCalls(TransactWriteCommand)[0]!.args[0].input.TransactItems?.[1]?.Update;
    expect(update?.UpdateExpression).toMatch(/ ADD unreadMessages :one$/);
    expect(update?.ExpressionAttributeValues).toMatchObject({ ':one': 1 });
    expect(outcome).toMatchObject({ kind: 'latest', ticket: { unreadMessages: 3 } });
  });

  it("records when the customer wrote (the Cloud API's reply window) with their message only, in the same update", async () => {
    const inbound = await storeMessage(message({ fromMe: false, read: false }), ticket, { countsAsUnread: true });
    const ours = await storeMessage(message(), ticket);

    const [customer, agent] = ddb.commandCalls(TransactWriteCommand).map((call) => call.args[0].input.TransactItems?.[1]?.Update);
    expect(customer?.UpdateExpression).toContain('customerMessageAt = :at, ');
    expect(customer?.ExpressionAttributeValues).toMatchObject({ ':at': NOW.toISOString() });
    expect(agent?.UpdateExpression).not.toContain('customerMessageAt');
    expect(inbound).toMatchObject({ kind: 'latest', ticket: { customerMessageAt: NOW.toISOString() } });
    expect(ours).toMatchObject({ kind: 'latest' });
    expect(ours.kind === 'latest' && 'customerMessageAt' in ours.ticket).toBe(false);
  });

  it('stores a message older than the one the ticket shows without moving the ticket', async () => {
    ddb.on(TransactWriteCommand).rejectsOnce(cancelled('None', 'ConditionalCheckFailed')).resolves({});

    const outcome = await storeMessage(message(), ticket);

    expect(outcome).toEqual({ kind: 'older' });
    const retry = ddb.commandCalls(TransactWriteCommand)[1]!.args[0].input.TransactItems;
    expect(retry?.[0]?.Put?.Item).toMatchObject({ SK: `MSG#${MESSAGE_ULID}` });
    expect(retry?.[1]).toEqual({
      ConditionCheck: { TableName: 'table-under-test', Key: { PK: 'C#C1#TK#T1', SK: 'TICKET' }, ConditionExpression: 'attribute_exists(PK)' },
    });
  });

  it('refuses a message of a ticket that no longer exists and stores nothing', async () => {
    ddb.on(TransactWriteCommand).rejects(cancelled('None', 'ConditionalCheckFailed'));

    expect(await errorCodeOf(storeMessage(message(), ticket))).toBe('ERR_NO_TICKET_FOUND');
    expect(ddb.commandCalls(TransactWriteCommand)).toHaveLength(2);
  });
});

describe('lastMessageText', () => {
  it('shows the text, else the file name, else the kind of message, in at most 200 characters', () => {
    expect(lastMessageText({ body: '  oi  ', mediaName: null, mediaType: 'chat' })).toBe('oi');
    expect(lastMessageText({ body: '', mediaName: 'nota_fiscal.pdf', mediaType: 'application' })).toBe('nota_fiscal.pdf');
    expect(lastMessageText({ body: '', mediaName: null, mediaType: 'locationMessage' })).toBe('locationMessage');
    expect(lastMessageText({ body: 'x'.repeat(500), mediaName: null, mediaType: 'chat' })).toHaveLength(200);
  });
});

describe('updateMessageAck', () => {
  it('raises the ack only when it grows, and answers the message as it is now', async () => {
    ddb.on(UpdateCommand).resolves({ Attributes: { PK: 'C#C1#TK#T1', SK: `MSG#${MESSAGE_ULID}`, ...message({ ack: 3 }) } });

    const dto = await updateMessageAck('C1', `T1.${MESSAGE_ULID}`, 3, NOW);

    expect(ddb.commandCalls(UpdateCommand)[0]!.args[0].input).toEqual({
      TableName: 'table-under-test',
      Key: { PK: 'C#C1#TK#T1', SK: `MSG#${MESSAGE_ULID}` },
      UpdateExpression: 'SET ack = :ack, updatedAt = :now',
      ConditionExpression: 'attribute_exists(PK) AND ack < :ack',
      ExpressionAttributeValues: { ':ack': 3, ':now': NOW.toISOString() },
      ReturnValues: 'ALL_NEW',
    });
    expect(dto).toMatchObject({ id: `T1.${MESSAGE_ULID}`, ack: 3 });
  });

  it('ignores a stale or repeated ack: nothing answered, nothing published', async () => {
    ddb.on(UpdateCommand).rejects(new ConditionalCheckFailedException({ message: 'no', $metadata: {} }));

    expect(await updateMessageAck('C1', `T1.${MESSAGE_ULID}`, 2, NOW)).toBeUndefined();
    expect(ddb.commandCalls(GetCommand)).toHaveLength(0);
    expect(ddb.commandCalls(QueryCommand)).toHaveLength(0);
  });

  it('reads nothing for an id that is not a message id', async () => {
    expect(await updateMessageAck('C1', 'not-a-message', 2, NOW)).toBeUndefined();
    expect(ddb.calls()).toHaveLength(0);
  });
});

describe('markMessageEdited', () => {
  const PREVIEW_EDIT = { UpdateExpression: 'SET lastMessage = :text' };

  it("replaces the text, flags the message edited and indexes the new words with the ticket as it is now, with the ticket's marks of them", async () => {
    ddb.on(UpdateCommand).resolves({ Attributes: { ...message({ body: 'Pedido cancelado', isEdited: true }) } });
    // The preview shows another message: the ticket is read as it is.
    ddb.on(UpdateCommand, PREVIEW_EDIT).rejects(new ConditionalCheckFailedException({ message: 'no', $metadata: {} }));
    ddb.on(GetCommand).resolves({ Item: { PK: 'C#C1#TK#T1', SK: 'TICKET', ...ticket } });

    const dto = await markMessageEdited('C1', `T1.${MESSAGE_ULID}`, 'Pedido cancelado', NOW);

    expect(ddb.commandCalls(UpdateCommand)[0]!.args[0].input).toMatchObject({
      UpdateExpression: 'SET body = :body, isEdited = :true, updatedAt = :now',
      ConditionExpression: 'attribute_exists(PK)',
      ExpressionAttributeValues: { ':body': 'Pedido cancelado', ':true': true, ':now': NOW.toISOString() },
    });
    const indexed = ddb.commandCalls(BatchWriteCommand)[0]!.args[0].input.RequestItems?.['table-under-test']?.map((request) => `${String(request.PutRequest?.Item?.PK)} ${String(request.PutRequest?.Item?.SK)}`);
    expect(indexed).toEqual([
      `C#C1#WORD#pedido ${NOW.toISOString()}#T1`,
      `C#C1#WORD#cancelado ${NOW.toISOString()}#T1`,
      'C#C1#TK#T1 WORD#pedido',
      'C#C1#TK#T1 WORD#cancelado',
    ]);
    expect(ddb.commandCalls(BatchWriteCommand)[0]!.args[0].input.RequestItems?.['table-under-test']?.[0]?.PutRequest?.Item).toMatchObject({
      queueId: 'Q1',
      userId: 'U1',
      ticketCreatedAt: ticket.createdAt,
    });
    expect(dto).toMatchObject({ body: 'Pedido cancelado', isEdited: true });
  });

  it('shows the new text in the ticket’s preview when the preview shows that message and not its deletion, and indexes with the ticket it answers', async () => {
    ddb.on(UpdateCommand).resolves({ Attributes: { ...message({ body: 'Pedido cancelado', isEdited: true }) } });
    ddb.on(UpdateCommand, PREVIEW_EDIT).resolves({ Attributes: { PK: 'C#C1#TK#T1', SK: 'TICKET', ...ticket, lastMessage: 'Pedido cancelado' } });

    await markMessageEdited('C1', `T1.${MESSAGE_ULID}`, 'Pedido cancelado', NOW);

    expect(ddb.commandCalls(UpdateCommand, PREVIEW_EDIT)[0]!.args[0].input).toEqual({
      TableName: 'table-under-test',
      Key: { PK: 'C#C1#TK#T1', SK: 'TICKET' },
      UpdateExpression: 'SET lastMessage = :text',
      ConditionExpression:
        'attribute_exists(PK) AND (previewMessageId = :mid OR (attribute_not_exists(previewMessageId) AND lastMessageId = :mid)) AND lastMessage <> :deleted',
      ExpressionAttributeValues: { ':text': 'Pedido cancelado', ':deleted': DELETED_MESSAGE_PREVIEW, ':mid': MESSAGE_ULID },
      ReturnValues: 'ALL_NEW',
    });
    // The answered ticket serves the word entries: no read of it.
    expect(ddb.commandCalls(GetCommand).filter((call) => call.args[0].input.Key?.SK === 'TICKET')).toHaveLength(0);
    expect(ddb.commandCalls(BatchWriteCommand)[0]!.args[0].input.RequestItems?.['table-under-test']?.[0]?.PutRequest?.Item).toMatchObject({ queueId: 'Q1' });
  });

  it('answers undefined for a missing message and indexes nothing', async () => {
    ddb.on(UpdateCommand).rejects(new ConditionalCheckFailedException({ message: 'no', $metadata: {} }));

    expect(await markMessageEdited('C1', `T1.${MESSAGE_ULID}`, 'novo', NOW)).toBeUndefined();
    expect(ddb.commandCalls(BatchWriteCommand)).toHaveLength(0);
  });
});
