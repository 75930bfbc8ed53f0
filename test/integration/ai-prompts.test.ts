/**
 * AI prompts on the local cloud (spec 3 §2 AI prompts, §5, §7, §9; issue: AI that answers customers):
 * the `/prompt` routes with the spec's validation and defaults, the key write-only, live `prompt`
 * events; and the AI in the inbound pipeline against a fake OpenAI-compatible server of the harness:
 * answers with the prompt as instructions and the ticket's last messages as context, tokens counted
 * against the plan's monthly cap, hand-over to the prompt's queue when the customer asks for a person,
 * when the model says so, past the cap or on a failure, and a voice message transcribed first.
 */
import { ulid } from 'ulid';
import { HANDOVER_PHRASE, HANDOVER_TEXT } from '../../functions/core/ai/prompt-turn';
import { putMediaObject } from '../../functions/core/media/storage';
import { getTicket } from '../../functions/core/repositories/tickets';
import type { WhatsAppEvent } from '../../functions/core/sessions/events';
import { putSimulatedInbound } from '../../functions/sessions/stores/simulator';
import { handleWhatsAppEvent } from '../../functions/workers/wa-events';
import type { SessionHost } from '../../functions/sessions/host';
import { startFakeOpenAi, type FakeOpenAi } from '../support/fake-openai';
import { listen, type Listener } from '../support/listen';
import type { TestCloud } from '../support/local-cloud';
import { sharedTestCloud } from '../support/shared-cloud';
import { connectSimulated, sentTo, startSimulatorHost } from '../support/simulated-whatsapp';
import { until } from '../support/until';
import { ifAssigned } from '../support/teardown';
import { addUser, createTenant, type SignedInUser, type Tenant } from '../support/tenants';

const KEY = 'sk-teste-chave-secreta-123';
const TRAINING = 'Você é a assistente virtual da Loja Exemplo. Responda dúvidas sobre pedidos, trocas e horários com educação.';

let cloud: TestCloud;
let tenant: Tenant;
let agent: SignedInUser;
let openai: FakeOpenAi;
let listener: Listener;
let salesQueue: string;
let numbers = 0;

// `any`: like cloud.api, each test asserts on the shape it expects.
// eslint-disable-next-line @typescript-eslint/no-explicit-any
type Answer = { status: number; body: any };
const call = (path: string, init: { method?: string; body?: unknown } = {}, token = tenant.admin.token): Promise<Answer> => cloud.api(path, { ...init, token });

const newNumber = () => `55119600${String((numbers += 1)).padStart(5, '0')}`;

async function newPrompt(overrides: Record<string, unknown> = {}) {
  const response = await call('/prompt', { method: 'POST', body: { name: 'Assistente', prompt: TRAINING, apiKey: KEY, queueId: salesQueue, baseUrl: openai.baseUrl, ...overrides } });
  expect(response.status).toBe(201);
  return response.body as { id: string };
}

/** A queue answered by a new prompt, and a connection of that queue alone (each test its own). */
async function promptedConnection(overrides: Record<string, unknown> = {}) {
  const prompt = await newPrompt(overrides);
  const queue = await call('/queue', { method: 'POST', body: { name: `IA ${ulid().slice(-6)}`, color: `#${ulid().slice(-6).replace(/[^0-9A-F]/gi, '1')}`, greetingMessage: 'Olá', promptId: prompt.id } });
  expect(queue.status).toBe(201);
  const connection = await call('/whatsapp', { method: 'POST', body: { name: `IA ${ulid().slice(-6)}`, provider: 'simulator', greetingMessage: 'Saudação que a IA substitui', queueIds: [queue.body.id] } });
  expect(connection.status).toBe(201);
  return { promptId: prompt.id, queueId: String(queue.body.id), connectionId: String(connection.body.id) };
}

function customer(connectionId: string, from: string, body: string, extra: Partial<WhatsAppEvent> = {}): WhatsAppEvent {
  return {
    type: 'message',
    companyId: tenant.companyId,
    whatsappId: connectionId,
    chat: { id: from, isGroup: false },
    whatsappMessageId: `AI${ulid()}`,
    fromMe: false,
    pushName: 'Cliente',
    timestamp: Date.now(),
    mediaType: 'chat',
    body,
    media: null,
    quotedWhatsappMessageId: null,
    ...extra,
  } as WhatsAppEvent;
}

async function ticketOf(number: string) {
  const { body } = await call('/tickets?status=pending&showAll=true');
  return (body.tickets as { id: string; queueId: string | null; contact: { number: string } }[]).find((ticket) => ticket.contact.number === number);
}

