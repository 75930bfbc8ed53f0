/**
 * Loading the session from the verified identity: tenant from the table only, plan and due date
 * enforced, one active session per user (sign-out mark, later sign-ins take over with the auth event),
 * one round trip per request in a warm container without any revocation waiting for a cold one.
 */
import { ApiGatewayManagementApiClient, PostToConnectionCommand } from '@aws-sdk/client-apigatewaymanagementapi';
import { ConditionalCheckFailedException } from '@aws-sdk/client-dynamodb';
import { BatchGetCommand, DynamoDBDocumentClient, GetCommand, QueryCommand, UpdateCommand } from '@aws-sdk/lib-dynamodb';
import { mockClient } from 'aws-sdk-client-mock';
import { signInTag } from '../../../shared/users';
import { isPastDue } from '../../../shared/company-time';
import { compareSignIns, forgetRememberedCallers, loadCaller } from '../../../functions/core/caller/load-caller';
import { errorCodeOf } from '../../support/errors';
import { postedText } from '../../support/frame-text';

process.env.TABLE_NAME = 'table-under-test';
process.env.LOG_LEVEL = 'silent';
process.env.WS_MANAGEMENT_ENDPOINT = 'http://ws.test/local';

const ddb = mockClient(DynamoDBDocumentClient);
const ws = mockClient(ApiGatewayManagementApiClient);

const identity = { PK: 'IDENTITY#sub-1', SK: 'IDENTITY', sub: 'sub-1', userId: 'U1', companyId: 'C1' };
const user = { PK: 'C#C1', SK: 'USER#U1', id: 'U1', companyId: 'C1', profile: 'user', super: false, queueIds: [] };
const company = { PK: 'C#C1', SK: 'COMPANY', id: 'C1', name: 'Acme', planId: 'P1', status: true, dueDate: '2999-12-31' };
const plan = { PK: 'PLATFORM#PLANS', SK: 'PLAN#P1', id: 'P1', name: 'Starter', useKanban: false };

type StoredKey = { PK: string; SK: string };
const find = (items: readonly Record<string, unknown>[], key: StoredKey) => items.find((item) => item.PK === key.PK && item.SK === key.SK);

/** The table holds `items`, read by GetItem and BatchGetItem alike. */
function store(items: Record<string, unknown>[]): void {
  ddb.on(GetCommand).callsFake((input: { Key: StoredKey }) => ({ Item: find(items, input.Key) }));
  ddb.on(BatchGetCommand).callsFake((input: { RequestItems: Record<string, { Keys: StoredKey[] }> }) => ({
    Responses: Object.fromEntries(
      Object.entries(input.RequestItems).map(([table, { Keys }]) => [table, Keys.map((key) => find(items, key)).filter(Boolean)]),
    ),
  }));
}

const batchedKeys = () => ddb.commandCalls(BatchGetCommand).map((call) => call.args[0].input.RequestItems?.['table-under-test']?.Keys);
const readKeys = () => ddb.commandCalls(GetCommand).map((call) => call.args[0].input.Key);

beforeEach(() => {
  forgetRememberedCallers();
  ddb.reset();
  ws.reset();
});

describe('loadCaller', () => {
  it('finds the tenant through the identity item of the token subject', async () => {
    store([identity, user, company, plan]);

    const caller = await loadCaller({ sub: 'sub-1' });

    expect(caller).toMatchObject({ companyId: 'C1', userId: 'U1', isAdmin: false, isSuper: false, plan: { id: 'P1' } });
    // A cold container: the identity, then the user and the company together, then their plan.
    expect(readKeys()).toEqual([{ PK: 'IDENTITY#sub-1', SK: 'IDENTITY' }, { PK: 'PLATFORM#PLANS', SK: 'PLAN#P1' }]);
    expect(batchedKeys()).toEqual([[{ PK: 'C#C1', SK: 'USER#U1' }, { PK: 'C#C1', SK: 'COMPANY' }]]);
  });

  it('answers ERR_SESSION_EXPIRED for a subject without an identity (a deleted user)', async () => {
    store([user, company, plan]);

    expect(await errorCodeOf(loadCaller({ sub: 'sub-1' }))).toBe('ERR_SESSION_EXPIRED');
  });

  it('answers ERR_SESSION_EXPIRED for an empty subject without reading the table', async () => {
    expect(await errorCodeOf(loadCaller({ sub: '' }))).toBe('ERR_SESSION_EXPIRED');
    expect(ddb.calls()).toHaveLength(0);
  });

  it('refuses a company past its due date with ERR_SUBSCRIPTION_EXPIRED', async () => {
    store([identity, user, { ...company, dueDate: '2000-01-01' }, plan]);

    expect(await errorCodeOf(loadCaller({ sub: 'sub-1' }))).toBe('ERR_SUBSCRIPTION_EXPIRED');
  });

  it('lets a super user in past the due date', async () => {
    store([identity, { ...user, super: true }, { ...company, dueDate: '2000-01-01' }, plan]);

    expect((await loadCaller({ sub: 'sub-1' })).isSuper).toBe(true);
  });

  it('refuses an inactive company with ERR_NO_PERMISSION', async () => {
    store([identity, user, { ...company, status: false }, plan]);

    expect(await errorCodeOf(loadCaller({ sub: 'sub-1' }))).toBe('ERR_NO_PERMISSION');
  });
});

