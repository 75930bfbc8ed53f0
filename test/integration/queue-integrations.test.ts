/**
 * Queue integrations (spec 3 §2, §3, §5, §7, §9; issue 30): the CRUD with search and paging, the per-type
 * validation and typebot defaults, testSession, live `queueIntegration` events, and the runtime when a
 * ticket's queue has an integration: Typebot (start, choices, continue, finish and restart keywords,
 * expiry, unknown messages), webhooks (signed, answered, retried with backoff, parked in the dead-letter
 * queue) and Dialogflow (detect intent, end of conversation hands over). The key and the secrets never
 * appear in an answer, an event or a log line.
 *
 * The outside services are the stand-ins of test/support/fake-integrations.ts. A private cloud, in this
 * process: its handlers must reach the stand-in Google through the configuration this file sets, and
 * every log line they write is searched for secrets (the backend logs at debug level while the file
 * runs). Customer messages are handed to the inbound worker's code as the wa-events queue would
 * (inbound-bots.test.ts does the same): the bots' answers are stored on the ticket and queued for the
 * session host. Webhook deliveries go through the cloud's real `webhooks` queue and its consumer.
 */
import { ReceiveMessageCommand } from '@aws-sdk/client-sqs';
import { UpdateCommand } from '@aws-sdk/lib-dynamodb';
import { ulid } from 'ulid';
import { dynamo, sqs } from '../../functions/core/aws/clients';
import { forgetDialogflowTokens } from '../../functions/core/integrations/dialogflow-api';
import { verifyWebhookSignature } from '../../functions/core/integrations/webhook-signature';
import { keys } from '../../functions/core/repositories/keys';
import { getTicket } from '../../functions/core/repositories/tickets';
import { handleWhatsAppEvent } from '../../functions/workers/wa-events';
import { ENV } from '../../infra/resources/environment';
import type { MediaType } from '../../shared/messages';
import { WEBHOOKS_QUEUE_ID } from '../../infra/resources/queues';
import {
  makeServiceAccount,
  startFakeGoogle,
  startFakeTypebot,
  startFakeWebhook,
  type FakeGoogle,
  type FakeTypebot,
  type FakeWebhook,
  type TestServiceAccount,
} from '../support/fake-integrations';
import { listen, type Listener } from '../support/listen';
import { startTestCloud, type TestCloud } from '../support/local-cloud';
import { until } from '../support/until';
import { addUser, createTenant, type SignedInUser, type Tenant } from '../support/tenants';
import { ifAssigned } from '../support/teardown';

let cloud: TestCloud;
let tenant: Tenant;
let agent: SignedInUser;
let connectionId: string;
let socket: Listener;
let typebot: FakeTypebot;
let webhook: FakeWebhook;
let google: FakeGoogle;
let account: TestServiceAccount;
let numbers = 0;

/** Every answer body this file received, and every log line this process wrote: searched for secrets at the end. */
const answers: string[] = [];
const logLines: string[] = [];
/** Signing secrets shown once (in the answers that made them, which alone may carry them). */
const secrets: string[] = [];
const restoreWrites: (() => void)[] = [];

function captureLogs(stream: NodeJS.WriteStream): void {
  const original = stream.write.bind(stream);
  const capture = (chunk: string | Uint8Array): boolean => {
    logLines.push(typeof chunk === 'string' ? chunk : Buffer.from(chunk).toString('utf8'));
    return true;
  };
  stream.write = capture;
  restoreWrites.push(() => {
    stream.write = original;
  });
}

const PROJECT = 'atende-teste-123';

beforeAll(async () => {
  [typebot, webhook, google] = await Promise.all([startFakeTypebot(), startFakeWebhook(), startFakeGoogle()]);
  account = makeServiceAccount(PROJECT);
  google.trust(account);
  // Read by the backend's configuration at each call: the handlers reach the stand-in Google.
  process.env[ENV.googleTokenUrl] = google.tokenUrl;
  process.env[ENV.dialogflowApiUrl] = google.dialogflowUrl;
  cloud = await startTestCloud({ seed: false });
  tenant = await createTenant(cloud);
  agent = await addUser(cloud, tenant, 'user', [tenant.queueId]);
  const created = await cloud.api('/whatsapp', {
    method: 'POST',
    token: tenant.admin.token,
    body: { name: 'Bots', provider: 'simulator', greetingMessage: 'Saudação da conexão', queueIds: [tenant.queueId] },
  });
  expect(created.status).toBe(201);
  connectionId = created.body.id;
  socket = await listen(cloud, tenant.admin.token);
  process.env[ENV.logLevel] = 'debug';
  captureLogs(process.stdout);
  captureLogs(process.stderr);
}, 60_000);

