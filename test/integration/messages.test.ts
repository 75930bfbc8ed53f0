/**
 * Messages through the HTTP API on the local cloud: sending text, replies and media (multipart and
 * presigned uploads, kept private and downloaded through signed URLs), paging newest first, reading a
 * conversation (read flags and receipts), deleting one's own messages, acks, the session-host commands
 * on the right shard queue, the access rules, bad input, and the live `appMessage` event.
 */
import { GetCommand, QueryCommand } from '@aws-sdk/lib-dynamodb';
import { ulid } from 'ulid';
import WebSocket from 'ws';
import { dynamo } from '../../functions/core/aws/clients';
import { keys } from '../../functions/core/repositories/keys';
import { getMessage } from '../../functions/core/repositories/messages';
import { updateExistingItem } from '../../functions/core/repositories/table';
import { getTicket, type Ticket } from '../../functions/core/repositories/tickets';
import { shardOf } from '../../functions/core/sessions/commands';
import { sendOutgoingMessage } from '../../functions/core/conversations/send-message';
import { updateMessageAck } from '../../functions/core/conversations/update-message-status';
import { handleWhatsAppEvent } from '../../functions/workers/wa-events';
import { markConnected } from '../support/connections';
import type { TestCloud } from '../support/local-cloud';
import { sharedTestCloud } from '../support/shared-cloud';
import { drainCommands as drainQueuedCommands } from '../support/session-commands';
import { addUser, createTenant, type SignedInUser, type Tenant } from '../support/tenants';
import { PNG_BYTES } from './isolation/announcements';
import { postForm, seedConversation, seedInbound, type ConversationOptions } from './isolation/messages';
import { ifAssigned } from '../support/teardown';
import { messageText } from '../support/frame-text';
import { ticketProtocol } from '../../shared/templates';

let cloud: TestCloud;
let a: Tenant;
/** A plain user of A's first queue. */
let agent: SignedInUser;
/** A plain user of no queue. */
let outsider: SignedInUser;
/** Another plain user of A's first queue. */
let colleague: SignedInUser;

beforeAll(async () => {
  cloud = await sharedTestCloud();
  a = await createTenant(cloud);
  agent = await addUser(cloud, a, 'user', [a.queueId]);
  outsider = await addUser(cloud, a, 'user', []);
  colleague = await addUser(cloud, a, 'user', [a.queueId]);
});

afterAll(async () => {
  await ifAssigned(cloud)?.stop();
});

/** A conversation the agent attends (open with them), so they may write to it. */
const attended = (options: ConversationOptions = {}) => seedConversation(a, { userId: agent.id, ...options });

const send = (token: string, ticketId: string, body: unknown) => cloud.api(`/messages/${ticketId}`, { method: 'POST', token, body });
const read = (token: string, ticketId: string, query = '') => cloud.api(`/messages/${ticketId}${query}`, { token });

const drainCommands = () => drainQueuedCommands(cloud);

/** Two connection ids that fall on different shards. */
function connectionsOnTwoShards(): [string, string] {
  const first = `W${ulid()}`;
  for (;;) {
    const second = `W${ulid()}`;
    if (shardOf(second) !== shardOf(first)) return [first, second];
  }
}

