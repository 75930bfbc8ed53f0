/**
 * The HTTP API end to end on the local cloud: the gateway's JWT authorizer, the handlers, DynamoDB and
 * Cognito, as the web app and an operator's first checks use them.
 */
import { UpdateCommand } from '@aws-sdk/lib-dynamodb';
import { dynamo } from '../../functions/core/aws/clients';
import { keys } from '../../functions/core/repositories/keys';
import { DEMO_LOGIN, startTestCloud, type TestCloud } from '../support/local-cloud';
import { ifAssigned } from '../support/teardown';

let cloud: TestCloud;
let adminToken: string;

beforeAll(async () => {
  cloud = await startTestCloud();
  adminToken = (await cloud.signIn(DEMO_LOGIN.email, DEMO_LOGIN.password)).accessToken;
});

afterAll(async () => {
  await ifAssigned(cloud)?.stop();
});

describe('GET /version', () => {
  it('answers the product version without a token', async () => {
    const response = await cloud.api('/version');

    expect(response).toEqual({ status: 200, body: { version: '6.0.0' } });
  });
});

describe('GET /auth/me', () => {
  it('answers the signed-in admin of company Demo with settings and plan flags', async () => {
    const response = await cloud.api('/auth/me', { token: adminToken });

    expect(response.status).toBe(200);
    expect(response.body.user).toMatchObject({ email: DEMO_LOGIN.email, profile: 'admin', super: true });
    expect(response.body.user.queues).toEqual([expect.objectContaining({ name: 'Atendimento' })]);
    expect(response.body.company).toMatchObject({ name: 'Demo', dueDate: expect.stringMatching(/^\d{4}-\d{2}-\d{2}$/) });
    expect(response.body.company.plan).toMatchObject({
      useCampaigns: true,
      useSchedules: true,
      useInternalChat: true,
      useExternalApi: true,
      useKanban: true,
      useOpenAi: true,
      useIntegrations: true,
    });
    expect(response.body.company.settings).toEqual(expect.arrayContaining([{ key: 'chatBotType', value: 'text' }]));
    // The payment keys are the platform's, not the company's.
    expect(response.body.company.settings.map((setting: { key: string }) => setting.key)).not.toContain('asaas');
  });

  it('is refused with 401 without a token, without calling the handler', async () => {
    const response = await cloud.api('/auth/me');

    expect(response).toEqual({ status: 401, body: { message: 'Unauthorized' } });
  });

  it('is refused with 401 for a tampered token', async () => {
    const [header, payload] = adminToken.split('.');
    const forged = `${header}.${payload}.${Buffer.from('not the signature').toString('base64url')}`;

    const response = await cloud.api('/auth/me', { token: forged });

    expect(response.status).toBe(401);
  });

  it('refuses a user of a company past its due date with ERR_SUBSCRIPTION_EXPIRED and the date', async () => {
    const me = (await cloud.api('/auth/me', { token: adminToken })).body;
    const companyKey = keys.company(me.company.id);
    const userKey = keys.user(me.company.id, me.user.id);
    await dynamo().send(new UpdateCommand({ TableName: cloud.tableName, Key: userKey, UpdateExpression: 'SET #s = :f', ExpressionAttributeNames: { '#s': 'super' }, ExpressionAttributeValues: { ':f': false } }));
    await dynamo().send(new UpdateCommand({ TableName: cloud.tableName, Key: companyKey, UpdateExpression: 'SET dueDate = :d', ExpressionAttributeValues: { ':d': '2020-01-31' } }));

    try {
      const response = await cloud.api('/auth/me', { token: adminToken });

      expect(response).toEqual({ status: 402, body: { error: 'ERR_SUBSCRIPTION_EXPIRED', details: { dueDate: '2020-01-31', canPay: true } } });
    } finally {
      await dynamo().send(new UpdateCommand({ TableName: cloud.tableName, Key: userKey, UpdateExpression: 'SET #s = :t', ExpressionAttributeNames: { '#s': 'super' }, ExpressionAttributeValues: { ':t': true } }));
    }
  });

  it('lets a super user in although the company is past its due date', async () => {
    const response = await cloud.api('/auth/me', { token: adminToken });

    expect(response.status).toBe(200);
    expect(response.body.company.dueDate).toBe('2020-01-31');
  });
});

describe('CORS', () => {
  it('answers the preflight of the web origin', async () => {
    const origin = `http://localhost:0`;
    const response = await fetch(`${cloud.config.apiUrl}/auth/me`, {
      method: 'OPTIONS',
      headers: { origin, 'access-control-request-method': 'GET', 'access-control-request-headers': 'authorization' },
    });

    expect(response.status).toBe(204);
    expect(response.headers.get('access-control-allow-origin')).toBe(origin);
  });
});
