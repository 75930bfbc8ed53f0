/** The caller's user, company and plan: one BatchGetItem, the items told apart by their keys. */
import { BatchGetCommand, DynamoDBDocumentClient } from '@aws-sdk/lib-dynamodb';
import { mockClient } from 'aws-sdk-client-mock';
import { getCallerItems } from '../../../functions/core/repositories/caller-items';

process.env.TABLE_NAME = 'table-under-test';

const ddb = mockClient(DynamoDBDocumentClient);

const user = { PK: 'C#C1', SK: 'USER#U1', entity: 'user', id: 'U1', companyId: 'C1' };
const company = { PK: 'C#C1', SK: 'COMPANY', entity: 'company', GSI1PK: 'COMPANIES', GSI1SK: 'acme', id: 'C1', planId: 'P1' };
const plan = { PK: 'PLATFORM#PLANS', SK: 'PLAN#P1', entity: 'plan', id: 'P1', name: 'Starter' };

const requestedKeys = () =>
  ddb.commandCalls(BatchGetCommand).map((call) => call.args[0].input.RequestItems?.['table-under-test']?.Keys);

beforeEach(() => ddb.reset());

describe('getCallerItems', () => {
  it('reads the user, the company and the guessed plan in one BatchGetItem, whatever order the items come back in', async () => {
    ddb.on(BatchGetCommand).resolves({ Responses: { 'table-under-test': [plan, company, user] } });

    const items = await getCallerItems('C1', 'U1', 'P1');

    expect(requestedKeys()).toEqual([
      [
        { PK: 'C#C1', SK: 'USER#U1' },
        { PK: 'C#C1', SK: 'COMPANY' },
        { PK: 'PLATFORM#PLANS', SK: 'PLAN#P1' },
      ],
    ]);
    expect(items).toEqual({
      user: { id: 'U1', companyId: 'C1' },
      company: { id: 'C1', planId: 'P1' },
      plan: { id: 'P1', name: 'Starter' },
    });
  });

  it('reads only the user and the company when no plan is guessed', async () => {
    ddb.on(BatchGetCommand).resolves({ Responses: { 'table-under-test': [user, company] } });

    const items = await getCallerItems('C1', 'U1');

    expect(requestedKeys()).toEqual([[{ PK: 'C#C1', SK: 'USER#U1' }, { PK: 'C#C1', SK: 'COMPANY' }]]);
    expect(items.plan).toBeUndefined();
    expect(items.user?.id).toBe('U1');
  });

  it('leaves out what is missing', async () => {
    ddb.on(BatchGetCommand).resolves({ Responses: { 'table-under-test': [company] } });

    const items = await getCallerItems('C1', 'U1', 'P1');

    expect(items).toEqual({ company: { id: 'C1', planId: 'P1' } });
  });

  it('reads again the keys DynamoDB left unprocessed', async () => {
    ddb
      .on(BatchGetCommand)
      .resolvesOnce({
        Responses: { 'table-under-test': [company] },
        UnprocessedKeys: { 'table-under-test': { Keys: [{ PK: 'C#C1', SK: 'USER#U1' }, { PK: 'PLATFORM#PLANS', SK: 'PLAN#P1' }] } },
      })
      .resolves({ Responses: { 'table-under-test': [user, plan] } });

    const items = await getCallerItems('C1', 'U1', 'P1');

    expect(requestedKeys()[1]).toEqual([
      { PK: 'C#C1', SK: 'USER#U1' },
      { PK: 'PLATFORM#PLANS', SK: 'PLAN#P1' },
    ]);
    expect(items.user?.id).toBe('U1');
    expect(items.plan?.id).toBe('P1');
    expect(items.company?.id).toBe('C1');
  });
});
