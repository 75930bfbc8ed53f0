/** Creating a company with its admin is all or nothing across Cognito and DynamoDB. */
import {
  AdminCreateUserCommand,
  AdminDeleteUserCommand,
  AdminSetUserPasswordCommand,
  CognitoIdentityProviderClient,
  InvalidPasswordException,
  UsernameExistsException,
} from '@aws-sdk/client-cognito-identity-provider';
import { TransactionCanceledException } from '@aws-sdk/client-dynamodb';
import { DynamoDBDocumentClient, TransactWriteCommand } from '@aws-sdk/lib-dynamodb';
import { mockClient } from 'aws-sdk-client-mock';
import { COMPANY_SETTING_KEYS } from '../../../shared/settings';
import { createCompany, type CreateCompanyInput } from '../../../functions/core/companies/create-company';
import { errorCodeOf } from '../../support/errors';

process.env.TABLE_NAME = 'table-under-test';
process.env.COGNITO_USER_POOL_ID = 'us-east-1_TESTPOOL1';
process.env.LOG_LEVEL = 'silent';

const ddb = mockClient(DynamoDBDocumentClient);
const cognito = mockClient(CognitoIdentityProviderClient);

const input: CreateCompanyInput = {
  company: { name: 'Acme', email: 'owner@acme.test', phone: '', planId: 'P1', dueDate: '2030-01-01', recurrence: 'MENSAL', status: true },
  admin: { name: 'Owner', email: ' Owner@Acme.test ', password: 'Secret@123', super: false },
  firstQueue: { name: 'Suporte', color: '#123456' },
};

beforeEach(() => {
  ddb.reset();
  cognito.reset();
  cognito.on(AdminCreateUserCommand).resolves({ User: { Attributes: [{ Name: 'sub', Value: 'sub-42' }] } });
  cognito.on(AdminSetUserPasswordCommand).resolves({});
  cognito.on(AdminDeleteUserCommand).resolves({});
});

describe('createCompany', () => {
  it('writes company, settings, first queue, admin, identity and unique email in one conditional transaction', async () => {
    ddb.on(TransactWriteCommand).resolves({});

    const { company, admin } = await createCompany(input);

    expect(admin).toMatchObject({ email: 'owner@acme.test', profile: 'admin', cognitoSub: 'sub-42', companyId: company.id });
    const items = ddb.commandCalls(TransactWriteCommand)[0]!.args[0].input.TransactItems!;
    expect(items[0]!.Put).toMatchObject({
      Item: { PK: 'UNIQUE#EMAIL#owner@acme.test', sub: 'sub-42' },
      ConditionExpression: 'attribute_not_exists(PK)',
    });
    expect(items.map((item) => item.Put?.Item?.entity)).toEqual(
      expect.arrayContaining(['company', 'user', 'identity', 'queue', 'uniqueQueueColor', 'setting']),
    );
    // Every company key (the platform's, such as the payment credentials, are stored once, not per company).
    expect(items.filter((item) => item.Put?.Item?.entity === 'setting')).toHaveLength(COMPANY_SETTING_KEYS.length);
    expect(cognito.commandCalls(AdminCreateUserCommand)[0]!.args[0].input).toMatchObject({
      UserPoolId: 'us-east-1_TESTPOOL1',
      Username: 'owner@acme.test',
      MessageAction: 'SUPPRESS',
    });
    expect(cognito.commandCalls(AdminDeleteUserCommand)).toHaveLength(0);
  });

  it('deletes the new Cognito account when the table transaction fails, and reports a taken email', async () => {
    ddb.on(TransactWriteCommand).rejects(
      new TransactionCanceledException({
        message: 'Transaction cancelled',
        $metadata: {},
        CancellationReasons: [{ Code: 'ConditionalCheckFailed' }, { Code: 'None' }],
      }),
    );

    expect(await errorCodeOf(createCompany(input))).toBe('ERR_EMAIL_ALREADY_EXISTS');
    expect(cognito.commandCalls(AdminDeleteUserCommand)[0]!.args[0].input).toEqual({
      UserPoolId: 'us-east-1_TESTPOOL1',
      Username: 'owner@acme.test',
    });
  });

  it('reports an email that Cognito already knows without writing to the table', async () => {
    cognito.on(AdminCreateUserCommand).rejects(new UsernameExistsException({ message: 'exists', $metadata: {} }));

    expect(await errorCodeOf(createCompany(input))).toBe('ERR_EMAIL_ALREADY_EXISTS');
    expect(ddb.calls()).toHaveLength(0);
  });

  it('removes the account and answers ERR_VALIDATION when the pool refuses the password', async () => {
    cognito.on(AdminSetUserPasswordCommand).rejects(new InvalidPasswordException({ message: 'Password must have uppercase characters', $metadata: {} }));

    expect(await errorCodeOf(createCompany(input))).toBe('ERR_VALIDATION');
    expect(cognito.commandCalls(AdminDeleteUserCommand)).toHaveLength(1);
    expect(ddb.calls()).toHaveLength(0);
  });
});
