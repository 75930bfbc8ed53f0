/** An admin adds a user: Cognito account and table items together or neither, under the plan's limit. */
import {
  AdminCreateUserCommand,
  AdminDeleteUserCommand,
  AdminSetUserPasswordCommand,
  CognitoIdentityProviderClient,
} from '@aws-sdk/client-cognito-identity-provider';
import { TransactionCanceledException } from '@aws-sdk/client-dynamodb';
import { BatchGetCommand, DynamoDBDocumentClient, GetCommand, QueryCommand, TransactWriteCommand } from '@aws-sdk/lib-dynamodb';
import { mockClient } from 'aws-sdk-client-mock';
import { ALL_FEATURES } from '../../../shared/plans';
import type { CreateUserInput } from '../../../shared/users';
import type { Caller } from '../../../functions/core/caller/load-caller';
import { createUser } from '../../../functions/core/users/create-user';
import { errorCodeOf } from '../../support/errors';

process.env.TABLE_NAME = 'table-under-test';
process.env.COGNITO_USER_POOL_ID = 'us-east-1_TESTPOOL1';
process.env.LOG_LEVEL = 'silent';

const ddb = mockClient(DynamoDBDocumentClient);
const cognito = mockClient(CognitoIdentityProviderClient);

const admin = { id: 'U1', companyId: 'C1', profile: 'admin', super: false, email: 'admin@acme.test' };
const caller = {
  userId: 'U1',
  companyId: 'C1',
  user: admin,
  company: { id: 'C1', usersCount: 2 },
  plan: { id: 'P1', name: 'Plan', users: 3, connections: 1, queues: 3, value: 0, ...ALL_FEATURES },
  isAdmin: true,
  isSuper: false,
} as unknown as Caller;

const input: CreateUserInput = {
  name: 'Maria',
  email: 'maria@acme.test',
  password: 'Secret@123',
  profile: 'user',
  allTicket: 'desabled',
  whatsappId: null,
  queueIds: ['Q1', 'Q2'],
};

const cancelled = (codes: string[]) =>
  new TransactionCanceledException({
    message: 'Transaction cancelled',
    $metadata: {},
    CancellationReasons: codes.map((Code) => ({ Code })),
  });

beforeEach(() => {
  ddb.reset();
  cognito.reset();
  cognito.on(AdminCreateUserCommand).resolves({ User: { Attributes: [{ Name: 'sub', Value: 'sub-9' }] } });
  cognito.on(AdminSetUserPasswordCommand).resolves({});
  cognito.on(AdminDeleteUserCommand).resolves({});
  ddb.on(BatchGetCommand).resolves({
    Responses: { 'table-under-test': [{ id: 'Q1', name: 'Sales', color: '#111' }, { id: 'Q2', name: 'Support', color: '#222' }] },
  });
  ddb.on(QueryCommand).resolves({ Items: [] });
  ddb.on(GetCommand).resolves({});
  ddb.on(GetCommand, { Key: { PK: 'C#C1', SK: 'WAPP#W1' } }).resolves({ Item: { PK: 'C#C1', SK: 'WAPP#W1', id: 'W1', companyId: 'C1' } });
});

