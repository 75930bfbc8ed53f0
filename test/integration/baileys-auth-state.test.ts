/**
 * The Baileys auth state against the real local DynamoDB: credentials and keys round-trip through
 * BufferJSON, a host with an older fencing token cannot overwrite the new owner's state, clearing the
 * pairing removes every item, and sent messages are found again for retry requests.
 */
import { QueryCommand } from '@aws-sdk/lib-dynamodb';
import { proto } from 'baileys';
import { startDynamo, type LocalDynamo } from '../../infra/local/dynamodb';
import { dynamo } from '../../functions/core/aws/clients';
import { keys } from '../../functions/core/repositories/keys';
import { clearSessionAuth, FencedWriteError, getSentMessage, putSentMessage } from '../../functions/sessions/stores/session-auth';
import { loadAuthState } from '../../functions/sessions/providers/baileys/auth-state';

const TABLE = 'baileys-auth-state-test';
let local: LocalDynamo;

beforeAll(async () => {
  local = await startDynamo({ port: 0, tableName: TABLE, ttlSweepIntervalMs: 0 });
  // Before the first dynamo(): the client is created once, from the environment it finds.
  Object.assign(process.env, {
    AWS_ENDPOINT_URL_DYNAMODB: local.endpoint,
    AWS_REGION: 'us-east-1',
    AWS_ACCESS_KEY_ID: 'local',
    AWS_SECRET_ACCESS_KEY: 'local',
    TABLE_NAME: TABLE,
    LOG_LEVEL: 'silent',
  });
});

afterAll(async () => {
  dynamo().destroy();
  await local.stop();
});

const connection = (whatsappId: string, fencingToken: number) => ({ companyId: 'company-auth', whatsappId, fencingToken });

async function partitionSize(whatsappId: string): Promise<number> {
  const { Items = [] } = await dynamo().send(
    new QueryCommand({
      TableName: TABLE,
      KeyConditionExpression: 'PK = :pk',
      ExpressionAttributeValues: { ':pk': keys.sessionAuthPartition('company-auth', whatsappId).PK },
      ConsistentRead: true,
    }),
  );
  return Items.length;
}