afterAll(async () => {
  for (const restore of restoreWrites) restore();
  process.env[ENV.logLevel] = 'silent';
  process.env[ENV.googleTokenUrl] = '';
  process.env[ENV.dialogflowApiUrl] = '';
  ifAssigned(socket)?.close();
  await Promise.all([ifAssigned(typebot)?.stop(), ifAssigned(webhook)?.stop(), ifAssigned(google)?.stop()]);
  await ifAssigned(cloud)?.stop();
});

// eslint-disable-next-line @typescript-eslint/no-explicit-any -- each test asserts on the shape it expects
async function api(path: string, init: { method?: string; body?: unknown; token?: string } = {}): Promise<{ status: number; body: any }> {
  const response = await cloud.api(path, { token: tenant.admin.token, ...init });
  answers.push(JSON.stringify(response.body ?? null));
  return response;
}

async function createIntegration(body: Record<string, unknown>): Promise<{ id: string; secret?: string }> {
  const response = await api('/queueIntegration', { method: 'POST', body });
  expect(response.status).toBe(201);
  if (typeof response.body.secret === 'string') secrets.push(response.body.secret);
  return response.body;
}

async function linkQueue(integrationId: string | null): Promise<void> {
  expect((await api(`/queue/${tenant.queueId}`, { method: 'PUT', body: { integrationId } })).status).toBe(200);
}

/** A number no other test uses: each conversation starts on a new ticket. */
const newNumber = () => `55119700${String((numbers += 1)).padStart(5, '0')}`;

function customerSays(from: string, body: string, mediaType: MediaType = 'chat'): Promise<void> {
  return handleWhatsAppEvent({
    type: 'message',
    companyId: tenant.companyId,
    whatsappId: connectionId,
    chat: { id: from, isGroup: false },
    whatsappMessageId: `B${ulid()}`,
    fromMe: false,
    pushName: 'Joana',
    timestamp: Date.now(),
    mediaType,
    body,
    media: null,
    quotedWhatsappMessageId: null,
  });
}

interface StoredRow {
  readonly id: string;
  readonly body: string;
  readonly fromMe: boolean;
  readonly ticketId: string;
  readonly createdAt: string;
}

/**
 * The customer's ticket, pending or closed. Waited for: the lists are read from secondary indexes, which
 * DynamoDB updates after the item (and the local stand-in, dynalite, by deleting a ticket's old index
 * entry before writing its new one), so a read while an answer updates the ticket may miss it.
 */
async function ticketOf(number: string): Promise<{ id: string; status: string }> {
  type Listed = { id: string; status: string; contact: { number: string } };
  const listed = async (status: 'pending' | 'closed') =>
    ((await api(`/tickets?showAll=true&status=${status}`)).body.tickets as Listed[]).find((ticket) => ticket.contact.number === number);
  return until(`a ticket of ${number}`, async () => (await listed('pending')) ?? (await listed('closed')), 100);
}

/** The ticket's own messages, oldest first. */
async function messagesOf(ticketId: string): Promise<StoredRow[]> {
  const { body } = await api(`/messages/${ticketId}`);
  return (body.messages as StoredRow[]).filter((message) => message.ticketId === ticketId).reverse();
}

const bodies = async (ticketId: string) => (await messagesOf(ticketId)).map((message) => message.body);

