/**
 * Editing a user: who may change which field, an email change kept in step between table and Cognito,
 * a default connection only of the company, a new password that ends the user's sessions and sockets,
 * and changed rights that close the user's sockets.
 */
import { ApiGatewayManagementApiClient, DeleteConnectionCommand } from '@aws-sdk/client-apigatewaymanagementapi';
import {
  AdminSetUserPasswordCommand,
  AdminUpdateUserAttributesCommand,
  AdminUserGlobalSignOutCommand,
  AliasExistsException,
  CognitoIdentityProviderClient,
} from '@aws-sdk/client-cognito-identity-provider';
import {
  BatchGetCommand,
  BatchWriteCommand,
  DynamoDBDocumentClient,
  GetCommand,
  QueryCommand,
  TransactWriteCommand,
  UpdateCommand,
} from '@aws-sdk/lib-dynamodb';
import { TransactionCanceledException } from '@aws-sdk/client-dynamodb';
import { SendMessageCommand, SQSClient } from '@aws-sdk/client-sqs';
import { mockClient } from 'aws-sdk-client-mock';
import { queueUrlEnv, TICKET_ROWS_QUEUE_ID } from '../../../infra/resources/queues';
import type { UpdateUserInput } from '../../../shared/users';
import type { Caller } from '../../../functions/core/caller/load-caller';
import { updateUser } from '../../../functions/core/users/update-user';
import { errorCodeOf } from '../../support/errors';

process.env.TABLE_NAME = 'table-under-test';
process.env.COGNITO_USER_POOL_ID = 'us-east-1_TESTPOOL1';
process.env.WS_MANAGEMENT_ENDPOINT = 'http://ws-management.test';
process.env.LOG_LEVEL = 'silent';

const ddb = mockClient(DynamoDBDocumentClient);
// A rename announces itself on the ticket-rows queue (conversations/ticket-rows.ts).
process.env[queueUrlEnv(TICKET_ROWS_QUEUE_ID)] = 'https://sqs.test/ticket-rows';
const sqs = mockClient(SQSClient);
sqs.on(SendMessageCommand).resolves({});
const cognito = mockClient(CognitoIdentityProviderClient);
const ws = mockClient(ApiGatewayManagementApiClient);
const userRoom = { ExpressionAttributeValues: { ':pk': 'C#C1#ROOM#user:U2' } };
const companyRoom = { ExpressionAttributeValues: { ':pk': 'C#C1#ROOM#company' } };

const stored = {
  id: 'U2',
  companyId: 'C1',
  cognitoSub: 'sub-2',
  name: 'Maria',
  email: 'maria@acme.test',
  profile: 'user',
  super: false,
  allTicket: 'desabled',
  whatsappId: null,
  queueIds: ['Q1'],
  online: false,
  createdAt: '2026-01-01T00:00:00.000Z',
  updatedAt: '2026-01-01T00:00:00.000Z',
};

const callerOf = (profile: string, userId: string) =>
  ({ userId, companyId: 'C1', user: { id: userId, profile }, isSuper: false }) as unknown as Caller;

const asAdmin = callerOf('admin', 'U1');
const asSelf = callerOf('user', 'U2');

beforeEach(() => {
  ddb.reset();
  cognito.reset();
  ws.reset();
  ddb.on(GetCommand).resolves({ Item: { PK: 'C#C1', SK: 'USER#U2', ...stored } });
  ddb.on(GetCommand, { Key: { PK: 'C#C1', SK: 'WAPP#W1' } }).resolves({ Item: { PK: 'C#C1', SK: 'WAPP#W1', id: 'W1', companyId: 'C1' } });
  ddb.on(GetCommand, { Key: { PK: 'C#C1', SK: 'WAPP#W-OTHER-COMPANY' } }).resolves({});
  ddb.on(TransactWriteCommand).resolves({});
  ddb.on(QueryCommand).resolves({ Items: [] });
  ddb.on(QueryCommand, userRoom).resolves({ Items: [{ socketId: 'K1', companyId: 'C1', userId: 'U2' }] });
  ddb.on(UpdateCommand).resolves({});
  ddb.on(BatchWriteCommand).resolves({});
  ws.on(DeleteConnectionCommand).resolves({});
  cognito.on(AdminUserGlobalSignOutCommand).resolves({});
  ddb.on(BatchGetCommand).resolves({
    Responses: { 'table-under-test': [{ id: 'Q1', name: 'Sales', color: '#111' }, { id: 'Q2', name: 'Support', color: '#222' }] },
  });
  cognito.on(AdminUpdateUserAttributesCommand).resolves({});
  cognito.on(AdminSetUserPasswordCommand).resolves({});
});

const update = (caller: Caller, input: UpdateUserInput) => updateUser(caller, 'U2', input, new Date('2026-02-01T00:00:00Z'));

