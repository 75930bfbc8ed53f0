/**
 * Tickets through the HTTP API on the local cloud: creation with the one-open-ticket rule (also under
 * twenty concurrent requests), reading by id and uuid with the queue rule, every transition of spec 1
 * §4.1 (two accepts at once: exactly one wins), the server's own messages (greeting, transfer notice,
 * rating prompt) and the rating itself, deletion, the list with each of its filters (an agent never sees
 * another queue's ticket whatever the parameters), cursor and page paging, search, unread counters,
 * tags and kanban lanes, and the live `ticket` events two agents' sockets receive.
 */
import { GetCommand, UpdateCommand } from '@aws-sdk/lib-dynamodb';
import { randomUUID } from 'node:crypto';
import { ulid } from 'ulid';
import { dynamo } from '../../functions/core/aws/clients';
import { putNewContact, type Contact } from '../../functions/core/repositories/contacts';
import { keys } from '../../functions/core/repositories/keys';
import { readMessages } from '../../functions/core/repositories/messages';
import { getTicket } from '../../functions/core/repositories/tickets';
import { markTicketRead } from '../../functions/core/conversations/mark-ticket-read';
import { endRatingWait, recordRating } from '../../functions/core/conversations/record-attendance';
import { companyDay, addDays } from '../../shared/company-time';
import type { TicketDto } from '../../shared/tickets';
import { markConnected } from '../support/connections';
import { startTestCloud, type TestCloud } from '../support/local-cloud';
import { realtimeHarness } from '../support/realtime-client';
import { addUser, createTenant, type SignedInUser, type Tenant } from '../support/tenants';
import { ifAssigned } from '../support/teardown';

const harness = realtimeHarness();
let cloud: TestCloud;
/** A company with two queues: A (its first) and B. */
let tenant: Tenant;
let queueA: string;
let queueB: string;
let agentA1: SignedInUser;
let agentA2: SignedInUser;
let agentB: SignedInUser;
let agentAllTicket: SignedInUser;
let supervisor: SignedInUser;
let defaultConnection: string;
let otherConnection: string;

async function newQueue(owner: Tenant, name: string, color: string): Promise<string> {
  const response = await cloud.api('/queue', { method: 'POST', token: owner.admin.token, body: { name, color, greetingMessage: 'Olá!' } });
  if (response.status !== 201) throw new Error(`POST /queue answered ${response.status}: ${JSON.stringify(response.body)}`);
  return response.body.id;
}

beforeAll(async () => {
  cloud = await startTestCloud({ loadHandler: harness.loadHandler });
  tenant = await createTenant(cloud);
  queueA = tenant.queueId;
  queueB = await newQueue(tenant, 'Financeiro', '#b91c1c');
  agentA1 = await addUser(cloud, tenant, 'user', [queueA]);
  agentA2 = await addUser(cloud, tenant, 'user', [queueA]);
  agentB = await addUser(cloud, tenant, 'user', [queueB]);
  agentAllTicket = await addUser(cloud, tenant, 'user', [queueA]);
  supervisor = await addUser(cloud, tenant, 'supervisor', [queueA]);
  const enabled = await cloud.api(`/users/${agentAllTicket.id}`, { method: 'PUT', token: tenant.admin.token, body: { allTicket: 'enabled' } });
  expect(enabled.status).toBe(200);
  // The first is the default, which tickets opened without a connection go on.
  defaultConnection = await newConnection('Principal');
  otherConnection = await newConnection('Segunda');
  await markConnected(tenant.companyId, defaultConnection);
  await markConnected(tenant.companyId, otherConnection);
});

afterEach(async () => {
  await harness.closeAll();
});

afterAll(async () => {
  await ifAssigned(cloud)?.stop();
});

// ---- helpers ---------------------------------------------------------------------------------------

let phone = Date.now() % 100_000_000;

async function newConnection(name: string): Promise<string> {
  const response = await cloud.api('/whatsapp', { method: 'POST', token: tenant.admin.token, body: { name, provider: 'simulator' } });
  if (response.status !== 201) throw new Error(`POST /whatsapp answered ${response.status}: ${JSON.stringify(response.body)}`);
  return response.body.id;
}

/** A contact of the company, stored as the contacts module stores it. */
async function newContact(companyId: string, fields: Partial<Contact> = {}): Promise<Contact> {
  phone += 1;
  const at = new Date().toISOString();
  const contact: Contact = {
    id: ulid(),
    companyId,
    name: `Cliente ${phone}`,
    number: `55119${String(phone).padStart(8, '0').slice(-8)}`,
    email: '',
    profilePicUrl: null,
    extraInfo: [],
    isGroup: false,
    createdAt: at,
    updatedAt: at,
    ...fields,
  };
  expect(await putNewContact(contact)).toBe('created');
  return contact;
}

const post = (token: string, body: unknown) => cloud.api('/tickets', { method: 'POST', token, body });
const put = (token: string, id: string, body: unknown) => cloud.api(`/tickets/${id}`, { method: 'PUT', token, body });
const show = (token: string, id: string) => cloud.api(`/tickets/${id}`, { token });

async function openTicket(token: string, body: Record<string, unknown>): Promise<TicketDto> {
  const response = await post(token, body);
  if (response.status !== 201) throw new Error(`POST /tickets answered ${response.status}: ${JSON.stringify(response.body)}`);
  return response.body;
}

/** A pending ticket of queue A (of `owner`'s company unless said), as an admin creates it. */
async function pendingTicket(queueId: string | null = queueA, owner: Tenant = tenant, contact?: Contact): Promise<TicketDto> {
  const who = contact ?? (await newContact(owner.companyId));
  return openTicket(owner.admin.token, { contactId: who.id, queueId, status: 'pending' });
}

async function list(token: string, query = ''): Promise<{ tickets: TicketDto[]; hasMore: boolean; nextCursor: string | null }> {
  const response = await cloud.api(`/tickets${query ? `?${query}` : ''}`, { token });
  if (response.status !== 200) throw new Error(`GET /tickets?${query} answered ${response.status}: ${JSON.stringify(response.body)}`);
  return response.body;
}

const idsOf = (tickets: readonly { id: string }[]) => tickets.map((ticket) => ticket.id);

async function setSetting(owner: Tenant, key: string, value: string): Promise<void> {
  const response = await cloud.api(`/settings/${key}`, { method: 'PUT', token: owner.admin.token, body: { value } });
  expect(response.status).toBe(200);
}

async function messagesOf(owner: Tenant, ticketId: string) {
  return (await readMessages(owner.companyId, ticketId, 50)).messages;
}

// ---- creation ----------------------------------------------------------------------------------------

