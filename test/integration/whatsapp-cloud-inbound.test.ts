/**
 * Cloud API connections (issue 32) on the local cloud, against a fake Graph API of the harness
 * (test/support/fake-graph.ts): an admin creates a cloud connection with Meta's credentials, which no
 * answer, realtime frame or log line ever carries; 'Tentar novamente' checks them with Meta and subscribes
 * the connection's webhook (CONNECTED, or DISCONNECTED and ERR_WAPP_CLOUD_API when Meta refuses); nothing
 * goes to a session host. Then the public webhook: Meta's verification handshake, and signed deliveries
 * that become the same WhatsApp events the session host emits (a text reaches a ticket and the agent's
 * socket, an image its file in S3, a reply its quoted message, statuses the message's ack), once however
 * often Meta redelivers; a forged or unsigned delivery stores nothing.
 *
 * A private cloud: the Graph API root is an environment variable of the whole process.
 */
import { randomBytes } from 'node:crypto';
import { ENV } from '../../infra/resources/environment';
import { getConnection } from '../../functions/core/repositories/connections';
import { startFakeGraph, type FakeGraph, type GraphPhoneNumber } from '../support/fake-graph';
import { listen, type Listener } from '../support/listen';
import { atLogLevel, logLinesOf } from '../support/log-lines';
import { startTestCloud, type TestCloud } from '../support/local-cloud';
import { drainCommands } from '../support/session-commands';
import { ifAssigned } from '../support/teardown';
import { createTenant, type Tenant } from '../support/tenants';

let cloud: TestCloud;
let graph: FakeGraph;
let tenant: Tenant;
let admin: Listener;

beforeAll(async () => {
  graph = await startFakeGraph();
  process.env[ENV.whatsappCloudApiUrl] = graph.baseUrl;
  cloud = await startTestCloud();
  // Each test makes its connections: room for all of them.
  tenant = await createTenant(cloud, { connections: 50 });
  admin = await listen(cloud, tenant.admin.token);
}, 60_000);

afterAll(async () => {
  ifAssigned(admin)?.close();
  await ifAssigned(cloud)?.stop();
  await ifAssigned(graph)?.stop();
  process.env[ENV.whatsappCloudApiUrl] = '';
});

const appSecret = () => randomBytes(16).toString('hex');

interface CloudConnection {
  readonly id: string;
  readonly number: GraphPhoneNumber;
  readonly appSecret: string;
  readonly verifyToken: string;
}

async function createCloudConnection(owner: Tenant, name = 'Oficial'): Promise<CloudConnection> {
  const number = graph.addPhoneNumber();
  const secret = appSecret();
  const created = await cloud.api('/whatsapp', {
    method: 'POST',
    token: owner.admin.token,
    body: {
      name,
      provider: 'cloud',
      cloudPhoneNumberId: number.phoneNumberId,
      cloudBusinessAccountId: number.businessAccountId,
      cloudAccessToken: graph.accessToken,
      cloudAppSecret: secret,
    },
  });
  if (created.status !== 201) throw new Error(`POST /whatsapp answered ${created.status}: ${JSON.stringify(created.body)}`);
  return { id: created.body.id, number, appSecret: secret, verifyToken: created.body.webhookVerifyToken };
}

const start = (owner: Tenant, id: string) => cloud.api(`/whatsappsession/${id}`, { method: 'POST', token: owner.admin.token });

