/** Sign-out everywhere: Cognito's global sign-out, then the user's sign-out mark that refuses its tokens. */
import { AdminUserGlobalSignOutCommand, CognitoIdentityProviderClient } from '@aws-sdk/client-cognito-identity-provider';
import { DynamoDBDocumentClient, QueryCommand, UpdateCommand } from '@aws-sdk/lib-dynamodb';
import { mockClient } from 'aws-sdk-client-mock';
import type { Session } from '../../functions/core/use-cases/load-session';
import { logout } from '../../functions/core/use-cases/logout';

process.env.TABLE_NAME = 'table-under-test';
process.env.COGNITO_USER_POOL_ID = 'us-east-1_TESTPOOL1';
process.env.LOG_LEVEL = 'silent';

const ddb = mockClient(DynamoDBDocumentClient);
const cognito = mockClient(CognitoIdentityProviderClient);

const sessionWith = (authTime: number) =>
  ({
    userId: 'U2',
    companyId: 'C1',
    user: {
      id: 'U2',
      companyId: 'C1',
      email: 'maria@acme.test',
      queueIds: [],
      online: true,
      activeSession: { originJti: 'o', authTime },
    },
  }) as unknown as Session;

beforeEach(() => {
  ddb.reset();
  cognito.reset();
  ddb.on(UpdateCommand).resolves({});
  ddb.on(QueryCommand).resolves({ Items: [] });
  cognito.on(AdminUserGlobalSignOutCommand).resolves({});
});

describe('logout', () => {
  it('signs the account out in Cognito, marks the user offline with the time, and tells the company', async () => {
    const now = new Date('2026-03-10T10:15:00Z');

    await logout(sessionWith(now.getTime() / 1000 - 60), now);

    expect(cognito.commandCalls(AdminUserGlobalSignOutCommand)[0]!.args[0].input).toEqual({
      UserPoolId: 'us-east-1_TESTPOOL1',
      Username: 'maria@acme.test',
    });
    expect(ddb.commandCalls(UpdateCommand)[0]!.args[0].input).toMatchObject({
      Key: { PK: 'C#C1', SK: 'USER#U2' },
      UpdateExpression: 'SET #online = :false, signedOutAt = :at',
      ExpressionAttributeValues: { ':false': false, ':at': now.getTime() / 1000 },
    });
    expect(ddb.commandCalls(QueryCommand)[0]!.args[0].input.ExpressionAttributeValues).toMatchObject({ ':pk': 'C#C1#ROOM#company' });
  });

  it('never marks the sign-out before the caller\'s own sign-in, even with a clock behind Cognito\'s', async () => {
    const now = new Date('2026-03-10T10:15:00Z');

    await logout(sessionWith(now.getTime() / 1000 + 2), now);

    expect(ddb.commandCalls(UpdateCommand)[0]!.args[0].input.ExpressionAttributeValues).toMatchObject({ ':at': now.getTime() / 1000 + 2 });
  });
});
