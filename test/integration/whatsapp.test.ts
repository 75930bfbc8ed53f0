/**
 * Connections through the HTTP API on the local cloud: creation with the spec's defaults, the greeting
 * rule, exactly one default connection, the plan's limit, the API token (shown once, stored hashed,
 * rotated), the session buttons and the commands they put on the connection's shard queue, the
 * access rules, bad input, and the live `whatsapp` / `whatsappSession` events.
 */
import { GetCommand } from '@aws-sdk/lib-dynamodb';
import { createHash } from 'node:crypto';
import { dynamo } from '../../functions/core/aws/clients';
import { findConnectionByToken, setSessionState } from '../../functions/core/repositories/connections';
import { keys } from '../../functions/core/repositories/keys';
import { updateExistingItem } from '../../functions/core/repositories/table';
import { shardOf } from '../../functions/core/sessions/commands';
import { startTestCloud, type TestCloud } from '../support/local-cloud';
import { drainCommands as drainQueuedCommands } from '../support/session-commands';
import { realtimeHarness } from '../support/realtime-client';
import { addUser, createTenant, type SignedInUser, type Tenant } from '../support/tenants';
import { ifAssigned } from '../support/teardown';

const harness = realtimeHarness();
let cloud: TestCloud;
let a: Tenant;
let user: SignedInUser;

beforeAll(async () => {
  cloud = await startTestCloud({ loadHandler: harness.loadHandler });
  a = await createTenant(cloud, { connections: 10 });
  user = await addUser(cloud, a, 'user', [a.queueId]);
});

afterAll(async () => {
  await harness.closeAll();
  await ifAssigned(cloud)?.stop();
});

const create = (token: string, body: unknown) => cloud.api('/whatsapp', { method: 'POST', token, body });
const update = (token: string, id: string, body: unknown) => cloud.api(`/whatsapp/${id}`, { method: 'PUT', token, body });
const remove = (token: string, id: string) => cloud.api(`/whatsapp/${id}`, { method: 'DELETE', token });
const read = (token: string, id: string) => cloud.api(`/whatsapp/${id}`, { token });
/**
 * A field carrying the API token or its hash. The Cloud API fields (issue 32) name tokens too
 * (`hasCloudAccessToken`, `webhookVerifyToken`, empty on these connections): those are not it.
 */
const API_TOKEN_FIELD = /"token"|tokenHash/i;

const sha256 = (text: string) => createHash('sha256').update(text).digest('hex');

const drainCommands = () => drainQueuedCommands(cloud);

