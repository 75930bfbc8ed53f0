/**
 * Posting in a chat against concurrent writes (post-chat-message.ts): the message, the chat and every
 * member's item are one transaction on the condition that the chat's members are those read; a
 * transaction that lost to another write, or a chat changed meanwhile, reads again and retries; after
 * the last try the post answers ERR_CONFLICT, and the file it had stored is deleted again. A member who
 * left meanwhile gets ERR_NO_CHAT_FOUND, nothing stored.
 */
import { ApiGatewayManagementApiClient } from '@aws-sdk/client-apigatewaymanagementapi';
import { TransactionCanceledException } from '@aws-sdk/client-dynamodb';
import { DeleteObjectCommand, PutObjectCommand, S3Client } from '@aws-sdk/client-s3';
import { BatchGetCommand, DynamoDBDocumentClient, GetCommand, QueryCommand, TransactWriteCommand } from '@aws-sdk/lib-dynamodb';
import { mockClient } from 'aws-sdk-client-mock';
import type { Caller } from '../../../functions/core/caller/load-caller';
import { postChatMessage } from '../../../functions/core/chats/post-chat-message';
import type { StoredChat, StoredChatMember } from '../../../functions/core/repositories/chats';
import { errorCodeOf } from '../../support/errors';

process.env.TABLE_NAME = 'table-under-test';
process.env.MEDIA_BUCKET = 'media-under-test';
process.env.WS_MANAGEMENT_ENDPOINT = 'https://ws.example.test/dev';
process.env.AWS_REGION = 'us-east-1';
process.env.AWS_ACCESS_KEY_ID = 'AKIDTEST';
process.env.AWS_SECRET_ACCESS_KEY = 'secret-under-test';
process.env.LOG_LEVEL = 'silent';

const ddb = mockClient(DynamoDBDocumentClient);
const s3 = mockClient(S3Client);
const ws = mockClient(ApiGatewayManagementApiClient);

const CHAT = '01J000000000000000000000C1';
const NOW = new Date('2030-05-06T07:08:09.000Z');
const caller = { companyId: 'C1', userId: 'A1', user: { name: 'Ana' } } as unknown as Caller;
const chat = (memberIds: string[], version = 1): StoredChat => ({
  id: CHAT,
  companyId: 'C1',
  title: 'Plantão',
  ownerId: 'A1',
  memberIds,
  lastMessage: '',
  updatedAt: '2030-01-01T00:00:00.000Z',
  createdAt: '2030-01-01T00:00:00.000Z',
  version,
});
const member = (userId: string): StoredChatMember => ({ ...chat(['A1', 'B1']), chatId: CHAT, userId, unreads: 0 });
const PNG = Buffer.from([0x89, 0x50, 0x4e, 0x47, 0x0d, 0x0a, 0x1a, 0x0a, 0, 0, 0, 13]);

/** DynamoDB's answer to a transaction another one held: every reason None but one TransactionConflict. */
const conflicted = (size: number) =>
  new TransactionCanceledException({
    message: 'Transaction cancelled',
    $metadata: {},
    CancellationReasons: Array.from({ length: size }, (_, index) => ({ Code: index === 1 ? 'TransactionConflict' : 'None' })),
  });
/** The chat's condition failed: its members changed since it was read. */
const membersChanged = (size: number) =>
  new TransactionCanceledException({
    message: 'Transaction cancelled',
    $metadata: {},
    CancellationReasons: Array.from({ length: size }, (_, index) => ({ Code: index === 1 ? 'ConditionalCheckFailed' : 'None' })),
  });

const transactions = () => ddb.commandCalls(TransactWriteCommand).map((call) => call.args[0].input.TransactItems ?? []);
const updatedMembers = (items: readonly { Update?: { Key?: Record<string, unknown> } }[]) =>
  items.flatMap((item) => (item.Update && String(item.Update.Key?.SK).startsWith('MEMBER#') ? [String(item.Update.Key?.SK)] : []));

function readsAnswer(chats: readonly StoredChat[], memberOf: (userId: string) => StoredChatMember | undefined = member) {
  const answers = [...chats];
  ddb.on(GetCommand).callsFake((input: { Key: { SK: string } }) => {
    if (input.Key.SK === 'CHAT') return { Item: answers.length > 1 ? answers.shift() : answers[0] };
    return { Item: memberOf(input.Key.SK.replace('MEMBER#', '')) };
  });
}