describe('createUser', () => {
  it('writes email, user, identity, the counter under the plan limit and a check per queue in one transaction', async () => {
    ddb.on(TransactWriteCommand).resolves({});

    const user = await createUser(caller, input);

    expect(user).toMatchObject({ name: 'Maria', email: 'maria@acme.test', companyId: 'C1', queues: [{ id: 'Q1' }, { id: 'Q2' }] });
    expect(user).not.toHaveProperty('cognitoSub');
    const items = ddb.commandCalls(TransactWriteCommand)[0]!.args[0].input.TransactItems!;
    expect(items[0]!.Put).toMatchObject({ Item: { PK: 'UNIQUE#EMAIL#maria@acme.test', sub: 'sub-9' }, ConditionExpression: 'attribute_not_exists(PK)' });
    expect(items[1]!.Put?.Item).toMatchObject({ entity: 'user', cognitoSub: 'sub-9', queueIds: ['Q1', 'Q2'] });
    expect(items[2]!.Put?.Item).toMatchObject({ PK: 'IDENTITY#sub-9', userId: user.id, companyId: 'C1' });
    expect(items[3]!.Update).toMatchObject({
      Key: { PK: 'C#C1', SK: 'COMPANY' },
      UpdateExpression: 'ADD usersCount :one',
      ConditionExpression: 'attribute_exists(PK) AND usersCount < :limit',
      ExpressionAttributeValues: { ':one': 1, ':limit': 3 },
    });
    expect(items.slice(4).map((item) => item.ConditionCheck?.Key)).toEqual([
      { PK: 'C#C1', SK: 'QUEUE#Q1' },
      { PK: 'C#C1', SK: 'QUEUE#Q2' },
    ]);
    expect(cognito.commandCalls(AdminDeleteUserCommand)).toHaveLength(0);
  });

  it("refuses with ERR_USER_CREATION_DISABLED, without a Cognito account, while the platform's user creation is off", async () => {
    ddb.on(GetCommand, { Key: { PK: 'PLATFORM#SETTINGS', SK: 'SETTING#userCreation' } }).resolves({ Item: { key: 'userCreation', value: 'disabled' } });

    expect(await errorCodeOf(createUser(caller, input))).toBe('ERR_USER_CREATION_DISABLED');
    expect(cognito.calls()).toHaveLength(0);
    expect(ddb.commandCalls(TransactWriteCommand)).toHaveLength(0);
  });

  it('refuses at once, without a Cognito account, when the company is already at the plan limit', async () => {
    const full = { ...caller, company: { ...caller.company, usersCount: 3 } } as Caller;

    expect(await errorCodeOf(createUser(full, input))).toBe('ERR_USER_LIMIT_REACHED');
    expect(cognito.calls()).toHaveLength(0);
    expect(ddb.commandCalls(TransactWriteCommand)).toHaveLength(0);
  });

  it('refuses queues that are not the company\'s before creating anything', async () => {
    ddb.on(BatchGetCommand).resolves({ Responses: { 'table-under-test': [{ id: 'Q1', name: 'Sales', color: '#111' }] } });

    expect(await errorCodeOf(createUser(caller, input))).toBe('ERR_VALIDATION');
    expect(cognito.calls()).toHaveLength(0);
  });

  it('refuses a default connection that is not the company\'s with ERR_NO_WAPP_FOUND before creating anything', async () => {
    expect(await errorCodeOf(createUser(caller, { ...input, whatsappId: 'W-OTHER-COMPANY' }))).toBe('ERR_NO_WAPP_FOUND');
    expect(ddb.commandCalls(GetCommand).map((call) => call.args[0].input.Key)).toContainEqual({ PK: 'C#C1', SK: 'WAPP#W-OTHER-COMPANY' });
    expect(cognito.calls()).toHaveLength(0);
    expect(ddb.commandCalls(TransactWriteCommand)).toHaveLength(0);
  });

  it('checks the company\'s default connection again in the transaction, and deletes the account if it went meanwhile', async () => {
    ddb.on(TransactWriteCommand).rejects(cancelled(['None', 'None', 'None', 'None', 'ConditionalCheckFailed', 'None', 'None']));

    expect(await errorCodeOf(createUser(caller, { ...input, whatsappId: 'W1' }))).toBe('ERR_NO_WAPP_FOUND');
    const items = ddb.commandCalls(TransactWriteCommand)[0]!.args[0].input.TransactItems!;
    expect(items[4]!.ConditionCheck).toMatchObject({ Key: { PK: 'C#C1', SK: 'WAPP#W1' }, ConditionExpression: 'attribute_exists(PK)' });
    expect(cognito.commandCalls(AdminDeleteUserCommand)).toHaveLength(1);
  });

  it('deletes the Cognito account again when another creation took the last place meanwhile', async () => {
    ddb.on(TransactWriteCommand).rejects(cancelled(['None', 'None', 'None', 'ConditionalCheckFailed', 'None', 'None']));

    expect(await errorCodeOf(createUser(caller, input))).toBe('ERR_USER_LIMIT_REACHED');
    expect(cognito.commandCalls(AdminDeleteUserCommand)[0]!.args[0].input).toEqual({
      UserPoolId: 'us-east-1_TESTPOOL1',
      Username: 'maria@acme.test',
    });
  });

  it('deletes the Cognito account again and reports a taken email', async () => {
    ddb.on(TransactWriteCommand).rejects(cancelled(['ConditionalCheckFailed', 'None', 'None', 'None', 'None', 'None']));

    expect(await errorCodeOf(createUser(caller, input))).toBe('ERR_EMAIL_ALREADY_EXISTS');
    expect(cognito.commandCalls(AdminDeleteUserCommand)).toHaveLength(1);
  });

  it('deletes the Cognito account again when a queue was deleted meanwhile', async () => {
    ddb.on(TransactWriteCommand).rejects(cancelled(['None', 'None', 'None', 'None', 'None', 'ConditionalCheckFailed']));

    expect(await errorCodeOf(createUser(caller, input))).toBe('ERR_VALIDATION');
    expect(cognito.commandCalls(AdminDeleteUserCommand)).toHaveLength(1);
  });

  it('deletes the Cognito account again when the transaction fails for another reason', async () => {
    ddb.on(TransactWriteCommand).rejects(new Error('throttled'));

    await expect(createUser(caller, input)).rejects.toThrow('throttled');
    expect(cognito.commandCalls(AdminDeleteUserCommand)).toHaveLength(1);
  });
});