describe('creating and reading connections', () => {
  it("creates the company's first connection as the default, with the spec's defaults, DISCONNECTED and its token shown once", async () => {
    const tenant = await createTenant(cloud);

    const response = await create(tenant.admin.token, { name: 'Principal', companyId: a.companyId });

    expect(response.status).toBe(201);
    expect(response.body).toEqual({
      id: expect.any(String),
      name: 'Principal',
      status: 'DISCONNECTED',
      qrcode: '',
      retries: 0,
      pairingCode: '',
      isDefault: true,
      provider: 'beta',
      greetingMessage: '',
      completionMessage: '',
      outOfHoursMessage: '',
      ratingMessage: '',
      queueIds: [],
      queues: [],
      transferQueueId: null,
      timeToTransfer: null,
      expiresTicket: 0,
      expiresInactiveMessage: '',
      timeUseBotQueues: 0,
      maxUseBotQueues: 3,
      promptId: null,
      campaignDailyLimit: null,
      campaignSchedule: [],
      // A Baileys connection's Cloud API fields (issue 32): empty.
      cloudPhoneNumberId: '',
      cloudBusinessAccountId: '',
      hasCloudAccessToken: false,
      hasCloudAppSecret: false,
      webhookUrl: '',
      webhookVerifyToken: '',
      createdAt: expect.any(String),
      updatedAt: expect.any(String),
      token: expect.stringMatching(/^[A-Za-z0-9_-]{43}$/),
    });
    const { token, ...dto } = response.body;
    expect(await read(tenant.admin.token, dto.id)).toMatchObject({ status: 200, body: dto });
    const company = await dynamo().send(new GetCommand({ TableName: cloud.tableName, Key: keys.company(tenant.companyId) }));
    expect(company.Item?.connectionsCount).toBe(1);
    expect(await findConnectionByToken(token)).toEqual({ companyId: tenant.companyId, connectionId: dto.id });
  });

  it('stores the token only as its SHA-256, and no answer carries it again', async () => {
    const response = await create(a.admin.token, { name: 'Hashed' });
    const { token, id } = response.body;

    const { Item } = await dynamo().send(new GetCommand({ TableName: cloud.tableName, Key: keys.connection(a.companyId, id) }));
    const list = await cloud.api('/whatsapp?session=0', { token: user.token });

    expect(Item?.tokenHash).toBe(sha256(token));
    expect(JSON.stringify(Item)).not.toContain(token);
    expect(JSON.stringify((await read(a.admin.token, id)).body)).not.toMatch(API_TOKEN_FIELD);
    expect(JSON.stringify(list.body)).not.toMatch(API_TOKEN_FIELD);
    expect(JSON.stringify([(await read(a.admin.token, id)).body, list.body])).not.toContain(token);
  });

  it('stores every field of the form, with the queues of the company and their names', async () => {
    const queue2 = await cloud.api('/queue', { method: 'POST', token: a.admin.token, body: { name: 'Vendas', color: '#a1b2c3', greetingMessage: 'Oi' } });
    const body = {
      name: 'Vendas',
      greetingMessage: 'Olá!',
      completionMessage: 'Até logo',
      outOfHoursMessage: 'Fechado',
      ratingMessage: 'Avalie',
      queueIds: [a.queueId, queue2.body.id],
      transferQueueId: queue2.body.id,
      timeToTransfer: 10,
      expiresTicket: 24,
      expiresInactiveMessage: 'Encerrado por inatividade',
      timeUseBotQueues: 5,
      maxUseBotQueues: 2,
      provider: 'simulator',
    };

    const response = await create(a.admin.token, body);

    expect(response.status).toBe(201);
    expect(response.body).toMatchObject({ ...body, isDefault: false, queues: [expect.objectContaining({ id: a.queueId }), expect.objectContaining({ name: 'Vendas' })] });
    expect((await read(user.token, response.body.id)).body).toMatchObject(body);
  });

  it('refuses queues of another company or unknown ones', async () => {
    const other = await createTenant(cloud);

    const response = await create(a.admin.token, { name: 'Alheia', queueIds: [other.queueId] });

    expect(response).toMatchObject({ status: 404, body: { error: 'ERR_NO_QUEUE_FOUND' } });
  });

  it('requires a greeting when more than one queue is selected, on creation and on change', async () => {
    const queue2 = await cloud.api('/queue', { method: 'POST', token: a.admin.token, body: { name: 'Suporte', color: '#c3b2a1', greetingMessage: 'Oi' } });
    const made = await create(a.admin.token, { name: 'Uma fila', queueIds: [a.queueId] });

    const refused = await create(a.admin.token, { name: 'Duas filas', queueIds: [a.queueId, queue2.body.id], greetingMessage: '  ' });
    const refusedChange = await update(a.admin.token, made.body.id, { queueIds: [a.queueId, queue2.body.id] });
    const accepted = await update(a.admin.token, made.body.id, { queueIds: [a.queueId, queue2.body.id], greetingMessage: 'Bem-vindo' });

    expect(refused).toMatchObject({ status: 400, body: { error: 'ERR_WAPP_GREETING_REQUIRED' } });
    expect(refusedChange).toMatchObject({ status: 400, body: { error: 'ERR_WAPP_GREETING_REQUIRED' } });
    expect(accepted).toMatchObject({ status: 200, body: { greetingMessage: 'Bem-vindo', queueIds: [a.queueId, queue2.body.id] } });
  });

  it('updates the fields sent and keeps the others', async () => {
    const made = await create(a.admin.token, { name: 'Antigo', ratingMessage: 'Nota?' });

    const response = await update(a.admin.token, made.body.id, { name: 'Novo', expiresTicket: 2 });

    expect(response).toMatchObject({ status: 200, body: { name: 'Novo', expiresTicket: 2, ratingMessage: 'Nota?', maxUseBotQueues: 3 } });
    expect((await read(a.admin.token, made.body.id)).body.name).toBe('Novo');
  });
});