describe('POST /messages/{ticketId} (text)', () => {
  it("refuses a send on a ticket whose connection's session does not run (ERR_WAPP_NOT_INITIALIZED), storing nothing", async () => {
    const whatsappId = `W${ulid()}`;
    const { ticket } = await seedConversation(a, { userId: agent.id, whatsappId });
    await updateExistingItem(keys.connection(a.companyId, whatsappId), { status: 'DISCONNECTED' });

    const response = await send(agent.token, ticket.id, { body: 'Não deve ficar guardada' });

    expect(response).toEqual({ status: 400, body: { error: 'ERR_WAPP_NOT_INITIALIZED' } });
    expect((await read(a.admin.token, ticket.id)).body.messages).toEqual([]);
    await updateExistingItem(keys.connection(a.companyId, whatsappId), { status: 'OPENING' });
    expect((await send(agent.token, ticket.id, { body: 'Reconectando: fica na fila' })).status).toBe(201);
  });

  it('stores an outgoing message of the caller, not yet sent (ack 0), and the ticket shows it', async () => {
    const { ticket } = await attended();

    const response = await send(agent.token, ticket.id, { body: 'Olá, em que posso ajudar?', fromMe: false, read: false, companyId: 'x' });

    expect(response.status).toBe(201);
    expect(response.body).toEqual({
      id: expect.stringMatching(new RegExp(`^${ticket.id}\\.[0-9A-Z]{26}$`)),
      ticketId: ticket.id,
      body: 'Olá, em que posso ajudar?',
      fromMe: true,
      mediaType: 'chat',
      mediaUrl: null,
      mediaName: null,
      quotedMsg: null,
      isDeleted: false,
      isEdited: false,
      ack: 0,
      read: true,
      bot: false,
      userId: agent.id,
      contactId: ticket.contactId,
      contact: expect.objectContaining({ id: ticket.contactId }),
      mediaMissing: false,
      failureReason: null,
      createdAt: expect.any(String),
    });
    const stored = await getTicket(a.companyId, ticket.id, true);
    expect(stored).toMatchObject({ lastMessage: 'Olá, em que posso ajudar?', updatedAt: response.body.createdAt, status: 'open' });
  });

  it("fills in an agent's template variables with the ticket's contact and protocol, in what is stored and in what goes to the phone", async () => {
    const { ticket, contact } = await attended({ whatsappId: `W${ulid()}` });
    await drainCommands();

    const response = await send(agent.token, ticket.id, { body: 'Olá {{name}} ({{firstName}}), seu protocolo é {{protocol}}. {{desconhecida}}' });

    const numbered = await getTicket(a.companyId, ticket.id, true);
    expect(numbered?.number).toEqual(expect.any(Number));
    const protocol = ticketProtocol({ number: numbered?.number });
    const delivered = `Olá ${contact.name} (Cliente), seu protocolo é ${protocol}. {{desconhecida}}`;
    expect(response.status).toBe(201);
    expect(response.body.body).toBe(delivered);
    expect((await getMessage(a.companyId, response.body.id))?.body).toBe(delivered);
    const commands = await drainCommands();
    expect(commands.map((entry) => entry.command)).toEqual([expect.objectContaining({ type: 'sendMessage', messageId: response.body.id, body: delivered })]);
  });

  it('stores twenty messages sent at once, and the ticket shows the newest with list keys to match', async () => {
    const { ticket } = await attended();

    const responses = await Promise.all(Array.from({ length: 20 }, (_, index) => send(agent.token, ticket.id, { body: `Mensagem ${index}` })));

    expect(responses.map((response) => response.status)).toEqual(Array(20).fill(201));
    const page = await read(a.admin.token, ticket.id);
    expect(page.body.messages).toHaveLength(20);
    expect(new Set(page.body.messages.map((message: { body: string }) => message.body)).size).toBe(20);
    expect(page.body.hasMore).toBe(false);
    const { Item } = await dynamo().send(new GetCommand({ TableName: cloud.tableName, Key: keys.ticket(a.companyId, ticket.id), ConsistentRead: true }));
    const newest = page.body.messages[0];
    expect(Item).toMatchObject({
      lastMessage: newest.body,
      updatedAt: newest.createdAt,
      GSI1PK: `C#${a.companyId}#TKS#open`,
      GSI1SK: `${newest.createdAt}#${ticket.id}`,
      GSI2SK: `${newest.createdAt}#${ticket.id}`,
      GSI3SK: `${newest.createdAt}#${ticket.id}`,
    });
  });

  it('stores twenty inbound messages written at once, counting each one unread', async () => {
    const { ticket } = await attended();

    await Promise.all(Array.from({ length: 20 }, (_, index) => seedInbound(ticket, `Pergunta ${index}`)));

    const stored = await getTicket(a.companyId, ticket.id, true);
    expect(stored?.unreadMessages).toBe(20);
    const page = await read(a.admin.token, ticket.id);
    expect(new Set(page.body.messages.map((message: { body: string }) => message.body)).size).toBe(20);
  });

  it('sends a reply with a summary of the quoted message, given by id or as the whole message', async () => {
    const { ticket } = await attended();
    const inbound = await seedInbound(ticket, 'Qual o prazo de entrega?');

    const byId = await send(agent.token, ticket.id, { body: 'Três dias úteis.', quotedMsg: inbound.id });
    const byObject = await send(agent.token, ticket.id, { body: 'Confirmado.', quotedMsg: { id: byId.body.id, body: 'ignored' } });

    expect(byId.status).toBe(201);
    expect(byId.body.quotedMsg).toEqual({ id: inbound.id, body: 'Qual o prazo de entrega?', fromMe: false, mediaType: 'chat' });
    expect(byObject.body.quotedMsg).toEqual({ id: byId.body.id, body: 'Três dias úteis.', fromMe: true, mediaType: 'chat' });
  });

  it("refuses to quote a message of another contact's conversation", async () => {
    const first = await attended();
    const second = await attended();
    const foreign = await seedInbound(second.ticket, 'Outro cliente');

    const response = await send(agent.token, first.ticket.id, { body: 'Resposta', quotedMsg: foreign.id });

    expect(response.status).toBe(404);
    expect(response.body.error).toBe('ERR_NO_MESSAGE_FOUND');
  });

  it.each([
    ['no text', {}, 'body', 'Required'],
    ['empty text', { body: '' }, 'body', 'Required'],
    ['only whitespace', { body: '  \n\t ' }, 'body', 'Required'],
    ['text too long', { body: 'x'.repeat(4097) }, 'body', 'Too Long!'],
    ['text of another type', { body: 42 }, 'body', 'Invalid body'],
    ['a malformed quoted id', { body: 'oi', quotedMsg: 'abc' }, 'quotedMsg', 'Invalid id'],
  ])('refuses %s with 400 on the field', async (_label, body, path, message) => {
    const { ticket } = await attended();

    const response = await send(agent.token, ticket.id, body);

    expect(response.status).toBe(400);
    expect(response.body.error).toBe('ERR_VALIDATION');
    expect(response.body.fields).toContainEqual({ path, message });
    expect((await read(a.admin.token, ticket.id)).body.messages).toEqual([]);
  });

  it('refuses a body that is not JSON', async () => {
    const { ticket } = await attended();

    const response = await cloud.api(`/messages/${ticket.id}`, {
      method: 'POST',
      token: agent.token,
      body: '{not json',
      headers: { 'content-type': 'application/json' },
    });

    expect(response).toEqual({ status: 400, body: { error: 'ERR_VALIDATION', message: 'Invalid JSON body' } });
  });

  it.each(['pending', 'closed'] as const)('refuses to send to a %s ticket with ERR_TICKET_NOT_OPEN', async (status) => {
    const { ticket } = await seedConversation(a, { status, userId: status === 'pending' ? null : a.admin.id });

    const response = await send(a.admin.token, ticket.id, { body: 'oi' });

    expect(response).toEqual({ status: 409, body: { error: 'ERR_TICKET_NOT_OPEN' } });
    expect((await read(a.admin.token, ticket.id)).body.messages).toEqual([]);
  });
});

describe('sendOutgoingMessage (the server writing: greeting, transfer notice, closing, rating)', () => {
  it('stores a bot message of nobody, whatever the status, and a missing ticket is ERR_NO_TICKET_FOUND', async () => {
    const { ticket } = await seedConversation(a, { status: 'pending', userId: null });

    const message = await sendOutgoingMessage({ companyId: a.companyId, ticketId: ticket.id, body: 'Bem-vindo!', userId: null, bot: true });

    expect(message).toMatchObject({ body: 'Bem-vindo!', bot: true, userId: null, fromMe: true, ack: 0 });
    expect((await getTicket(a.companyId, ticket.id))?.lastMessage).toBe('Bem-vindo!');
    await expect(sendOutgoingMessage({ companyId: a.companyId, ticketId: ulid(), body: 'x', userId: null, bot: true })).rejects.toMatchObject({
      code: 'ERR_NO_TICKET_FOUND',
    });
  });
});