describe('POST /tickets', () => {
  it("opens a ticket for the caller in the chosen queue on the default connection, with its contact, queue and user resolved", async () => {
    const contact = await newContact(tenant.companyId, { name: 'Maria Souza' });

    const response = await post(agentA1.token, { contactId: contact.id, queueId: queueA, whatsappId: null, userId: agentB.id, status: 'open' });

    expect(response.status).toBe(201);
    expect(response.body).toMatchObject({
      id: expect.any(String),
      uuid: expect.stringMatching(/^[0-9a-f-]{36}$/),
      status: 'open',
      contactId: contact.id,
      contact: { id: contact.id, name: 'Maria Souza', number: contact.number },
      userId: agentA1.id,
      user: { id: agentA1.id, name: expect.any(String) },
      queueId: queueA,
      queue: { id: queueA, name: 'Atendimento', color: '#0f766e' },
      whatsappId: defaultConnection,
      whatsapp: { id: defaultConnection, name: 'Principal' },
      tags: [],
      isGroup: false,
      unreadMessages: 0,
      lastMessage: '',
    });
    expect(await show(agentA1.token, response.body.id)).toEqual({ status: 200, body: response.body });
  });

  it('refuses a connection id that names no connection of the company, storing nothing', async () => {
    const contact = await newContact(tenant.companyId);

    const response = await post(tenant.admin.token, { contactId: contact.id, queueId: queueA, whatsappId: '01ARZ3NDEKTSV4RRFFQ69G5FAV' });

    expect(response).toEqual({ status: 404, body: { error: 'ERR_NO_WAPP_FOUND' } });
    expect((await post(tenant.admin.token, { contactId: contact.id, queueId: queueA })).status).toBe(201);
  });

  it('names the connection of a ticket on one, in the answer and in the lists (spec 1 §2.4)', async () => {
    const owner = await createTenant(cloud);
    const connection = await cloud.api('/whatsapp', { method: 'POST', token: owner.admin.token, body: { name: 'Loja Centro' } });
    expect(connection.status).toBe(201);
    const contact = await newContact(owner.companyId);

    const created = await openTicket(owner.admin.token, { contactId: contact.id, whatsappId: connection.body.id });

    expect(created.whatsapp).toEqual({ id: connection.body.id, name: 'Loja Centro' });
    const listed = (await list(owner.admin.token, 'status=open')).tickets.find((ticket) => ticket.id === created.id);
    expect(listed?.whatsapp).toEqual({ id: connection.body.id, name: 'Loja Centro' });
  });

  it("requires a queue of a plain user ('Selecione uma fila'), one of their own, and lets an admin skip it", async () => {
    const contact = await newContact(tenant.companyId);

    expect(await post(agentA1.token, { contactId: contact.id })).toMatchObject({
      status: 400,
      body: { error: 'ERR_VALIDATION', message: 'Selecione uma fila', fields: [{ path: 'queueId', message: 'Selecione uma fila' }] },
    });
    expect(await post(agentA1.token, { contactId: contact.id, queueId: queueB })).toEqual({
      status: 403,
      body: { error: 'ERR_NO_PERMISSION', message: 'Acesso não permitido' },
    });
    const admin = await post(tenant.admin.token, { contactId: contact.id });
    expect(admin.status).toBe(201);
    expect(admin.body).toMatchObject({ queueId: null, queue: null, status: 'open', userId: tenant.admin.id });
  });

  it('answers ERR_NO_CONTACT_FOUND and ERR_NO_QUEUE_FOUND for ids the company does not have', async () => {
    const contact = await newContact(tenant.companyId);

    expect(await post(tenant.admin.token, { contactId: ulid(), queueId: queueA })).toEqual({ status: 404, body: { error: 'ERR_NO_CONTACT_FOUND' } });
    expect(await post(tenant.admin.token, { contactId: contact.id, queueId: ulid() })).toEqual({ status: 404, body: { error: 'ERR_NO_QUEUE_FOUND' } });
  });

  it.each([
    ['no contact', {}, 'contactId', 'Invalid id'],
    ['a contact id with a slash', { contactId: 'a/b' }, 'contactId', 'Invalid id'],
    ['a closed status', { contactId: 'C1', status: 'closed' }, 'status', 'Invalid status'],
    ['a numeric queue', { contactId: 'C1', queueId: 7 }, 'queueId', 'Invalid id'],
  ])('refuses %s with 400 ERR_VALIDATION', async (_case, body, path, message) => {
    const response = await post(tenant.admin.token, body);

    expect(response).toMatchObject({ status: 400, body: { error: 'ERR_VALIDATION', fields: [{ path, message }] } });
  });

  it('refuses a second open ticket of the contact on the connection with ERR_OTHER_OPEN_TICKET naming its holder and queue', async () => {
    const contact = await newContact(tenant.companyId);
    const held = await openTicket(agentA1.token, { contactId: contact.id, queueId: queueA });

    const response = await post(agentA2.token, { contactId: contact.id, queueId: queueA });

    expect(response).toEqual({
      status: 409,
      body: {
        error: 'ERR_OTHER_OPEN_TICKET',
        details: {
          ticketId: held.id,
          uuid: held.uuid,
          status: 'open',
          user: { id: agentA1.id, name: held.user?.name },
          queue: { id: queueA, name: 'Atendimento' },
        },
      },
    });
    // Another connection is another slot.
    expect((await post(agentA2.token, { contactId: contact.id, queueId: queueA, whatsappId: otherConnection })).status).toBe(201);
  });

  it('creates exactly one ticket when twenty requests for one contact arrive at once', async () => {
    const contact = await newContact(tenant.companyId);

    const responses = await Promise.all(
      Array.from({ length: 20 }, () => post(tenant.admin.token, { contactId: contact.id, queueId: queueA, status: 'pending' })),
    );

    const createdOnes = responses.filter((response) => response.status === 201);
    expect(createdOnes).toHaveLength(1);
    const winner = createdOnes[0]?.body as TicketDto;
    for (const response of responses.filter((each) => each.status !== 201)) {
      expect(response).toMatchObject({ status: 409, body: { error: 'ERR_OTHER_OPEN_TICKET', details: { ticketId: winner.id } } });
    }
    const found = await list(tenant.admin.token, `searchParam=${contact.number}&showAll=true`);
    expect(idsOf(found.tickets)).toEqual([winner.id]);
  });
});

// ---- reading one ---------------------------------------------------------------------------------------