describe('the integrations API', () => {
  it('creates a typebot with the spec defaults, and answers and announces no secret of any type', async () => {
    const before = socket.frames.length;
    const created = await createIntegration({ type: 'typebot', name: 'Bot de vendas', urlN8N: typebot.url, typebotSlug: typebot.slug });

    expect(created).toMatchObject({
      type: 'typebot',
      name: 'Bot de vendas',
      typebotExpires: 1,
      typebotDelayMessage: 1000,
      jsonContent: null,
      hasJsonContent: false,
      hasSecret: false,
      companyId: tenant.companyId,
    });
    expect(created).not.toHaveProperty('secret');
    const event = await socket.waitFor((frame) => frame.event === `company-${tenant.companyId}-queueIntegration` && frame.data.record?.id === created.id);
    expect(event.data).toMatchObject({ action: 'create', record: { id: created.id, name: 'Bot de vendas' } });
    expect(socket.frames.length).toBeGreaterThan(before);

    const hook = await createIntegration({ type: 'webhook', name: 'Webhook do CRM', urlN8N: webhook.url });
    expect(hook.secret).toMatch(/^whsec_[\w-]{43}$/);
    const read = await api(`/queueIntegration/${hook.id}`);
    expect(read.body).toMatchObject({ hasSecret: true, urlN8N: webhook.url });
    expect(read.body).not.toHaveProperty('secret');
    const hookEvent = await socket.waitFor((frame) => frame.event.endsWith('-queueIntegration') && frame.data.record?.id === hook.id);
    expect(JSON.stringify(hookEvent.data)).not.toContain(hook.secret);

    const dialogflow = await createIntegration({ type: 'dialogflow', name: 'Agente Dialogflow', projectName: PROJECT, language: 'pt-BR', jsonContent: account.json });
    expect(dialogflow).toMatchObject({ jsonContent: null, hasJsonContent: true, serviceAccount: account.clientEmail, language: 'pt-BR' });
    expect(JSON.stringify(dialogflow)).not.toContain('PRIVATE KEY');
  });

  it('refuses what spec 3 §5 refuses, per type, with its messages', async () => {
    const refused = async (body: Record<string, unknown>) => {
      const response = await api('/queueIntegration', { method: 'POST', body });
      expect(response.status).toBe(400);
      expect(response.body.error).toBe('ERR_VALIDATION');
      return Object.fromEntries((response.body.fields as { path: string; message: string }[]).map((field) => [field.path, field.message]));
    };
    expect(await refused({ type: 'webhook', name: 'A', urlN8N: webhook.url })).toEqual({ name: 'Too Short!' });
    expect(await refused({ type: 'webhook', name: 'x'.repeat(51), urlN8N: webhook.url })).toEqual({ name: 'Too Long!' });
    expect(await refused({ type: 'n8n', urlN8N: webhook.url })).toEqual({ name: 'Required' });
    expect(await refused({ type: 'webhook', name: 'Sem url' })).toEqual({ urlN8N: 'Required' });
    expect(await refused({ type: 'n8n', name: 'Url ruim', urlN8N: 'ftp://example.com/hook' })).toEqual({ urlN8N: 'Invalid URL' });
    expect(await refused({ type: 'typebot', name: 'Sem slug', urlN8N: typebot.url })).toEqual({ typebotSlug: 'Required' });
    expect(await refused({ type: 'typebot', name: 'Sem url', typebotSlug: 'bot' })).toEqual({ urlN8N: 'Required' });
    expect(await refused({ type: 'dialogflow', name: 'Sem idioma', projectName: PROJECT, jsonContent: account.json })).toEqual({ language: 'Required' });
    expect(await refused({ type: 'dialogflow', name: 'Json ruim', projectName: PROJECT, language: 'en', jsonContent: '{"type":"user"}' })).toEqual({
      jsonContent: 'Invalid service account JSON',
    });
    expect(await refused({ type: 'dialogflow', name: 'Sem conta', projectName: PROJECT, language: 'es' })).toEqual({ jsonContent: 'Required' });
    expect(await refused({ type: 'chatgpt', name: 'Tipo ruim' })).toMatchObject({ type: 'Invalid type' });
    expect(await refused({ type: 'typebot', name: 'Atraso', urlN8N: typebot.url, typebotSlug: 'bot', typebotDelayMessage: -1, typebotExpires: 1.5 })).toEqual({
      typebotDelayMessage: 'Must be 0 or more',
      typebotExpires: 'Must be a whole number',
    });
    const badJson = await cloud.api('/queueIntegration', { method: 'POST', token: tenant.admin.token, body: '{"type":' });
    expect(badJson).toMatchObject({ status: 400, body: { error: 'ERR_VALIDATION' } });
    expect(await api('/queueIntegration/nao-e-um-id')).toMatchObject({ status: 400, body: { error: 'ERR_VALIDATION' } });
    expect(await api(`/queueIntegration/${ulid()}`)).toMatchObject({ status: 404, body: { error: 'ERR_NO_INTEGRATION_FOUND' } });
    expect(await api('/queueIntegration?pageNumber=0')).toMatchObject({ status: 400, body: { error: 'ERR_VALIDATION' } });
  });

  it('searches by name or type and pages by 20', async () => {
    const mark = `Pag${Date.now().toString(36)}`;
    for (let index = 0; index < 21; index += 1) {
      await createIntegration({ type: 'n8n', name: `${mark} ${String(index).padStart(2, '0')}`, urlN8N: `${webhook.url}/n8n/${index}` });
    }
    const first = await api(`/queueIntegration?searchParam=${mark}`);
    expect(first.status).toBe(200);
    expect(first.body.queueIntegrations).toHaveLength(20);
    expect(first.body.hasMore).toBe(true);
    const second = await api(`/queueIntegration?searchParam=${mark.toLowerCase()}&pageNumber=2`);
    expect(second.body).toMatchObject({ hasMore: false, queueIntegrations: [{ name: `${mark} 20` }] });
    const byType = await api('/queueIntegration?searchParam=typebot');
    expect(byType.body.queueIntegrations.map((item: { type: string }) => item.type)).toContain('typebot');
    expect(JSON.stringify(first.body)).not.toContain('whsec_');
  });

  it('saves changes: keeps the service account when none is sent, makes a secret when a type starts signing, drops it when it stops', async () => {
    const dialogflow = await createIntegration({ type: 'dialogflow', name: 'Agente', projectName: PROJECT, language: 'pt-BR', jsonContent: account.json });
    const renamed = await api(`/queueIntegration/${dialogflow.id}`, { method: 'PUT', body: { type: 'dialogflow', name: 'Agente 2', projectName: PROJECT, language: 'en' } });
    expect(renamed.status).toBe(200);
    expect(renamed.body).toMatchObject({ name: 'Agente 2', language: 'en', hasJsonContent: true, serviceAccount: account.clientEmail });

    const becameHook = await api(`/queueIntegration/${dialogflow.id}`, { method: 'PUT', body: { type: 'webhook', name: 'Agora webhook', urlN8N: webhook.url } });
    expect(becameHook.body).toMatchObject({ type: 'webhook', hasSecret: true, hasJsonContent: false, serviceAccount: null });
    expect(becameHook.body.secret).toMatch(/^whsec_/);
    secrets.push(becameHook.body.secret);

    const again = await api(`/queueIntegration/${dialogflow.id}`, { method: 'PUT', body: { type: 'webhook', name: 'Ainda webhook', urlN8N: webhook.url } });
    expect(again.body).not.toHaveProperty('secret');

    const renewed = await api(`/queueIntegration/${dialogflow.id}/secret`, { method: 'POST', body: {} });
    expect(renewed.status).toBe(200);
    expect(renewed.body.secret).toMatch(/^whsec_/);
    expect(renewed.body.secret).not.toBe(becameHook.body.secret);
    secrets.push(renewed.body.secret);

    const becameBot = await api(`/queueIntegration/${dialogflow.id}`, {
      method: 'PUT',
      body: { type: 'typebot', name: 'Agora bot', urlN8N: typebot.url, typebotSlug: 'x', typebotDelayMessage: '', typebotExpires: null },
    });
    expect(becameBot.body).toMatchObject({ hasSecret: false, typebotDelayMessage: 1000, typebotExpires: 1 });
    expect(await api(`/queueIntegration/${dialogflow.id}/secret`, { method: 'POST', body: {} })).toMatchObject({ status: 400, body: { error: 'ERR_VALIDATION' } });
    expect(await api(`/queueIntegration/${ulid()}`, { method: 'PUT', body: { type: 'typebot', name: 'Nada', urlN8N: typebot.url, typebotSlug: 'x' } })).toMatchObject({
      status: 404,
      body: { error: 'ERR_NO_INTEGRATION_FOUND' },
    });
  });

  it('links queues only to integrations of the company, and a deleted integration leaves its queues', async () => {
    expect(await api(`/queue/${tenant.queueId}`, { method: 'PUT', body: { integrationId: ulid() } })).toMatchObject({
      status: 404,
      body: { error: 'ERR_NO_INTEGRATION_FOUND' },
    });
    const doomed = await createIntegration({ type: 'n8n', name: 'Para apagar', urlN8N: webhook.url });
    await linkQueue(doomed.id);

    expect((await api(`/queueIntegration/${doomed.id}`, { method: 'DELETE' })).status).toBe(204);

    expect(await api(`/queueIntegration/${doomed.id}`)).toMatchObject({ status: 404, body: { error: 'ERR_NO_INTEGRATION_FOUND' } });
    expect((await api(`/queue/${tenant.queueId}`)).body.integrationId).toBeNull();
    await socket.waitFor((frame) => frame.event.endsWith('-queueIntegration') && frame.data.action === 'delete' && frame.data.id === doomed.id);
    await socket.waitFor((frame) => frame.event.endsWith('-queue') && frame.data.queue?.id === tenant.queueId && frame.data.queue.integrationId === null);
  });

  it('is for administrators of a plan with integrations', async () => {
    expect(await cloud.api('/queueIntegration', { token: agent.token })).toMatchObject({ status: 403, body: { error: 'ERR_NO_PERMISSION' } });
    const without = await createTenant(cloud, { useIntegrations: false });
    expect(await cloud.api('/queueIntegration', { token: without.admin.token })).toMatchObject({ status: 403, body: { error: 'ERR_NO_PERMISSION' } });
    const post = await cloud.api('/queueIntegration', { method: 'POST', token: without.admin.token, body: { type: 'n8n', name: 'Nope', urlN8N: webhook.url } });
    expect(post).toMatchObject({ status: 403, body: { error: 'ERR_NO_PERMISSION' } });
  });
});