describe('GET /messages/{ticketId}', () => {
  it('reads a ticket whose last change is stamped before its creation once, not as its own earlier ticket', async () => {
    const { ticket } = await attended();
    await seedInbound(ticket, 'Escrita antes do ticket existir');
    // The phone's clock: the message, and so the ticket's last change, a second before the ticket was made.
    const earlier = new Date(Date.parse(ticket.createdAt) - 1000).toISOString();
    await updateExistingItem(keys.ticket(a.companyId, ticket.id), { updatedAt: earlier, GSI3SK: `${earlier}#${ticket.id}` });

    const page = await read(a.admin.token, ticket.id);

    expect(page.body.messages.map((message: { body: string }) => message.body)).toEqual(['Escrita antes do ticket existir']);
    expect(page.body.hasMore).toBe(false);
  });

  it('pages newest first, 20 a page, through the cursor or the page number alike', async () => {
    const { ticket } = await seedConversation(a, { userId: null });
    for (let index = 0; index < 45; index += 1) {
      await sendOutgoingMessage({ companyId: a.companyId, ticketId: ticket.id, body: `m${index}`, userId: null, bot: true });
    }
    const bodies = (page: { messages: { body: string }[] }) => page.messages.map((message) => message.body);
    const expected = (from: number, to: number) => Array.from({ length: from - to + 1 }, (_, offset) => `m${from - offset}`);

    const first = await read(a.admin.token, ticket.id);
    const second = await read(a.admin.token, ticket.id, `?cursor=${first.body.cursor}`);
    const third = await read(a.admin.token, ticket.id, `?cursor=${second.body.cursor}`);
    const secondByNumber = await read(a.admin.token, ticket.id, '?pageNumber=2');
    const beyond = await read(a.admin.token, ticket.id, '?pageNumber=4');

    expect([first.status, first.body.hasMore, bodies(first.body)]).toEqual([200, true, expected(44, 25)]);
    expect([second.body.hasMore, bodies(second.body)]).toEqual([true, expected(24, 5)]);
    expect([third.body.hasMore, third.body.cursor, bodies(third.body)]).toEqual([false, null, expected(4, 0)]);
    expect(secondByNumber.body).toEqual({ ...second.body, messages: expect.any(Array) });
    expect(bodies(secondByNumber.body)).toEqual(expected(24, 5));
    expect(beyond.body).toEqual({ messages: [], hasMore: false, cursor: null, tickets: [] });
    // The bare ULID cursor of earlier answers still reads the asked ticket's next page.
    const legacy = await read(a.admin.token, ticket.id, `?cursor=${String(first.body.cursor).split('.')[1]}`);
    expect(legacy.body).toEqual(second.body);
  });

  it('answers a conversation that fits one page without more to load', async () => {
    const { ticket } = await attended();
    await seedInbound(ticket, 'oi');

    expect((await read(a.admin.token, ticket.id)).body).toMatchObject({ hasMore: false, cursor: null });
  });

  it.each([
    ['?pageNumber=0', 'pageNumber', 'Invalid page'],
    ['?pageNumber=abc', 'pageNumber', 'Invalid page'],
    ['?cursor=not-a-cursor', 'cursor', 'Invalid cursor'],
  ])('refuses %s with 400', async (query, path, message) => {
    const { ticket } = await attended();

    const response = await read(a.admin.token, ticket.id, query);

    expect(response.status).toBe(400);
    expect(response.body.fields).toEqual([{ path, message }]);
  });

  it("answers each message with its contact (spec 1 §3), in the page and in the send's answer", async () => {
    const { ticket, contact } = await attended();
    await seedInbound(ticket, 'oi');
    const sent = await send(agent.token, ticket.id, { body: 'Olá!' });
    const shown = { id: contact.id, name: contact.name, number: contact.number, profilePicUrl: null };

    expect(sent.body.contact).toEqual(shown);
    const { messages } = (await read(a.admin.token, ticket.id)).body;
    expect(messages).toHaveLength(2);
    for (const message of messages) expect(message).toMatchObject({ contactId: contact.id, contact: shown, mediaMissing: false });
  });

  it('answers ERR_NO_TICKET_FOUND for an unknown ticket and 400 for a malformed id', async () => {
    expect(await read(a.admin.token, ulid())).toEqual({ status: 404, body: { error: 'ERR_NO_TICKET_FOUND' } });
    expect((await read(a.admin.token, 'bad.id')).status).toBe(400);
  });

  it('marks the conversation read when its agent reads the first page, and sends the receipts through the session', async () => {
    const whatsappId = `W${ulid()}`;
    const { ticket, contact } = await seedConversation(a, { userId: agent.id, whatsappId });
    const first = await seedInbound(ticket, 'Oi');
    const second = await seedInbound(ticket, 'Tudo bem?');
    await drainCommands();
    expect((await getTicket(a.companyId, ticket.id, true))?.unreadMessages).toBe(2);

    // Someone else reading (an admin looking in) changes nothing and sends no receipt.
    const byAdmin = await read(a.admin.token, ticket.id);
    expect(byAdmin.body.messages.map((message: { read: boolean }) => message.read)).toEqual([false, false]);
    expect((await getTicket(a.companyId, ticket.id, true))?.unreadMessages).toBe(2);
    expect(await drainCommands()).toEqual([]);

    const byAgent = await read(agent.token, ticket.id);

    expect(byAgent.body.messages.map((message: { read: boolean }) => message.read)).toEqual([true, true]);
    expect((await getTicket(a.companyId, ticket.id, true))?.unreadMessages).toBe(0);
    expect((await getMessage(a.companyId, first.id, true))?.read).toBe(true);
    const commands = await drainCommands();
    expect(commands).toEqual([
      {
        shard: shardOf(whatsappId),
        groupId: whatsappId,
        command: expect.objectContaining({
          type: 'markRead',
          whatsappId,
          ticketId: ticket.id,
          chat: { contactId: contact.id, number: contact.number, isGroup: false },
          messages: [
            { messageId: second.id, whatsappMessageId: second.whatsappMessageId },
            { messageId: first.id, whatsappMessageId: first.whatsappMessageId },
          ],
        }),
      },
    ]);
    // Read once: reading again sends nothing more.
    await read(agent.token, ticket.id);
    expect(await drainCommands()).toEqual([]);
  });
});

