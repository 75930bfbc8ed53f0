/**
 * The password reset (forgot-password and reset-password use cases): rate limits first, the same answer
 * whether or not an account exists, clear codes for a wrong code, and every session ended after a reset,
 * its sockets included.
 */
import { ApiGatewayManagementApiClient, DeleteConnectionCommand } from '@aws-sdk/client-apigatewaymanagementapi';
import {
  AdminUserGlobalSignOutCommand,
  CodeMismatchException,
  CognitoIdentityProviderClient,
  ConfirmForgotPasswordCommand,
  ExpiredCodeException,
  ForgotPasswordCommand,
  LimitExceededException,
  TooManyFailedAttemptsException,
  UserNotFoundException,
} from '@aws-sdk/client-cognito-identity-provider';
import { ConditionalCheckFailedException } from '@aws-sdk/client-dynamodb';
import { BatchWriteCommand, DynamoDBDocumentClient, GetCommand, QueryCommand, UpdateCommand } from '@aws-sdk/lib-dynamodb';
import { mockClient } from 'aws-sdk-client-mock';
import { forgotPassword } from '../../functions/core/use-cases/forgot-password';
import { resetPassword } from '../../functions/core/use-cases/reset-password';
import { errorCodeOf } from '../support/errors';

process.env.TABLE_NAME = 'table-under-test';
process.env.COGNITO_USER_POOL_ID = 'us-east-1_TESTPOOL1';
process.env.COGNITO_CLIENT_ID = 'client-1';
process.env.WS_MANAGEMENT_ENDPOINT = 'http://ws-management.test';
process.env.LOG_LEVEL = 'silent';

const ddb = mockClient(DynamoDBDocumentClient);
const cognito = mockClient(CognitoIdentityProviderClient);
const ws = mockClient(ApiGatewayManagementApiClient);

const now = new Date('2026-03-10T10:15:00Z');
const rateLimitScopes = () =>
  ddb
    .commandCalls(UpdateCommand)
    .map((call) => String(call.args[0].input.Key?.PK))
    .filter((pk) => pk.startsWith('RATE#'))
    .map((pk) => pk.split('#')[1]);

beforeEach(() => {
  ddb.reset();
  cognito.reset();
  ws.reset();
  ddb.on(UpdateCommand).resolves({});
  ddb.on(QueryCommand).resolves({ Items: [] });
  ddb.on(BatchWriteCommand).resolves({});
  ws.on(DeleteConnectionCommand).resolves({});
});

describe('forgotPassword', () => {
  it('counts the request per source IP and per email, then asks Cognito to send a code', async () => {
    cognito.on(ForgotPasswordCommand).resolves({});

    await forgotPassword({ email: 'maria@acme.test', sourceIp: '203.0.113.9' }, now);

    expect(rateLimitScopes()).toEqual(['forgot-password:ip', 'forgot-password:email']);
    expect(cognito.commandCalls(ForgotPasswordCommand)[0]!.args[0].input).toEqual({ ClientId: 'client-1', Username: 'maria@acme.test' });
  });

  it.each([
    ['UserNotFoundException', new UserNotFoundException({ message: 'no', $metadata: {} })],
    ['LimitExceededException', new LimitExceededException({ message: 'slow down', $metadata: {} })],
  ])('answers alike when Cognito refuses with %s', async (_name, error) => {
    cognito.on(ForgotPasswordCommand).rejects(error);

    await expect(forgotPassword({ email: 'nobody@acme.test', sourceIp: '203.0.113.9' }, now)).resolves.toBeUndefined();
  });

  it('refuses over the limit with ERR_TOO_MANY_REQUESTS without calling Cognito', async () => {
    ddb.on(UpdateCommand).rejects(new ConditionalCheckFailedException({ message: 'full', $metadata: {} }));

    expect(await errorCodeOf(forgotPassword({ email: 'maria@acme.test', sourceIp: '203.0.113.9' }, now))).toBe('ERR_TOO_MANY_REQUESTS');
    expect(cognito.calls()).toHaveLength(0);
  });
});

describe('resetPassword', () => {
  const input = { email: 'maria@acme.test', code: '123456', password: 'Changed123', sourceIp: '203.0.113.9' };

  it('confirms the code and the password, then signs the account out everywhere and marks the sign-out', async () => {
    cognito.on(ConfirmForgotPasswordCommand).resolves({});
    cognito.on(AdminUserGlobalSignOutCommand).resolves({});
    ddb.on(GetCommand).resolves({ Item: { PK: 'UNIQUE#EMAIL#maria@acme.test', SK: 'UNIQUE', sub: 's', userId: 'U2', companyId: 'C1' } });

    await resetPassword(input, now);

    expect(rateLimitScopes()).toEqual(['reset-password:ip', 'reset-password:email']);
    expect(cognito.commandCalls(ConfirmForgotPasswordCommand)[0]!.args[0].input).toEqual({
      ClientId: 'client-1',
      Username: 'maria@acme.test',
      ConfirmationCode: '123456',
      Password: 'Changed123',
    });
    expect(cognito.commandCalls(AdminUserGlobalSignOutCommand)[0]!.args[0].input).toEqual({
      UserPoolId: 'us-east-1_TESTPOOL1',
      Username: 'maria@acme.test',
    });
    const signOut = ddb.commandCalls(UpdateCommand).map((call) => call.args[0].input).find((update) => update.Key?.SK === 'USER#U2');
    expect(signOut).toMatchObject({ Key: { PK: 'C#C1' }, ExpressionAttributeValues: { ':false': false, ':at': now.getTime() / 1000 } });
  });

  it('closes the sockets of the account after the reset', async () => {
    cognito.on(ConfirmForgotPasswordCommand).resolves({});
    cognito.on(AdminUserGlobalSignOutCommand).resolves({});
    ddb.on(GetCommand).resolves({ Item: { PK: 'UNIQUE#EMAIL#maria@acme.test', SK: 'UNIQUE', sub: 's', userId: 'U2', companyId: 'C1' } });
    ddb.on(QueryCommand, { ExpressionAttributeValues: { ':pk': 'C#C1#ROOM#user:U2' } }).resolves({
      Items: [{ connectionId: 'K3', companyId: 'C1', userId: 'U2' }],
    });

    await resetPassword(input, now);

    expect(ws.commandCalls(DeleteConnectionCommand).map((call) => call.args[0].input)).toEqual([{ ConnectionId: 'K3' }]);
  });

  it.each([
    ['a wrong code', new CodeMismatchException({ message: 'mismatch', $metadata: {} })],
    ['an expired code', new ExpiredCodeException({ message: 'expired', $metadata: {} })],
    ['an email without an account', new UserNotFoundException({ message: 'no', $metadata: {} })],
  ])('answers ERR_INVALID_RESET_CODE for %s and ends no session', async (_case, error) => {
    cognito.on(ConfirmForgotPasswordCommand).rejects(error);

    expect(await errorCodeOf(resetPassword(input, now))).toBe('ERR_INVALID_RESET_CODE');
    expect(cognito.commandCalls(AdminUserGlobalSignOutCommand)).toHaveLength(0);
  });

  it('answers ERR_TOO_MANY_REQUESTS when Cognito stops accepting attempts', async () => {
    cognito.on(ConfirmForgotPasswordCommand).rejects(new TooManyFailedAttemptsException({ message: 'stop', $metadata: {} }));

    expect(await errorCodeOf(resetPassword(input, now))).toBe('ERR_TOO_MANY_REQUESTS');
  });
});