describe('paths as the spec writes them', () => {
  it('answers GET /whatsapp/?session=0 and the other slashed list paths like their bare forms', async () => {
    await create(a.admin.token, { name: 'Slashed' });

    const slashed = await cloud.api('/whatsapp/?session=0', { token: a.admin.token });
    const bare = await cloud.api('/whatsapp?session=0', { token: a.admin.token });
    const others = await Promise.all(['/users/', '/settings/', '/tags/', '/contacts/'].map((path) => cloud.api(path, { token: a.admin.token })));

    expect(slashed.status).toBe(200);
    expect(slashed.body).toEqual(bare.body);
    expect(others.map((response) => response.status)).toEqual([200, 200, 200, 200]);
  });
});

describe('the default connection', () => {
  it('moves the default flag when another connection is made the default, leaving exactly one', async () => {
    const tenant = await createTenant(cloud);
    const first = await create(tenant.admin.token, { name: 'Primeira' });
    const second = await create(tenant.admin.token, { name: 'Segunda', isDefault: true });

    const list = await cloud.api('/whatsapp', { token: tenant.admin.token });

    expect(list.body.filter((connection: { isDefault: boolean }) => connection.isDefault).map((c: { id: string }) => c.id)).toEqual([second.body.id]);
    const back = await update(tenant.admin.token, first.body.id, { isDefault: true });
    expect(back.body.isDefault).toBe(true);
    expect((await read(tenant.admin.token, second.body.id)).body.isDefault).toBe(false);
  });

  it('refuses to take the flag off the default, and to delete the default while others exist', async () => {
    const tenant = await createTenant(cloud);
    const first = await create(tenant.admin.token, { name: 'Primeira' });
    const second = await create(tenant.admin.token, { name: 'Segunda' });

    const unflag = await update(tenant.admin.token, first.body.id, { isDefault: false });
    const deleteDefault = await remove(tenant.admin.token, first.body.id);

    expect(unflag).toMatchObject({ status: 400, body: { error: 'ERR_NO_OTHER_WHATSAPP' } });
    expect(deleteDefault).toMatchObject({ status: 400, body: { error: 'ERR_NO_OTHER_WHATSAPP' } });
    expect((await read(tenant.admin.token, first.body.id)).body.isDefault).toBe(true);
    expect((await remove(tenant.admin.token, second.body.id)).status).toBe(204);
    expect((await remove(tenant.admin.token, first.body.id)).status).toBe(204);
    const again = await create(tenant.admin.token, { name: 'Nova', isDefault: false });
    expect(again.body.isDefault).toBe(true);
  });
});

describe("the plan's connection limit", () => {
  it('refuses a connection beyond the plan, and a deletion frees a place', async () => {
    const tenant = await createTenant(cloud, { connections: 2 });
    await create(tenant.admin.token, { name: 'Um' });
    const second = await create(tenant.admin.token, { name: 'Dois' });

    const refused = await create(tenant.admin.token, { name: 'Três' });
    await remove(tenant.admin.token, second.body.id);
    const accepted = await create(tenant.admin.token, { name: 'Três' });

    expect(refused).toMatchObject({ status: 403, body: { error: 'ERR_CONNECTION_LIMIT_REACHED' } });
    expect(accepted.status).toBe(201);
    expect((await cloud.api('/whatsapp', { token: tenant.admin.token })).body).toHaveLength(2);
  });
});

describe('POST /whatsapp/{id}/token', () => {
  it('answers a new token once, and the old one no longer finds the connection', async () => {
    const made = await create(a.admin.token, { name: 'Rotação' });

    const response = await cloud.api(`/whatsapp/${made.body.id}/token`, { method: 'POST', token: a.admin.token });

    expect(response.status).toBe(200);
    expect(response.body.token).toMatch(/^[A-Za-z0-9_-]{43}$/);
    expect(response.body.token).not.toBe(made.body.token);
    expect(await findConnectionByToken(made.body.token)).toBeUndefined();
    expect(await findConnectionByToken(response.body.token)).toEqual({ companyId: a.companyId, connectionId: made.body.id });
    const { Item } = await dynamo().send(new GetCommand({ TableName: cloud.tableName, Key: keys.connection(a.companyId, made.body.id) }));
    expect(Item?.tokenHash).toBe(sha256(response.body.token));
  });

  it('drops the lookup item when the connection is deleted', async () => {
    const made = await create(a.admin.token, { name: 'Apagada' });

    await remove(a.admin.token, made.body.id);

    expect(await findConnectionByToken(made.body.token)).toBeUndefined();
    expect((await read(a.admin.token, made.body.id)).body).toMatchObject({ error: 'ERR_NO_WAPP_FOUND' });
  });
});

