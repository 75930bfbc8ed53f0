/** Loading the session from the verified identity: tenant from the table only, plan and due date enforced. */
import { DynamoDBDocumentClient, GetCommand } from '@aws-sdk/lib-dynamodb';
import { mockClient } from 'aws-sdk-client-mock';
import { isPastDue, loadSession } from '../../functions/core/use-cases/load-session';
import { errorCodeOf } from '../support/errors';

process.env.TABLE_NAME = 'table-under-test';
process.env.LOG_LEVEL = 'silent';

const ddb = mockClient(DynamoDBDocumentClient);

const identity = { PK: 'IDENTITY#sub-1', SK: 'IDENTITY', sub: 'sub-1', userId: 'U1', companyId: 'C1' };
const user = { PK: 'C#C1', SK: 'USER#U1', id: 'U1', companyId: 'C1', profile: 'user', super: false, queueIds: [] };
const company = { PK: 'C#C1', SK: 'COMPANY', id: 'C1', name: 'Acme', planId: 'P1', status: true, dueDate: '2999-12-31' };
const plan = { PK: 'PLATFORM#PLANS', SK: 'PLAN#P1', id: 'P1', name: 'Starter', useKanban: false };

function store(items: Record<string, unknown>[]): void {
  ddb.on(GetCommand).callsFake((input: { Key: { PK: string; SK: string } }) => ({
    Item: items.find((item) => item.PK === input.Key.PK && item.SK === input.Key.SK),
  }));
}

beforeEach(() => ddb.reset());

describe('loadSession', () => {
  it('finds the tenant through the identity item of the token subject', async () => {
    store([identity, user, company, plan]);

    const session = await loadSession({ sub: 'sub-1' });

    expect(session).toMatchObject({ companyId: 'C1', userId: 'U1', isAdmin: false, isSuper: false, plan: { id: 'P1' } });
    expect(ddb.commandCalls(GetCommand).map((call) => call.args[0].input.Key)).toEqual([
      { PK: 'IDENTITY#sub-1', SK: 'IDENTITY' },
      { PK: 'C#C1', SK: 'USER#U1' },
      { PK: 'C#C1', SK: 'COMPANY' },
      { PK: 'PLATFORM#PLANS', SK: 'PLAN#P1' },
    ]);
  });

  it('answers ERR_SESSION_EXPIRED for a subject without an identity (a deleted user)', async () => {
    store([user, company, plan]);

    expect(await errorCodeOf(loadSession({ sub: 'sub-1' }))).toBe('ERR_SESSION_EXPIRED');
  });

  it('answers ERR_SESSION_EXPIRED for an empty subject without reading the table', async () => {
    expect(await errorCodeOf(loadSession({ sub: '' }))).toBe('ERR_SESSION_EXPIRED');
    expect(ddb.calls()).toHaveLength(0);
  });

  it('refuses a company past its due date with ERR_SUBSCRIPTION_EXPIRED', async () => {
    store([identity, user, { ...company, dueDate: '2000-01-01' }, plan]);

    expect(await errorCodeOf(loadSession({ sub: 'sub-1' }))).toBe('ERR_SUBSCRIPTION_EXPIRED');
  });

  it('lets a super user in past the due date', async () => {
    store([identity, { ...user, super: true }, { ...company, dueDate: '2000-01-01' }, plan]);

    expect((await loadSession({ sub: 'sub-1' })).isSuper).toBe(true);
  });

  it('refuses an inactive company with ERR_NO_PERMISSION', async () => {
    store([identity, user, { ...company, status: false }, plan]);

    expect(await errorCodeOf(loadSession({ sub: 'sub-1' }))).toBe('ERR_NO_PERMISSION');
  });
});

describe('isPastDue', () => {
  it('keeps the subscription valid through the whole due day', () => {
    expect(isPastDue('2026-03-10', new Date('2026-03-10T23:59:59Z'))).toBe(false);
    expect(isPastDue('2026-03-10', new Date('2026-03-11T00:00:00Z'))).toBe(true);
    expect(isPastDue(null, new Date('2999-01-01T00:00:00Z'))).toBe(false);
  });
});