/** The ticket's messages, oldest first: [who, body], who being 'bot' or 'customer'. */
async function talk(ticketId: string): Promise<[string, string][]> {
  const { body } = await call(`/messages/${ticketId}`);
  return (body.messages as { body: string; fromMe: boolean; ticketId: string }[])
    .filter((message) => message.ticketId === ticketId)
    .reverse()
    .map((message) => [message.fromMe ? 'bot' : 'customer', message.body]);
}

const completions = () => openai.requests.filter((request) => request.path === '/v1/chat/completions');

beforeAll(async () => {
  cloud = await sharedTestCloud();
  // A connection per test: more than the default plan's five.
  tenant = await createTenant(cloud, { connections: 20 });
  agent = await addUser(cloud, tenant, 'user', [tenant.queueId]);
  salesQueue = tenant.queueId;
  openai = await startFakeOpenAi(KEY);
  listener = await listen(cloud, agent.token);
}, 60_000);

afterAll(async () => {
  ifAssigned(listener)?.close();
  await ifAssigned(openai)?.stop();
});

beforeEach(() => {
  openai.key = KEY;
  openai.answer = (body) => `Resposta a: ${body.messages.at(-1)?.content ?? ''}`;
  openai.tokensPerAnswer = 42;
});

describe('the prompts API', () => {
  it('creates a prompt with the spec’s defaults, never answering its key, and tells the company without it', async () => {
    const response = await call('/prompt', { method: 'POST', body: { name: 'Vendedora', prompt: TRAINING, apiKey: KEY, queueId: salesQueue } });

    expect(response).toEqual({
      status: 201,
      body: {
        id: expect.stringMatching(/^[0-9A-Z]{26}$/),
        name: 'Vendedora',
        prompt: TRAINING,
        model: 'gpt-3.5-turbo-1106',
        maxTokens: 100,
        temperature: 1,
        maxMessages: 10,
        queueId: salesQueue,
        queue: { id: salesQueue, name: 'Atendimento', color: '#0f766e' },
        hasApiKey: true,
        baseUrl: '',
        companyId: tenant.companyId,
        createdAt: expect.any(String),
        updatedAt: expect.any(String),
      },
    });
    const event = await listener.waitFor((frame) => frame.event === `company-${tenant.companyId}-prompt` && frame.data.record?.id === response.body.id);
    expect(event.data).toEqual({ action: 'create', record: response.body });
    const listed = await call('/prompt', {}, agent.token);
    expect(listed.body.prompts.map((prompt: { id: string }) => prompt.id)).toContain(response.body.id);
    expect(JSON.stringify([listed.body, await call(`/prompt/${response.body.id}`), listener.frames])).not.toContain(KEY);
  });

  it('refuses a prompt without a queue, with a short name or training, or an unknown model, saving nothing', async () => {
    const before = (await call('/prompt')).body.prompts.length;

    expect(await call('/prompt', { method: 'POST', body: { name: 'Sem setor', prompt: TRAINING, apiKey: KEY } })).toMatchObject({
      status: 400,
      body: { fields: [{ path: 'queueId', message: 'Informe o setor' }] },
    });
    expect((await call('/prompt', { method: 'POST', body: { name: 'Ana', prompt: TRAINING, apiKey: KEY, queueId: salesQueue } })).body.fields).toEqual([
      { path: 'name', message: 'Muito curto!' },
    ]);
    expect((await call('/prompt', { method: 'POST', body: { name: 'Curta demais', prompt: 'Seja gentil.', apiKey: KEY, queueId: salesQueue } })).body.fields[0].path).toBe('prompt');
    expect((await call('/prompt', { method: 'POST', body: { name: 'Modelo errado', prompt: TRAINING, apiKey: KEY, queueId: salesQueue, model: 'gpt-9' } })).status).toBe(400);
    expect((await call('/prompt', { method: 'POST', body: { name: 'Sem chave', prompt: TRAINING, queueId: salesQueue } })).status).toBe(400);
    expect((await call('/prompt', { method: 'POST', body: { name: 'Quente', prompt: TRAINING, apiKey: KEY, queueId: salesQueue, temperature: 1.5 } })).status).toBe(400);

    expect((await call('/prompt')).body.prompts).toHaveLength(before);
  });

  it('keeps the stored key on a save without one, takes temperature in steps of 0.1, and deletes with a message', async () => {
    const { id } = await newPrompt();

    const saved = await call(`/prompt/${id}`, {
      method: 'PUT',
      body: { name: 'Assistente nova', prompt: TRAINING, queueId: salesQueue, temperature: 0.34, maxTokens: '150', model: 'gpt-4o-mini', baseUrl: openai.baseUrl },
    });

    expect(saved.body).toMatchObject({ name: 'Assistente nova', temperature: 0.3, maxTokens: 150, model: 'gpt-4o-mini', hasApiKey: true });
    expect(await call(`/prompt/${id}`, { method: 'PUT', body: { name: 'Só agente', prompt: TRAINING, queueId: salesQueue, apiKey: KEY } }, agent.token)).toMatchObject({ status: 403 });
    expect(await call(`/prompt/${id}`, { method: 'DELETE' })).toEqual({ status: 200, body: { message: 'Prompt excluído' } });
    expect(await call(`/prompt/${id}`)).toEqual({ status: 404, body: { error: 'ERR_NO_PROMPT_FOUND' } });
    await listener.waitFor((frame) => frame.event === `company-${tenant.companyId}-prompt` && frame.data.action === 'delete' && frame.data.id === id);
  });

  it('is refused when the plan has no AI', async () => {
    const without = await createTenant(cloud, { useOpenAi: false });

    expect(await cloud.api('/prompt', { token: without.admin.token })).toMatchObject({ status: 403, body: { error: 'ERR_NO_PERMISSION' } });
  });
});