describe('Baileys auth state on the local DynamoDB', () => {
  test('credentials and signal keys round-trip with their Buffers, and a null key is deleted', async () => {
    // Prepare
    const first = await loadAuthState(connection('wapp-roundtrip', 1), () => undefined);
    Object.assign(first.state.creds, { me: { id: '5511912345678:2@s.whatsapp.net' }, registered: true });
    const session = new Uint8Array([9, 8, 7, 6]);
    const syncKey = proto.Message.AppStateSyncKeyData.fromObject({ keyData: Buffer.from('app-state'), timestamp: 1700000000 });

    // Act
    await first.saveCreds();
    await first.state.keys.set({
      session: { '5511988887777.0': session },
      'app-state-sync-key': { AAAAAQ: syncKey },
      'pre-key': { '1': { public: Buffer.from('p1'), private: Buffer.from('s1') }, '2': { public: Buffer.from('p2'), private: Buffer.from('s2') } },
    });
    await first.state.keys.set({ 'pre-key': { '1': null } });
    const again = await loadAuthState(connection('wapp-roundtrip', 1), () => undefined);
    const sessions = await again.state.keys.get('session', ['5511988887777.0']);
    const syncKeys = await again.state.keys.get('app-state-sync-key', ['AAAAAQ']);
    const preKeys = await again.state.keys.get('pre-key', ['1', '2']);

    // Assess
    expect(again.state.creds.me?.id).toBe('5511912345678:2@s.whatsapp.net');
    expect(Buffer.from(again.state.creds.signedIdentityKey.private).equals(Buffer.from(first.state.creds.signedIdentityKey.private))).toBe(true);
    expect(Buffer.from(sessions['5511988887777.0'] ?? []).equals(Buffer.from(session))).toBe(true);
    expect(syncKeys.AAAAAQ).toBeInstanceOf(proto.Message.AppStateSyncKeyData);
    expect(Buffer.from(syncKeys.AAAAAQ?.keyData ?? []).toString()).toBe('app-state');
    expect(Object.keys(preKeys)).toEqual(['2']);
    expect(Buffer.from(preKeys['2']?.private ?? []).toString()).toBe('s2');
  });

  test('a host with an older fencing token cannot overwrite what the new owner wrote, and is told once', async () => {
    // Prepare: the old owner (token 3) wrote, then the new owner (token 4) took over and wrote.
    const fenced: FencedWriteError[] = [];
    const stale = await loadAuthState(connection('wapp-fence', 3), (error) => fenced.push(error));
    await stale.saveCreds();
    await stale.state.keys.set({ session: { peer: Buffer.from('old') } });
    const owner = await loadAuthState(connection('wapp-fence', 4), () => undefined);
    Object.assign(owner.state.creds, { me: { id: '5511900000004:1@s.whatsapp.net' } });
    await owner.saveCreds();
    await owner.state.keys.set({ session: { peer: Buffer.from('new') } });

    // Act
    const credsWrite = stale.saveCreds();
    const keyWrite = stale.state.keys.set({ session: { peer: Buffer.from('stale') } });
    const keyDelete = stale.state.keys.set({ session: { peer: null } });

    // Assess
    await expect(credsWrite).rejects.toBeInstanceOf(FencedWriteError);
    await expect(keyWrite).rejects.toBeInstanceOf(FencedWriteError);
    await expect(keyDelete).rejects.toBeInstanceOf(FencedWriteError);
    expect(fenced).toHaveLength(1);
    const current = await loadAuthState(connection('wapp-fence', 4), () => undefined);
    expect(current.state.creds.me?.id).toBe('5511900000004:1@s.whatsapp.net');
    const stored = await current.state.keys.get('session', ['peer']);
    expect(Buffer.from(stored.peer ?? []).toString()).toBe('new');
  });

  test('clearing the pairing removes the credentials and every key, and the next open starts fresh', async () => {
    const auth = await loadAuthState(connection('wapp-clear', 1), () => undefined);
    Object.assign(auth.state.creds, { me: { id: '5511911112222:1@s.whatsapp.net' } });
    await auth.saveCreds();
    const preKeys = Object.fromEntries(Array.from({ length: 60 }, (_, n) => [String(n), { public: Buffer.from(`p${n}`), private: Buffer.from(`s${n}`) }]));
    await auth.state.keys.set({ 'pre-key': preKeys });
    expect(await partitionSize('wapp-clear')).toBe(61);

    await clearSessionAuth('company-auth', 'wapp-clear');

    expect(await partitionSize('wapp-clear')).toBe(0);
    const fresh = await loadAuthState(connection('wapp-clear', 2), () => undefined);
    expect(fresh.state.creds.me).toBeUndefined();
    expect(fresh.state.creds.noiseKey.public).not.toEqual(auth.state.creds.noiseKey.public);
  });

  test('a sent message is found again by its id until it expires', async () => {
    const content = proto.Message.encode({ extendedTextMessage: { text: 'Seu pedido saiu para entrega' } }).finish();
    const sentAt = new Date('2025-03-01T12:00:00Z');

    await putSentMessage('company-auth', 'wapp-sent', 'SENT-1', content, sentAt);
    const found = await getSentMessage('company-auth', 'wapp-sent', 'SENT-1', new Date('2025-03-02T12:00:00Z'));
    const expired = await getSentMessage('company-auth', 'wapp-sent', 'SENT-1', new Date('2025-03-05T12:00:00Z'));
    const unknown = await getSentMessage('company-auth', 'wapp-sent', 'NEVER', sentAt);

    expect(proto.Message.decode(found ?? new Uint8Array()).extendedTextMessage?.text).toBe('Seu pedido saiu para entrega');
    expect(expired).toBeUndefined();
    expect(unknown).toBeUndefined();
  });
});
