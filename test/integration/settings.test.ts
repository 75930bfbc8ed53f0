/**
 * Company settings through the HTTP API on the local cloud: read by everyone of the company, changed by
 * administrators with each value checked, the payment credential never shown, and every change heard
 * live by the company's connections only.
 */
import { GetCommand } from '@aws-sdk/lib-dynamodb';
import { listen as listenAs } from '../support/listen';
import { COMPANY_SETTING_KEYS } from '../../shared/settings';
import { dynamo } from '../../functions/core/aws/clients';
import { keys } from '../../functions/core/repositories/keys';
import { DEMO_LOGIN, startTestCloud, type TestCloud } from '../support/local-cloud';
import { addUser, createTenant, type SignedInUser, type Tenant } from '../support/tenants';
import { ifAssigned } from '../support/teardown';

let cloud: TestCloud;
let a: Tenant;
let b: Tenant;
let plainUser: SignedInUser;
let supervisor: SignedInUser;

beforeAll(async () => {
  cloud = await startTestCloud();
  [a, b] = [await createTenant(cloud), await createTenant(cloud)];
  plainUser = await addUser(cloud, a, 'user', [a.queueId]);
  supervisor = await addUser(cloud, a, 'supervisor', [a.queueId]);
});

afterAll(async () => {
  await ifAssigned(cloud)?.stop();
});

const put = (token: string, key: string, body: unknown) => cloud.api(`/settings/${key}`, { method: 'PUT', token, body });
const valueOf = async (token: string, key: string) =>
  ((await cloud.api('/settings', { token })).body as { key: string; value: string }[]).find((setting) => setting.key === key)?.value;

/** A socket of the signed-in user that keeps every frame it receives. */
const listen = (token: string) => listenAs(cloud, token);

describe('GET /settings', () => {
  it("answers every setting key of the caller's company, and none of the platform's (the payment keys)", async () => {
    const response = await cloud.api('/settings', { token: a.admin.token });

    expect(response.status).toBe(200);
    expect(response.body.map((setting: { key: string }) => setting.key)).toEqual(COMPANY_SETTING_KEYS);
    expect(response.body).toEqual(expect.arrayContaining([{ key: 'chatBotType', value: 'text' }]));
    expect(response.body.map((setting: { key: string }) => setting.key)).not.toContain('asaas');
  });

  it('is open to a plain user of the company', async () => {
    const response = await cloud.api('/settings', { token: plainUser.token });

    expect(response.status).toBe(200);
    expect(response.body).toHaveLength(COMPANY_SETTING_KEYS.length);
  });
});

describe('PUT /settings/{key}', () => {
  it('stores a new value and answers the setting; GET /settings shows it', async () => {
    const response = await put(a.admin.token, 'sendGreetingAccepted', { key: 'sendGreetingAccepted', value: 'enabled' });

    expect(response).toEqual({ status: 200, body: { key: 'sendGreetingAccepted', value: 'enabled' } });
    expect(await valueOf(a.admin.token, 'sendGreetingAccepted')).toBe('enabled');
  });

  it('accepts the body without its optional key', async () => {
    const response = await put(a.admin.token, 'userRating', { value: 'enabled' });

    expect(response).toEqual({ status: 200, body: { key: 'userRating', value: 'enabled' } });
  });

  it.each([
    ['scheduleType', 'company'],
    ['scheduleType', 'queue'],
    ['chatBotType', 'button'],
    ['CheckMsgIsGroup', 'disabled'],
    ['call', 'disabled'],
  ])('accepts %s = %s', async (key, value) => {
    expect(await put(a.admin.token, key, { key, value })).toEqual({ status: 200, body: { key, value } });
    expect(await valueOf(a.admin.token, key)).toBe(value);
  });

  it.each([
    ['chatBotType', 'list'],
    ['scheduleType', 'always'],
    ['userRating', 'yes'],
    ['sendGreetingMessageOneQueues', true],
    ['call', 1],
  ])('refuses %s = %j with 400 ERR_VALIDATION on the value, keeping the stored value', async (key, value) => {
    const before = await valueOf(a.admin.token, key);

    const response = await put(a.admin.token, key, { key, value });

    expect(response.status).toBe(400);
    expect(response.body).toMatchObject({ error: 'ERR_VALIDATION', fields: [expect.objectContaining({ path: 'value' })] });
    expect(await valueOf(a.admin.token, key)).toBe(before);
  });

  it('refuses a body without value with the message Required', async () => {
    const response = await put(a.admin.token, 'call', { key: 'call' });

    expect(response).toMatchObject({ status: 400, body: { error: 'ERR_VALIDATION', fields: [{ path: 'value', message: 'Required' }] } });
  });

  it('refuses a body key that differs from the path key', async () => {
    const response = await put(a.admin.token, 'call', { key: 'userRating', value: 'disabled' });

    expect(response).toMatchObject({ status: 400, body: { error: 'ERR_VALIDATION', fields: [{ path: 'key' }] } });
  });

  it('refuses malformed JSON with 400', async () => {
    const response = await put(a.admin.token, 'call', '{"value":');

    expect(response).toMatchObject({ status: 400, body: { error: 'ERR_VALIDATION' } });
  });

  it('answers 404 ERR_NO_SETTING_FOUND for a key that is not a setting', async () => {
    const response = await put(a.admin.token, 'notASetting', { value: 'enabled' });

    expect(response).toEqual({ status: 404, body: { error: 'ERR_NO_SETTING_FOUND' } });
  });

  it.each([
    ['plain user', () => plainUser],
    ['supervisor', () => supervisor],
  ])('refuses a %s with 403 ERR_NO_PERMISSION and changes nothing', async (_who, caller) => {
    const before = await valueOf(a.admin.token, 'call');

    const response = await put(caller().token, 'call', { key: 'call', value: before === 'enabled' ? 'disabled' : 'enabled' });

    expect(response).toEqual({ status: 403, body: { error: 'ERR_NO_PERMISSION' } });
    expect(await valueOf(a.admin.token, 'call')).toBe(before);
  });
});