describe("GET /messages/{ticketId} across the contact's tickets", () => {
  /** Waits for the clock's next millisecond, so what is written next is stamped after what came before. */
  async function nextMillisecond(): Promise<void> {
    const now = Date.now();
    while (Date.now() === now) await new Promise((resolve) => setImmediate(resolve));
  }

  const bodies = (page: { messages: { body: string }[] }) => page.messages.map((message) => message.body);
  const numbered = (prefix: string, from: number, to: number) => Array.from({ length: from - to + 1 }, (_, offset) => `${prefix}${from - offset}`);

  async function seedMessages(ticket: Ticket, prefix: string, count: number): Promise<void> {
    for (let index = 0; index < count; index += 1) await seedInbound(ticket, `${prefix}${index}`);
    await nextMillisecond();
  }

  /**
   * A contact's closed ticket on connection W (15 messages), a closed one without messages, a ticket on
   * another connection (2 messages), and the live ticket on W (10 messages), assigned to the agent.
   */
  async function contactWithHistory() {
    const whatsappId = `W${ulid()}`;
    const old = await seedConversation(a, { status: 'closed', whatsappId, userId: null });
    await seedMessages(old.ticket, 'o', 15);
    const empty = await seedConversation(a, { status: 'closed', whatsappId, userId: null, contact: old.contact });
    await nextMillisecond();
    const elsewhere = await seedConversation(a, { status: 'closed', whatsappId: `W${ulid()}`, userId: null, contact: old.contact });
    await seedMessages(elsewhere.ticket, 'x', 2);
    const live = await seedConversation(a, { whatsappId, userId: agent.id, contact: old.contact });
    await seedMessages(live.ticket, 'n', 10);
    return { whatsappId, old: old.ticket, empty: empty.ticket, elsewhere: elsewhere.ticket, live: live.ticket };
  }

  const summary = async (ticketId: string) => {
    const ticket = await getTicket(a.companyId, ticketId, true);
    if (!ticket) throw new Error(`no ticket ${ticketId}`);
    return { id: ticket.id, status: ticket.status, createdAt: ticket.createdAt, closedAt: ticket.status === 'closed' ? ticket.updatedAt : null };
  };

  it("pages past the ticket's first message into the contact's earlier tickets on the connection, newest first, with their bounds", async () => {
    const { old, empty, elsewhere, live } = await contactWithHistory();

    const first = await read(a.admin.token, live.id);
    const second = await read(a.admin.token, live.id, `?cursor=${first.body.cursor}`);
    const secondByNumber = await read(a.admin.token, live.id, '?pageNumber=2');

    expect([first.status, first.body.hasMore, bodies(first.body)]).toEqual([200, true, [...numbered('n', 9, 0), ...numbered('o', 14, 5)]]);
    expect(first.body.cursor).toBe(first.body.messages[19].id);
    expect(first.body.tickets).toEqual([await summary(live.id), await summary(empty.id), await summary(old.id)]);
    expect(first.body.tickets[2]).toMatchObject({ status: 'closed', closedAt: expect.any(String) });
    expect([second.body.hasMore, second.body.cursor, bodies(second.body)]).toEqual([false, null, numbered('o', 4, 0)]);
    expect(second.body.tickets).toEqual([await summary(old.id)]);
    expect(secondByNumber.body).toEqual(second.body);
    // Another connection's ticket of the same contact is another conversation.
    expect([...bodies(first.body), ...bodies(second.body)].filter((body) => body.startsWith('x'))).toEqual([]);
    expect([...first.body.tickets, ...second.body.tickets].map((ticket: { id: string }) => ticket.id)).not.toContain(elsewhere.id);
  });

  it("shows, on the first page of a ticket opened from the form, the contact's earlier ticket it kept at creation, and no longer once that ticket is reopened", async () => {
    const connection = await cloud.api('/whatsapp', { method: 'POST', token: a.admin.token, body: { name: `Loja ${ulid()}`, provider: 'simulator' } });
    expect(connection.status).toBe(201);
    const whatsappId: string = connection.body.id;
    const old = await seedConversation(a, { status: 'closed', whatsappId, userId: null });
    await seedMessages(old.ticket, 'o', 3);
    const opened = await cloud.api('/tickets', {
      method: 'POST',
      token: a.admin.token,
      body: { contactId: old.contact.id, queueId: a.queueId, whatsappId, status: 'open' },
    });
    expect(opened.status).toBe(201);
    const live = await getTicket(a.companyId, opened.body.id, true);
    if (!live) throw new Error('the opened ticket is not stored');
    await seedMessages(live, 'n', 2);

    const page = await read(a.admin.token, live.id);
    const closed = await cloud.api(`/tickets/${live.id}`, { method: 'PUT', token: a.admin.token, body: { status: 'closed' } });
    const reopened = await cloud.api(`/tickets/${old.ticket.id}`, { method: 'PUT', token: a.admin.token, body: { status: 'open' } });
    const after = await read(a.admin.token, live.id);

    expect(live.earlierTicketIds).toEqual([old.ticket.id]);
    expect([page.status, page.body.hasMore, bodies(page.body)]).toEqual([200, false, [...numbered('n', 1, 0), ...numbered('o', 2, 0)]]);
    expect(page.body.tickets.map((ticket: { id: string }) => ticket.id)).toEqual([live.id, old.ticket.id]);
    expect([closed.status, reopened.status]).toEqual([200, 200]);
    // Reopened after the live ticket began: it is no longer before it (repositories/contact-tickets.ts followsInHistory).
    expect([bodies(after.body), after.body.tickets.map((ticket: { id: string }) => ticket.id)]).toEqual([numbered('n', 1, 0), [live.id]]);
  });

  it('reads an earlier ticket with the tickets before it, never the newer one', async () => {
    const { old, live } = await contactWithHistory();

    const page = await read(a.admin.token, old.id);

    expect([page.body.hasMore, bodies(page.body)]).toEqual([false, numbered('o', 14, 0)]);
    expect(page.body.tickets.map((ticket: { id: string }) => ticket.id)).toEqual([old.id]);
    expect(page.body.tickets.map((ticket: { id: string }) => ticket.id)).not.toContain(live.id);
  });

  it("marks only the asked ticket read when its agent reads a first page that reaches an earlier ticket", async () => {
    const { whatsappId, old, live } = await contactWithHistory();
    await drainCommands();

    const page = await read(agent.token, live.id);

    const readFlags = page.body.messages.map((message: { ticketId: string; read: boolean }) => [message.ticketId, message.read]);
    expect(readFlags).toEqual([...Array(10).fill([live.id, true]), ...Array(10).fill([old.id, false])]);
    expect((await getTicket(a.companyId, live.id, true))?.unreadMessages).toBe(0);
    expect((await getTicket(a.companyId, old.id, true))?.unreadMessages).toBe(15);
    const commands = await drainCommands();
    expect(commands).toHaveLength(1);
    expect(commands[0]).toMatchObject({ groupId: whatsappId, command: { type: 'markRead', ticketId: live.id } });
    expect((commands[0]?.command as { messages: unknown[] }).messages).toHaveLength(10);
  });

  /**
   * Six earlier tickets of the contact on connection W (oldest first: 6, 2, 4, 2, 3 and 2 messages, named
   * a to f), tickets of the same contact on another connection between and after them, and the live
   * ticket on W (3 messages): 22 messages of W, so the first page crosses the first batch of 5 earlier
   * tickets into the sixth.
   */
  async function contactWithLongHistory() {
    const whatsappId = `W${ulid()}`;
    const otherConnection = `W${ulid()}`;
    const first = await seedConversation(a, { status: 'closed', whatsappId, userId: null });
    const contact = first.contact;
    await seedMessages(first.ticket, 'a', 6);
    const earlier = [first.ticket];
    for (const [prefix, count] of [['b', 2], ['c', 4], ['d', 2], ['e', 3], ['f', 2]] as const) {
      if (prefix === 'd') {
        const elsewhere = await seedConversation(a, { status: 'closed', whatsappId: otherConnection, userId: null, contact });
        await seedMessages(elsewhere.ticket, 'x', 3);
      }
      const { ticket } = await seedConversation(a, { status: 'closed', whatsappId, userId: null, contact });
      await seedMessages(ticket, prefix, count);
      earlier.push(ticket);
    }
    const elsewhere = await seedConversation(a, { status: 'closed', whatsappId: otherConnection, userId: null, contact });
    await seedMessages(elsewhere.ticket, 'y', 2);
    const live = await seedConversation(a, { whatsappId, userId: agent.id, contact });
    await seedMessages(live.ticket, 'n', 3);
    return { live: live.ticket, earlier: earlier.reverse() };
  }

  it('fills the first page with the newest 20 messages of the history in order, newest ticket first, and the cursor goes on with no gap nor repeat', async () => {
    const { live, earlier } = await contactWithLongHistory();
    const [f, e, d, c, b, oldest] = earlier;

    const first = await read(a.admin.token, live.id);
    const second = await read(a.admin.token, live.id, `?cursor=${first.body.cursor}`);
    const secondByNumber = await read(a.admin.token, live.id, '?pageNumber=2');

    const newest20 = [
      ...numbered('n', 2, 0),
      ...numbered('f', 1, 0),
      ...numbered('e', 2, 0),
      ...numbered('d', 1, 0),
      ...numbered('c', 3, 0),
      ...numbered('b', 1, 0),
      ...numbered('a', 5, 2),
    ];
    expect([first.status, first.body.hasMore, bodies(first.body)]).toEqual([200, true, newest20]);
    expect(first.body.cursor).toBe(first.body.messages[19].id);
    expect(first.body.tickets.map((ticket: { id: string }) => ticket.id)).toEqual([live.id, f?.id, e?.id, d?.id, c?.id, b?.id, oldest?.id]);
    expect([second.body.hasMore, second.body.cursor, bodies(second.body)]).toEqual([false, null, numbered('a', 1, 0)]);
    expect(second.body.tickets.map((ticket: { id: string }) => ticket.id)).toEqual([oldest?.id]);
    expect(secondByNumber.body).toEqual(second.body);
  });

  it('tells hasMore by the one message past the page: a history of exactly 20 messages has no more, one of 21 has one more page', async () => {
    const { earlier } = await contactWithLongHistory();
    const [f, e, d, c, b, oldest] = earlier;
    if (!f || !e || !d || !c || !b || !oldest) throw new Error('no history');
    const olderThanF = [...numbered('e', 2, 0), ...numbered('d', 1, 0), ...numbered('c', 3, 0), ...numbered('b', 1, 0), ...numbered('a', 5, 0)];

    // Read from f, its history is f's 2 messages and the 17 before it; then 20, then 21.
    const nineteen = await read(a.admin.token, f.id);
    await seedInbound(f, 'f2');
    const twenty = await read(a.admin.token, f.id);
    await seedInbound(f, 'f3');
    const twentyOne = await read(a.admin.token, f.id);
    const rest = await read(a.admin.token, f.id, `?cursor=${twentyOne.body.cursor}`);

    expect([nineteen.body.hasMore, nineteen.body.cursor, bodies(nineteen.body)]).toEqual([false, null, [...numbered('f', 1, 0), ...olderThanF]]);
    expect(nineteen.body.tickets.map((ticket: { id: string }) => ticket.id)).toEqual([f.id, e.id, d.id, c.id, b.id, oldest.id]);
    expect([twenty.body.hasMore, twenty.body.cursor, bodies(twenty.body)]).toEqual([false, null, [...numbered('f', 2, 0), ...olderThanF]]);
    expect([twentyOne.body.hasMore, bodies(twentyOne.body)]).toEqual([true, [...numbered('f', 3, 0), ...olderThanF.slice(0, -1)]]);
    expect(twentyOne.body.cursor).toBe(twentyOne.body.messages[19].id);
    expect(twentyOne.body.tickets.map((ticket: { id: string }) => ticket.id)).toEqual([f.id, e.id, d.id, c.id, b.id, oldest.id]);
    expect([rest.body.hasMore, rest.body.cursor, bodies(rest.body), rest.body.tickets.map((ticket: { id: string }) => ticket.id)]).toEqual([
      false,
      null,
      ['a0'],
      [oldest.id],
    ]);
  });

  it("refuses a cursor into a ticket outside the asked ticket's history", async () => {
    const { old, elsewhere, live } = await contactWithHistory();
    const stranger = await attended({ whatsappId: live.whatsappId });
    const strangerMessage = await seedInbound(stranger.ticket, 'outro contato');
    const [liveNewest] = (await read(a.admin.token, live.id)).body.messages;

    const probes = [
      // another contact's ticket on the same connection
      `?cursor=${strangerMessage.id}`,
      // the same contact's ticket on another connection
      `?cursor=${elsewhere.id}.${ulid()}`,
      // the newer ticket, from the earlier one
      `?cursor=${liveNewest.id}`,
      // no such ticket
      `?cursor=${ulid()}.${ulid()}`,
    ];
    for (const query of probes) {
      const response = await read(a.admin.token, old.id, query);
      expect([query, response.status, response.body.fields]).toEqual([query, 400, [{ path: 'cursor', message: 'Invalid cursor' }]]);
    }
  });
});

