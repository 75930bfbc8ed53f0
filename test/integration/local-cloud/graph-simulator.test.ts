/**
 * The Graph API simulator (infra/local/graph-simulator.ts) alone on a free port, with a tiny HTTP server
 * as the product's webhook callback: Meta's subscription handshake, sends answered with a wamid and
 * followed by signed statuses, the token check, media, template paging, a simulated customer's message,
 * the 24-hour window after moving the account's clock, retries of a failing callback, and persistence.
 */
import { createHash, createHmac } from 'node:crypto';
import { mkdtemp, rm } from 'node:fs/promises';
import { createServer, type IncomingMessage, type Server } from 'node:http';
import type { AddressInfo } from 'node:net';
import { tmpdir } from 'node:os';
import { join } from 'node:path';
import { DEMO_CLOUD_ACCOUNT, GRAPH_API_VERSION, startGraphSimulator, type GraphSimulator, type SimulatedAccountKeys } from '../../../infra/local/graph-simulator';

const VERIFY_TOKEN = 'the-verify-token';

interface Delivery {
  readonly body: string;
  readonly signature: string | undefined;
  // `any`: each test asserts on the part of Meta's payload it is about.
  // eslint-disable-next-line @typescript-eslint/no-explicit-any
  readonly json: any;
}

/** The product's side, as small as it gets: answers Meta's verification GET, keeps every POST. */
interface Callback {
  readonly url: string;
  readonly deliveries: Delivery[];
  /** How many of the next POSTs to answer with 500. */
  failNext: number;
  /** What the verification GET echoes instead of the challenge, when set. */
  wrongChallenge: string | undefined;
  /** Resolves once `count` deliveries matched. */
  readonly waitFor: (match: (delivery: Delivery) => boolean, count?: number) => Promise<Delivery[]>;
}

const cleanups: Array<() => Promise<void>> = [];
afterEach(async () => {
  for (const cleanup of cleanups.splice(0).reverse()) await cleanup();
});

async function startSimulator(dataDir?: string): Promise<GraphSimulator> {
  const simulator = await startGraphSimulator({ port: 0, deliveredAfterMs: 30, webhookRetryDelaysMs: [20, 40], ...(dataDir ? { dataDir } : {}) });
  cleanups.push(() => simulator.stop());
  return simulator;
}

async function startCallback(): Promise<Callback> {
  const deliveries: Delivery[] = [];
  const server: Server = createServer((request, response) => {
    void (async () => {
      const url = new URL(request.url ?? '/', 'http://callback.local');
      if (request.method === 'GET') {
        const ok = url.searchParams.get('hub.mode') === 'subscribe' && url.searchParams.get('hub.verify_token') === VERIFY_TOKEN;
        response.writeHead(ok ? 200 : 403).end(ok ? (callback.wrongChallenge ?? url.searchParams.get('hub.challenge') ?? '') : 'no');
        return;
      }
      const body = await text(request);
      if (callback.failNext > 0) {
        callback.failNext -= 1;
        response.writeHead(500).end();
        return;
      }
      const signature = request.headers['x-hub-signature-256'];
      deliveries.push({ body, signature: typeof signature === 'string' ? signature : undefined, json: JSON.parse(body) });
      response.writeHead(200).end('EVENT_RECEIVED');
    })();
  });
  await new Promise<void>((resolve) => server.listen(0, '127.0.0.1', resolve));
  cleanups.push(() => new Promise((resolve) => server.close(() => resolve())));
  const { port } = server.address() as AddressInfo;
  const callback: Callback = {
    url: `http://127.0.0.1:${port}/webhooks/whatsapp-cloud/connection-1`,
    deliveries,
    failNext: 0,
    wrongChallenge: undefined,
    async waitFor(match, count = 1) {
      const deadline = Date.now() + 5_000;
      for (;;) {
        const matching = deliveries.filter(match);
        if (matching.length >= count) return matching;
        if (Date.now() > deadline) throw new Error(`${matching.length} of ${count} webhook(s) arrived; all: ${JSON.stringify(deliveries.map((delivery) => delivery.json))}`);
        await new Promise((resolve) => setTimeout(resolve, 10));
      }
    },
  };
  return callback;
}

async function text(request: IncomingMessage): Promise<string> {
  const chunks: Buffer[] = [];
  for await (const chunk of request) chunks.push(chunk as Buffer);
  return Buffer.concat(chunks).toString('utf8');
}

