/** The public sign-up: the server's trial terms, the rate limit, and nothing made for an unknown plan. */
import {
  AdminCreateUserCommand,
  AdminDeleteUserCommand,
  AdminSetUserPasswordCommand,
  CognitoIdentityProviderClient,
} from '@aws-sdk/client-cognito-identity-provider';
import { ConditionalCheckFailedException } from '@aws-sdk/client-dynamodb';
import { DynamoDBDocumentClient, GetCommand, TransactWriteCommand, UpdateCommand } from '@aws-sdk/lib-dynamodb';
import { mockClient } from 'aws-sdk-client-mock';
import { ALL_FEATURES } from '../../../shared/plans';
import { signUp } from '../../../functions/core/auth/sign-up';
import { errorCodeOf } from '../../support/errors';

process.env.TABLE_NAME = 'table-under-test';
process.env.COGNITO_USER_POOL_ID = 'us-east-1_TESTPOOL1';
process.env.LOG_LEVEL = 'silent';

const ddb = mockClient(DynamoDBDocumentClient);
const cognito = mockClient(CognitoIdentityProviderClient);

const plan = { PK: 'PLATFORM#PLANS', SK: 'PLAN#starter', id: 'starter', name: 'Starter', users: 2, connections: 1, queues: 2, value: 99, ...ALL_FEATURES };
const input = { name: 'Acme', email: 'owner@acme.test', phone: '11999999999', password: 'Secret@123', planId: 'starter' };
const now = new Date('2025-01-30T22:15:00.000Z');

beforeEach(() => {
  ddb.reset();
  cognito.reset();
  ddb.on(UpdateCommand).resolves({});
  ddb.on(GetCommand).resolves({ Item: plan });
  ddb.on(TransactWriteCommand).resolves({});
  cognito.on(AdminCreateUserCommand).resolves({ User: { Attributes: [{ Name: 'sub', Value: 'sub-1' }] } });
  cognito.on(AdminSetUserPasswordCommand).resolves({});
  cognito.on(AdminDeleteUserCommand).resolves({});
});

const transactItems = () => ddb.commandCalls(TransactWriteCommand)[0]!.args[0].input.TransactItems!;
const putOf = (entity: string) => transactItems().filter((item) => item.Put?.Item?.entity === entity).map((item) => item.Put!.Item!);

describe('signUp', () => {
  it('creates the company with the server terms: due today + 3 days, MENSAL, active, campaigns on, first queue Atendimento', async () => {
    const summary = await signUp(input, '203.0.113.7', now);

    expect(summary).toMatchObject({ name: 'Acme', dueDate: '2025-02-02', recurrence: 'MENSAL', status: true, campaignsEnabled: true, planName: 'Starter' });
    expect(putOf('company')[0]).toMatchObject({ name: 'Acme', planId: 'starter', dueDate: '2025-02-02', recurrence: 'MENSAL', status: true });
    expect(putOf('setting')).toContainEqual(expect.objectContaining({ key: 'campaignsEnabled', value: 'true' }));
    expect(putOf('queue')[0]).toMatchObject({ name: 'Atendimento', orderQueue: 1 });
    expect(putOf('user')[0]).toMatchObject({ email: 'owner@acme.test', name: 'Acme', profile: 'admin', super: false });
  });

  it('counts the attempt against the source IP in an hourly window before anything else', async () => {
    await signUp(input, '203.0.113.7', now);

    const update = ddb.commandCalls(UpdateCommand)[0]!.args[0].input;
    expect(update.Key?.PK).toMatch(/^RATE#sign-up:ip#/);
    expect(update.Key?.PK).not.toContain('203.0.113.7');
    expect(update.ExpressionAttributeValues).toMatchObject({ ':limit': 10 });
    expect(ddb.calls()[0]!.args[0]).toBeInstanceOf(UpdateCommand);
  });

  it('answers ERR_TOO_MANY_REQUESTS past the limit and makes no account and no company', async () => {
    ddb.on(UpdateCommand).rejects(new ConditionalCheckFailedException({ message: 'limit', $metadata: {} }));

    expect(await errorCodeOf(signUp(input, '203.0.113.7', now))).toBe('ERR_TOO_MANY_REQUESTS');
    expect(cognito.calls()).toHaveLength(0);
    expect(ddb.commandCalls(TransactWriteCommand)).toHaveLength(0);
  });

  it('refuses an unknown plan with ERR_VALIDATION before any Cognito account is made', async () => {
    ddb.on(GetCommand).resolves({});

    const error = await signUp(input, '203.0.113.7', now).catch((caught: unknown) => caught);

    expect(error).toMatchObject({ code: 'ERR_VALIDATION', options: { fields: [{ path: 'planId', message: 'Invalid plan' }] } });
    expect(cognito.calls()).toHaveLength(0);
    expect(ddb.commandCalls(TransactWriteCommand)).toHaveLength(0);
  });
});
