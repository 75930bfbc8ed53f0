/**
 * A user's active sign-in is `User.activeSignIn` in the code and stays stored under the attribute
 * `activeSession`, so the items written before the rename keep reading (repositories/users.ts).
 */
import { BatchGetCommand, DynamoDBDocumentClient, GetCommand, QueryCommand } from '@aws-sdk/lib-dynamodb';
import { mockClient } from 'aws-sdk-client-mock';
import { getCallerItems } from '../../../functions/core/repositories/caller-items';
import { getUser, listUsers, userItem, type User } from '../../../functions/core/repositories/users';

process.env.TABLE_NAME = 'table-under-test';

const ddb = mockClient(DynamoDBDocumentClient);

const signIn = { originJti: 'origin-1', authTime: 1_700_000_000 };
const user: User = {
  id: 'U1',
  companyId: 'C1',
  cognitoSub: 'sub-1',
  name: 'Ana',
  email: 'ana@acme.test',
  profile: 'admin',
  super: false,
  allTicket: 'desabled',
  whatsappId: null,
  queueIds: [],
  online: false,
  createdAt: '2030-01-01T00:00:00.000Z',
  updatedAt: '2030-01-01T00:00:00.000Z',
  activeSignIn: signIn,
};
/** The item as it has always been stored. */
const { activeSignIn: _activeSignIn, ...fields } = user;
const stored = { PK: 'C#C1', SK: 'USER#U1', entity: 'user', ...fields, activeSession: signIn };

beforeEach(() => ddb.reset());

describe('the active sign-in of a user item', () => {
  it('is written under the stored attribute activeSession, never as activeSignIn', () => {
    const item = userItem(user);
    expect(item).toMatchObject({ activeSession: signIn });
    expect(item).not.toHaveProperty('activeSignIn');
  });

  it('is read from activeSession by getUser, listUsers and the caller batch', async () => {
    ddb.on(GetCommand).resolves({ Item: stored });
    ddb.on(QueryCommand).resolves({ Items: [stored] });
    ddb.on(BatchGetCommand).resolves({ Responses: { 'table-under-test': [stored] } });

    const read = await getUser('C1', 'U1');
    const [listed] = await listUsers('C1');
    const { user: batched } = await getCallerItems('C1', 'U1');

    for (const found of [read, listed, batched]) {
      expect(found?.activeSignIn).toEqual(signIn);
      expect(found).not.toHaveProperty('activeSession');
    }
  });

  it('is absent on a user who never signed in', async () => {
    const { activeSession: _none, ...neverSignedIn } = stored;
    ddb.on(GetCommand).resolves({ Item: neverSignedIn });
    const read = await getUser('C1', 'U1');
    expect(read).toMatchObject({ id: 'U1', email: 'ana@acme.test' });
    expect(read).not.toHaveProperty('activeSignIn');
  });
});