describe('GET /tickets/{id} and GET /tickets/u/{uuid}', () => {
  it('answers the ticket by id and by uuid to whoever may see its queue', async () => {
    const ticket = await pendingTicket(queueA);

    expect(await show(agentA2.token, ticket.id)).toMatchObject({ status: 200, body: { id: ticket.id } });
    expect(await cloud.api(`/tickets/u/${ticket.uuid}`, { token: agentA2.token })).toMatchObject({ status: 200, body: { id: ticket.id } });
    expect(await show(tenant.admin.token, (await pendingTicket(queueB)).id)).toMatchObject({ status: 200 });
  });

  it("refuses a plain user or supervisor a ticket of another queue, or without queue unless allTicket is enabled: 'Acesso não permitido'", async () => {
    const ofB = await pendingTicket(queueB);
    const noQueue = await pendingTicket(null);
    const denied = { status: 403, body: { error: 'ERR_NO_PERMISSION', message: 'Acesso não permitido' } };

    expect(await show(agentA1.token, ofB.id)).toEqual(denied);
    expect(await cloud.api(`/tickets/u/${ofB.uuid}`, { token: agentA1.token })).toEqual(denied);
    expect(await show(agentA1.token, noQueue.id)).toEqual(denied);
    expect(await show(supervisor.token, ofB.id)).toEqual(denied);
    expect((await show(agentAllTicket.token, noQueue.id)).status).toBe(200);
  });

  it('answers 404 for unknown ids and 400 for malformed ones', async () => {
    expect(await show(tenant.admin.token, ulid())).toEqual({ status: 404, body: { error: 'ERR_NO_TICKET_FOUND' } });
    expect(await cloud.api(`/tickets/u/${randomUUID()}`, { token: tenant.admin.token })).toEqual({ status: 404, body: { error: 'ERR_NO_TICKET_FOUND' } });
    expect(await show(tenant.admin.token, 'bad.id')).toMatchObject({ status: 400, body: { error: 'ERR_VALIDATION', fields: [{ path: 'id' }] } });
    expect(await cloud.api('/tickets/u/not-a-uuid', { token: tenant.admin.token })).toMatchObject({
      status: 400,
      body: { error: 'ERR_VALIDATION', fields: [{ path: 'uuid', message: 'Invalid id' }] },
    });
  });
});

// ---- transitions ---------------------------------------------------------------------------------------

