/**
 * The external messaging API on the local cloud (POST /api/messages/send): a connection's bearer token
 * sends text and media to a number, through the contact's ticket on that connection and the
 * connection's session-host queue; bad tokens, bad input, idempotent retries and the rate limit.
 */
import { getContactByNumber } from '../../functions/core/repositories/contacts';
import { keys } from '../../functions/core/repositories/keys';
import { updateExistingItem } from '../../functions/core/repositories/table';
import { getTicket } from '../../functions/core/repositories/tickets';
import { shardOf } from '../../functions/core/sessions/commands';
import { consumeApiRateLimit } from '../../functions/core/external-api/external-send';
import { EXTERNAL_API_RATE_LIMIT } from '../../shared/external-api';
import type { TestCloud } from '../support/local-cloud';
import { sharedTestCloud } from '../support/shared-cloud';
import { drainCommands as drainQueuedCommands } from '../support/session-commands';
import { createTenant, type Tenant } from '../support/tenants';
import { PNG_BYTES } from './isolation/announcements';
import { newApiConnection, type ApiConnection } from './isolation/api';
import { postForm } from './isolation/messages';
import { ifAssigned } from '../support/teardown';

let cloud: TestCloud;
let a: Tenant;
let connection: ApiConnection;
let numberSeq = 0;

beforeAll(async () => {
  cloud = await sharedTestCloud();
  a = await createTenant(cloud);
  connection = await newApiConnection(cloud, a);
});

afterAll(async () => {
  await ifAssigned(cloud)?.stop();
});

/** A number no test used before: 55 11 9 and eight more digits, the last ones counting up. */
const freshNumber = () => {
  numberSeq += 1;
  return `55119${String(Math.floor(Math.random() * 1e4)).padStart(4, '0')}${String(numberSeq).padStart(4, '0')}`;
};

const send = (token: string, body: unknown, headers: Record<string, string> = {}) =>
  cloud.api('/api/messages/send', { method: 'POST', token, body, headers });

const sendRaw = (headers: Record<string, string>, body: unknown) =>
  cloud.api('/api/messages/send', { method: 'POST', headers: { 'content-type': 'application/json', ...headers }, body });

const drainCommands = () => drainQueuedCommands(cloud);

describe('POST /api/messages/send (text)', () => {
  it('creates the contact and a pending ticket on the connection, stores the message and enqueues it on the shard queue', async () => {
    await drainCommands();
    const number = freshNumber();

    const response = await send(connection.token, { number: `+${number}`, body: 'Seu pedido saiu para entrega' });

    expect(response.status).toBe(201);
    const contact = await getContactByNumber(a.companyId, number);
    expect(contact).toMatchObject({ id: response.body.contactId, name: number, number });
    expect(await getTicket(a.companyId, response.body.ticketId, true)).toMatchObject({
      status: 'pending',
      contactId: contact?.id,
      whatsappId: connection.id,
      userId: null,
      lastMessage: 'Seu pedido saiu para entrega',
    });
    expect(response.body.message).toMatchObject({
      ticketId: response.body.ticketId,
      body: 'Seu pedido saiu para entrega',
      fromMe: true,
      mediaType: 'chat',
      ack: 0,
      bot: false,
      userId: null,
    });
    expect(response.body.messages).toEqual([response.body.message]);
    const page = await cloud.api(`/messages/${response.body.ticketId}`, { token: a.admin.token });
    expect(page.body.messages.map((message: { id: string }) => message.id)).toEqual([response.body.message.id]);
    const commands = await drainCommands();
    expect(commands).toEqual([
      {
        shard: shardOf(connection.id),
        groupId: connection.id,
        command: expect.objectContaining({ type: 'sendMessage', companyId: a.companyId, whatsappId: connection.id, messageId: response.body.message.id }),
      },
    ]);
  });

  it('sends a second message to the same number on the same ticket', async () => {
    const number = freshNumber();
    const first = await send(connection.token, { number, body: 'Primeira' });

    const second = await send(connection.token, { number, body: 'Segunda' });

    expect(second.status).toBe(201);
    expect(second.body).toMatchObject({ ticketId: first.body.ticketId, contactId: first.body.contactId });
    const page = await cloud.api(`/messages/${first.body.ticketId}`, { token: a.admin.token });
    expect(page.body.messages.map((message: { body: string }) => message.body)).toEqual(['Segunda', 'Primeira']);
  });

  it('opens a new ticket once the previous one is closed', async () => {
    const number = freshNumber();
    const first = await send(connection.token, { number, body: 'Primeira' });
    const closed = await cloud.api(`/tickets/${first.body.ticketId}`, { method: 'PUT', token: a.admin.token, body: { status: 'closed' } });
    expect(closed.status).toBe(200);

    const second = await send(connection.token, { number, body: 'Nova conversa' });

    expect(second.status).toBe(201);
    expect(second.body.ticketId).not.toBe(first.body.ticketId);
    expect(second.body.contactId).toBe(first.body.contactId);
  });
});