describe('POST /queueIntegration/testSession', () => {
  it('asks the Dialogflow agent with the service account sent, or with a stored integration\'s', async () => {
    const tested = await api('/queueIntegration/testSession', { method: 'POST', body: { projectName: PROJECT, jsonContent: account.json, language: 'es', text: 'hola' } });
    expect(tested).toMatchObject({ status: 200, body: { success: true, messages: ['Olá! Você disse: hola', 'Em que posso ajudar?'], endConversation: false } });
    expect(google.queries.at(-1)).toMatchObject({ project: PROJECT, text: 'hola', languageCode: 'es' });

    const stored = await createIntegration({ type: 'dialogflow', name: 'Guardado', projectName: PROJECT, language: 'pt-BR', jsonContent: account.json });
    forgetDialogflowTokens();
    const withStored = await api('/queueIntegration/testSession', { method: 'POST', body: { id: stored.id, projectName: PROJECT, language: 'pt-BR' } });
    expect(withStored).toMatchObject({ status: 200, body: { success: true } });
    expect(google.queries.at(-1)).toMatchObject({ text: 'Olá', languageCode: 'pt-BR' });
  });

  it('says which step failed, and never what the service account holds', async () => {
    const stranger = makeServiceAccount(PROJECT);
    const refused = await api('/queueIntegration/testSession', { method: 'POST', body: { projectName: PROJECT, jsonContent: stranger.json, language: 'pt-BR' } });
    expect(refused).toMatchObject({ status: 400, body: { error: 'ERR_INTEGRATION_TEST_FAILED', details: { step: 'token', status: 400 } } });
    expect(JSON.stringify(refused.body)).not.toContain('PRIVATE KEY');

    const incomplete = await api('/queueIntegration/testSession', { method: 'POST', body: { projectName: 'X', language: 'pt-BR' } });
    expect(incomplete).toMatchObject({ status: 400, body: { error: 'ERR_VALIDATION' } });
    expect(incomplete.body.fields).toEqual([
      { path: 'projectName', message: 'Invalid project id' },
      { path: 'jsonContent', message: 'Required' },
    ]);
    const badLanguage = await api('/queueIntegration/testSession', { method: 'POST', body: { projectName: PROJECT, jsonContent: account.json, language: 'xx' } });
    expect(badLanguage.body.fields).toEqual([{ path: 'language', message: 'Invalid language' }]);
  });
});