describe('PUT /tickets/{id}: transitions', () => {
  it('accepts a pending ticket: open, held by the caller (whatever userId the body names)', async () => {
    const ticket = await pendingTicket(queueA);

    const response = await put(agentA1.token, ticket.id, { status: 'open', userId: agentA2.id, queueId: queueA });

    expect(response.status).toBe(200);
    expect(response.body).toMatchObject({ status: 'open', userId: agentA1.id, queueId: queueA });
    expect(response.body.updatedAt > ticket.updatedAt).toBe(true);
  });

  it('lets exactly one of two agents accepting at once win; the other gets ERR_TICKET_ALREADY_ACCEPTED', async () => {
    const ticket = await pendingTicket(queueA);

    const [first, second] = await Promise.all([
      put(agentA1.token, ticket.id, { status: 'open', userId: agentA1.id }),
      put(agentA2.token, ticket.id, { status: 'open', userId: agentA2.id }),
    ]);

    const statuses = [first.status, second.status].sort();
    expect(statuses).toEqual([200, 409]);
    const winner = first.status === 200 ? first : second;
    const loser = first.status === 200 ? second : first;
    expect(loser.body).toEqual({ error: 'ERR_TICKET_ALREADY_ACCEPTED' });
    expect((await show(tenant.admin.token, ticket.id)).body).toMatchObject({ status: 'open', userId: winner.body.userId });
  });

  it.each([1, 2, 3, 4, 5])(
    "lets exactly one agent win when three race to accept with the spec's payload (status open, without or with their own userId), round %i",
    async () => {
      const ticket = await pendingTicket(queueA);

      const responses = await Promise.all([
        put(agentA1.token, ticket.id, { status: 'open' }),
        put(agentA2.token, ticket.id, { status: 'open' }),
        put(agentAllTicket.token, ticket.id, { status: 'open', userId: agentAllTicket.id }),
      ]);

      const winners = responses.filter((response) => response.status === 200);
      expect(winners).toHaveLength(1);
      expect(responses.filter((response) => response.status !== 200)).toEqual([
        { status: 409, body: { error: 'ERR_TICKET_ALREADY_ACCEPTED' } },
        { status: 409, body: { error: 'ERR_TICKET_ALREADY_ACCEPTED' } },
      ]);
      expect((await show(tenant.admin.token, ticket.id)).body).toMatchObject({ status: 'open', userId: winners[0]!.body.userId });
    },
  );

  it("answers ERR_TICKET_ALREADY_ACCEPTED to a later accept with the spec's payload, and nothing to do to the holder's", async () => {
    const ticket = await pendingTicket(queueA);
    expect((await put(agentA1.token, ticket.id, { status: 'open' })).status).toBe(200);

    expect(await put(agentA2.token, ticket.id, { status: 'open' })).toEqual({ status: 409, body: { error: 'ERR_TICKET_ALREADY_ACCEPTED' } });
    expect(await put(agentA2.token, ticket.id, { status: 'open', userId: agentA2.id })).toEqual({
      status: 409,
      body: { error: 'ERR_TICKET_ALREADY_ACCEPTED' },
    });
    expect(await put(agentA1.token, ticket.id, { status: 'open' })).toMatchObject({ status: 200, body: { status: 'open', userId: agentA1.id } });
  });

  it('answers an accept of a ticket finished meanwhile with ERR_TICKET_STATUS_CHANGED instead of reopening it', async () => {
    const ticket = await pendingTicket(queueA);
    expect((await put(tenant.admin.token, ticket.id, { status: 'closed' })).status).toBe(200);

    const response = await put(agentA1.token, ticket.id, { action: 'accept', status: 'open' });

    expect(response).toEqual({ status: 409, body: { error: 'ERR_TICKET_STATUS_CHANGED' } });
    expect((await show(tenant.admin.token, ticket.id)).body.status).toBe('closed');
  });

  it('returns an open ticket to pending and clears its user; returning a pending one is refused', async () => {
    const ticket = await pendingTicket(queueA);
    await put(agentA1.token, ticket.id, { status: 'open' });

    const response = await put(agentA1.token, ticket.id, { status: 'pending' });

    expect(response).toMatchObject({ status: 200, body: { status: 'pending', userId: null, user: null } });
    expect(await put(agentA1.token, ticket.id, { action: 'return' })).toEqual({ status: 409, body: { error: 'ERR_TICKET_STATUS_CHANGED' } });
  });

  it('finishes: closed, the caller recorded, queue kept, integration and prompt cleared, the contact free for a new ticket', async () => {
    const contact = await newContact(tenant.companyId);
    const ticket = await openTicket(agentA1.token, { contactId: contact.id, queueId: queueA });
    const edited = await put(agentA1.token, ticket.id, { useIntegration: true, promptId: 'P1', integrationId: 'I1' });
    expect(edited.body).toMatchObject({ useIntegration: true, promptId: 'P1', integrationId: 'I1', status: 'open' });

    const response = await put(tenant.admin.token, ticket.id, { status: 'closed', userId: tenant.admin.id });

    expect(response.status).toBe(200);
    expect(response.body).toMatchObject({
      status: 'closed',
      userId: tenant.admin.id,
      queueId: queueA,
      useIntegration: false,
      promptId: null,
      integrationId: null,
    });
    expect((await post(agentA1.token, { contactId: contact.id, queueId: queueA })).status).toBe(201);
  });

  it('reopens a closed ticket for the caller, unless the contact has another open ticket (ERR_OTHER_OPEN_TICKET)', async () => {
    const contact = await newContact(tenant.companyId);
    const ticket = await openTicket(agentA1.token, { contactId: contact.id, queueId: queueA });
    await put(agentA1.token, ticket.id, { status: 'closed' });

    const reopened = await put(agentA2.token, ticket.id, { status: 'open', userId: agentA2.id });
    expect(reopened).toMatchObject({ status: 200, body: { status: 'open', userId: agentA2.id, queueId: queueA } });

    await put(agentA2.token, ticket.id, { status: 'closed' });
    const newer = await openTicket(agentA1.token, { contactId: contact.id, queueId: queueA });
    const refused = await put(agentA2.token, ticket.id, { status: 'open' });
    expect(refused).toMatchObject({ status: 409, body: { error: 'ERR_OTHER_OPEN_TICKET', details: { ticketId: newer.id } } });
    expect((await show(tenant.admin.token, ticket.id)).body.status).toBe('closed');
  });

  it('transfers to a queue and a user (open, theirs), or to a queue only (pending, nobody), optionally with a connection', async () => {
    const ticket = await openTicket(agentA1.token, { contactId: (await newContact(tenant.companyId)).id, queueId: queueA });

    const toUser = await put(agentA1.token, ticket.id, { queueId: queueB, userId: agentB.id });
    expect(toUser).toMatchObject({ status: 200, body: { status: 'open', queueId: queueB, userId: agentB.id, user: { id: agentB.id } } });
    // Now outside agent A1's queues.
    expect((await show(agentA1.token, ticket.id)).status).toBe(403);

    const toQueue = await put(agentB.token, ticket.id, { queueId: queueA, status: 'pending', userId: null, whatsappId: otherConnection });
    expect(toQueue).toMatchObject({ status: 200, body: { status: 'pending', queueId: queueA, userId: null, whatsappId: otherConnection } });
  });

  it('refuses a transfer without a queue, to an unknown queue or user, and any change by an agent of another queue', async () => {
    const ticket = await pendingTicket(queueA);

    expect(await put(agentA1.token, ticket.id, { action: 'transfer', userId: agentA2.id })).toMatchObject({
      status: 400,
      body: { error: 'ERR_VALIDATION', fields: [{ path: 'queueId', message: 'Selecione uma fila' }] },
    });
    expect(await put(agentA1.token, ticket.id, { queueId: ulid() })).toEqual({ status: 404, body: { error: 'ERR_NO_QUEUE_FOUND' } });
    expect(await put(agentA1.token, ticket.id, { queueId: queueB, userId: ulid() })).toEqual({ status: 404, body: { error: 'ERR_NO_USER_FOUND' } });
    expect(await put(agentB.token, ticket.id, { status: 'open' })).toEqual({
      status: 403,
      body: { error: 'ERR_NO_PERMISSION', message: 'Acesso não permitido' },
    });
    expect((await show(tenant.admin.token, ticket.id)).body).toMatchObject({ status: 'pending', queueId: queueA, userId: null });
  });

  it.each([
    ['an unknown status', { status: 'archived' }, 'status', 'Invalid status'],
    ['an unknown action', { action: 'steal' }, 'action', 'Invalid action'],
    ['a non-boolean useIntegration', { useIntegration: 'yes' }, 'useIntegration', 'Invalid value'],
    ['a malformed user id', { userId: '../x' }, 'userId', 'Invalid id'],
  ])('refuses %s with 400 ERR_VALIDATION', async (_case, body, path, message) => {
    const ticket = await pendingTicket(queueA);

    expect(await put(tenant.admin.token, ticket.id, body)).toMatchObject({ status: 400, body: { error: 'ERR_VALIDATION', fields: [{ path, message }] } });
  });

  it('answers 404 for a ticket that does not exist', async () => {
    expect(await put(tenant.admin.token, ulid(), { status: 'open' })).toEqual({ status: 404, body: { error: 'ERR_NO_TICKET_FOUND' } });
  });
});