describe('POST /api/messages/send (session not running)', () => {
  it.each(['DISCONNECTED', 'qrcode', 'TIMEOUT'])('refuses a send through a connection %s with ERR_WAPP_NOT_INITIALIZED, storing nothing', async (status) => {
    const idle = await newApiConnection(cloud, a, `Idle ${status}`);
    await updateExistingItem(keys.connection(a.companyId, idle.id), { status });
    const number = freshNumber();

    const response = await send(idle.token, { number, body: 'Não deve sair' });

    expect(response).toEqual({ status: 400, body: { error: 'ERR_WAPP_NOT_INITIALIZED' } });
    expect(await getContactByNumber(a.companyId, number)).toBeUndefined();
    await cloud.api(`/whatsapp/${idle.id}`, { method: 'DELETE', token: a.admin.token });
  });
});

describe('POST /api/messages/send (closeTicket)', () => {
  it("closes the contact's ticket after the message, with the connection's closing message and no rating prompt", async () => {
    const saved = await cloud.api(`/whatsapp/${connection.id}`, { method: 'PUT', token: a.admin.token, body: { completionMessage: 'Atendimento encerrado.' } });
    expect(saved.status).toBe(200);
    const number = freshNumber();

    const response = await send(connection.token, { number, body: 'Pedido entregue', closeTicket: true });

    expect(response.status).toBe(201);
    expect(response.body.ticketStatus).toBe('closed');
    expect(await getTicket(a.companyId, response.body.ticketId, true)).toMatchObject({ status: 'closed', userId: null, awaitingRatingUntil: null });
    const page = await cloud.api(`/messages/${response.body.ticketId}`, { token: a.admin.token });
    expect(page.body.messages.map((message: { body: string }) => message.body)).toEqual(['Atendimento encerrado.', 'Pedido entregue']);
  });

  it('leaves the ticket as it is without closeTicket', async () => {
    const response = await send(connection.token, { number: freshNumber(), body: 'Só um aviso' });

    expect(response.body.ticketStatus).toBe('pending');
  });

  it('closes the ticket of a multipart send when the field says true', async () => {
    const response = await postForm(cloud, '/api/messages/send', connection.token, [{ name: 'nota.png', bytes: PNG_BYTES, type: 'image/png' }], {
      number: freshNumber(),
      body: 'Sua nota',
      closeTicket: 'true',
    });

    expect(response.status).toBe(201);
    expect(response.body.ticketStatus).toBe('closed');
  });

  it('refuses a closeTicket that is not true or false', async () => {
    const number = freshNumber();

    const response = await send(connection.token, { number, body: 'Olá', closeTicket: 'sim' });

    expect(response).toMatchObject({ status: 400, body: { error: 'ERR_VALIDATION', fields: [{ path: 'closeTicket', message: 'closeTicket must be true or false' }] } });
    expect(await getContactByNumber(a.companyId, number)).toBeUndefined();
  });
});

describe('POST /api/messages/send (tokens)', () => {
  it.each([
    ['no Authorization header', {}],
    ['an empty Authorization header', { authorization: '' }],
    ['"Bearer" alone', { authorization: 'Bearer' }],
    ['"Bearer " and a blank', { authorization: 'Bearer ' }],
    ['a garbage token', { authorization: 'Bearer not-a-token' }],
    ['another scheme', { authorization: 'Basic dXNlcjpwYXNz' }],
  ])('refuses %s with 401 and writes nothing', async (_name, headers: Record<string, string>) => {
    const number = freshNumber();

    const response = await sendRaw(headers, { number, body: 'Olá' });

    expect(response).toEqual({ status: 401, body: { error: 'ERR_INVALID_API_TOKEN' } });
    expect(await getContactByNumber(a.companyId, number)).toBeUndefined();
  });

  it('refuses a token once it was rotated, and accepts the new one', async () => {
    const rotating = await newApiConnection(cloud, a, 'Rotating');
    const rotated = await cloud.api(`/whatsapp/${rotating.id}/token`, { method: 'POST', token: a.admin.token });
    expect(rotated.status).toBeLessThan(300);
    const number = freshNumber();

    const old = await send(rotating.token, { number, body: 'Olá' });

    expect(old).toEqual({ status: 401, body: { error: 'ERR_INVALID_API_TOKEN' } });
    expect(await getContactByNumber(a.companyId, number)).toBeUndefined();
    expect((await send(rotated.body.token, { number, body: 'Olá' })).status).toBe(201);
  });

  it('refuses a company whose plan lacks the external API', async () => {
    const without = await createTenant(cloud, { useExternalApi: false });
    const its = await newApiConnection(cloud, without);
    const number = freshNumber();

    const response = await send(its.token, { number, body: 'Olá' });

    expect(response).toMatchObject({ status: 403, body: { error: 'ERR_NO_PERMISSION' } });
    expect(await getContactByNumber(without.companyId, number)).toBeUndefined();
  });
});