describe('a queue with a Typebot', () => {
  let integrationId: string;

  beforeAll(async () => {
    const created = await createIntegration({
      type: 'typebot',
      name: 'Typebot da fila',
      urlN8N: `${typebot.url}/`,
      typebotSlug: typebot.slug,
      typebotDelayMessage: 300,
      typebotExpires: 1,
      typebotKeywordFinish: '#sair',
      typebotKeywordRestart: 'Recomeçar',
      typebotUnknownMessage: 'Não entendi, escolha uma das opções.',
      typebotRestartMessage: 'Vamos começar de novo.',
    });
    integrationId = created.id;
    await linkQueue(integrationId);
  });

  it('starts the bot instead of the greeting, sends its messages apart, takes choices by number, and hands over when its flow ends', async () => {
    const number = newNumber();
    await customerSays(number, 'oi');
    const ticket = await ticketOf(number);
    const opening = await messagesOf(ticket.id);
    expect(opening.map((message) => message.body)).toEqual([
      'oi',
      'Olá! Eu sou o *bot* de atendimento.',
      'Com qual setor quer falar?',
      '1 - Vendas\n2 - Suporte',
    ]);
    const times = opening.slice(1).map((message) => Date.parse(message.createdAt));
    expect(times[1]! - times[0]!).toBeGreaterThanOrEqual(290);
    expect(times[2]! - times[1]!).toBeGreaterThanOrEqual(290);
    expect(await getTicket(tenant.companyId, ticket.id, true)).toMatchObject({ useIntegration: true, integrationId, chatbot: true });

    await customerSays(number, 'banana');
    expect((await bodies(ticket.id)).at(-1)).toBe('Não entendi, escolha uma das opções.');

    await customerSays(number, '1');
    expect((await bodies(ticket.id)).slice(-2)).toEqual(['Você escolheu Vendas.', 'Qual é o seu nome?']);

    await customerSays(number, 'Maria');
    expect((await bodies(ticket.id)).at(-1)).toBe('Obrigado, Maria! Um atendente já vai falar com você.');
    const after = await getTicket(tenant.companyId, ticket.id, true);
    expect(after).toMatchObject({ status: 'pending', useIntegration: false, integrationId, chatbot: false, integrationSession: null });

    const count = (await bodies(ticket.id)).length;
    await customerSays(number, 'alguém aí?');
    expect(await bodies(ticket.id)).toHaveLength(count + 1);
    expect(typebot.requests.filter((request) => request.path.includes('/sessions/')).every((request) => JSON.parse(request.body).textBubbleContentFormat === 'markdown')).toBe(true);
  });

  it('answers media with the unknown-message text, and starts over with the restart keyword', async () => {
    const number = newNumber();
    await customerSays(number, 'oi');
    const ticket = await ticketOf(number);
    await customerSays(number, '', 'image');
    expect((await bodies(ticket.id)).at(-1)).toBe('Não entendi, escolha uma das opções.');

    const started = typebot.started();
    await customerSays(number, 'recomecar');
    expect(typebot.started()).toBe(started + 1);
    expect((await bodies(ticket.id)).slice(-4)).toEqual([
      'Vamos começar de novo.',
      'Olá! Eu sou o *bot* de atendimento.',
      'Com qual setor quer falar?',
      '1 - Vendas\n2 - Suporte',
    ]);
  });

  it('starts over after typebotExpires minutes of silence, and when Typebot forgot the session', async () => {
    const number = newNumber();
    await customerSays(number, 'oi');
    const ticket = await ticketOf(number);
    const stored = await getTicket(tenant.companyId, ticket.id, true);
    const twoMinutesAgo = new Date(Date.now() - 120_000).toISOString();
    await dynamo().send(
      new UpdateCommand({
        TableName: cloud.tableName,
        Key: keys.ticket(tenant.companyId, ticket.id),
        UpdateExpression: 'SET integrationSession = :session',
        ExpressionAttributeValues: { ':session': { ...stored?.integrationSession, lastAt: twoMinutesAgo } },
      }),
    );
    const started = typebot.started();
    await customerSays(number, 'Suporte');
    expect(typebot.started()).toBe(started + 1);
    expect((await bodies(ticket.id)).slice(-3)).toEqual(['Olá! Eu sou o *bot* de atendimento.', 'Com qual setor quer falar?', '1 - Vendas\n2 - Suporte']);

    typebot.forgetSessions();
    await customerSays(number, 'Suporte');
    expect(typebot.started()).toBe(started + 2);
  });

  it('closes the ticket on the finish keyword', async () => {
    const number = newNumber();
    await customerSays(number, 'oi');
    const ticket = await ticketOf(number);
    await customerSays(number, ' #SAIR ');
    expect(await getTicket(tenant.companyId, ticket.id, true)).toMatchObject({ status: 'closed', useIntegration: false, integrationId: null });
  });

  it('leaves a ticket an agent accepted', async () => {
    const number = newNumber();
    await customerSays(number, 'oi');
    const ticket = await ticketOf(number);
    expect((await cloud.api(`/tickets/${ticket.id}`, { method: 'PUT', token: agent.token, body: { status: 'open', userId: agent.id } })).status).toBe(200);
    const count = (await bodies(ticket.id)).length;
    await customerSays(number, '2');
    expect(await bodies(ticket.id)).toHaveLength(count + 1);
  });

  it('stays silent while the company\'s plan lacks integrations: the queue bot answers instead', async () => {
    const setFlag = (value: boolean) =>
      dynamo().send(
        new UpdateCommand({
          TableName: cloud.tableName,
          Key: keys.plan(tenant.planId),
          UpdateExpression: 'SET useIntegrations = :value',
          ExpressionAttributeValues: { ':value': value },
        }),
      );
    await setFlag(false);
    try {
      const number = newNumber();
      const started = typebot.started();
      await customerSays(number, 'oi');
      expect(await bodies((await ticketOf(number)).id)).toEqual(['oi', 'Saudação da conexão']);
      expect(typebot.started()).toBe(started);
    } finally {
      await setFlag(true);
    }
  });
});