describe('a ticket another agent attends', () => {
  const refusedTo = (holder: TicketDto) => ({
    status: 403,
    body: { error: 'ERR_NO_PERMISSION', message: 'Acesso não permitido', details: { user: { id: holder.userId, name: holder.user?.name } } },
  });
  const sendMessage = (token: string, ticketId: string, body: string) => cloud.api(`/messages/${ticketId}`, { method: 'POST', token, body: { body } });

  it('lets a colleague of the queue read it and add a note, but not return, finish, transfer, edit, re-accept or write to it', async () => {
    const ticket = await openTicket(agentA1.token, { contactId: (await newContact(tenant.companyId)).id, queueId: queueA });
    const refused = refusedTo(ticket);

    expect(await put(agentA2.token, ticket.id, { status: 'pending' })).toEqual(refused);
    expect(await put(agentA2.token, ticket.id, { action: 'return', status: 'pending', userId: null })).toEqual(refused);
    expect(await put(agentA2.token, ticket.id, { status: 'closed', userId: agentA2.id })).toEqual(refused);
    expect(await put(supervisor.token, ticket.id, { action: 'finish', status: 'closed' })).toEqual(refused);
    expect(await put(agentA2.token, ticket.id, { queueId: queueB })).toEqual(refused);
    expect(await put(agentA2.token, ticket.id, { action: 'transfer', queueId: queueA, userId: agentA2.id })).toEqual(refused);
    expect(await put(agentA2.token, ticket.id, { useIntegration: true })).toEqual(refused);
    expect(await put(agentA2.token, ticket.id, { action: 'accept', status: 'open', userId: agentA2.id })).toEqual({
      status: 409,
      body: { error: 'ERR_TICKET_ALREADY_ACCEPTED' },
    });
    expect(await sendMessage(agentA2.token, ticket.id, 'Deixa comigo')).toEqual(refused);

    expect((await show(agentA2.token, ticket.id)).status).toBe(200);
    expect((await cloud.api(`/messages/${ticket.id}`, { token: agentA2.token })).status).toBe(200);
    const note = await cloud.api('/ticket-notes', { method: 'POST', token: agentA2.token, body: { ticketId: ticket.id, note: 'Cliente ligou de novo' } });
    expect(note).toMatchObject({ status: 201, body: { ticketId: ticket.id, userId: agentA2.id } });
    expect((await show(tenant.admin.token, ticket.id)).body).toMatchObject({ status: 'open', userId: agentA1.id, queueId: queueA, useIntegration: false });
    expect(await messagesOf(tenant, ticket.id)).toEqual([]);
  });

  it('lets the holder work it, and an admin write to it, take it by a transfer, return it and finish it', async () => {
    const ticket = await openTicket(agentA1.token, { contactId: (await newContact(tenant.companyId)).id, queueId: queueA });
    expect((await sendMessage(agentA1.token, ticket.id, 'Olá, sou a agente')).status).toBe(201);

    expect((await sendMessage(tenant.admin.token, ticket.id, 'Olá, sou a gestora')).status).toBe(201);
    const taken = await put(tenant.admin.token, ticket.id, { action: 'transfer', queueId: queueA, userId: tenant.admin.id });
    expect(taken).toMatchObject({ status: 200, body: { status: 'open', userId: tenant.admin.id } });
    // Now the admin attends it: the agent who had it is a colleague like any other.
    expect(await sendMessage(agentA1.token, ticket.id, 'Ainda estou aqui')).toMatchObject({ status: 403, body: { error: 'ERR_NO_PERMISSION' } });
    expect(await put(tenant.admin.token, ticket.id, { status: 'pending' })).toMatchObject({ status: 200, body: { status: 'pending', userId: null } });
    expect(await put(agentA2.token, ticket.id, { status: 'open' })).toMatchObject({ status: 200, body: { status: 'open', userId: agentA2.id } });
    expect(await put(tenant.admin.token, ticket.id, { status: 'closed' })).toMatchObject({ status: 200, body: { status: 'closed' } });
  });
});

// ---- the server's own messages ------------------------------------------------------------------------

describe('messages the server sends on transitions', () => {
  let company: Tenant;
  let queueX: string;

  beforeAll(async () => {
    company = await createTenant(cloud);
    queueX = await newQueue(company, 'Vendas', '#1d4ed8');
  });

  it('greets the contact on accept when sendGreetingAccepted is enabled, never a group, and not when disabled', async () => {
    const maria = await newContact(company.companyId, { name: 'Maria Clara Souza' });
    const group = await newContact(company.companyId, { name: 'Grupo da Família', isGroup: true });
    const quiet = await newContact(company.companyId);
    const [toGreet, ofGroup] = [await pendingTicket(company.queueId, company, maria), await pendingTicket(company.queueId, company, group)];
    await setSetting(company, 'sendGreetingAccepted', 'enabled');

    await put(company.admin.token, toGreet.id, { status: 'open' });
    await put(company.admin.token, ofGroup.id, { status: 'open' });
    await setSetting(company, 'sendGreetingAccepted', 'disabled');
    const notGreeted = await pendingTicket(company.queueId, company, quiet);
    await put(company.admin.token, notGreeted.id, { status: 'open' });

    const [greeting] = await messagesOf(company, toGreet.id);
    expect(greeting).toMatchObject({ fromMe: true, bot: true, userId: null });
    expect(greeting?.body).toMatch(/^(Bom dia|Boa tarde|Boa noite) \*Maria\*, meu nome é \*Admin [^*]+\* e agora vou prosseguir com seu atendimento!$/);
    expect(await messagesOf(company, ofGroup.id)).toEqual([]);
    expect(await messagesOf(company, notGreeted.id)).toEqual([]);
    expect((await show(company.admin.token, toGreet.id)).body.lastMessage).toBe(greeting?.body);
  });

  it('tells the contact of a transfer when sendMsgTransfTicket is enabled', async () => {
    const ticket = await pendingTicket(company.queueId, company);
    await setSetting(company, 'sendMsgTransfTicket', 'enabled');

    await put(company.admin.token, ticket.id, { queueId: queueX });

    const [notice] = await messagesOf(company, ticket.id);
    expect(notice?.body).toBe('*Mensagem automática*: você foi transferido(a) para o setor *Vendas*. Aguarde, já vamos te atender!');
    await setSetting(company, 'sendMsgTransfTicket', 'disabled');
  });

  it('asks for a rating on finish when userRating is enabled, and records a 1-3 answer once', async () => {
    const ticket = await pendingTicket(company.queueId, company);
    await put(company.admin.token, ticket.id, { status: 'open' });
    await setSetting(company, 'userRating', 'enabled');

    await put(company.admin.token, ticket.id, { status: 'closed' });

    const [prompt] = await messagesOf(company, ticket.id);
    expect(prompt?.body).toContain('*1* - Insatisfeito');
    const stored = await getTicket(company.companyId, ticket.id, true);
    expect(stored?.awaitingRatingUntil).toEqual(expect.any(String));
    expect(await recordRating(company.companyId, ticket.id, 3)).toBe(true);
    expect(await recordRating(company.companyId, ticket.id, 1)).toBe(false);
    const attendance = await dynamo().send(
      new GetCommand({ TableName: cloud.tableName, Key: keys.attendance(company.companyId, ticket.id, String(stored?.attendanceId)) }),
    );
    expect(attendance.Item).toMatchObject({ rating: 3, status: 'closed', userId: company.admin.id });
    expect((await getTicket(company.companyId, ticket.id, true))?.awaitingRatingUntil).toBeNull();
    await setSetting(company, 'userRating', 'disabled');
  });

  it('ends the rating wait on a reply that is not a rating, and never takes a rating without a wait', async () => {
    const ticket = await pendingTicket(company.queueId, company);
    await setSetting(company, 'userRating', 'enabled');
    await put(company.admin.token, ticket.id, { status: 'closed' });
    await setSetting(company, 'userRating', 'disabled');

    await endRatingWait(company.companyId, ticket.id);

    expect(await recordRating(company.companyId, ticket.id, 2)).toBe(false);
    await expect(recordRating(company.companyId, ticket.id, 4)).rejects.toThrow(RangeError);
  });
});

// ---- deletion ------------------------------------------------------------------------------------------

