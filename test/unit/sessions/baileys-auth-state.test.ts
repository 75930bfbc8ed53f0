/**
 * The Baileys auth state on DynamoDB (aws-sdk-client-mock): the exact commands, the fence on every
 * write, BufferJSON round trips, and a refused fence reported once.
 */
import { ConditionalCheckFailedException } from '@aws-sdk/client-dynamodb';
import { BatchGetCommand, BatchWriteCommand, DeleteCommand, DynamoDBDocumentClient, GetCommand, PutCommand, QueryCommand } from '@aws-sdk/lib-dynamodb';
import { mockClient } from 'aws-sdk-client-mock';
import { initAuthCreds, proto } from 'baileys';
import { FencedWriteError, clearSessionAuth } from '../../../functions/sessions/stores/session-auth';
import { deserialize, loadAuthState, serialize } from '../../../functions/sessions/providers/baileys/auth-state';

process.env.TABLE_NAME = 'table-under-test';
const TABLE = 'table-under-test';
const PK = 'C#company-1#WA#wapp-1#AUTH';
const context = { companyId: 'company-1', whatsappId: 'wapp-1', fencingToken: 7 };
const FENCE = { ConditionExpression: 'attribute_not_exists(fence) OR fence <= :mine', ExpressionAttributeValues: { ':mine': 7 } };

const ddb = mockClient(DynamoDBDocumentClient);
const refused = () => new ConditionalCheckFailedException({ message: 'The conditional request failed', $metadata: {} });

beforeEach(() => {
  ddb.reset();
  ddb.on(GetCommand).resolves({});
});

describe('credentials', () => {
  test('starts with fresh credentials when the connection has none stored, read consistently', async () => {
    const auth = await loadAuthState(context, () => undefined);

    expect(auth.state.creds.registered).toBe(false);
    expect(auth.state.creds.noiseKey.private).toBeInstanceOf(Uint8Array);
    expect(ddb.commandCalls(GetCommand)[0]?.args[0].input).toEqual({ TableName: TABLE, Key: { PK, SK: 'CREDS' }, ConsistentRead: true });
  });

  test('resumes the stored credentials with their keys as Buffers', async () => {
    const creds = initAuthCreds();
    ddb.on(GetCommand).resolves({ Item: { PK, SK: 'CREDS', value: serialize(creds), fence: 3 } });

    const auth = await loadAuthState(context, () => undefined);

    expect(Buffer.isBuffer(auth.state.creds.noiseKey.public)).toBe(true);
    expect(Buffer.from(auth.state.creds.noiseKey.public).equals(Buffer.from(creds.noiseKey.public))).toBe(true);
    expect(auth.state.creds.registrationId).toBe(creds.registrationId);
  });

  test('saves the credentials as they are now, conditional on the fence', async () => {
    ddb.on(PutCommand).resolves({});
    const auth = await loadAuthState(context, () => undefined);
    Object.assign(auth.state.creds, { me: { id: '5511912345678:3@s.whatsapp.net', name: 'Loja' } });

    await auth.saveCreds();

    const input = ddb.commandCalls(PutCommand)[0]?.args[0].input;
    expect(input).toMatchObject({ TableName: TABLE, Item: { PK, SK: 'CREDS', entity: 'sessionAuth', fence: 7 }, ...FENCE });
    expect(deserialize<{ me: { id: string } }>(String(input?.Item?.value)).me.id).toBe('5511912345678:3@s.whatsapp.net');
  });
});