describe('/whatsappsession/{id}', () => {
  it("starts, asks for a new QR and disconnects through commands on the connection's shard queue", async () => {
    const made = await create(a.admin.token, { name: 'Sessão', provider: 'simulator' });
    const id: string = made.body.id;
    await drainCommands();

    const started = await cloud.api(`/whatsappsession/${id}`, { method: 'POST', token: a.admin.token });
    const qr = await cloud.api(`/whatsappsession/${id}`, { method: 'PUT', token: a.admin.token });
    const stopped = await cloud.api(`/whatsappsession/${id}`, { method: 'DELETE', token: a.admin.token });
    const commands = await drainCommands();

    expect(started).toMatchObject({ status: 200, body: { id, status: 'OPENING' } });
    expect(qr).toMatchObject({ status: 200, body: { id, status: 'OPENING' } });
    expect(stopped).toMatchObject({ status: 200, body: { id, status: 'DISCONNECTED', qrcode: '' } });
    const common = { companyId: a.companyId, whatsappId: id, commandId: expect.any(String), issuedAt: expect.any(String) };
    expect(commands).toEqual([
      { shard: shardOf(id), groupId: id, command: { type: 'startSession', provider: 'simulator', ...common } },
      { shard: shardOf(id), groupId: id, command: { type: 'requestQr', provider: 'simulator', ...common } },
      { shard: shardOf(id), groupId: id, command: { type: 'logout', deleted: false, ...common } },
    ]);
  });

  it("keeps the host's newer state when a button's OPENING lands after it (the host was quicker than the handler)", async () => {
    const made = await create(a.admin.token, { name: 'Corrida', provider: 'simulator' });
    const id: string = made.body.id;
    // The host already offered a code, decided after the request below began.
    const later = new Date(Date.now() + 60_000).toISOString();
    await setSessionState(a.companyId, id, { status: 'qrcode', qrcode: 'QR-FROM-HOST', pairingCode: '', retries: 1, updatedAt: later });

    const started = await cloud.api(`/whatsappsession/${id}`, { method: 'POST', token: a.admin.token });

    expect(started).toMatchObject({ status: 200, body: { id, status: 'qrcode', qrcode: 'QR-FROM-HOST' } });
    expect((await read(a.admin.token, id)).body).toMatchObject({ status: 'qrcode', qrcode: 'QR-FROM-HOST' });
    expect((await drainCommands()).map(({ command }) => command.type)).toContain('startSession');
  });

  it('restarts at once a session waiting to reconnect (TIMEOUT) rather than starting it again', async () => {
    const made = await create(a.admin.token, { name: 'Reconexão', provider: 'simulator' });
    const id: string = made.body.id;
    await updateExistingItem(keys.connection(a.companyId, id), { status: 'TIMEOUT' });
    await drainCommands();

    const restarted = await cloud.api(`/whatsappsession/${id}`, { method: 'POST', token: a.admin.token });

    expect(restarted).toMatchObject({ status: 200, body: { id, status: 'OPENING' } });
    expect((await drainCommands()).map(({ command }) => command.type)).toEqual(['restartSession']);
  });

  it('asks the host to log out and forget the session when the connection is deleted', async () => {
    const made = await create(a.admin.token, { name: 'Some' });
    await drainCommands();

    await remove(a.admin.token, made.body.id);

    expect(await drainCommands()).toEqual([
      expect.objectContaining({ shard: shardOf(made.body.id), command: expect.objectContaining({ type: 'logout', deleted: true, whatsappId: made.body.id }) }),
    ]);
  });

  it('publishes whatsappSession and whatsapp events with the connection and no secret', async () => {
    const client = await harness.connect(cloud, user.token);
    const made = await create(a.admin.token, { name: 'Ao vivo' });

    await cloud.api(`/whatsappsession/${made.body.id}`, { method: 'POST', token: a.admin.token });
    await remove(a.admin.token, made.body.id);

    const created = await client.waitFor((frame) => frame.event === `company-${a.companyId}-whatsapp`);
    const session = await client.waitFor((frame) => frame.event === `company-${a.companyId}-whatsappSession`);
    const deleted = await client.waitFor(
      (frame) => frame.event === `company-${a.companyId}-whatsapp` && (frame.data as { action: string }).action === 'delete',
    );
    expect(created.data).toMatchObject({ action: 'update', whatsapp: { id: made.body.id, name: 'Ao vivo' } });
    expect(session.data).toMatchObject({ action: 'update', session: { id: made.body.id, status: 'OPENING' } });
    expect(deleted.data).toEqual({ action: 'delete', whatsappId: made.body.id });
    expect(JSON.stringify(client.frames)).not.toMatch(API_TOKEN_FIELD);
    await client.close();
    await drainCommands();
  });
});