describe('isPastDue', () => {
  it('keeps the subscription valid through the whole due day', () => {
    expect(isPastDue('2026-03-10', new Date('2026-03-10T23:59:59Z'))).toBe(false);
    expect(isPastDue('2026-03-10', new Date('2026-03-11T00:00:00Z'))).toBe(true);
    expect(isPastDue(null, new Date('2999-01-01T00:00:00Z'))).toBe(false);
  });
});

describe('loadCaller: one active session per user', () => {
  const active = { originJti: '0190-b', authTime: 1_000 };

  function storeWithSignIn(userFields: Record<string, unknown>): void {
    store([identity, { ...user, ...userFields }, company, plan]);
  }

  it('passes a token of the active sign-in without writing anything', async () => {
    storeWithSignIn({ activeSession: active });

    const caller = await loadCaller({ sub: 'sub-1', ...active });

    expect(caller.userId).toBe('U1');
    expect(ddb.commandCalls(UpdateCommand)).toHaveLength(0);
    expect(ddb.commandCalls(QueryCommand)).toHaveLength(0);
  });

  it('refuses a token of an earlier sign-in with ERR_SESSION_EXPIRED, by time and, within a second, by origin', async () => {
    storeWithSignIn({ activeSession: active });

    expect(await errorCodeOf(loadCaller({ sub: 'sub-1', authTime: 999, originJti: '0190-z' }))).toBe('ERR_SESSION_EXPIRED');
    expect(await errorCodeOf(loadCaller({ sub: 'sub-1', authTime: 1_000, originJti: '0190-a' }))).toBe('ERR_SESSION_EXPIRED');
    expect(ddb.commandCalls(UpdateCommand)).toHaveLength(0);
  });

  it('makes a later sign-in the active one with a conditional update and sends the auth event to the user\'s room', async () => {
    storeWithSignIn({ activeSession: active });
    ddb.on(UpdateCommand).resolves({});
    ddb.on(QueryCommand).resolves({ Items: [{ socketId: 'conn-1', companyId: 'C1', userId: 'U1' }] });
    ws.on(PostToConnectionCommand).resolves({});
    const later = { originJti: '0190-a', authTime: 1_001 };

    const caller = await loadCaller({ sub: 'sub-1', ...later });

    expect(caller.user.activeSignIn).toEqual(later);
    const update = ddb.commandCalls(UpdateCommand)[0]!.args[0].input;
    expect(update).toMatchObject({
      Key: { PK: 'C#C1', SK: 'USER#U1' },
      UpdateExpression: 'SET activeSession = :session',
      ExpressionAttributeValues: { ':session': later, ':authTime': 1_001, ':originJti': '0190-a' },
    });
    expect(update.ConditionExpression).toContain('activeSession.authTime < :authTime');
    expect(update.ConditionExpression).toContain('activeSession.authTime = :authTime AND activeSession.originJti < :originJti');
    expect(ddb.commandCalls(QueryCommand)[0]!.args[0].input.ExpressionAttributeValues).toMatchObject({ ':pk': 'C#C1#ROOM#user:U1' });
    const posted = ws.commandCalls(PostToConnectionCommand)[0]!.args[0].input;
    expect(posted.ConnectionId).toBe('conn-1');
    expect(JSON.parse(postedText(posted.Data))).toEqual({
      event: 'company-C1-auth',
      data: { action: 'update', user: { id: 'U1' }, session: await signInTag('0190-a') },
    });
  });

  it('claims the first sign-in of a user without telling anybody', async () => {
    storeWithSignIn({});
    ddb.on(UpdateCommand).resolves({});

    await loadCaller({ sub: 'sub-1', ...active });

    expect(ddb.commandCalls(UpdateCommand)).toHaveLength(1);
    expect(ddb.commandCalls(QueryCommand)).toHaveLength(0);
  });

  it('refuses every token of a sign-in up to the last sign-out, however new', async () => {
    storeWithSignIn({ activeSession: active, signedOutAt: 1_005 });

    expect(await errorCodeOf(loadCaller({ sub: 'sub-1', ...active }))).toBe('ERR_SESSION_EXPIRED');
    expect(await errorCodeOf(loadCaller({ sub: 'sub-1', authTime: 1_005, originJti: 'zzz' }))).toBe('ERR_SESSION_EXPIRED');
    expect(ddb.commandCalls(UpdateCommand)).toHaveLength(0);
  });

  it('takes over after a sign-out without an auth event: the earlier session had ended', async () => {
    storeWithSignIn({ activeSession: active, signedOutAt: 1_005 });
    ddb.on(UpdateCommand).resolves({});

    await loadCaller({ sub: 'sub-1', authTime: 1_006, originJti: '0190-c' });

    expect(ddb.commandCalls(UpdateCommand)).toHaveLength(1);
    expect(ddb.commandCalls(QueryCommand)).toHaveLength(0);
  });

  it('reads the user again when a racing request claimed first, and passes when it claimed the same sign-in', async () => {
    const later = { originJti: '0190-c', authTime: 1_001 };
    storeWithSignIn({ activeSession: active });
    ddb.on(GetCommand, { Key: { PK: 'C#C1', SK: 'USER#U1' } }).resolves({ Item: { ...user, activeSession: later } });
    ddb.on(UpdateCommand).rejects(new ConditionalCheckFailedException({ message: 'failed', $metadata: {} }));

    const caller = await loadCaller({ sub: 'sub-1', ...later });

    expect(caller.userId).toBe('U1');
    expect(readKeys()).toContainEqual({ PK: 'C#C1', SK: 'USER#U1' });
    expect(ddb.commandCalls(QueryCommand)).toHaveLength(0);
  });

  it('refuses when a racing request made an even later sign-in active', async () => {
    storeWithSignIn({ activeSession: active });
    ddb.on(GetCommand, { Key: { PK: 'C#C1', SK: 'USER#U1' } }).resolves({ Item: { ...user, activeSession: { originJti: 'x', authTime: 2_000 } } });
    ddb.on(UpdateCommand).rejects(new ConditionalCheckFailedException({ message: 'failed', $metadata: {} }));

    expect(await errorCodeOf(loadCaller({ sub: 'sub-1', authTime: 1_001, originJti: 'a' }))).toBe('ERR_SESSION_EXPIRED');
  });

  it('still answers the request when the auth event cannot be sent', async () => {
    storeWithSignIn({ activeSession: active });
    ddb.on(UpdateCommand).resolves({});
    ddb.on(QueryCommand).rejects(new Error('throttled'));

    await expect(loadCaller({ sub: 'sub-1', authTime: 1_001, originJti: 'a' })).resolves.toMatchObject({ userId: 'U1' });
  });

  it('orders sign-ins by time, then by origin; a token without origin compares by time alone', () => {
    expect(compareSignIns({ authTime: 1, originJti: 'z' }, { authTime: 2, originJti: 'a' })).toBeLessThan(0);
    expect(compareSignIns({ authTime: 2, originJti: 'b' }, { authTime: 2, originJti: 'a' })).toBeGreaterThan(0);
    expect(compareSignIns({ authTime: 2, originJti: '' }, { authTime: 1, originJti: 'a' })).toBeGreaterThan(0);
    expect(compareSignIns({ authTime: 2, originJti: 'a' }, { authTime: 2, originJti: 'a' })).toBe(0);
  });
});