describe('session commands', () => {
  it("puts each message on its connection's shard queue, grouped by connection", async () => {
    const [w1, w2] = connectionsOnTwoShards();
    const one = await attended({ whatsappId: w1 });
    const two = await attended({ whatsappId: w2 });
    await drainCommands();

    const sentOne = await send(agent.token, one.ticket.id, { body: 'Primeira' });
    const sentTwo = await send(agent.token, two.ticket.id, { body: 'Segunda' });

    const commands = await drainCommands();
    expect(commands).toHaveLength(2);
    expect(commands).toContainEqual({
      shard: shardOf(w1),
      groupId: w1,
      command: {
        type: 'sendMessage',
        commandId: `send:${sentOne.body.id}`,
        companyId: a.companyId,
        whatsappId: w1,
        issuedAt: sentOne.body.createdAt,
        ticketId: one.ticket.id,
        messageId: sentOne.body.id,
        chat: { contactId: one.contact.id, number: one.contact.number, isGroup: false },
        body: 'Primeira',
        media: null,
        quoted: null,
      },
    });
    expect(commands).toContainEqual(expect.objectContaining({ shard: shardOf(w2), groupId: w2 }));
    expect(commands.find((entry) => entry.groupId === w2)?.command).toMatchObject({ messageId: sentTwo.body.id });
  });

  it('stores the message of a ticket without connection and enqueues nothing', async () => {
    const { ticket } = await attended({ whatsappId: null });
    await drainCommands();

    const response = await send(agent.token, ticket.id, { body: 'Sem conexão' });

    expect(response.status).toBe(201);
    expect(await drainCommands()).toEqual([]);
  });
});