describe('signal keys', () => {
  test('reads keys with one consistent BatchGet and answers only those found, Buffers revived', async () => {
    ddb.on(BatchGetCommand).resolves({
      Responses: { [TABLE]: [{ keyType: 'session', keyId: '5511988887777.0', value: serialize(Buffer.from([1, 2, 3])) }] },
    });
    const auth = await loadAuthState(context, () => undefined);

    const found = await auth.state.keys.get('session', ['5511988887777.0', '5511988887777.1']);

    const input = ddb.commandCalls(BatchGetCommand)[0]?.args[0].input;
    expect(input?.RequestItems?.[TABLE]).toMatchObject({
      Keys: [
        { PK, SK: 'KEY#session#5511988887777.0' },
        { PK, SK: 'KEY#session#5511988887777.1' },
      ],
      ConsistentRead: true,
    });
    expect(Object.keys(found)).toEqual(['5511988887777.0']);
    expect(Buffer.from(found['5511988887777.0'] ?? []).equals(Buffer.from([1, 2, 3]))).toBe(true);
  });

  test('reads app-state sync keys back as their protobuf class', async () => {
    const key = proto.Message.AppStateSyncKeyData.fromObject({ keyData: Buffer.from('secret-key-data'), timestamp: 1700000000 });
    ddb.on(BatchGetCommand).resolves({ Responses: { [TABLE]: [{ keyType: 'app-state-sync-key', keyId: 'AAAA', value: serialize(key) }] } });
    const auth = await loadAuthState(context, () => undefined);

    const found = await auth.state.keys.get('app-state-sync-key', ['AAAA']);

    expect(found.AAAA).toBeInstanceOf(proto.Message.AppStateSyncKeyData);
    expect(Buffer.from(found.AAAA?.keyData ?? []).toString()).toBe('secret-key-data');
  });

  test('writes each key with a conditional Put and deletes a null key with a conditional Delete', async () => {
    ddb.on(PutCommand).resolves({});
    ddb.on(DeleteCommand).resolves({});
    const auth = await loadAuthState(context, () => undefined);
    const preKey = { public: Buffer.from('pub'), private: Buffer.from('priv') };

    await auth.state.keys.set({ 'pre-key': { '11': preKey, '12': null } });

    const put = ddb.commandCalls(PutCommand)[0]?.args[0].input;
    expect(put).toMatchObject({
      TableName: TABLE,
      Item: { PK, SK: 'KEY#pre-key#11', keyType: 'pre-key', keyId: '11', fence: 7 },
      ...FENCE,
    });
    expect(deserialize<typeof preKey>(String(put?.Item?.value)).private.toString()).toBe('priv');
    expect(ddb.commandCalls(DeleteCommand)[0]?.args[0].input).toEqual({ TableName: TABLE, Key: { PK, SK: 'KEY#pre-key#12' }, ...FENCE });
  });

  test('stores a large value gzipped and reads it back', async () => {
    ddb.on(PutCommand).resolves({});
    const auth = await loadAuthState(context, () => undefined);
    const big = { version: 3, hash: Buffer.alloc(128), indexValueMap: Object.fromEntries(Array.from({ length: 3000 }, (_, n) => [`index-${n}`, { valueMac: Buffer.alloc(32, n % 256) }])) };

    await auth.state.keys.set({ 'app-state-sync-version': { regular_high: big } });
    const item = ddb.commandCalls(PutCommand)[0]?.args[0].input.Item ?? {};
    ddb.on(BatchGetCommand).resolves({ Responses: { [TABLE]: [item] } });
    const found = await auth.state.keys.get('app-state-sync-version', ['regular_high']);

    expect(item.value).toBeUndefined();
    expect(item.valueGz).toBeInstanceOf(Uint8Array);
    expect(Object.keys(found.regular_high?.indexValueMap ?? {})).toHaveLength(3000);
  });
});

describe('fencing', () => {
  test('reports a write refused by a newer owner once and throws FencedWriteError', async () => {
    ddb.on(PutCommand).rejects(refused());
    const fenced: FencedWriteError[] = [];
    const auth = await loadAuthState(context, (error) => fenced.push(error));

    await expect(auth.state.keys.set({ session: { a: Buffer.from('x') } })).rejects.toBeInstanceOf(FencedWriteError);
    await expect(auth.saveCreds()).rejects.toBeInstanceOf(FencedWriteError);

    expect(fenced).toHaveLength(1);
    expect(fenced[0]?.whatsappId).toBe('wapp-1');
  });

  test('does not take other failures for a fence', async () => {
    ddb.on(PutCommand).rejects(new Error('throttled'));
    const fenced: unknown[] = [];
    const auth = await loadAuthState(context, (error) => fenced.push(error));

    await expect(auth.saveCreds()).rejects.toThrow('throttled');

    expect(fenced).toEqual([]);
  });
});

describe('clearing the pairing', () => {
  test('deletes every item of the connection auth partition', async () => {
    ddb.on(QueryCommand).resolves({ Items: [{ PK, SK: 'CREDS' }, { PK, SK: 'KEY#session#a' }, { PK, SK: 'KEY#pre-key#1' }] });
    ddb.on(BatchWriteCommand).resolves({});

    await clearSessionAuth('company-1', 'wapp-1');

    expect(ddb.commandCalls(QueryCommand)[0]?.args[0].input).toMatchObject({
      TableName: TABLE,
      KeyConditionExpression: 'PK = :pk',
      ExpressionAttributeValues: { ':pk': PK },
      ConsistentRead: true,
    });
    expect(ddb.commandCalls(BatchWriteCommand)[0]?.args[0].input.RequestItems?.[TABLE]).toEqual([
      { DeleteRequest: { Key: { PK, SK: 'CREDS' } } },
      { DeleteRequest: { Key: { PK, SK: 'KEY#session#a' } } },
      { DeleteRequest: { Key: { PK, SK: 'KEY#pre-key#1' } } },
    ]);
  });
});