describe('updateUser', () => {
  it('refuses a plain user changing their own profile, queues or allTicket, and writes nothing', async () => {
    expect(await errorCodeOf(update(asSelf, { profile: 'admin' }))).toBe('ERR_NO_PERMISSION');
    expect(await errorCodeOf(update(asSelf, { queueIds: ['Q1', 'Q2'] }))).toBe('ERR_NO_PERMISSION');
    expect(await errorCodeOf(update(asSelf, { allTicket: 'enabled' }))).toBe('ERR_NO_PERMISSION');
    expect(ddb.commandCalls(TransactWriteCommand)).toHaveLength(0);
  });

  it('refuses a plain user editing somebody else', async () => {
    expect(await errorCodeOf(update(callerOf('user', 'U3'), { name: 'Other' }))).toBe('ERR_NO_PERMISSION');
  });

  it('lets a plain user send their unchanged profile and queues along with a new name', async () => {
    const user = await update(asSelf, { name: 'Maria Silva', profile: 'user', queueIds: ['Q1'] });

    expect(user).toMatchObject({ name: 'Maria Silva', profile: 'user', queueIds: ['Q1'] });
    const action = ddb.commandCalls(TransactWriteCommand)[0]!.args[0].input.TransactItems![0]!.Update!;
    expect(Object.values(action.ExpressionAttributeNames ?? {})).toEqual(['name', 'updatedAt']);
  });

  it('writes nothing and tells nobody when nothing changes', async () => {
    await update(asAdmin, { name: 'Maria', queueIds: ['Q1'] });

    expect(ddb.commandCalls(TransactWriteCommand)).toHaveLength(0);
    // The answer reads the company's settings (UserDto.company); no room is read to publish.
    expect(ddb.commandCalls(QueryCommand).filter((call) => call.args[0].input.ExpressionAttributeValues?.[':sk'] !== 'SETTING#')).toHaveLength(0);
  });

  it('refuses a company admin editing a platform super user', async () => {
    ddb.on(GetCommand).resolves({ Item: { ...stored, super: true } });

    expect(await errorCodeOf(update(asAdmin, { password: 'Taken0ver1' }))).toBe('ERR_NO_PERMISSION');
    expect(cognito.calls()).toHaveLength(0);
  });

  it('checks only the queues that are new to the user in the transaction', async () => {
    await update(asAdmin, { queueIds: ['Q1', 'Q2'] });

    const items = ddb.commandCalls(TransactWriteCommand)[0]!.args[0].input.TransactItems!;
    expect(items.map((item) => item.ConditionCheck?.Key).filter(Boolean)).toEqual([{ PK: 'C#C1', SK: 'QUEUE#Q2' }]);
  });

  it('moves the uniqueness item with the user in one transaction, then the Cognito account, then sets the password', async () => {
    const user = await update(asSelf, { email: 'new@acme.test', password: 'Changed123' });

    expect(user.email).toBe('new@acme.test');
    const items = ddb.commandCalls(TransactWriteCommand)[0]!.args[0].input.TransactItems!;
    expect(items[0]!.Update).toMatchObject({
      Key: { PK: 'C#C1', SK: 'USER#U2' },
      ConditionExpression: 'attribute_exists(PK) AND email = :expectedEmail',
      ExpressionAttributeValues: expect.objectContaining({ ':expectedEmail': 'maria@acme.test' }),
    });
    expect(items[1]!.Put).toMatchObject({ Item: { PK: 'UNIQUE#EMAIL#new@acme.test', sub: 'sub-2' }, ConditionExpression: 'attribute_not_exists(PK)' });
    expect(items[2]!.Delete).toMatchObject({ Key: { PK: 'UNIQUE#EMAIL#maria@acme.test', SK: 'UNIQUE' }, ExpressionAttributeValues: { ':sub': 'sub-2' } });
    expect(cognito.commandCalls(AdminUpdateUserAttributesCommand)[0]!.args[0].input).toEqual({
      UserPoolId: 'us-east-1_TESTPOOL1',
      Username: 'maria@acme.test',
      UserAttributes: [
        { Name: 'email', Value: 'new@acme.test' },
        { Name: 'email_verified', Value: 'true' },
      ],
    });
    expect(cognito.commandCalls(AdminSetUserPasswordCommand)[0]!.args[0].input).toMatchObject({
      Username: 'new@acme.test',
      Password: 'Changed123',
      Permanent: true,
    });
  });

  it('moves the email back in the table when Cognito refuses the new one', async () => {
    cognito.on(AdminUpdateUserAttributesCommand).rejects(new AliasExistsException({ message: 'exists', $metadata: {} }));

    expect(await errorCodeOf(update(asAdmin, { email: 'new@acme.test', password: 'Changed123' }))).toBe('ERR_EMAIL_ALREADY_EXISTS');

    const undo = ddb.commandCalls(TransactWriteCommand)[1]!.args[0].input.TransactItems!;
    expect(undo[0]!.Update).toMatchObject({ ExpressionAttributeValues: expect.objectContaining({ ':expectedEmail': 'new@acme.test' }) });
    expect(undo[1]!.Put).toMatchObject({ Item: { PK: 'UNIQUE#EMAIL#maria@acme.test' } });
    expect(undo[2]!.Delete).toMatchObject({ Key: { PK: 'UNIQUE#EMAIL#new@acme.test' } });
    expect(cognito.commandCalls(AdminSetUserPasswordCommand)).toHaveLength(0);
  });

  it('refuses a default connection that is not the company\'s with ERR_NO_WAPP_FOUND and writes nothing', async () => {
    expect(await errorCodeOf(update(asAdmin, { whatsappId: 'W-OTHER-COMPANY' }))).toBe('ERR_NO_WAPP_FOUND');
    expect(ddb.commandCalls(TransactWriteCommand)).toHaveLength(0);
  });

  it('checks the new default connection in the transaction, and answers ERR_NO_WAPP_FOUND when it went meanwhile', async () => {
    await update(asAdmin, { whatsappId: 'W1' });
    const items = ddb.commandCalls(TransactWriteCommand)[0]!.args[0].input.TransactItems!;
    expect(items.map((item) => item.ConditionCheck?.Key).filter(Boolean)).toEqual([{ PK: 'C#C1', SK: 'WAPP#W1' }]);

    ddb.on(TransactWriteCommand).rejects(
      new TransactionCanceledException({ message: 'cancelled', $metadata: {}, CancellationReasons: [{ Code: 'None' }, { Code: 'ConditionalCheckFailed' }] }),
    );
    expect(await errorCodeOf(update(asAdmin, { whatsappId: 'W1' }))).toBe('ERR_NO_WAPP_FOUND');
  });

  it('ends every session of the user on a password set by an admin: global sign-out, the sign-out mark at once, the sockets closed', async () => {
    const user = await update(asAdmin, { password: 'Changed123' });

    expect(cognito.commandCalls(AdminSetUserPasswordCommand)[0]!.calledBefore(cognito.commandCalls(AdminUserGlobalSignOutCommand)[0]!)).toBe(true);
    expect(cognito.commandCalls(AdminUserGlobalSignOutCommand)[0]!.args[0].input).toEqual({ UserPoolId: 'us-east-1_TESTPOOL1', Username: 'maria@acme.test' });
    expect(ddb.commandCalls(UpdateCommand)[0]!.args[0].input).toMatchObject({
      Key: { PK: 'C#C1', SK: 'USER#U2' },
      UpdateExpression: 'SET #online = :false, signedOutAt = :at',
      ExpressionAttributeValues: { ':false': false, ':at': Date.parse('2026-02-01T00:00:00Z') / 1000 },
    });
    expect(ws.commandCalls(DeleteConnectionCommand).map((call) => call.args[0].input)).toEqual([{ ConnectionId: 'K1' }]);
    expect(ddb.commandCalls(UpdateCommand)[0]!.calledBefore(ws.commandCalls(DeleteConnectionCommand)[0]!)).toBe(true);
    expect(user.online).toBe(false);
  });

  it('ends the caller\'s own session too when they set their own password, never marking it before their sign-in', async () => {
    const signIn = Date.parse('2026-02-01T00:00:00Z') / 1000 + 3;
    const self = { ...asSelf, user: { ...asSelf.user, activeSignIn: { originJti: 'o', authTime: signIn } } } as unknown as Caller;

    await update(self, { password: 'Changed123' });

    expect(ddb.commandCalls(UpdateCommand)[0]!.args[0].input.ExpressionAttributeValues).toMatchObject({ ':at': signIn });
    expect(ws.commandCalls(DeleteConnectionCommand)).toHaveLength(1);
  });

  it.each<[string, UpdateUserInput]>([
    ['queues', { queueIds: ['Q2'] }],
    ['profile', { profile: 'supervisor' }],
    ['allTicket', { allTicket: 'enabled' }],
  ])('closes the user\'s sockets, after telling the company, on a change of their %s, ending no session', async (_field, input) => {
    await update(asAdmin, input);

    expect(ws.commandCalls(DeleteConnectionCommand).map((call) => call.args[0].input)).toEqual([{ ConnectionId: 'K1' }]);
    expect(ddb.commandCalls(QueryCommand, companyRoom)[0]!.calledBefore(ws.commandCalls(DeleteConnectionCommand)[0]!)).toBe(true);
    expect(cognito.commandCalls(AdminUserGlobalSignOutCommand)).toHaveLength(0);
    expect(ddb.commandCalls(UpdateCommand)).toHaveLength(0);
  });

  it('leaves the sockets open for a change that does not touch the rights (name, email)', async () => {
    await update(asAdmin, { name: 'Maria Silva', email: 'new@acme.test' });

    expect(ws.commandCalls(DeleteConnectionCommand)).toHaveLength(0);
    expect(ddb.commandCalls(QueryCommand, userRoom)).toHaveLength(0);
  });

  it('answers ERR_NO_USER_FOUND for a user that is not in the caller\'s company', async () => {
    ddb.on(GetCommand).resolves({});

    expect(await errorCodeOf(update(asAdmin, { name: 'Anybody' }))).toBe('ERR_NO_USER_FOUND');
  });
});