describe('media', () => {
  it("keeps a received photo whose download failed, marked so, and asking for its media answers ERR_WAPP_DOWNLOAD_MEDIA", async () => {
    // What the session host forwards when WhatsApp's download fails: the message, without its file.
    const whatsappId = `W${ulid()}`;
    await markConnected(a.companyId, whatsappId);
    const from = `55119${String(Date.now() % 1e8).padStart(8, '0')}`;
    await handleWhatsAppEvent({
      type: 'message',
      companyId: a.companyId,
      whatsappId,
      chat: { id: from, isGroup: false },
      whatsappMessageId: `M${ulid()}`,
      fromMe: false,
      timestamp: Date.now(),
      mediaType: 'image',
      body: 'Foto do produto',
      media: null,
      quotedWhatsappMessageId: null,
    });
    const pending = (await cloud.api('/tickets?status=pending&showAll=true', { token: a.admin.token })).body.tickets as { id: string; contact: { number: string } }[];
    const ticketId = pending.find((ticket) => ticket.contact.number === from)?.id ?? '';

    const [photo] = (await read(a.admin.token, ticketId)).body.messages;

    expect(photo).toMatchObject({ mediaType: 'image', body: 'Foto do produto', mediaUrl: null, mediaMissing: true });
    expect(await cloud.api(`/messages/${String(photo.id)}/media`, { token: a.admin.token })).toEqual({ status: 400, body: { error: 'ERR_WAPP_DOWNLOAD_MEDIA' } });
    // A file that did arrive gets a fresh link; a text has no media.
    const { ticket } = await attended();
    const [sent] = (await postForm(cloud, `/messages/${ticket.id}`, agent.token, [{ name: 'foto.png', bytes: PNG_BYTES }])).body;
    expect(sent.mediaMissing).toBe(false);
    const link = await cloud.api(`/messages/${String(sent.id)}/media`, { token: agent.token });
    expect(link).toMatchObject({ status: 200, body: { mediaName: 'foto.png', mediaType: 'image', mediaUrl: expect.any(String) } });
    expect(Buffer.from(await (await fetch(link.body.mediaUrl)).arrayBuffer())).toEqual(PNG_BYTES);
    const text = await seedInbound(ticket, 'só texto');
    expect((await cloud.api(`/messages/${text.id}/media`, { token: agent.token })).status).toBe(404);
  });

  it('stores uploaded files under the ticket, named safely, typed by their bytes, one message each', async () => {
    const { ticket } = await attended({ whatsappId: `W${ulid()}` });
    await drainCommands();
    const pdf = Buffer.from('%PDF-1.4\n1 0 obj\n<<>>\nendobj\n');

    const response = await postForm(
      cloud,
      `/messages/${ticket.id}`,
      agent.token,
      [
        { name: 'my photo.png', bytes: PNG_BYTES, type: 'text/html' },
        { name: '../../nota fiscal.pdf', bytes: pdf },
      ],
      { body: 'Segue a foto e a nota', fromMe: 'true' },
    );

    expect(response.status).toBe(201);
    expect(response.body.map((message: Record<string, unknown>) => [message.mediaType, message.mediaName, message.body])).toEqual([
      ['image', 'my_photo.png', 'Segue a foto e a nota'],
      ['application', 'nota_fiscal.pdf', ''],
    ]);
    const stored = await getMessage(a.companyId, response.body[0].id);
    expect(stored?.mediaKey).toMatch(new RegExp(`^companies/${a.companyId}/tickets/${ticket.id}/[0-9A-Z]{26}-my_photo\\.png$`));
    const image = await fetch(response.body[0].mediaUrl);
    expect([image.status, image.headers.get('content-type')]).toEqual([200, 'image/png']);
    expect(Buffer.from(await image.arrayBuffer())).toEqual(PNG_BYTES);
    const document = await fetch(response.body[1].mediaUrl);
    expect(document.headers.get('content-disposition')).toBe('attachment; filename="nota_fiscal.pdf"');
    expect(Buffer.from(await document.arrayBuffer())).toEqual(pdf);
    expect((await getTicket(a.companyId, ticket.id))?.lastMessage).toBe('nota_fiscal.pdf');
    const commands = (await drainCommands()).map((entry) => entry.command);
    expect(commands.map((command) => (command.type === 'sendMessage' ? command.media?.mediaType : null))).toEqual(['image', 'application']);
  });

  it("stores a caption with the LF line breaks its text has in JSON, though the form sent them as CRLF", async () => {
    const { ticket } = await attended();

    const response = await postForm(cloud, `/messages/${ticket.id}`, agent.token, [{ name: 'foto.png', bytes: PNG_BYTES }], {
      body: 'Segue a foto\r\ndo pedido\r\n\r\nObrigado',
    });

    expect(response.status).toBe(201);
    expect(response.body[0].body).toBe('Segue a foto\ndo pedido\n\nObrigado');
    expect((await getMessage(a.companyId, response.body[0].id))?.body).toBe('Segue a foto\ndo pedido\n\nObrigado');
  });

  it("fills in the template variables of a caption with the ticket's contact", async () => {
    const { ticket, contact } = await attended();

    const response = await postForm(cloud, `/messages/${ticket.id}`, agent.token, [{ name: 'foto.png', bytes: PNG_BYTES }], {
      body: 'Segue a foto, {{name}}',
    });

    expect(response.status).toBe(201);
    expect((await getMessage(a.companyId, response.body[0].id))?.body).toBe(`Segue a foto, ${contact.name}`);
  });

  it('hands out media only through signed, short-lived URLs', async () => {
    const { ticket } = await attended();
    const response = await postForm(cloud, `/messages/${ticket.id}`, agent.token, [{ name: 'a.png', bytes: PNG_BYTES }]);
    const url = new URL(response.body[0].mediaUrl);

    expect(url.searchParams.get('X-Amz-Expires')).toBe('600');
    expect(url.searchParams.get('X-Amz-Signature')).toEqual(expect.any(String));
    // (The local S3 does not check signatures, so refusing the unsigned address is AWS's to show.)
  });

  it('sends a big file through a presigned upload: PUT to the URL, then POST its key', async () => {
    const { ticket } = await attended();
    const ogg = Buffer.concat([Buffer.from('OggS'), Buffer.alloc(200, 1)]);

    const upload = await cloud.api(`/messages/${ticket.id}/media-url`, {
      method: 'POST',
      token: agent.token,
      body: { fileName: 'áudio do cliente.ogg', mimeType: 'audio/ogg', size: ogg.length },
    });
    const put = await fetch(upload.body.url, { method: 'PUT', headers: upload.body.headers, body: ogg });
    const sent = await send(agent.token, ticket.id, { body: '', mediaKey: upload.body.key });

    expect(upload.status).toBe(201);
    expect(upload.body).toEqual({
      url: expect.any(String),
      method: 'PUT',
      headers: { 'content-type': 'audio/ogg' },
      key: expect.stringMatching(new RegExp(`^companies/${a.companyId}/tickets/${ticket.id}/[0-9A-Z]{26}-audio_do_cliente\\.ogg$`)),
      expiresIn: 300,
    });
    expect(new URL(upload.body.url).searchParams.get('X-Amz-Expires')).toBe('300');
    expect(put.status).toBe(200);
    expect(sent.status).toBe(201);
    expect(sent.body).toMatchObject({ mediaType: 'audio', mediaName: 'audio_do_cliente.ogg', body: '' });
    const audio = await fetch(sent.body.mediaUrl);
    expect(audio.headers.get('content-type')).toBe('audio/ogg');
  });

  it('refuses a media key of another ticket, or one never uploaded', async () => {
    const mine = await attended();
    const other = await attended();
    const upload = await cloud.api(`/messages/${other.ticket.id}/media-url`, {
      method: 'POST',
      token: agent.token,
      body: { fileName: 'x.pdf', mimeType: 'application/pdf', size: 5 },
    });

    const foreign = await send(agent.token, mine.ticket.id, { mediaKey: upload.body.key });
    const missing = await send(agent.token, other.ticket.id, { mediaKey: upload.body.key });

    expect(foreign.body.fields).toEqual([{ path: 'mediaKey', message: 'Invalid media' }]);
    expect(missing.body.fields).toEqual([{ path: 'mediaKey', message: 'Media not uploaded' }]);
  });

  it.each([
    ['no file name', { mimeType: 'application/pdf', size: 10 }, 'fileName', 'Required'],
    ['a made-up type', { fileName: 'a.pdf', mimeType: 'pdf', size: 10 }, 'mimeType', 'Invalid type'],
    ['an empty file', { fileName: 'a.pdf', mimeType: 'application/pdf', size: 0 }, 'size', 'Invalid size'],
    ['a file too large', { fileName: 'a.pdf', mimeType: 'application/pdf', size: 200 * 1024 * 1024 }, 'size', 'File too large (max 104857600 bytes)'],
  ])('refuses a media URL for %s', async (_label, body, path, message) => {
    const { ticket } = await attended();

    const response = await cloud.api(`/messages/${ticket.id}/media-url`, { method: 'POST', token: agent.token, body });

    expect(response.status).toBe(400);
    expect(response.body.fields).toContainEqual({ path, message });
  });

  it('refuses a multipart send without files, or with too many', async () => {
    const { ticket } = await attended();

    const none = await postForm(cloud, `/messages/${ticket.id}`, agent.token, [], { body: 'oi' });
    const many = await postForm(
      cloud,
      `/messages/${ticket.id}`,
      agent.token,
      Array.from({ length: 6 }, (_, index) => ({ name: `${index}.png`, bytes: PNG_BYTES })),
    );

    expect([none.status, none.body.fields]).toEqual([400, [{ path: 'medias', message: 'Required' }]]);
    expect([many.status, many.body.fields]).toEqual([400, [{ path: 'medias', message: 'Send at most 5 files' }]]);
  });
});