describe('loadCaller in a warm container', () => {
  const active = { originJti: '0190-b', authTime: 1_000 };
  const token = { sub: 'sub-1', ...active };
  let items: Record<string, unknown>[];

  /** A first request of the sub (a cold container), then a clean slate of recorded calls. */
  async function warmUp(): Promise<void> {
    items = [identity, { ...user, activeSession: active }, company, plan];
    store(items);
    await loadCaller(token);
    ddb.resetHistory();
  }

  /** Replaces the stored item of the same key, as another request or container would. */
  function change(item: Record<string, unknown>): void {
    items = [...items.filter((stored) => stored.PK !== item.PK || stored.SK !== item.SK), item];
    store(items);
  }

  function remove(key: StoredKey): void {
    items = items.filter((stored) => stored.PK !== key.PK || stored.SK !== key.SK);
    store(items);
  }

  it('reads the user, the company and the plan in one BatchGetItem and nothing else', async () => {
    await warmUp();

    const caller = await loadCaller(token);

    expect(caller).toMatchObject({ userId: 'U1', companyId: 'C1', plan: { id: 'P1', name: 'Starter' } });
    expect(ddb.calls()).toHaveLength(1);
    expect(batchedKeys()).toEqual([
      [
        { PK: 'C#C1', SK: 'USER#U1' },
        { PK: 'C#C1', SK: 'COMPANY' },
        { PK: 'PLATFORM#PLANS', SK: 'PLAN#P1' },
      ],
    ]);
  });

  it('refuses at once a token of a sign-in that ended with a logout', async () => {
    await warmUp();
    change({ ...user, activeSession: active, signedOutAt: 1_000 });

    expect(await errorCodeOf(loadCaller(token))).toBe('ERR_SESSION_EXPIRED');
  });

  it('refuses at once a token of a sign-in that a later one replaced', async () => {
    await warmUp();
    change({ ...user, activeSession: { originJti: '0190-z', authTime: 1_500 } });

    expect(await errorCodeOf(loadCaller(token))).toBe('ERR_SESSION_EXPIRED');
  });

  it('refuses at once a deleted user, and reads the identity again on the next request', async () => {
    await warmUp();
    remove({ PK: 'C#C1', SK: 'USER#U1' });
    remove({ PK: 'IDENTITY#sub-1', SK: 'IDENTITY' });

    expect(await errorCodeOf(loadCaller(token))).toBe('ERR_SESSION_EXPIRED');
    expect(await errorCodeOf(loadCaller(token))).toBe('ERR_SESSION_EXPIRED');
    expect(readKeys()).toEqual([{ PK: 'IDENTITY#sub-1', SK: 'IDENTITY' }]);
  });

  it('refuses at once every user of a deleted company, super users and sign-outs included', async () => {
    await warmUp();
    change({ ...user, activeSession: active, super: true });
    change({ ...company, status: false, deletedAt: '2026-01-01T00:00:00.000Z' });

    expect(await errorCodeOf(loadCaller(token))).toBe('ERR_SESSION_EXPIRED');
    expect(await errorCodeOf(loadCaller(token, { evenWhenLapsed: true }))).toBe('ERR_SESSION_EXPIRED');
  });

  it('refuses at once a company that was deactivated', async () => {
    await warmUp();
    change({ ...company, status: false });

    expect(await errorCodeOf(loadCaller(token))).toBe('ERR_NO_PERMISSION');
  });

  it('refuses at once a company whose due date has passed', async () => {
    await warmUp();
    change({ ...company, dueDate: '2000-01-01' });

    expect(await errorCodeOf(loadCaller(token))).toBe('ERR_SUBSCRIPTION_EXPIRED');
  });

  it('answers the new plan at once when the company changed plans, then batches that one', async () => {
    await warmUp();
    change({ ...company, planId: 'P2' });
    change({ PK: 'PLATFORM#PLANS', SK: 'PLAN#P2', id: 'P2', name: 'Pro', useKanban: true });

    expect((await loadCaller(token)).plan).toMatchObject({ id: 'P2', useKanban: true });
    expect(readKeys()).toEqual([{ PK: 'PLATFORM#PLANS', SK: 'PLAN#P2' }]);

    ddb.resetHistory();
    expect((await loadCaller(token)).plan.id).toBe('P2');
    expect(ddb.calls()).toHaveLength(1);
    expect(batchedKeys()[0]).toContainEqual({ PK: 'PLATFORM#PLANS', SK: 'PLAN#P2' });
  });

  it('answers the plan\'s flags as they are now, never as remembered', async () => {
    await warmUp();
    change({ ...plan, useKanban: true });

    expect((await loadCaller(token)).plan.useKanban).toBe(true);
  });

  it('reads again the keys DynamoDB left unprocessed', async () => {
    await warmUp();
    let batches = 0;
    ddb.on(BatchGetCommand).callsFake((input: { RequestItems: Record<string, { Keys: StoredKey[] }> }) => {
      batches += 1;
      const keys = input.RequestItems['table-under-test']?.Keys ?? [];
      const user = keys.find((key) => key.SK === 'USER#U1');
      // The first answer leaves the user unprocessed, as DynamoDB may under throttling.
      if (batches === 1 && user) {
        return { Responses: { 'table-under-test': [company, plan] }, UnprocessedKeys: { 'table-under-test': { Keys: [user] } } };
      }
      return { Responses: { 'table-under-test': keys.map((key) => find(items, key)).filter(Boolean) } };
    });

    const caller = await loadCaller(token);

    expect(caller.userId).toBe('U1');
    expect(batchedKeys()[1]).toEqual([{ PK: 'C#C1', SK: 'USER#U1' }]);
  });
});