interface Answer {
  readonly status: number;
  // eslint-disable-next-line @typescript-eslint/no-explicit-any
  readonly body: any;
}

async function call(url: string, init: { method?: string; token?: string; json?: unknown; form?: FormData } = {}): Promise<Answer> {
  const response = await fetch(url, {
    method: init.method ?? (init.json === undefined && init.form === undefined ? 'GET' : 'POST'),
    headers: { ...(init.token ? { authorization: `Bearer ${init.token}` } : {}), ...(init.json === undefined ? {} : { 'content-type': 'application/json' }) },
    body: init.form ?? (init.json === undefined ? undefined : JSON.stringify(init.json)),
  });
  const raw = await response.text();
  return { status: response.status, body: raw === '' ? null : (JSON.parse(raw) as unknown) };
}

interface Harness {
  readonly simulator: GraphSimulator;
  readonly account: SimulatedAccountKeys;
  readonly callback: Callback;
  readonly graph: (path: string, init?: { method?: string; json?: unknown; form?: FormData; token?: string }) => Promise<Answer>;
  readonly control: (path: string, json?: unknown) => Promise<Answer>;
}

/** A simulator, a fresh account of it, and the callback subscribed to it (the handshake passed). */
async function subscribedAccount(): Promise<Harness> {
  const simulator = await startSimulator();
  const callback = await startCallback();
  const created = await call(`${simulator.endpoint}/_simulator/accounts`, { json: {} });
  expect(created.status).toBe(201);
  const account = created.body as SimulatedAccountKeys;
  const harness: Harness = {
    simulator,
    account,
    callback,
    graph: (path, init = {}) => call(`${simulator.apiUrl}/${path}`, { token: account.accessToken, ...init }),
    control: (path, json) => call(`${simulator.endpoint}/_simulator/accounts/${account.phoneNumberId}${path}`, json === undefined ? {} : { json }),
  };
  const subscribed = await harness.graph(`${account.wabaId}/subscribed_apps`, { json: { override_callback_uri: callback.url, verify_token: VERIFY_TOKEN } });
  expect(subscribed).toEqual({ status: 200, body: { success: true } });
  return harness;
}

const signatureOf = (body: string, secret: string) => `sha256=${createHmac('sha256', secret).update(body, 'utf8').digest('hex')}`;
const valueOf = (delivery: Delivery) => delivery.json.entry[0].changes[0].value;
const statusesOf = (deliveries: readonly Delivery[]) => deliveries.flatMap((delivery) => (valueOf(delivery).statuses ?? []) as { id: string; status: string }[]);
const isStatusOf = (messageId: string, status: string) => (delivery: Delivery) => statusesOf([delivery]).some((entry) => entry.id === messageId && entry.status === status);