describe('a cloud connection', () => {
  it("is created with Meta's credentials, answering whether they are set and what to paste in Meta's app, never the token or the secret", async () => {
    const number = graph.addPhoneNumber();
    const secret = appSecret();
    const from = admin.frames.length;
    let created: Awaited<ReturnType<TestCloud['api']>> | undefined;

    const lines = await atLogLevel('debug', () => logLinesOf(async () => {
      created = await cloud.api('/whatsapp', {
        method: 'POST',
        token: tenant.admin.token,
        body: {
          name: 'Meta',
          provider: 'cloud',
          cloudPhoneNumberId: number.phoneNumberId,
          cloudBusinessAccountId: number.businessAccountId,
          cloudAccessToken: graph.accessToken,
          cloudAppSecret: secret,
        },
      });
    }));

    expect(created?.status).toBe(201);
    expect(lines.some((line) => line.message === 'request' && line.module === 'whatsapp')).toBe(true);
    const id = String(created?.body.id);
    expect(created?.body).toMatchObject({
      provider: 'cloud',
      status: 'DISCONNECTED',
      qrcode: '',
      cloudPhoneNumberId: number.phoneNumberId,
      cloudBusinessAccountId: number.businessAccountId,
      hasCloudAccessToken: true,
      hasCloudAppSecret: true,
      webhookUrl: `${cloud.config.apiUrl}/webhooks/whatsapp-cloud/${id}`,
      webhookVerifyToken: expect.stringMatching(/^[\w-]{32}$/),
    });
    const read = await cloud.api(`/whatsapp/${id}`, { token: tenant.admin.token });
    const list = await cloud.api('/whatsapp', { token: tenant.admin.token });
    await admin.waitFor((frame) => frame.event.endsWith('-whatsapp') && frame.data.whatsapp?.id === id);
    const everything = JSON.stringify([created?.body, read.body, list.body, admin.frames.slice(from), lines]);
    expect(everything).not.toContain(graph.accessToken);
    expect(everything).not.toContain(secret);
    expect(read.body.webhookVerifyToken).toBe(created?.body.webhookVerifyToken);
    // Stored, for the Graph calls and the signature check.
    expect(await getConnection(tenant.companyId, id)).toMatchObject({ cloudAccessToken: graph.accessToken, cloudAppSecret: secret });
  });

  it('requires all four credentials at creation, each missing one named', async () => {
    const response = await cloud.api('/whatsapp', {
      method: 'POST',
      token: tenant.admin.token,
      body: { name: 'Incompleta', provider: 'cloud', cloudPhoneNumberId: '1234567890' },
    });

    expect(response.status).toBe(400);
    expect(response.body.error).toBe('ERR_VALIDATION');
    expect(response.body.fields).toEqual([
      { path: 'cloudBusinessAccountId', message: 'Required' },
      { path: 'cloudAccessToken', message: 'Required' },
      { path: 'cloudAppSecret', message: 'Required' },
    ]);
  });

  it('keeps the stored token and secret on a PUT without them, takes new ones when sent, and never changes the verify token', async () => {
    const made = await createCloudConnection(tenant, 'Editável');
    const newSecret = appSecret();

    const renamed = await cloud.api(`/whatsapp/${made.id}`, { method: 'PUT', token: tenant.admin.token, body: { name: 'Renomeada', cloudPhoneNumberId: '5550001112223' } });
    const stored = await getConnection(tenant.companyId, made.id);
    const rotated = await cloud.api(`/whatsapp/${made.id}`, { method: 'PUT', token: tenant.admin.token, body: { cloudAppSecret: newSecret } });

    expect(renamed.status).toBe(200);
    expect(renamed.body).toMatchObject({ name: 'Renomeada', cloudPhoneNumberId: '5550001112223', hasCloudAccessToken: true, hasCloudAppSecret: true, webhookVerifyToken: made.verifyToken });
    expect(stored).toMatchObject({ cloudAccessToken: graph.accessToken, cloudAppSecret: made.appSecret });
    expect(rotated.body.webhookVerifyToken).toBe(made.verifyToken);
    expect(JSON.stringify(rotated.body)).not.toContain(newSecret);
    expect((await getConnection(tenant.companyId, made.id))?.cloudAppSecret).toBe(newSecret);
  });

  it('never changes its provider to or from cloud', async () => {
    const made = await createCloudConnection(tenant, 'Fixa');
    const baileys = await cloud.api('/whatsapp', { method: 'POST', token: tenant.admin.token, body: { name: 'Baileys' } });

    const fromCloud = await cloud.api(`/whatsapp/${made.id}`, { method: 'PUT', token: tenant.admin.token, body: { provider: 'beta' } });
    const toCloud = await cloud.api(`/whatsapp/${baileys.body.id}`, { method: 'PUT', token: tenant.admin.token, body: { provider: 'cloud' } });

    for (const refused of [fromCloud, toCloud]) {
      expect(refused).toMatchObject({ status: 400, body: { error: 'ERR_VALIDATION', fields: [{ path: 'provider' }] } });
    }
    expect((await getConnection(tenant.companyId, made.id))?.provider).toBe('cloud');
    expect(baileys.body).toMatchObject({ provider: 'beta', cloudPhoneNumberId: '', hasCloudAccessToken: false, webhookUrl: '', webhookVerifyToken: '' });
  });
});