describe('DELETE /tickets/{id}', () => {
  it('removes the ticket, its uuid, its messages and its open slot, for admins only', async () => {
    const contact = await newContact(tenant.companyId);
    const ticket = await openTicket(tenant.admin.token, { contactId: contact.id, queueId: queueA });
    const message = await cloud.api(`/messages/${ticket.id}`, { method: 'POST', token: tenant.admin.token, body: { body: 'olá, tudo bem?' } });
    expect(message.status).toBe(201);

    expect(await cloud.api(`/tickets/${ticket.id}`, { method: 'DELETE', token: agentA1.token })).toEqual({
      status: 403,
      body: { error: 'ERR_NO_PERMISSION' },
    });
    expect((await cloud.api(`/tickets/${ticket.id}`, { method: 'DELETE', token: tenant.admin.token })).status).toBe(204);

    expect((await show(tenant.admin.token, ticket.id)).status).toBe(404);
    expect((await cloud.api(`/tickets/u/${ticket.uuid}`, { token: tenant.admin.token })).status).toBe(404);
    expect(await messagesOf(tenant, ticket.id)).toEqual([]);
    expect((await post(tenant.admin.token, { contactId: contact.id, queueId: queueA })).status).toBe(201);
    expect(await cloud.api(`/tickets/${ticket.id}`, { method: 'DELETE', token: tenant.admin.token })).toEqual({
      status: 404,
      body: { error: 'ERR_NO_TICKET_FOUND' },
    });
  });
});

// ---- the list ------------------------------------------------------------------------------------------

describe('GET /tickets', () => {
  /** A company of its own, so the counts of the lists are exact. */
  let company: Tenant;
  let q1: string;
  let q2: string;
  let user1: SignedInUser;
  let user2: SignedInUser;
  let boss: SignedInUser;
  const made: Record<string, TicketDto> = {};

  beforeAll(async () => {
    company = await createTenant(cloud);
    q1 = company.queueId;
    q2 = await newQueue(company, 'Suporte', '#7c3aed');
    user1 = await addUser(cloud, company, 'user', [q1]);
    user2 = await addUser(cloud, company, 'user', [q2]);
    boss = await addUser(cloud, company, 'supervisor', [q1]);
    made.pending1 = await pendingTicket(q1, company);
    made.open1 = await openTicket(user1.token, { contactId: (await newContact(company.companyId)).id, queueId: q1 });
    made.pending2 = await pendingTicket(q2, company);
    made.open2 = await openTicket(user2.token, { contactId: (await newContact(company.companyId)).id, queueId: q2 });
    made.noQueue = await pendingTicket(null, company);
    made.closed1 = await openTicket(user1.token, { contactId: (await newContact(company.companyId)).id, queueId: q1 });
    await put(user1.token, made.closed1.id, { status: 'closed' });
    made.adminOpen = await openTicket(company.admin.token, { contactId: (await newContact(company.companyId)).id, queueId: q1 });
  });

  it('lists by status, newest change first: with showAll every queue, without it the caller\'s queues (and no queue with allTicket)', async () => {
    expect(idsOf((await list(company.admin.token, 'status=pending&showAll=true')).tickets)).toEqual([made.noQueue?.id, made.pending2?.id, made.pending1?.id]);
    expect(idsOf((await list(company.admin.token, 'status=pending')).tickets)).toEqual([made.noQueue?.id, made.pending1?.id]);
    expect(idsOf((await list(company.admin.token, 'status=open&showAll=true')).tickets)).toEqual([
      made.adminOpen?.id,
      made.open2?.id,
      made.open1?.id,
    ]);
    expect(idsOf((await list(company.admin.token, 'status=closed&showAll=true')).tickets)).toEqual([made.closed1?.id]);
  });

  it("never gives a plain user a ticket of another queue or without queue, whatever the parameters; showAll is ignored", async () => {
    const forbidden = [made.pending2?.id, made.open2?.id, made.noQueue?.id];
    const queries = [
      '',
      'status=pending',
      'status=open&showAll=true',
      'status=closed&showAll=true',
      `queueIds=${encodeURIComponent(JSON.stringify([q2]))}&showAll=true`,
      `queueIds=${q2},none`,
      `users=${user2.id}&showAll=true`,
      `searchParam=Cliente&showAll=true`,
      `withUnreadMessages=false&showAll=1&companyId=${tenant.companyId}`,
    ];
    for (const query of queries) {
      const { tickets } = await list(user1.token, query);
      expect(idsOf(tickets).filter((id) => forbidden.includes(id))).toEqual([]);
    }
    expect(idsOf((await list(user1.token, 'status=pending&showAll=true')).tickets)).toEqual([made.pending1?.id]);
    expect(idsOf((await list(user1.token, 'status=open&showAll=true')).tickets)).toEqual([made.adminOpen?.id, made.open1?.id]);
    expect(idsOf((await list(user1.token, 'status=closed')).tickets)).toEqual([made.closed1?.id]);
  });

  it('keeps a supervisor to their own queues even with showAll (show-all is for admins), and gives an agent with allTicket the tickets without queue', async () => {
    expect(idsOf((await list(boss.token, 'status=open&showAll=true')).tickets)).toEqual([made.adminOpen?.id, made.open1?.id]);
    const allTicketUser = await addUser(cloud, company, 'user', [q1]);
    await cloud.api(`/users/${allTicketUser.id}`, { method: 'PUT', token: company.admin.token, body: { allTicket: 'enabled' } });
    expect(idsOf((await list(allTicketUser.token, 'status=pending')).tickets)).toEqual([made.noQueue?.id, made.pending1?.id]);
  });

  it('narrows to queueIds (tickets without queue stay for those who may see them)', async () => {
    expect(idsOf((await list(company.admin.token, `status=pending&showAll=true&queueIds=${encodeURIComponent(JSON.stringify([q1]))}`)).tickets)).toEqual([
      made.noQueue?.id,
      made.pending1?.id,
    ]);
  });

  it('filters by users, by tags (any of them) and by unread messages', async () => {
    const tag = await cloud.api('/tags', { method: 'POST', token: company.admin.token, body: { name: 'Urgente', color: '#ff0000' } });
    await cloud.api('/tags/sync', { method: 'POST', token: company.admin.token, body: { ticketId: made.pending2?.id, tags: [{ id: tag.body.id }] } });
    await dynamo().send(
      new UpdateCommand({
        TableName: cloud.tableName,
        Key: keys.ticket(company.companyId, String(made.open1?.id)),
        UpdateExpression: 'SET unreadMessages = :two',
        ExpressionAttributeValues: { ':two': 2 },
      }),
    );

    expect(idsOf((await list(company.admin.token, `showAll=true&users=${encodeURIComponent(JSON.stringify([user1.id]))}`)).tickets)).toEqual([
      made.closed1?.id,
      made.open1?.id,
    ]);
    expect(idsOf((await list(company.admin.token, `showAll=true&tags=${encodeURIComponent(JSON.stringify([tag.body.id, ulid()]))}`)).tickets)).toEqual([
      made.pending2?.id,
    ]);
    expect(idsOf((await list(company.admin.token, 'showAll=true&withUnreadMessages=true')).tickets)).toEqual([made.open1?.id]);
  });

  it('filters by creation day and by day of the last change (company time)', async () => {
    const closed = (await show(company.admin.token, String(made.closed1?.id))).body as TicketDto;
    const createdDay = companyDay(new Date(closed.createdAt));
    const changedDay = companyDay(new Date(closed.updatedAt));

    const byCreation = (await list(company.admin.token, `showAll=true&date=${createdDay}`)).tickets;
    const byChange = (await list(company.admin.token, `showAll=true&status=closed&updatedAt=${changedDay}`)).tickets;

    expect(idsOf(byCreation)).toContain(closed.id);
    expect(byCreation.every((ticket) => companyDay(new Date(ticket.createdAt)) === createdDay)).toBe(true);
    expect(idsOf(byChange)).toEqual([closed.id]);
    expect((await list(company.admin.token, 'showAll=true&date=2020-01-01')).tickets).toEqual([]);
    expect((await list(company.admin.token, `showAll=true&updatedAt=${addDays(changedDay, 1)}`)).tickets).toEqual([]);
  });

  it('finds tickets by contact name, by number and by a word of their messages', async () => {
    const contact = await newContact(company.companyId, { name: 'Joaquim Nabuco' });
    const ticket = await openTicket(company.admin.token, { contactId: contact.id, queueId: q1 });
    const sent = await cloud.api(`/messages/${ticket.id}`, { method: 'POST', token: company.admin.token, body: { body: 'Seu boleto de novembro' } });
    expect(sent.status).toBe(201);

    expect(idsOf((await list(company.admin.token, 'searchParam=joaquim&showAll=true')).tickets)).toEqual([ticket.id]);
    expect(idsOf((await list(company.admin.token, `searchParam=${contact.number.slice(0, 9)}&showAll=true`)).tickets)).toContain(ticket.id);
    expect(idsOf((await list(company.admin.token, 'searchParam=Boleto&showAll=true')).tickets)).toEqual([ticket.id]);
    expect((await list(company.admin.token, 'searchParam=boleto&status=pending&showAll=true')).tickets).toEqual([]);
  });

  it.each([
    ['an unknown status', 'status=archived', 'status'],
    ['page 0', 'pageNumber=0', 'pageNumber'],
    ['an impossible date', 'date=2025-02-30', 'date'],
    ['a malformed tag list', 'tags=%5B%22a%22', 'tags'],
    ['a forged cursor', `cursor=${Buffer.from('k:not-a-key').toString('base64url')}`, 'cursor'],
    ['an unknown flag value', 'showAll=maybe', 'showAll'],
  ])('refuses %s with 400 ERR_VALIDATION', async (_case, query, path) => {
    expect(await cloud.api(`/tickets?${query}`, { token: company.admin.token })).toMatchObject({
      status: 400,
      body: { error: 'ERR_VALIDATION', fields: [{ path }] },
    });
  });
});

