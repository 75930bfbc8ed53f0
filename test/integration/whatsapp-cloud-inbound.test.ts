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
import { getMessage } from '../../functions/core/repositories/messages';
import { webhookSignature } from '../../functions/core/whatsapp-cloud/webhook-signature';
import {
  cloudHandshake,
  cloudMessage,
  cloudNotification,
  cloudStatus,
  createCloudConnection,
  postCloudWebhook,
  wamid,
  type CloudConnection,
} from '../support/cloud-webhooks';
import { startFakeGraph, type FakeGraph } from '../support/fake-graph';
import { listen, type Listener } from '../support/listen';
import { atLogLevel, logLinesOf } from '../support/log-lines';
import { startTestCloud, type TestCloud } from '../support/local-cloud';
import { drainCommands } from '../support/session-commands';
import { ifAssigned } from '../support/teardown';
import { createTenant, type Tenant } from '../support/tenants';
import { until } from '../support/until';

let cloud: TestCloud;
let graph: FakeGraph;
let tenant: Tenant;
let admin: Listener;

beforeAll(async () => {
  graph = await startFakeGraph();
  cloud = await startTestCloud();
  // After the cloud's start, which points the backend at its own Graph API simulator: this file's calls
  // go to the fake, whose recorded calls and failure switches the tests read.
  process.env[ENV.whatsappCloudApiUrl] = graph.baseUrl;
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

/** A cloud connection of `owner`'s company on a new number of this file's fake Graph API. */
const createConnection = (owner: Tenant, name = 'Oficial'): Promise<CloudConnection> => createCloudConnection(cloud, graph, owner, { name });

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
    const made = await createConnection(tenant, 'Editável');
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
    const made = await createConnection(tenant, 'Fixa');
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
    const made = await createConnection(tenant, 'Conectar');
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
    const made = await createConnection(tenant, 'Sem assinatura');
    graph.failNext('serverError', 'subscribeApp');

    expect((await start(tenant, made.id)).body.status).toBe('CONNECTED');
  });

  it('is DISCONNECTED with ERR_WAPP_CLOUD_API when Meta refuses the token, and says so live', async () => {
    const made = await createConnection(tenant, 'Token ruim');
    expect((await start(tenant, made.id)).body.status).toBe('CONNECTED');
    graph.failNext('invalidToken', 'phoneNumber');

    const refused = await start(tenant, made.id);

    expect(refused).toMatchObject({ status: 502, body: { error: 'ERR_WAPP_CLOUD_API' } });
    expect((await getConnection(tenant.companyId, made.id))?.status).toBe('DISCONNECTED');
    await admin.waitFor((frame) => frame.event.endsWith('-whatsappSession') && frame.data.session.id === made.id && frame.data.session.status === 'DISCONNECTED');
  });

  it('refuses a new QR code and a pairing code; disconnects and deletes without a host command', async () => {
    const made = await createConnection(tenant, 'Sem QR');
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

describe("Meta's verification handshake", () => {
  it('answers the challenge as plain text to the connection’s verify token, and 403 to another token or an unknown connection', async () => {
    const made = await createConnection(tenant, 'Handshake');
    const other = await createConnection(tenant, 'Outra');

    const right = await fetch(`${cloud.config.apiUrl}/webhooks/whatsapp-cloud/${made.id}?hub.mode=subscribe&hub.challenge=1158201444&hub.verify_token=${made.verifyToken}`);
    const wrong = await cloudHandshake(cloud, made.id, other.verifyToken);
    const noMode = await cloud.api(`/webhooks/whatsapp-cloud/${made.id}?hub.challenge=1&hub.verify_token=${made.verifyToken}`);
    const unknown = await cloudHandshake(cloud, '01JZZZZZZZZZZZZZZZZZZZZZZZ', made.verifyToken);

    expect(right.status).toBe(200);
    expect(right.headers.get('content-type')).toMatch(/^text\/plain/);
    expect(await right.text()).toBe('1158201444');
    for (const refused of [wrong, noMode, unknown]) expect(refused).toEqual({ status: 403, body: { error: 'ERR_NO_PERMISSION' } });
  });

  it("is what Meta calls when 'Tentar novamente' subscribes the webhook, so the subscription takes", async () => {
    const made = await createConnection(tenant, 'Assinada');

    expect((await start(tenant, made.id)).body.status).toBe('CONNECTED');

    expect(graph.subscriptions.get(made.number.businessAccountId)).toEqual({ callbackUrl: `${cloud.config.apiUrl}/webhooks/whatsapp-cloud/${made.id}`, verifyToken: made.verifyToken });
  });
});

describe('signed deliveries', () => {
  let line: CloudConnection;
  let number = 5511970000000;
  const nextCustomer = () => String((number += 1));

  beforeAll(async () => {
    line = await createConnection(tenant, 'Entrada');
    await start(tenant, line.id);
  });


  const ticketsOf = async (customer: string) =>
    ((await cloud.api('/tickets?status=pending&showAll=true', { token: tenant.admin.token })).body.tickets as { id: string; whatsappId: string; contact: { number: string; name: string } }[]).filter(
      (ticket) => ticket.contact.number === customer,
    );
  // eslint-disable-next-line @typescript-eslint/no-explicit-any -- each test asserts on the fields it reads
  const messagesOf = async (ticketId: string): Promise<any[]> => (await cloud.api(`/messages/${ticketId}`, { token: tenant.admin.token })).body.messages;
  const post = (body: string) => postCloudWebhook(cloud, line.id, body, line.appSecret);

  it("makes a signed text a pending ticket of the connection, heard by the agent's socket like a Baileys message", async () => {
    const customer = nextCustomer();
    admin.send({ action: 'joinTickets', status: 'pending' });
    await admin.waitFor((frame) => frame.event === 'joined' && frame.data.room === 'tickets:pending');
    const body = cloudNotification(line.number.phoneNumberId, { messages: [cloudMessage({ from: customer }, 'text', { text: { body: 'Quero falar com o financeiro' } })], names: { [customer]: 'Joana Prado' } });

    const answered = await post(body);

    expect(answered).toEqual({ status: 200, body: { received: true, events: 1 } });
    const [ticket] = await until('the ticket', async () => {
      const found = await ticketsOf(customer);
      return found.length > 0 ? found : undefined;
    });
    expect(ticket).toMatchObject({ whatsappId: line.id, contact: { number: customer, name: 'Joana Prado' } });
    const heard = await admin.waitFor((frame) => frame.event.endsWith('-appMessage') && frame.data.message.body === 'Quero falar com o financeiro');
    expect(heard.data).toMatchObject({ action: 'create', message: { fromMe: false, mediaType: 'chat' }, ticket: { id: ticket!.id } });
  });

  it('stores an image with its file downloaded from Meta into the media bucket, and keeps a message whose download fails as missing its file', async () => {
    const customer = nextCustomer();
    const png = Buffer.concat([Buffer.from('89504e470d0a1a0a0000000d49484452', 'hex'), Buffer.alloc(64, 7)]);
    const mediaId = graph.addMedia(png, 'image/png');
    const lost = graph.addMedia(Buffer.from('never read'), 'image/jpeg');
    const image = (id: string, caption: string) => cloudMessage({ from: customer }, 'image', { image: { id, mime_type: 'image/png', sha256: 'x', caption } });
    const callsBefore = graph.calls.length;

    expect((await post(cloudNotification(line.number.phoneNumberId, { messages: [image(mediaId, 'Comprovante')] }))).status).toBe(200);
    graph.failNext('serverError', 'media');
    expect((await post(cloudNotification(line.number.phoneNumberId, { messages: [image(lost, 'Outro')] }))).status).toBe(200);

    const [ticket] = await until('the ticket', async () => {
      const found = await ticketsOf(customer);
      return found.length > 0 ? found : undefined;
    });
    const messages = await until('both messages', async () => {
      const all = await messagesOf(ticket!.id);
      return all.length >= 2 ? all : undefined;
    });
    const stored = messages.find((message) => message.body === 'Comprovante');
    expect(stored).toMatchObject({ mediaType: 'image', mediaMissing: false, mediaUrl: expect.any(String) });
    const file = await fetch(stored.mediaUrl);
    expect(Buffer.from(await file.arrayBuffer())).toEqual(png);
    expect(file.headers.get('content-type')).toBe('image/png');
    expect(messages.find((message) => message.body === 'Outro')).toMatchObject({ mediaType: 'image', mediaMissing: true, mediaUrl: null });
    const downloads = graph.calls.slice(callsBefore).filter((call) => call.path === `/media-download/${mediaId}`);
    expect(downloads.map((call) => call.headers.authorization)).toEqual([`Bearer ${graph.accessToken}`]);
  });

  it('links a reply to the message it quotes', async () => {
    const customer = nextCustomer();
    const first = wamid();
    await post(cloudNotification(line.number.phoneNumberId, { messages: [cloudMessage({ from: customer, id: first }, 'text', { text: { body: 'Pedido 123' } })] }));
    const [ticket] = await until('the ticket', async () => {
      const found = await ticketsOf(customer);
      return found.length > 0 ? found : undefined;
    });
    await until('the first message', async () => (await messagesOf(ticket!.id)).length === 1);

    await post(cloudNotification(line.number.phoneNumberId, { messages: [cloudMessage({ from: customer, replyTo: first }, 'text', { text: { body: 'Chegou?' } })] }));

    const reply = await until('the reply', async () => (await messagesOf(ticket!.id)).find((message) => message.body === 'Chegou?'));
    const quoted = (await messagesOf(ticket!.id)).find((message) => message.body === 'Pedido 123');
    expect(reply.quotedMsg).toMatchObject({ id: quoted.id, body: 'Pedido 123', fromMe: false });
  });

  it('stores nothing of a forged, unsigned or other-secret delivery (401), nor of a change for another number', async () => {
    const customer = nextCustomer();
    const body = cloudNotification(line.number.phoneNumberId, { messages: [cloudMessage({ from: customer }, 'text', { text: { body: 'Forjada' } })] });

    const lines = await atLogLevel('debug', () =>
      logLinesOf(async () => {
        expect(await postCloudWebhook(cloud, line.id, body, null)).toEqual({ status: 401, body: { error: 'ERR_INVALID_API_TOKEN' } });
        expect(await postCloudWebhook(cloud, line.id, body, appSecret())).toEqual({ status: 401, body: { error: 'ERR_INVALID_API_TOKEN' } });
        expect(await postCloudWebhook(cloud, line.id, body, null, 'sha256=00')).toEqual({ status: 401, body: { error: 'ERR_INVALID_API_TOKEN' } });
        expect(await postCloudWebhook(cloud, line.id, `${body} `, line.appSecret, webhookSignature(body, line.appSecret))).toMatchObject({ status: 401 });
      }),
    );
    const foreign = cloudNotification('777777777777777', { messages: [cloudMessage({ from: customer }, 'text', { text: { body: 'Outro número' } })] });
    expect(await post(foreign)).toEqual({ status: 200, body: { received: true, events: 0 } });

    // A signed delivery after them is stored: had the forged ones gone through, they would be there before it.
    await post(cloudNotification(line.number.phoneNumberId, { messages: [cloudMessage({ from: customer }, 'text', { text: { body: 'Legítima' } })] }));
    const [ticket] = await until('the ticket', async () => {
      const found = await ticketsOf(customer);
      return found.length > 0 ? found : undefined;
    });
    await until('the signed message', async () => (await messagesOf(ticket!.id)).length > 0);
    expect((await messagesOf(ticket!.id)).map((message) => message.body)).toEqual(['Legítima']);
    const refusals = lines.filter((entry) => String(entry.message).startsWith('cloud webhook refused'));
    expect(refusals).toHaveLength(4);
    expect(JSON.stringify(lines)).not.toContain('Forjada');
  });

  it('stores a message Meta delivers again once', async () => {
    const customer = nextCustomer();
    const body = cloudNotification(line.number.phoneNumberId, { messages: [cloudMessage({ from: customer }, 'text', { text: { body: 'Uma vez só' } })] });

    const answers = await Promise.all([post(body), post(body)]);
    await post(body);

    expect(answers.map((answer) => answer.status)).toEqual([200, 200]);
    const [ticket] = await until('the ticket', async () => {
      const found = await ticketsOf(customer);
      return found.length > 0 ? found : undefined;
    });
    await until('the message', async () => (await messagesOf(ticket!.id)).length > 0);
    await new Promise((resolve) => setTimeout(resolve, 1000));
    expect((await messagesOf(ticket!.id)).map((message) => message.body)).toEqual(['Uma vez só']);
    expect(await ticketsOf(customer)).toHaveLength(1);
  });

  it("moves an outgoing message's ack with Meta's statuses, never back, however often they come", async () => {
    const customer = nextCustomer();
    await post(cloudNotification(line.number.phoneNumberId, { messages: [cloudMessage({ from: customer }, 'text', { text: { body: 'Oi' } })] }));
    const [ticket] = await until('the ticket', async () => {
      const found = await ticketsOf(customer);
      return found.length > 0 ? found : undefined;
    });
    expect((await cloud.api(`/tickets/${ticket!.id}`, { method: 'PUT', token: tenant.admin.token, body: { status: 'open', userId: tenant.admin.id } })).status).toBe(200);
    const sent = await cloud.api(`/messages/${ticket!.id}`, { method: 'POST', token: tenant.admin.token, body: { body: 'Olá, em que posso ajudar?' } });
    expect(sent.status).toBeLessThan(300);
    const outgoing = await until('the stored answer', async () => (await messagesOf(ticket!.id)).find((message) => message.body === 'Olá, em que posso ajudar?'));
    // Meta's id of the answer, as the Cloud API worker recorded it from the fake's answer to its send.
    const outgoingId = await until('the answer sent through Meta', async () => (await getMessage(tenant.companyId, outgoing.id, true))?.whatsappMessageId ?? undefined);
    admin.send({ action: 'joinChatBox', ticketId: ticket!.id });
    await admin.waitFor((frame) => frame.event === 'joined' && frame.data.room === `chatBox:${ticket!.id}`);
    const ackOf = async () => (await messagesOf(ticket!.id)).find((message) => message.id === outgoing.id)?.ack as number;
    await until('the sent ack', async () => (await ackOf()) >= 1);

    await post(cloudNotification(line.number.phoneNumberId, { statuses: [cloudStatus(outgoingId, customer, 'sent'), cloudStatus(outgoingId, customer, 'delivered')] }));
    await until('delivered', async () => (await ackOf()) === 3);
    await post(cloudNotification(line.number.phoneNumberId, { statuses: [cloudStatus(outgoingId, customer, 'read')] }));
    await until('read', async () => (await ackOf()) === 4);
    await post(cloudNotification(line.number.phoneNumberId, { statuses: [cloudStatus(outgoingId, customer, 'delivered'), cloudStatus(outgoingId, customer, 'sent')] }));
    await new Promise((resolve) => setTimeout(resolve, 1000));

    expect(await ackOf()).toBe(4);
    await admin.waitFor((frame) => frame.event.endsWith('-appMessage') && frame.data.action === 'update' && frame.data.message.id === outgoing.id && frame.data.message.ack === 4);
  });
});