describe('the payment credentials (asaas, asaasWebhookToken)', () => {
  it("are the platform's, stored for a super user but never answered back, neither by PUT nor by GET", async () => {
    const token = (await cloud.signIn(DEMO_LOGIN.email, DEMO_LOGIN.password)).accessToken;

    const response = await put(token, 'asaas', { key: 'asaas', value: 'live-secret-token' });
    const webhookToken = await put(token, 'asaasWebhookToken', { value: 'webhook-secret-token' });

    expect(response).toEqual({ status: 200, body: { key: 'asaas', value: '' } });
    expect(webhookToken).toEqual({ status: 200, body: { key: 'asaasWebhookToken', value: '' } });
    expect(await valueOf(token, 'asaas')).toBe('');
    expect(await valueOf(token, 'asaasWebhookToken')).toBe('');
    expect(JSON.stringify((await cloud.api('/auth/me', { token })).body)).not.toMatch(/live-secret-token|webhook-secret-token/);
    const { Item } = await dynamo().send(new GetCommand({ TableName: cloud.tableName, Key: keys.platformSetting('asaas') }));
    expect(Item?.value).toBe('live-secret-token');
    await put(token, 'asaas', { value: '' });
  });

  it('are refused to a company administrator who is not a super user', async () => {
    expect(await put(a.admin.token, 'asaas', { key: 'asaas', value: 'my-token' })).toEqual({ status: 403, body: { error: 'ERR_NO_PERMISSION' } });
    expect(await put(a.admin.token, 'asaasWebhookToken', { value: 'my-token' })).toEqual({ status: 403, body: { error: 'ERR_NO_PERMISSION' } });
  });
});

describe('campaignsEnabled', () => {
  it('is refused to a company administrator, who could otherwise open campaigns the plan lacks', async () => {
    const tenant = await createTenant(cloud, { useCampaigns: false });
    const before = await valueOf(tenant.admin.token, 'campaignsEnabled');

    const response = await put(tenant.admin.token, 'campaignsEnabled', { key: 'campaignsEnabled', value: before === 'true' ? 'false' : 'true' });

    expect(response).toEqual({ status: 403, body: { error: 'ERR_NO_PERMISSION' } });
    expect(await valueOf(tenant.admin.token, 'campaignsEnabled')).toBe(before);
  });

  it('is changed by a super user for their company, values checked', async () => {
    const token = (await cloud.signIn(DEMO_LOGIN.email, DEMO_LOGIN.password)).accessToken;

    const refused = await put(token, 'campaignsEnabled', { value: true });
    const accepted = await put(token, 'campaignsEnabled', { value: 'false' });
    const restored = await put(token, 'campaignsEnabled', { value: 'true' });

    expect(refused).toMatchObject({ status: 400, body: { error: 'ERR_VALIDATION', fields: [{ path: 'value' }] } });
    expect(accepted).toEqual({ status: 200, body: { key: 'campaignsEnabled', value: 'false' } });
    expect(restored).toEqual({ status: 200, body: { key: 'campaignsEnabled', value: 'true' } });
  });
});

describe('realtime', () => {
  it("sends the change to the company's sockets as a `settings` event, and not to another company's", async () => {
    const ofA = await listen(plainUser.token);
    const ofB = await listen(b.admin.token);
    try {
      const heardByA = ofA.next();
      await put(a.admin.token, 'automaticLabelView', { key: 'automaticLabelView', value: 'enabled' });
      await heardByA;
      // B's own change is the last frame B's socket can get; an earlier frame of A's change would come first.
      const heardByB = ofB.next();
      await put(b.admin.token, 'chatBotType', { key: 'chatBotType', value: 'button' });
      await heardByB;

      expect(ofA.frames).toEqual([
        { event: `company-${a.companyId}-settings`, data: { action: 'update', setting: { key: 'automaticLabelView', value: 'enabled' } } },
      ]);
      expect(ofB.frames).toEqual([
        { event: `company-${b.companyId}-settings`, data: { action: 'update', setting: { key: 'chatBotType', value: 'button' } } },
      ]);
    } finally {
      ofA.close();
      ofB.close();
    }
  });

  it('sends the payment credential blank', async () => {
    const token = (await cloud.signIn(DEMO_LOGIN.email, DEMO_LOGIN.password)).accessToken;
    const socket = await listen(token);
    try {
      const heard = socket.next();
      await put(token, 'asaas', { value: 'another-secret' });
      await heard;

      expect(socket.frames.map((frame) => frame.data)).toEqual([{ action: 'update', setting: { key: 'asaas', value: '' } }]);
      expect(JSON.stringify(socket.frames)).not.toContain('another-secret');
    } finally {
      socket.close();
      await put(token, 'asaas', { value: '' });
    }
  });
});