describe('POST /api/messages/send (Idempotency-Key)', () => {
  it('answers a retry with the first answer and sends once', async () => {
    await drainCommands();
    const number = freshNumber();
    const headers = { 'idempotency-key': `order-${number}` };
    const first = await send(connection.token, { number, body: 'Pedido confirmado' }, headers);

    const retry = await send(connection.token, { number, body: 'Pedido confirmado' }, headers);

    expect(first.status).toBe(201);
    expect(retry).toEqual(first);
    const page = await cloud.api(`/messages/${first.body.ticketId}`, { token: a.admin.token });
    expect(page.body.messages).toHaveLength(1);
    expect(await drainCommands()).toHaveLength(1);
  });

  it('refuses the same key with another request with 409 and sends nothing more', async () => {
    const number = freshNumber();
    const headers = { 'idempotency-key': `order-${number}-b` };
    const first = await send(connection.token, { number, body: 'Pedido confirmado' }, headers);

    const other = await send(connection.token, { number, body: 'Outro texto' }, headers);

    expect(other).toMatchObject({ status: 409, body: { error: 'ERR_IDEMPOTENCY_KEY_CONFLICT' } });
    const page = await cloud.api(`/messages/${first.body.ticketId}`, { token: a.admin.token });
    expect(page.body.messages).toHaveLength(1);
  });

  it('refuses a malformed key', async () => {
    const response = await send(connection.token, { number: freshNumber(), body: 'Olá' }, { 'idempotency-key': 'has spaces!' });

    expect(response).toMatchObject({ status: 400, body: { error: 'ERR_VALIDATION', message: 'Invalid Idempotency-Key' } });
  });
});

describe('POST /api/messages/send (rate limit)', () => {
  it('refuses a connection over its limit per minute with 429 and sends nothing', async () => {
    const limited = await newApiConnection(cloud, a, 'Limited');
    const caller = { companyId: a.companyId, connectionId: limited.id };
    // Fill this minute's window and the next one, so the request is refused whichever it falls in.
    const now = new Date();
    const next = new Date(now.getTime() + 60_000);
    for (let index = 0; index < EXTERNAL_API_RATE_LIMIT; index += 1) {
      await consumeApiRateLimit(caller, now);
      await consumeApiRateLimit(caller, next);
    }
    const number = freshNumber();

    const response = await send(limited.token, { number, body: 'Olá' });

    expect(response).toMatchObject({ status: 429, body: { error: 'ERR_TOO_MANY_REQUESTS' } });
    expect(await getContactByNumber(a.companyId, number)).toBeUndefined();
  });
});

describe('POST /api/messages/send (media)', () => {
  it('sends an image from a multipart form, typed by its bytes, with the text as caption', async () => {
    const number = freshNumber();

    const response = await postForm(cloud, '/api/messages/send', connection.token, [{ name: 'foto.png', bytes: PNG_BYTES, type: 'text/plain' }], {
      number,
      body: 'Seu comprovante',
    });

    expect(response.status).toBe(201);
    expect(response.body.message).toMatchObject({ mediaType: 'image', body: 'Seu comprovante', mediaName: 'foto.png', mediaUrl: expect.any(String) });
    expect(await getContactByNumber(a.companyId, number)).toMatchObject({ id: response.body.contactId });
  });

  it('refuses a multipart form without files', async () => {
    const number = freshNumber();

    const response = await postForm(cloud, '/api/messages/send', connection.token, [], { number, body: 'Olá' });

    expect(response).toMatchObject({ status: 400, body: { error: 'ERR_VALIDATION' } });
    expect(await getContactByNumber(a.companyId, number)).toBeUndefined();
  });
});

describe('POST /api/messages/send (bad input)', () => {
  it.each([
    ['the number missing', { body: 'Olá' }, 'number', 'Obrigatório'],
    ['a number too short', { number: '1234', body: 'Olá' }, 'number', 'Muito pequeno!'],
    ['the text missing', { number: '5511987654321' }, 'body', 'Required'],
    ['a blank text', { number: '5511987654321', body: '   ' }, 'body', 'Required'],
  ])('refuses %s with 400 on the field', async (_name, body, path, message) => {
    const response = await send(connection.token, body);

    expect(response.status).toBe(400);
    expect(response.body).toMatchObject({ error: 'ERR_VALIDATION', fields: expect.arrayContaining([{ path, message }]) });
  });
});