describe('GET /tickets paging', () => {
  it('pages 20 at a time by cursor (and by pageNumber), newest first, with hasMore', async () => {
    const company = await createTenant(cloud);
    const created: string[] = [];
    for (let index = 0; index < 25; index += 1) created.push((await pendingTicket(company.queueId, company)).id);
    const newestFirst = [...created].reverse();

    const first = await list(company.admin.token, 'status=pending');
    const second = await list(company.admin.token, `status=pending&cursor=${first.nextCursor}`);
    const byNumber = await list(company.admin.token, 'status=pending&pageNumber=2');

    expect(first).toMatchObject({ hasMore: true, nextCursor: expect.any(String) });
    expect(idsOf(first.tickets)).toEqual(newestFirst.slice(0, 20));
    expect(second).toMatchObject({ hasMore: false, nextCursor: null });
    expect(idsOf(second.tickets)).toEqual(newestFirst.slice(20));
    expect(idsOf(byNumber.tickets)).toEqual(newestFirst.slice(20));
  });
});

// ---- unread, tags, kanban ------------------------------------------------------------------------------

describe('unread counters', () => {
  it('resets the counter when the ticket is read, telling the list rooms (updateUnread)', async () => {
    const ticket = await pendingTicket(queueA);
    await dynamo().send(
      new UpdateCommand({
        TableName: cloud.tableName,
        Key: keys.ticket(tenant.companyId, ticket.id),
        UpdateExpression: 'SET unreadMessages = :three',
        ExpressionAttributeValues: { ':three': 3 },
      }),
    );
    const socket = await harness.connect(cloud, agentA2.token);
    await socket.act({ action: 'joinTickets', status: 'pending' });

    expect(await markTicketRead(tenant.companyId, ticket.id)).toBe(true);
    expect(await markTicketRead(tenant.companyId, ticket.id)).toBe(false);

    await socket.waitFor((frame) => frame.event === `company-${tenant.companyId}-ticket` && (frame.data as { action: string }).action === 'updateUnread');
    expect((await show(agentA2.token, ticket.id)).body.unreadMessages).toBe(0);
  });
});