describe('DELETE /messages/{id}', () => {
  it('deletes own message: flagged deleted, text kept, the session told, a second delete refused', async () => {
    const whatsappId = `W${ulid()}`;
    const { ticket } = await attended({ whatsappId });
    const sent = await send(agent.token, ticket.id, { body: 'Enviei errado' });
    await drainCommands();

    const deleted = await cloud.api(`/messages/${sent.body.id}`, { method: 'DELETE', token: agent.token });
    const again = await cloud.api(`/messages/${sent.body.id}`, { method: 'DELETE', token: agent.token });

    expect(deleted.status).toBe(200);
    expect(deleted.body).toMatchObject({ id: sent.body.id, isDeleted: true, body: 'Enviei errado' });
    expect(again).toEqual({ status: 400, body: { error: 'ERR_DELETE_WAPP_MSG', message: 'Message already deleted' } });
    expect((await read(a.admin.token, ticket.id)).body.messages[0]).toMatchObject({ id: sent.body.id, isDeleted: true });
    expect(await drainCommands()).toEqual([
      {
        shard: shardOf(whatsappId),
        groupId: whatsappId,
        command: expect.objectContaining({ type: 'deleteMessage', messageId: sent.body.id, whatsappMessageId: null }),
      },
    ]);
  });

  it("refuses another user's message (also to an admin), the contact's, and the server's own", async () => {
    const { ticket } = await attended();
    const byAgent = await send(agent.token, ticket.id, { body: 'Do agente' });
    const inbound = await seedInbound(ticket, 'Do cliente');
    const bot = await sendOutgoingMessage({ companyId: a.companyId, ticketId: ticket.id, body: 'Do robô', userId: null, bot: true });

    for (const id of [byAgent.body.id, inbound.id, bot.id]) {
      const response = await cloud.api(`/messages/${id}`, { method: 'DELETE', token: a.admin.token });
      expect(response.status).toBe(403);
      expect(response.body.error).toBe('ERR_NO_PERMISSION');
    }
    expect((await read(a.admin.token, ticket.id)).body.messages.map((message: { isDeleted: boolean }) => message.isDeleted)).toEqual([false, false, false]);
  });

  it('answers ERR_NO_MESSAGE_FOUND for an unknown message or ticket and 400 for a malformed id', async () => {
    const { ticket } = await attended();

    expect(await cloud.api(`/messages/${ticket.id}.${ulid()}`, { method: 'DELETE', token: agent.token })).toEqual({
      status: 404,
      body: { error: 'ERR_NO_MESSAGE_FOUND' },
    });
    expect(await cloud.api(`/messages/${ulid()}.${ulid()}`, { method: 'DELETE', token: agent.token })).toEqual({
      status: 404,
      body: { error: 'ERR_NO_MESSAGE_FOUND' },
    });
    const malformed = await cloud.api(`/messages/${ticket.id}`, { method: 'DELETE', token: agent.token });
    expect([malformed.status, malformed.body.fields]).toEqual([400, [{ path: 'id', message: 'Invalid id' }]]);
  });
});