describe('Graph API simulator', () => {
  test('the demo account answers its documented phone number id with the documented token', async () => {
    const simulator = await startSimulator();
    expect(simulator.apiUrl).toBe(`${simulator.endpoint}/${GRAPH_API_VERSION}`);

    const answer = await call(`${simulator.apiUrl}/${DEMO_CLOUD_ACCOUNT.phoneNumberId}?fields=display_phone_number,verified_name,quality_rating`, { token: DEMO_CLOUD_ACCOUNT.accessToken });

    expect(answer).toEqual({
      status: 200,
      body: { id: DEMO_CLOUD_ACCOUNT.phoneNumberId, display_phone_number: DEMO_CLOUD_ACCOUNT.displayPhoneNumber, verified_name: DEMO_CLOUD_ACCOUNT.verifiedName, quality_rating: 'GREEN' },
    });
  });

  test('a wrong access token is refused with 401 and OAuthException code 190', async () => {
    const { graph, account, simulator } = await subscribedAccount();

    const wrong = await graph(account.phoneNumberId, { token: 'EAAnotatokenofthisaccount000000' });
    const missing = await call(`${simulator.apiUrl}/${account.phoneNumberId}`);

    expect(wrong.status).toBe(401);
    expect(wrong.body.error).toMatchObject({ type: 'OAuthException', code: 190 });
    expect(typeof wrong.body.error.message).toBe('string');
    expect(missing.status).toBe(401);
  });

  test("another account's token does not reach this account's phone number", async () => {
    const { graph, simulator, account } = await subscribedAccount();
    const other = (await call(`${simulator.endpoint}/_simulator/accounts`, { json: {} })).body as SimulatedAccountKeys;

    const answer = await graph(`${account.phoneNumberId}/messages`, { token: other.accessToken, json: { messaging_product: 'whatsapp', to: '5511988887777', text: { body: 'Oi' } } });

    expect(answer.status).toBe(400);
    expect(answer.body.error).toMatchObject({ code: 100, error_subcode: 33 });
  });

  test('subscribed_apps keeps the callback only when it echoes the challenge of the verification GET', async () => {
    const simulator = await startSimulator();
    const callback = await startCallback();
    const account = (await call(`${simulator.endpoint}/_simulator/accounts`, { json: {} })).body as SimulatedAccountKeys;
    const subscribe = (verifyToken: string) =>
      call(`${simulator.apiUrl}/${account.wabaId}/subscribed_apps`, { token: account.accessToken, json: { override_callback_uri: callback.url, verify_token: verifyToken } });

    const wrongToken = await subscribe('not-the-token');
    callback.wrongChallenge = '12345';
    const wrongEcho = await subscribe(VERIFY_TOKEN);
    const stillNone = await call(`${simulator.apiUrl}/${account.wabaId}/subscribed_apps`, { token: account.accessToken });
    callback.wrongChallenge = undefined;
    const right = await subscribe(VERIFY_TOKEN);
    const subscribed = await call(`${simulator.apiUrl}/${account.wabaId}/subscribed_apps`, { token: account.accessToken });

    expect(wrongToken.status).toBe(400);
    expect(wrongToken.body.error.code).toBe(2200);
    expect(wrongEcho.status).toBe(400);
    expect(wrongEcho.body.error.code).toBe(2200);
    expect(stillNone.body).toEqual({ data: [] });
    expect(right).toEqual({ status: 200, body: { success: true } });
    expect(subscribed.body.data).toEqual([expect.objectContaining({ override_callback_uri: callback.url })]);
  });

  test("a customer's message reaches the callback as Meta's signed inbound webhook, its medium downloadable", async () => {
    const { control, graph, account, callback } = await subscribedAccount();
    const photo = Buffer.from('not really a jpeg, but bytes all the same');

    const text = await control('/inbound', { from: '+55 11 98888-7777', name: 'Maria', text: 'Olá' });
    const image = await control('/inbound', { from: '5511988887777', image: { base64: photo.toString('base64'), mime: 'image/jpeg', filename: 'foto.jpg' }, text: 'a legenda', replyTo: text.body.id });
    const [first, second] = await callback.waitFor(() => true, 2);

    expect(text.status).toBe(200);
    expect(text.body.id).toMatch(/^wamid\./);
    expect(first?.signature).toBe(signatureOf(first?.body ?? '', account.appSecret));
    expect(first?.json).toEqual({
      object: 'whatsapp_business_account',
      entry: [
        {
          id: account.wabaId,
          changes: [
            {
              field: 'messages',
              value: {
                messaging_product: 'whatsapp',
                metadata: { display_phone_number: expect.stringMatching(/^\d+$/), phone_number_id: account.phoneNumberId },
                contacts: [{ profile: { name: 'Maria' }, wa_id: '5511988887777' }],
                messages: [{ from: '5511988887777', id: text.body.id, timestamp: text.body.timestamp, type: 'text', text: { body: 'Olá' } }],
              },
            },
          ],
        },
      ],
    });
    const [message] = valueOf(second as Delivery).messages;
    expect(message).toMatchObject({ id: image.body.id, type: 'image', image: { mime_type: 'image/jpeg', caption: 'a legenda' }, context: { from: '5511988887777', id: text.body.id } });
    expect(valueOf(second as Delivery).contacts[0].profile.name).toBe('Maria');
    const described = await graph(message.image.id);
    expect(described.body).toMatchObject({ id: message.image.id, mime_type: 'image/jpeg', sha256: message.image.sha256, file_size: photo.length });
    const bytes = await fetch(described.body.url, { headers: { authorization: `Bearer ${account.accessToken}` } });
    expect(Buffer.from(await bytes.arrayBuffer())).toEqual(photo);
  });

  test('a text to a customer who wrote today is answered with a wamid, then signed sent and delivered statuses', async () => {
    const { control, graph, account, callback } = await subscribedAccount();
    const inbound = await control('/inbound', { from: '5511988887777', text: 'Oi' });
    await callback.waitFor(() => true);

    const sent = await graph(`${account.phoneNumberId}/messages`, {
      json: { messaging_product: 'whatsapp', recipient_type: 'individual', to: '+5511988887777', type: 'text', text: { body: 'Como posso ajudar?' }, context: { message_id: inbound.body.id } },
    });
    const messageId: string = sent.body.messages[0].id;
    const [sentStatus] = await callback.waitFor(isStatusOf(messageId, 'sent'));
    const [delivered] = await callback.waitFor(isStatusOf(messageId, 'delivered'));

    expect(sent).toEqual({ status: 200, body: { messaging_product: 'whatsapp', contacts: [{ input: '+5511988887777', wa_id: '5511988887777' }], messages: [{ id: expect.stringMatching(/^wamid\./) }] } });
    for (const delivery of [sentStatus, delivered] as Delivery[]) {
      expect(delivery.signature).toBe(signatureOf(delivery.body, account.appSecret));
      expect(delivery.json.entry[0].id).toBe(account.wabaId);
      expect(valueOf(delivery).metadata.phone_number_id).toBe(account.phoneNumberId);
    }
    expect(valueOf(sentStatus as Delivery).statuses[0]).toMatchObject({ id: messageId, status: 'sent', recipient_id: '5511988887777', timestamp: expect.stringMatching(/^\d+$/), pricing: { category: 'service' } });
    // Statuses of one account arrive in the order they happened.
    expect(callback.deliveries.indexOf(sentStatus as Delivery)).toBeLessThan(callback.deliveries.indexOf(delivered as Delivery));

    const read = await control('/read', { from: '5511988887777' });
    await callback.waitFor(isStatusOf(messageId, 'read'));
    const outbox = await control('/outbox');
    expect(read.body).toEqual({ read: 1 });
    expect(outbox.body.messages).toEqual([expect.objectContaining({ id: messageId, to: '5511988887777', type: 'text', summary: 'Como posso ajudar?', status: 'read' })]);
  });

  test("the business's read receipt is taken for a customer's message and refused for an unknown id", async () => {
    const { control, graph, account, callback } = await subscribedAccount();
    const inbound = await control('/inbound', { from: '5511988887777', text: 'Oi' });
    await callback.waitFor(() => true);

    const receipt = await graph(`${account.phoneNumberId}/messages`, { json: { messaging_product: 'whatsapp', status: 'read', message_id: inbound.body.id } });
    const unknown = await graph(`${account.phoneNumberId}/messages`, { json: { messaging_product: 'whatsapp', status: 'read', message_id: 'wamid.NOPE' } });

    expect(receipt).toEqual({ status: 200, body: { success: true } });
    expect(unknown.status).toBe(400);
    expect((await control('/outbox')).body.readReceipts).toEqual([expect.objectContaining({ messageId: inbound.body.id, from: '5511988887777' })]);
  });

  test("a message Meta would refuse is refused with Meta's codes: 131008 for a missing part, 131009 for a bad value", async () => {
    const { graph, account } = await subscribedAccount();

    const missing = await graph(`${account.phoneNumberId}/messages`, { json: { messaging_product: 'whatsapp', to: '5511988887777', type: 'image' } });
    const bad = await graph(`${account.phoneNumberId}/messages`, { json: { messaging_product: 'whatsapp', to: '5511988887777', type: 'image', image: { id: '999999' } } });

    expect(missing.status).toBe(400);
    expect(missing.body.error).toMatchObject({ code: 131008, type: 'OAuthException', error_data: { messaging_product: 'whatsapp' } });
    expect(bad.status).toBe(400);
    expect(bad.body.error.code).toBe(131009);
  });

  test('after the clock moves 25 hours a free-form send is taken, then fails with 131047; an approved template still goes', async () => {
    const { control, graph, account, callback } = await subscribedAccount();
    await control('/inbound', { from: '5511988887777', text: 'Oi' });
    await callback.waitFor(() => true);

    const advanced = await control('/advance', { hours: 25 });
    const late = await graph(`${account.phoneNumberId}/messages`, { json: { messaging_product: 'whatsapp', to: '5511988887777', text: { body: 'Ainda aí?' } } });
    const lateId: string = late.body.messages[0].id;
    const [failed] = await callback.waitFor(isStatusOf(lateId, 'failed'));
    const template = await graph(`${account.phoneNumberId}/messages`, {
      json: { messaging_product: 'whatsapp', to: '5511988887777', type: 'template', template: { name: 'retomar_atendimento', language: { code: 'pt_BR' }, components: [{ type: 'body', parameters: [{ type: 'text', text: 'Maria' }] }] } },
    });
    const templateId: string = template.body.messages[0].id;
    await callback.waitFor(isStatusOf(templateId, 'delivered'));

    expect(Date.parse(advanced.body.now) - Date.now()).toBeGreaterThan(24.9 * 3_600_000);
    expect(late.status).toBe(200);
    const [status] = valueOf(failed as Delivery).statuses;
    expect(status).toMatchObject({ id: lateId, status: 'failed', errors: [{ code: 131047, title: 'Re-engagement message' }] });
    // The status's time is the account's moved clock.
    expect(Number(status.timestamp) * 1000).toBeGreaterThan(Date.now() + 24.9 * 3_600_000);
    expect(statusesOf(callback.deliveries).filter((entry) => entry.id === lateId).map((entry) => entry.status)).toEqual(['failed']);
    const outbox = (await control('/outbox?to=5511988887777')).body.messages;
    expect(outbox.find((record: { id: string }) => record.id === templateId)).toMatchObject({ summary: 'Olá Maria, podemos continuar seu atendimento?', status: 'delivered' });
  });

  test('a customer who never wrote gets no free-form message: it is taken, then fails with 131047', async () => {
    const { graph, account, callback } = await subscribedAccount();

    const sent = await graph(`${account.phoneNumberId}/messages`, { json: { messaging_product: 'whatsapp', to: '5511977776666', text: { body: 'Olá' } } });
    const [failed] = await callback.waitFor(isStatusOf(sent.body.messages[0].id, 'failed'));

    expect(valueOf(failed as Delivery).statuses[0].errors[0].code).toBe(131047);
  });

  test('a template that is not approved, or takes other parameters, is refused (132001, 132000)', async () => {
    const { graph, account } = await subscribedAccount();
    const template = (name: string, parameters: string[]) =>
      graph(`${account.phoneNumberId}/messages`, {
        json: { messaging_product: 'whatsapp', to: '5511988887777', type: 'template', template: { name, language: { code: 'pt_BR' }, components: [{ type: 'body', parameters: parameters.map((value) => ({ type: 'text', text: value })) }] } },
      });

    const pending = await template('oferta_da_semana', ['Maria', 'descontos']);
    const missing = await template('nao_existe', []);
    const wrongCount = await template('retomar_atendimento', []);

    expect(pending.body.error.code).toBe(132001);
    expect(missing.body.error.code).toBe(132001);
    expect(wrongCount.status).toBe(400);
    expect(wrongCount.body.error.code).toBe(132000);
  });

  test("message_templates pages through the account's templates with Meta's cursors", async () => {
    const { graph, account } = await subscribedAccount();

    const first = await graph(`${account.wabaId}/message_templates?fields=name,status,language,components&limit=2`);
    const second = await call(first.body.paging.next as string, { token: account.accessToken });
    const byCursor = await graph(`${account.wabaId}/message_templates?fields=name,status&limit=2&after=${encodeURIComponent(first.body.paging.cursors.after as string)}`);

    expect(first.status).toBe(200);
    expect(first.body.data).toHaveLength(2);
    expect(Object.keys(first.body.data[0]).sort()).toEqual(['components', 'id', 'language', 'name', 'status']);
    expect(second.body.data).toHaveLength(1);
    expect(second.body.paging.next).toBeUndefined();
    expect(byCursor.body.data.map((template: { name: string }) => template.name)).toEqual(second.body.data.map((template: { name: string }) => template.name));
    const all = [...first.body.data, ...second.body.data];
    expect(all.map((template) => template.status).sort()).toEqual(['APPROVED', 'PENDING', 'REJECTED']);
    expect(all.find((template) => template.status === 'APPROVED')).toMatchObject({
      name: 'retomar_atendimento',
      language: 'pt_BR',
      components: [{ type: 'BODY', text: 'Olá {{1}}, podemos continuar seu atendimento?' }],
    });
  });

  test('an uploaded medium is described by its id and downloaded from its url with the bearer only', async () => {
    const { graph, account } = await subscribedAccount();
    const pdf = Buffer.from('%PDF-1.4 a small document');
    const form = new FormData();
    form.set('messaging_product', 'whatsapp');
    form.set('type', 'application/pdf');
    form.set('file', new Blob([pdf], { type: 'application/pdf' }), 'boleto.pdf');

    const uploaded = await graph(`${account.phoneNumberId}/media`, { form });
    const described = await graph(uploaded.body.id as string);
    const download = await fetch(described.body.url as string, { headers: { authorization: `Bearer ${account.accessToken}` } });
    const anonymous = await fetch(described.body.url as string);
    const unsupported = new FormData();
    unsupported.set('messaging_product', 'whatsapp');
    unsupported.set('type', 'application/x-msdownload');
    unsupported.set('file', new Blob([pdf]), 'virus.exe');
    const refused = await graph(`${account.phoneNumberId}/media`, { form: unsupported });

    expect(uploaded.status).toBe(200);
    expect(uploaded.body).toEqual({ id: expect.stringMatching(/^\d+$/) });
    expect(described.body).toEqual({
      messaging_product: 'whatsapp',
      url: expect.any(String),
      mime_type: 'application/pdf',
      sha256: createHash('sha256').update(pdf).digest('hex'),
      file_size: pdf.length,
      id: uploaded.body.id,
    });
    expect(download.status).toBe(200);
    expect(download.headers.get('content-type')).toBe('application/pdf');
    expect(Buffer.from(await download.arrayBuffer())).toEqual(pdf);
    expect(anonymous.status).toBe(401);
    expect(refused.status).toBe(400);
  });

  test("a callback that fails gets the webhook again, and the account's next webhook waits its turn", async () => {
    const { control, callback } = await subscribedAccount();
    callback.failNext = 2;

    const first = await control('/inbound', { from: '5511988887777', text: 'um' });
    const second = await control('/inbound', { from: '5511988887777', text: 'dois' });
    const arrived = await callback.waitFor(() => true, 2);

    expect(arrived.map((delivery) => valueOf(delivery).messages[0].id)).toEqual([first.body.id, second.body.id]);
  });

  test("an account's messages are refused by the control API while nothing is subscribed", async () => {
    const simulator = await startSimulator();
    const account = (await call(`${simulator.endpoint}/_simulator/accounts`, { json: {} })).body as SimulatedAccountKeys;

    const answer = await call(`${simulator.endpoint}/_simulator/accounts/${account.phoneNumberId}/inbound`, { json: { from: '5511988887777', text: 'Oi' } });

    expect(answer.status).toBe(409);
  });

  test('accounts, callbacks and media outlive a restart on the same data directory', async () => {
    const directory = await mkdtemp(join(tmpdir(), 'graph-simulator-'));
    cleanups.push(() => rm(directory, { recursive: true, force: true }));
    const before = await startSimulator(directory);
    const callback = await startCallback();
    const account = (await call(`${before.endpoint}/_simulator/accounts`, { json: {} })).body as SimulatedAccountKeys;
    await call(`${before.apiUrl}/${account.wabaId}/subscribed_apps`, { token: account.accessToken, json: { override_callback_uri: callback.url, verify_token: VERIFY_TOKEN } });
    const form = new FormData();
    form.set('messaging_product', 'whatsapp');
    form.set('type', 'image/png');
    form.set('file', new Blob([Buffer.from('png bytes')]), 'a.png');
    const uploaded = await call(`${before.apiUrl}/${account.phoneNumberId}/media`, { token: account.accessToken, form });
    await before.stop();

    const after = await startSimulator(directory);
    const phone = await call(`${after.apiUrl}/${account.phoneNumberId}`, { token: account.accessToken });
    const inbound = await call(`${after.endpoint}/_simulator/accounts/${account.phoneNumberId}/inbound`, { json: { from: '5511988887777', text: 'de volta' } });
    await callback.waitFor((delivery) => valueOf(delivery).messages?.[0]?.id === inbound.body.id);
    const medium = await call(`${after.apiUrl}/${uploaded.body.id as string}`, { token: account.accessToken });
    const bytes = await fetch(medium.body.url as string, { headers: { authorization: `Bearer ${account.accessToken}` } });

    expect(phone.status).toBe(200);
    expect(Buffer.from(await bytes.arrayBuffer()).toString()).toBe('png bytes');
  });
});