describe('POST /tags/sync and the kanban lanes', () => {
  async function newTag(owner: Tenant, kanban: 0 | 1): Promise<string> {
    const response = await cloud.api('/tags', { method: 'POST', token: owner.admin.token, body: { name: `Tag ${ulid().slice(-8)}`, color: '#0f766e', kanban } });
    expect(response.status).toBe(201);
    return response.body.id;
  }
  const countOf = async (owner: Tenant, tagId: string) => (await cloud.api(`/tags/${tagId}`, { token: owner.admin.token })).body.ticketsCount;

  it("sets exactly the given tags and keeps every tag's ticket counter", async () => {
    const [t1, t2, t3] = [await newTag(tenant, 0), await newTag(tenant, 0), await newTag(tenant, 0)];
    const ticket = await pendingTicket(queueA);

    const first = await cloud.api('/tags/sync', { method: 'POST', token: agentA1.token, body: { ticketId: ticket.id, tags: [{ id: t1 }, { id: t2 }] } });
    expect(first.status).toBe(200);
    expect(first.body.tags).toEqual([t1, t2]);
    const second = await cloud.api('/tags/sync', { method: 'POST', token: agentA1.token, body: { ticketId: ticket.id, tags: [{ id: t2 }, { id: t3 }] } });

    expect(second.body.tags).toEqual([t2, t3]);
    expect([await countOf(tenant, t1), await countOf(tenant, t2), await countOf(tenant, t3)]).toEqual([0, 1, 1]);
  });

  it('refuses an unknown tag with ERR_NO_TAG_FOUND and changes nothing', async () => {
    const t1 = await newTag(tenant, 0);
    const ticket = await pendingTicket(queueA);

    const response = await cloud.api('/tags/sync', { method: 'POST', token: tenant.admin.token, body: { ticketId: ticket.id, tags: [{ id: t1 }, { id: ulid() }] } });

    expect(response).toEqual({ status: 404, body: { error: 'ERR_NO_TAG_FOUND' } });
    expect(await countOf(tenant, t1)).toBe(0);
    expect((await show(tenant.admin.token, ticket.id)).body.tags).toEqual([]);
  });

  it.each([
    ['no ticket', { tags: [] }, 'ticketId'],
    ['tags that are not a list', { ticketId: 'T1', tags: 'x' }, 'tags'],
    ['21 tags', { ticketId: 'T1', tags: Array.from({ length: 21 }, (_, index) => ({ id: `t${index}` })) }, 'tags'],
  ])('refuses %s with 400', async (_case, body, path) => {
    expect(await cloud.api('/tags/sync', { method: 'POST', token: tenant.admin.token, body })).toMatchObject({
      status: 400,
      body: { error: 'ERR_VALIDATION', fields: [{ path }] },
    });
  });

  it('moves a ticket between kanban lanes keeping its other tags, and back to Em aberto', async () => {
    const [plain, laneA, laneB] = [await newTag(tenant, 0), await newTag(tenant, 1), await newTag(tenant, 1)];
    const ticket = await pendingTicket(queueA);
    await cloud.api('/tags/sync', { method: 'POST', token: tenant.admin.token, body: { ticketId: ticket.id, tags: [{ id: plain }, { id: laneA }] } });

    const moved = await cloud.api(`/ticket-tags/${ticket.id}/${laneB}`, { method: 'PUT', token: agentA1.token });
    expect(moved.status).toBe(200);
    expect([...moved.body.tags].sort()).toEqual([plain, laneB].sort());

    const board = await cloud.api('/ticket/kanban', { token: tenant.admin.token });
    expect(board.status).toBe(200);
    expect(board.body.tickets.find((card: { id: string }) => card.id === ticket.id)).toMatchObject({
      uuid: ticket.uuid,
      number: ticket.number,
      tags: expect.arrayContaining([plain, laneB]),
      contact: { name: ticket.contact.name, number: ticket.contact.number },
      lastMessage: '',
    });

    const back = await cloud.api(`/ticket-tags/${ticket.id}`, { method: 'DELETE', token: agentA1.token });
    expect(back.body.tags).toEqual([plain]);
    expect([await countOf(tenant, plain), await countOf(tenant, laneA), await countOf(tenant, laneB)]).toEqual([1, 0, 0]);
    expect(await cloud.api(`/ticket-tags/${ticket.id}/${plain}`, { method: 'PUT', token: agentA1.token })).toMatchObject({
      status: 404,
      body: { error: 'ERR_NO_TAG_FOUND' },
    });
  });

  it('never shows an agent a card of another queue, even with showAll', async () => {
    const ofB = await pendingTicket(queueB);

    const board = await cloud.api(`/ticket/kanban?showAll=true&queueIds=${encodeURIComponent(JSON.stringify([queueB]))}`, { token: agentA1.token });

    expect(board.status).toBe(200);
    expect(idsOf(board.body.tickets)).not.toContain(ofB.id);
    expect(idsOf((await cloud.api('/ticket/kanban', { token: tenant.admin.token })).body.tickets)).toContain(ofB.id);
  });

  it('offers the board and its lanes only when the plan has kanban', async () => {
    const noKanban = await createTenant(cloud, { useKanban: false });
    const ticket = await pendingTicket(noKanban.queueId, noKanban);

    expect(await cloud.api('/ticket/kanban', { token: noKanban.admin.token })).toEqual({ status: 403, body: { error: 'ERR_NO_PERMISSION' } });
    expect((await cloud.api(`/ticket-tags/${ticket.id}/${ulid()}`, { method: 'PUT', token: noKanban.admin.token })).status).toBe(403);
    expect((await cloud.api(`/ticket-tags/${ticket.id}`, { method: 'DELETE', token: noKanban.admin.token })).status).toBe(403);
  });
});

// ---- realtime ------------------------------------------------------------------------------------------

describe('live ticket events', () => {
  it('shows two agents of the queue a ticket moving from pending to open; an agent of another queue hears nothing', async () => {
    const [first, second, outsider] = [
      await harness.connect(cloud, agentA1.token),
      await harness.connect(cloud, agentA2.token),
      await harness.connect(cloud, agentB.token),
    ];
    for (const socket of [first, second, outsider]) {
      await socket.act({ action: 'joinTickets', status: 'pending' });
      await socket.act({ action: 'joinTickets', status: 'open' });
    }
    const event = `company-${tenant.companyId}-ticket`;
    const ticket = await pendingTicket(queueA);
    for (const socket of [first, second]) {
      await socket.waitFor((frame) => frame.event === event && (frame.data as { ticket?: TicketDto }).ticket?.id === ticket.id);
    }

    await put(agentA1.token, ticket.id, { status: 'open' });

    for (const socket of [first, second]) {
      await socket.waitFor((frame) => frame.event === event && (frame.data as { action: string; ticketId?: string }).action === 'delete' && (frame.data as { ticketId: string }).ticketId === ticket.id);
      const update = await socket.waitFor(
        (frame) => frame.event === event && (frame.data as { ticket?: TicketDto }).ticket?.id === ticket.id && (frame.data as { ticket: TicketDto }).ticket.status === 'open',
      );
      expect(update.data).toMatchObject({ action: 'update', ticket: { status: 'open', userId: agentA1.id } });
    }
    expect(outsider.frames.filter((frame) => JSON.stringify(frame.data).includes(ticket.id))).toEqual([]);
  });
});

// ---- stored shape --------------------------------------------------------------------------------------

describe('stored items', () => {
  it('keeps the uuid pointer and the open slot in the company partitions', async () => {
    const contact = await newContact(tenant.companyId);
    const ticket = await openTicket(tenant.admin.token, { contactId: contact.id, queueId: queueA });

    const pointer = await dynamo().send(new GetCommand({ TableName: cloud.tableName, Key: keys.ticketUuid(tenant.companyId, ticket.uuid) }));
    const slot = await dynamo().send(new GetCommand({ TableName: cloud.tableName, Key: keys.openTicket(tenant.companyId, contact.id, defaultConnection) }));

    expect(pointer.Item).toMatchObject({ ticketId: ticket.id });
    expect(slot.Item).toMatchObject({ ticketId: ticket.id });
  });
});