describe('a queue with a webhook', () => {
  let integrationId: string;
  let secret: string;

  beforeAll(async () => {
    const created = await createIntegration({ type: 'webhook', name: 'Webhook da fila', urlN8N: `${webhook.url}/hooks/atende` });
    integrationId = created.id;
    secret = created.secret ?? '';
    await linkQueue(integrationId);
  });

  beforeEach(() => {
    webhook.answerWith([], { status: 200, body: { text: 'Recebido!' } });
  });

  const deliveriesFor = (number: string) => webhook.requests.filter((request) => request.path === '/hooks/atende' && request.body.includes(number));

  it('POSTs each message signed with the secret shown once, and sends the answer back', async () => {
    const number = newNumber();
    await customerSays(number, 'Quero um orçamento');
    const [delivery] = await until('the delivery', async () => deliveriesFor(number).length > 0 && deliveriesFor(number));
    expect(verifyWebhookSignature(secret, delivery!.body, String(delivery!.headers['x-atende-signature']))).toBe(true);
    expect(verifyWebhookSignature('whsec_other', delivery!.body, String(delivery!.headers['x-atende-signature']))).toBe(false);
    const sent = JSON.parse(delivery!.body);
    expect(sent).toMatchObject({
      event: 'message',
      integration: { id: integrationId, type: 'webhook', name: 'Webhook da fila' },
      contact: { number, name: 'Joana' },
      connection: { id: connectionId, name: 'Bots' },
      message: { body: 'Quero um orçamento', mediaType: 'chat', mediaUrl: null },
    });
    expect(delivery!.headers['x-atende-delivery']).toBe(sent.deliveryId);
    expect(JSON.stringify(sent)).not.toContain(secret);

    const ticket = await ticketOf(number);
    await until('the answer', async () => (await bodies(ticket.id)).includes('Recebido!'));
    expect(await bodies(ticket.id)).toEqual(['Quero um orçamento', 'Recebido!']);
  });

  it('sends every text of an n8n-style answer, and nothing for an answer without text', async () => {
    const number = newNumber();
    webhook.answerWith([{ status: 200, body: [{ output: 'Primeira' }, { output: 'Segunda' }] }, { status: 200, body: { ok: true } }]);
    await customerSays(number, 'um');
    const ticket = await ticketOf(number);
    await until('the answers', async () => (await bodies(ticket.id)).includes('Segunda'));
    await customerSays(number, 'dois');
    await until('the second delivery', async () => deliveriesFor(number).length === 2);
    await new Promise((resolve) => setTimeout(resolve, 500));
    expect(await bodies(ticket.id)).toEqual(['um', 'Primeira', 'Segunda', 'dois']);
  });

  it('retries a failed POST with growing pauses and sends the answer of the try that worked', async () => {
    const number = newNumber();
    webhook.answerWith([{ status: 503 }, { status: 500 }], { status: 200, body: { text: 'Enfim!' } });
    await customerSays(number, 'tentativas');
    const ticket = await ticketOf(number);
    await until('the answer', async () => (await bodies(ticket.id)).includes('Enfim!'), 400, 100);
    const tries = deliveriesFor(number);
    expect(tries).toHaveLength(3);
    expect(new Set(tries.map((request) => request.headers['x-atende-delivery'])).size).toBe(1);
    // INTEGRATION_RETRY_BASE_SECONDS is 1 on the local cloud: 1 s, then 2 s.
    expect(tries[1]!.receivedAt - tries[0]!.receivedAt).toBeGreaterThanOrEqual(900);
    expect(tries[2]!.receivedAt - tries[1]!.receivedAt).toBeGreaterThanOrEqual(1900);
    expect(await bodies(ticket.id)).toEqual(['tentativas', 'Enfim!']);
  }, 30_000);

  it('parks a delivery in the dead-letter queue after its last try', async () => {
    const number = newNumber();
    webhook.answerWith([], { status: 500, body: { error: 'down' } });
    await customerSays(number, 'ninguém responde');
    const parked = await until(
      'the parked delivery',
      async () => {
        const { Messages = [] } = await sqs().send(
          new ReceiveMessageCommand({ QueueUrl: cloud.deadLetterQueueUrls[WEBHOOKS_QUEUE_ID], MaxNumberOfMessages: 10, WaitTimeSeconds: 0, VisibilityTimeout: 30 }),
        );
        return Messages.find((message) => message.Body?.includes(number));
      },
      400,
      100,
    );
    expect(JSON.parse(parked.Body ?? '{}')).toMatchObject({ integrationId, contact: { number }, message: { body: 'ninguém responde' } });
    expect(deliveriesFor(number)).toHaveLength(4);
    const ticket = await ticketOf(number);
    expect(await bodies(ticket.id)).toEqual(['ninguém responde']);
  }, 40_000);
});