describe('the AI answering customers', () => {
  it('answers a customer with the prompt as instructions and the ticket’s last messages, counting the tokens', async () => {
    const { connectionId, promptId } = await promptedConnection({ maxMessages: 3 });
    const number = newNumber();
    const usageBefore = (await call('/prompt')).body.usage.tokens as number;

    for (const said of ['Oi', 'Qual o horário?', 'Vocês abrem sábado?']) await handleWhatsAppEvent(customer(connectionId, number, said));

    const ticket = await ticketOf(number);
    expect(await talk(ticket!.id)).toEqual([
      ['customer', 'Oi'],
      ['bot', 'Resposta a: Oi'],
      ['customer', 'Qual o horário?'],
      ['bot', 'Resposta a: Qual o horário?'],
      ['customer', 'Vocês abrem sábado?'],
      ['bot', 'Resposta a: Vocês abrem sábado?'],
    ]);
    const last = completions().at(-1);
    expect(last?.authorization).toBe(`Bearer ${KEY}`);
    expect(last?.body).toMatchObject({ model: 'gpt-3.5-turbo-1106', max_tokens: 100, temperature: 1 });
    expect(last?.body.messages[0].role).toBe('system');
    expect(last?.body.messages[0].content).toContain(TRAINING);
    expect(last?.body.messages[0].content).toContain(HANDOVER_PHRASE);
    // maxMessages 3: the last three messages of the ticket, oldest first.
    expect(last?.body.messages.slice(1)).toEqual([
      { role: 'user', content: 'Qual o horário?' },
      { role: 'assistant', content: 'Resposta a: Qual o horário?' },
      { role: 'user', content: 'Vocês abrem sábado?' },
    ]);
    const usage = (await call('/prompt')).body.usage;
    expect(usage).toEqual({ month: new Date().toISOString().slice(0, 7), tokens: usageBefore + 3 * 42, limit: 1_000_000 });
    expect((await getTicket(tenant.companyId, ticket!.id))?.aiHandedOver).toBeUndefined();
    expect(promptId).toBeDefined();
  });

  it('hands the ticket to the prompt’s queue when the customer asks for a person, and says nothing more', async () => {
    const { connectionId, queueId } = await promptedConnection();
    const number = newNumber();
    await handleWhatsAppEvent(customer(connectionId, number, 'Bom dia'));
    const asked = completions().length;

    await handleWhatsAppEvent(customer(connectionId, number, 'quero falar com um atendente'));
    await handleWhatsAppEvent(customer(connectionId, number, 'alô?'));

    const ticket = await ticketOf(number);
    expect(ticket?.queueId).toBe(salesQueue);
    expect(queueId).not.toBe(salesQueue);
    expect((await talk(ticket!.id)).map(([, body]) => body)).toEqual(['Bom dia', 'Resposta a: Bom dia', 'quero falar com um atendente', HANDOVER_TEXT, 'alô?']);
    expect(completions()).toHaveLength(asked);
    expect((await getTicket(tenant.companyId, ticket!.id))?.aiHandedOver).toBe(true);
  });

  it('hands over when the model answers the agreed phrase', async () => {
    const { connectionId } = await promptedConnection();
    const number = newNumber();
    openai.answer = () => HANDOVER_PHRASE;

    await handleWhatsAppEvent(customer(connectionId, number, 'Preciso cancelar uma compra de outra loja'));

    const ticket = await ticketOf(number);
    expect(ticket?.queueId).toBe(salesQueue);
    expect((await talk(ticket!.id)).map(([, body]) => body)).toEqual(['Preciso cancelar uma compra de outra loja', HANDOVER_TEXT]);
  });

  it('hands over on a refused key, losing nothing and logging no key', async () => {
    const { connectionId } = await promptedConnection();
    const number = newNumber();
    openai.key = 'sk-outra-chave';
    // Every log line of the worker's run, at every level: none may carry a key.
    const logged: string[] = [];
    const writes = { out: process.stdout.write.bind(process.stdout), err: process.stderr.write.bind(process.stderr) };
    const capture = (chunk: string | Uint8Array): boolean => {
      logged.push(String(chunk));
      return true;
    };
    process.stdout.write = capture;
    process.stderr.write = capture;
    const level = process.env.LOG_LEVEL;
    process.env.LOG_LEVEL = 'debug';
    try {
      await handleWhatsAppEvent(customer(connectionId, number, 'Meu pedido não chegou'));
    } finally {
      process.env.LOG_LEVEL = level;
      process.stdout.write = writes.out;
      process.stderr.write = writes.err;
    }

    const ticket = await ticketOf(number);
    expect((await talk(ticket!.id)).map(([, body]) => body)).toEqual(['Meu pedido não chegou', HANDOVER_TEXT]);
    expect(ticket?.queueId).toBe(salesQueue);
    expect(logged.join('')).toContain('AI prompt failed');
    expect(logged.join('')).not.toContain(KEY);
    expect(logged.join('')).not.toContain('sk-outra-chave');
  });

  it('hands over once the month’s tokens reach the plan’s cap', async () => {
    const capped = await createTenant(cloud, { aiTokensPerMonth: 100 });
    const prompt = await cloud.api('/prompt', { method: 'POST', token: capped.admin.token, body: { name: 'Limitada', prompt: TRAINING, apiKey: KEY, queueId: capped.queueId, baseUrl: openai.baseUrl } });
    await cloud.api(`/queue/${capped.queueId}`, { method: 'PUT', token: capped.admin.token, body: { name: 'Atendimento', color: '#0f766e', promptId: prompt.body.id } });
    const connection = await cloud.api('/whatsapp', { method: 'POST', token: capped.admin.token, body: { name: 'Limitada', provider: 'simulator', queueIds: [capped.queueId] } });
    const number = newNumber();
    openai.tokensPerAnswer = 60;
    const event = (body: string) => ({ ...customer(connection.body.id, number, body), companyId: capped.companyId });

    for (const said of ['Um', 'Dois', 'Três']) await handleWhatsAppEvent(event(said));

    const { body } = await cloud.api('/tickets?status=pending&showAll=true', { token: capped.admin.token });
    const ticketId = String(body.tickets[0].id);
    const messages = (await cloud.api(`/messages/${ticketId}`, { token: capped.admin.token })).body.messages as { body: string }[];
    expect(messages.map((message) => message.body).reverse()).toEqual(['Um', 'Resposta a: Um', 'Dois', 'Resposta a: Dois', 'Três', HANDOVER_TEXT]);
    expect((await cloud.api('/prompt', { token: capped.admin.token })).body.usage).toMatchObject({ tokens: 120, limit: 100 });
  });

  it('transcribes a voice message before answering it', async () => {
    const { connectionId } = await promptedConnection();
    const number = newNumber();
    openai.transcript = 'Vocês entregam no domingo?';
    const key = `companies/${tenant.companyId}/media/${ulid()}.ogg`;
    await putMediaObject(key, Buffer.from('OggS-fake-voice'), 'audio/ogg');

    await handleWhatsAppEvent(customer(connectionId, number, '', { mediaType: 'audio', media: { key, name: 'voz.ogg', mimeType: 'audio/ogg' } }));

    const ticket = await ticketOf(number);
    expect((await talk(ticket!.id)).at(-1)).toEqual(['bot', 'Resposta a: Vocês entregam no domingo?']);
    expect(openai.requests.some((request) => request.path === '/v1/audio/transcriptions')).toBe(true);
  });

  it('reaches the customer’s phone through the session host', async () => {
    let host: SessionHost | undefined;
    try {
      host = startSimulatorHost();
      const { connectionId } = await promptedConnection();
      const phone = `55119700${String(Date.now()).slice(-5)}`;
      await connectSimulated(cloud, tenant, connectionId, phone);
      const number = newNumber();

      await putSimulatedInbound(tenant.companyId, connectionId, ulid(), { kind: 'message', from: number, name: 'Rita', whatsappMessageId: `AIP${ulid()}`, mediaType: 'chat', body: 'Tem pizza hoje?' });

      const received = await until('the AI’s answer at the phone', async () => {
        const sent = await sentTo(tenant.companyId, connectionId, number);
        return sent.length > 0 && sent;
      });
      expect(received.map((message) => message.body)).toEqual(['Resposta a: Tem pizza hoje?']);
    } finally {
      await host?.stop();
    }
  });
});