describe("a cloud connection's session buttons", () => {
  it("'Tentar novamente' checks the credentials with Meta, subscribes the webhook with the connection's callback, and connects, enqueuing nothing for a host", async () => {
    const made = await createCloudConnection(tenant, 'Conectar');
    await drainCommands(cloud);
    const callsBefore = graph.calls.length;

    const started = await start(tenant, made.id);

    expect(started).toMatchObject({ status: 200, body: { id: made.id, status: 'CONNECTED' } });
    const calls = graph.calls.slice(callsBefore);
    expect(calls.find((call) => call.method === 'GET' && call.path === `/${made.number.phoneNumberId}`)?.query.get('fields')).toBe('display_phone_number,verified_name');
    const subscribe = calls.find((call) => call.method === 'POST' && call.path === `/${made.number.businessAccountId}/subscribed_apps`);
    expect(subscribe?.json).toEqual({ override_callback_uri: `${cloud.config.apiUrl}/webhooks/whatsapp-cloud/${made.id}`, verify_token: made.verifyToken });
    expect(calls.every((call) => call.headers.authorization === `Bearer ${graph.accessToken}`)).toBe(true);
    await admin.waitFor((frame) => frame.event.endsWith('-whatsappSession') && frame.data.session.id === made.id && frame.data.session.status === 'CONNECTED');
    await admin.waitFor((frame) => frame.event.endsWith('-whatsapp') && frame.data.whatsapp?.id === made.id && frame.data.whatsapp.status === 'CONNECTED');
    expect(await drainCommands(cloud)).toEqual([]);
  });

  it("connects even when Meta refuses the webhook subscription (the admin pastes the URL by hand)", async () => {
    const made = await createCloudConnection(tenant, 'Sem assinatura');
    graph.failNext('serverError', 'subscribeApp');

    expect((await start(tenant, made.id)).body.status).toBe('CONNECTED');
  });

  it('is DISCONNECTED with ERR_WAPP_CLOUD_API when Meta refuses the token, and says so live', async () => {
    const made = await createCloudConnection(tenant, 'Token ruim');
    expect((await start(tenant, made.id)).body.status).toBe('CONNECTED');
    graph.failNext('invalidToken', 'phoneNumber');

    const refused = await start(tenant, made.id);

    expect(refused).toMatchObject({ status: 502, body: { error: 'ERR_WAPP_CLOUD_API' } });
    expect((await getConnection(tenant.companyId, made.id))?.status).toBe('DISCONNECTED');
    await admin.waitFor((frame) => frame.event.endsWith('-whatsappSession') && frame.data.session.id === made.id && frame.data.session.status === 'DISCONNECTED');
  });

  it('refuses a new QR code and a pairing code; disconnects and deletes without a host command', async () => {
    const made = await createCloudConnection(tenant, 'Sem QR');
    await start(tenant, made.id);
    await drainCommands(cloud);

    const qr = await cloud.api(`/whatsappsession/${made.id}`, { method: 'PUT', token: tenant.admin.token });
    const code = await cloud.api(`/whatsappsession/${made.id}/pairing-code`, { method: 'POST', token: tenant.admin.token, body: { number: '5511912345678' } });
    const disconnected = await cloud.api(`/whatsappsession/${made.id}`, { method: 'DELETE', token: tenant.admin.token });
    const deleted = await cloud.api(`/whatsapp/${made.id}`, { method: 'DELETE', token: tenant.admin.token });

    expect(qr).toMatchObject({ status: 400, body: { error: 'ERR_VALIDATION' } });
    expect(code).toMatchObject({ status: 400, body: { error: 'ERR_VALIDATION' } });
    expect(disconnected).toMatchObject({ status: 200, body: { status: 'DISCONNECTED' } });
    expect(deleted.status).toBe(204);
    expect(await drainCommands(cloud)).toEqual([]);
  });
});