describe('a queue with a Dialogflow agent', () => {
  let integrationId: string;

  beforeAll(async () => {
    forgetDialogflowTokens();
    const created = await createIntegration({ type: 'dialogflow', name: 'Dialogflow da fila', projectName: PROJECT, language: 'en', jsonContent: account.json });
    integrationId = created.id;
    await linkQueue(integrationId);
  });

  it('answers with the agent\'s texts in the integration\'s language, and hands over at the end of the conversation', async () => {
    const number = newNumber();
    await customerSays(number, 'hello');
    const ticket = await ticketOf(number);
    expect(await bodies(ticket.id)).toEqual(['hello', 'Olá! Você disse: hello', 'Em que posso ajudar?']);
    expect(google.queries.at(-1)).toEqual({ project: PROJECT, session: ticket.id, text: 'hello', languageCode: 'en' });

    await customerSays(number, 'tchau');
    expect((await bodies(ticket.id)).slice(-1)).toEqual(['Até logo!']);
    expect(await getTicket(tenant.companyId, ticket.id, true)).toMatchObject({ status: 'pending', useIntegration: false, integrationId, chatbot: false });
    const count = (await bodies(ticket.id)).length;
    await customerSays(number, 'ainda aqui');
    expect(await bodies(ticket.id)).toHaveLength(count + 1);
  });

  it('uses one token for many questions', async () => {
    forgetDialogflowTokens();
    const tokensBefore = google.requests.filter((request) => request.path === '/token').length;
    const number = newNumber();
    await customerSays(number, 'um');
    await customerSays(number, 'dois');
    expect(google.requests.filter((request) => request.path === '/token').length).toBe(tokensBefore + 1);
  });
});