beforeEach(() => {
  ddb.reset();
  s3.reset();
  ws.reset();
  ddb.on(BatchGetCommand).resolves({ Responses: { 'table-under-test': [{ id: 'A1', name: 'Ana' }, { id: 'B1', name: 'Bia' }, { id: 'D1', name: 'Davi' }] } });
  ddb.on(QueryCommand).resolves({ Items: [] });
  s3.on(PutObjectCommand).resolves({});
  s3.on(DeleteObjectCommand).resolves({});
});

describe('posting in a chat', () => {
  it('writes the message with every member’s count in one transaction: one more unread for the others, none for the sender', async () => {
    readsAnswer([chat(['A1', 'B1', 'D1'])]);
    ddb.on(TransactWriteCommand).resolves({});

    const message = await postChatMessage(caller, CHAT, { message: 'Bom dia' }, NOW);

    expect(message).toMatchObject({ chatId: CHAT, senderId: 'A1', sender: { id: 'A1', name: 'Ana' }, message: 'Bom dia', createdAt: NOW.toISOString() });
    const [items = []] = transactions();
    expect(items).toHaveLength(5);
    expect(updatedMembers(items)).toEqual(['MEMBER#A1', 'MEMBER#B1', 'MEMBER#D1']);
    const sender = items[2]?.Update;
    const other = items[3]?.Update;
    expect(sender?.UpdateExpression).toContain('unreads = :zero REMOVE GSI2PK, GSI2SK');
    expect(other?.UpdateExpression).toContain('unreads = if_not_exists(unreads, :zero) + :one');
    expect(other?.ExpressionAttributeValues?.[':unreadPk']).toBe('C#C1#UNREADCHATS#B1');
    expect(items[1]?.Update?.ExpressionAttributeValues?.[':version']).toBe(1);
  });

  it('reads the chat again after a change of its members and writes to the members it has now', async () => {
    readsAnswer([chat(['A1', 'B1']), chat(['A1', 'D1'], 2)]);
    ddb.on(TransactWriteCommand).rejectsOnce(membersChanged(4)).resolves({});

    await postChatMessage(caller, CHAT, { message: 'De novo' }, NOW);

    const [first = [], second = []] = transactions();
    expect(updatedMembers(first)).toEqual(['MEMBER#A1', 'MEMBER#B1']);
    expect(updatedMembers(second)).toEqual(['MEMBER#A1', 'MEMBER#D1']);
    expect(second[1]?.Update?.ExpressionAttributeValues?.[':version']).toBe(2);
    expect(second[0]?.Put?.Item?.id).toBe(first[0]?.Put?.Item?.id);
  });

  it('answers ERR_CONFLICT after losing every try to other writes, and deletes the file it had stored', async () => {
    readsAnswer([chat(['A1', 'B1'])]);
    ddb.on(TransactWriteCommand).rejects(conflicted(4));

    const posting = postChatMessage(caller, CHAT, { message: '', file: { fieldName: 'file', fileName: 'foto.png', mimeType: 'image/png', bytes: PNG } }, NOW);

    expect(await errorCodeOf(posting)).toBe('ERR_CONFLICT');
    expect(transactions()).toHaveLength(6);
    const stored = s3.commandCalls(PutObjectCommand)[0]?.args[0].input.Key;
    expect(stored).toMatch(/^companies\/C1\/chats\/01J000000000000000000000C1\/[0-9A-Z]{26}-foto\.png$/);
    expect(s3.commandCalls(DeleteObjectCommand).map((call) => call.args[0].input.Key)).toEqual([stored]);
  });

  it('refuses a caller who is no longer a member with ERR_NO_CHAT_FOUND, storing nothing', async () => {
    readsAnswer([chat(['B1', 'D1'])], () => undefined);

    expect(await errorCodeOf(postChatMessage(caller, CHAT, { message: 'Oi', file: { fieldName: 'file', fileName: 'a.png', mimeType: 'image/png', bytes: PNG } }, NOW))).toBe(
      'ERR_NO_CHAT_FOUND',
    );
    expect(transactions()).toEqual([]);
    expect(s3.commandCalls(PutObjectCommand)).toEqual([]);
  });
});