describe('access and bad input', () => {
  it('lets a plain user read the connections and refuses every write and session button', async () => {
    const made = await create(a.admin.token, { name: 'Protegida' });
    const id = made.body.id;

    const answers = await Promise.all([
      create(user.token, { name: 'Minha' }),
      update(user.token, id, { name: 'Minha' }),
      remove(user.token, id),
      cloud.api(`/whatsapp/${id}/token`, { method: 'POST', token: user.token }),
      cloud.api(`/whatsappsession/${id}`, { method: 'POST', token: user.token }),
      cloud.api(`/whatsappsession/${id}`, { method: 'PUT', token: user.token }),
      cloud.api(`/whatsappsession/${id}`, { method: 'DELETE', token: user.token }),
    ]);

    for (const answer of answers) expect(answer).toMatchObject({ status: 403, body: { error: 'ERR_NO_PERMISSION' } });
    expect((await read(user.token, id)).body).toMatchObject({ name: 'Protegida', status: 'DISCONNECTED' });
  });

  it.each([
    ['name', 'Required', {}],
    ['name', 'Too Short!', { name: 'A' }],
    ['name', 'Too Long!', { name: 'x'.repeat(51) }],
    ['provider', 'Invalid provider', { name: 'Ok', provider: 'whatsmeow' }],
    ['expiresTicket', 'Invalid number', { name: 'Ok', expiresTicket: -1 }],
    ['maxUseBotQueues', 'Invalid number', { name: 'Ok', maxUseBotQueues: 1.5 }],
    ['queueIds.0', 'Invalid id', { name: 'Ok', queueIds: ['not-an-id'] }],
    ['greetingMessage', 'Too Long!', { name: 'Ok', greetingMessage: 'x'.repeat(2001) }],
  ])('refuses a creation whose %s is wrong with "%s"', async (path, message, body) => {
    const response = await create(a.admin.token, body);

    expect(response).toMatchObject({ status: 400, body: { error: 'ERR_VALIDATION', fields: expect.arrayContaining([{ path, message }]) } });
  });

  it('refuses a bad id on every route with an id, and a bad body on PUT', async () => {
    const made = await create(a.admin.token, { name: 'Valida' });

    const answers = await Promise.all([
      read(a.admin.token, 'nope'),
      update(a.admin.token, 'nope', { name: 'Ok' }),
      remove(a.admin.token, 'nope'),
      cloud.api('/whatsapp/nope/token', { method: 'POST', token: a.admin.token }),
      cloud.api('/whatsappsession/nope', { method: 'POST', token: a.admin.token }),
      cloud.api('/whatsappsession/nope', { method: 'PUT', token: a.admin.token }),
      cloud.api('/whatsappsession/nope', { method: 'DELETE', token: a.admin.token }),
      update(a.admin.token, made.body.id, { name: 'A' }),
    ]);

    for (const answer of answers) expect(answer).toMatchObject({ status: 400, body: { error: 'ERR_VALIDATION' } });
  });

  it('answers ERR_NO_WAPP_FOUND for an id that names no connection', async () => {
    const missing = '01ARZ3NDEKTSV4RRFFQ69G5FAV';

    const answers = await Promise.all([
      read(a.admin.token, missing),
      update(a.admin.token, missing, { name: 'Ok' }),
      remove(a.admin.token, missing),
      cloud.api(`/whatsappsession/${missing}`, { method: 'POST', token: a.admin.token }),
    ]);

    for (const answer of answers) expect(answer).toMatchObject({ status: 404, body: { error: 'ERR_NO_WAPP_FOUND' } });
  });
});