describe('secrets', () => {
  it('never appear in an answer but the one that made them, in an event or in a log line', async () => {
    await linkQueue(null);
    expect(secrets.length).toBeGreaterThanOrEqual(4);
    const keyLine = account.privateKeyPem.split('\n')[1] ?? '';
    expect(keyLine.length).toBeGreaterThan(40);
    // The answers that made a secret carry it once each; none other does.
    const carrying = answers.filter((answer) => secrets.some((secret) => answer.includes(secret)));
    expect(carrying).toHaveLength(secrets.length);
    for (const text of [...answers, ...socket.frames.map((frame) => JSON.stringify(frame))]) {
      expect(text).not.toContain(keyLine);
      expect(text).not.toContain('PRIVATE KEY');
    }
    for (const frame of socket.frames) for (const secret of secrets) expect(JSON.stringify(frame)).not.toContain(secret);
    // The failing webhook's tries and Typebot's and Dialogflow's turns were logged here, where they ran.
    expect(logLines.some((line) => line.includes('webhook failed its last try'))).toBe(true);
    expect(logLines.some((line) => line.includes('dialogflow answered'))).toBe(true);
    for (const line of logLines) {
      expect(line).not.toContain(keyLine);
      expect(line).not.toContain('PRIVATE KEY');
      for (const secret of secrets) expect(line).not.toContain(secret);
    }
  });
});