describe('acks', () => {
  it('shows the acks the session reports, which only ever grow', async () => {
    const { ticket } = await attended();
    const sent = await send(agent.token, ticket.id, { body: 'Chegou?' });

    expect(await updateMessageAck(a.companyId, sent.body.id, 2)).toMatchObject({ ack: 2 });
    expect(await updateMessageAck(a.companyId, sent.body.id, 1)).toBeUndefined();
    expect(await updateMessageAck(a.companyId, sent.body.id, 5)).toMatchObject({ ack: 5 });

    expect((await read(a.admin.token, ticket.id)).body.messages[0].ack).toBe(5);
  });
});

describe('access', () => {
  it("answers 'Acesso não permitido' on every route to a user outside the ticket's queue", async () => {
    const { ticket } = await attended();
    const inbound = await seedInbound(ticket, 'oi');
    const denied = { status: 403, body: { error: 'ERR_NO_PERMISSION', message: 'Acesso não permitido' } };

    expect(await read(outsider.token, ticket.id)).toEqual(denied);
    expect(await send(outsider.token, ticket.id, { body: 'oi' })).toEqual(denied);
    expect(await cloud.api(`/messages/${inbound.id}`, { method: 'DELETE', token: outsider.token })).toEqual(denied);
    expect(
      await cloud.api(`/messages/${ticket.id}/media-url`, {
        method: 'POST',
        token: outsider.token,
        body: { fileName: 'a.png', mimeType: 'image/png', size: 10 },
      }),
    ).toEqual(denied);
    expect((await read(a.admin.token, ticket.id)).body.messages).toHaveLength(1);
  });

  it("refuses a colleague of the queue every write to a conversation another agent attends (text, media, upload URL, deleting their own message), naming the holder; reading stays open", async () => {
    const { ticket } = await seedConversation(a, { userId: colleague.id });
    const own = await send(colleague.token, ticket.id, { body: 'Enviada antes da transferência' });
    expect(own.status).toBe(201);
    const transferred = await cloud.api(`/tickets/${ticket.id}`, {
      method: 'PUT',
      token: a.admin.token,
      body: { action: 'transfer', queueId: a.queueId, userId: agent.id },
    });
    expect(transferred).toMatchObject({ status: 200, body: { userId: agent.id } });
    const refused = { status: 403, body: { error: 'ERR_NO_PERMISSION', message: 'Acesso não permitido', details: { user: { id: agent.id, name: transferred.body.user.name } } } };

    expect(await send(colleague.token, ticket.id, { body: 'Deixa comigo' })).toEqual(refused);
    expect(await postForm(cloud, `/messages/${ticket.id}`, colleague.token, [{ name: 'foto.png', bytes: PNG_BYTES, type: 'image/png' }])).toEqual(refused);
    expect(
      await cloud.api(`/messages/${ticket.id}/media-url`, {
        method: 'POST',
        token: colleague.token,
        body: { fileName: 'a.png', mimeType: 'image/png', size: 10 },
      }),
    ).toEqual(refused);
    expect(await cloud.api(`/messages/${own.body.id}`, { method: 'DELETE', token: colleague.token })).toEqual(refused);

    const page = await read(colleague.token, ticket.id);
    expect(page.status).toBe(200);
    expect(page.body.messages).toEqual([expect.objectContaining({ id: own.body.id, isDeleted: false })]);
  });

  it('lets an admin write to a conversation another agent attends', async () => {
    const { ticket } = await attended();

    expect((await send(a.admin.token, ticket.id, { body: 'Aqui é a gestora' })).status).toBe(201);
    expect((await postForm(cloud, `/messages/${ticket.id}`, a.admin.token, [{ name: 'foto.png', bytes: PNG_BYTES, type: 'image/png' }])).status).toBe(201);
  });

  it('lets an agent of the queue read and write, and requires a signed-in user', async () => {
    const { ticket } = await attended();

    expect((await send(agent.token, ticket.id, { body: 'oi' })).status).toBe(201);
    expect((await read(agent.token, ticket.id)).status).toBe(200);
    expect((await cloud.api(`/messages/${ticket.id}`)).status).toBe(401);
  });
});

describe('realtime', () => {
  it('tells the listeners of the conversation about a new message and about a deletion', async () => {
    const { ticket } = await attended();
    const minted = await cloud.api('/realtime/ticket', { method: 'POST', token: agent.token });
    const socket = new WebSocket(`${cloud.config.wsUrl}?ticket=${encodeURIComponent(minted.body.ticket)}`);
    const frames: { event: string; data: { action: string; message?: { id: string; body: string; isDeleted: boolean }; ticket?: { id: string } } }[] = [];
    socket.on('message', (data) => frames.push(JSON.parse(messageText(data))));
    await new Promise((resolve) => socket.once('open', resolve));
    socket.send(JSON.stringify({ action: 'joinChatBox', ticketId: ticket.id }));
    await waitFor(() => roomHasMembers(`ticket:${ticket.id}`));

    const sent = await send(agent.token, ticket.id, { body: 'Ao vivo' });
    await waitFor(async () => frames.some((frame) => frame.event === `company-${a.companyId}-appMessage`));
    await cloud.api(`/messages/${sent.body.id}`, { method: 'DELETE', token: agent.token });
    await waitFor(async () => frames.some((frame) => frame.data.action === 'update' && frame.data.message?.isDeleted === true));
    socket.close();

    const messageFrames = frames.filter((frame) => frame.event === `company-${a.companyId}-appMessage`);
    expect(messageFrames.map((frame) => [frame.data.action, frame.data.message?.id, frame.data.ticket?.id])).toEqual([
      ['create', sent.body.id, ticket.id],
      ['update', sent.body.id, ticket.id],
    ]);
    expect(frames).toContainEqual({
      event: `company-${a.companyId}-ticket`,
      data: { action: 'update', ticket: expect.objectContaining({ id: ticket.id, lastMessage: 'Ao vivo' }) },
    });
  });
});

/** Whether anyone joined the room yet (the join is acted on asynchronously, after the frame is sent). */
async function roomHasMembers(room: `ticket:${string}`): Promise<boolean> {
  const prefix = keys.roomPrefix(a.companyId, room);
  const { Items = [] } = await dynamo().send(
    new QueryCommand({ TableName: cloud.tableName, KeyConditionExpression: 'PK = :pk', ExpressionAttributeValues: { ':pk': prefix.PK } }),
  );
  return Items.length > 0;
}

async function waitFor(check: () => Promise<boolean>, attempts = 100): Promise<void> {
  for (let attempt = 0; attempt < attempts; attempt += 1) {
    if (await check()) return;
    await new Promise((resolve) => setTimeout(resolve, 50));
  }
  throw new Error('condition not reached');
}
