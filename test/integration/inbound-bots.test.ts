/**
 * The inbound worker's rules that depend on company settings and on the contact's last ticket, driven
 * by WhatsApp events handed to the worker as the wa-events queue would (no session host needed: the
 * bots' answers are stored on the ticket and queued for the host): groups per `CheckMsgIsGroup`, calls
 * per `call`, out-of-hours per `scheduleType`, and replies to the rating prompt.
 */
import { GetCommand } from '@aws-sdk/lib-dynamodb';
import { ulid } from 'ulid';
import { dynamo } from '../../functions/core/aws/clients';
import { keys } from '../../functions/core/repositories/keys';
import { getTicket } from '../../functions/core/repositories/tickets';
import type { WhatsAppEvent } from '../../functions/core/sessions/events';
import { CALLS_REFUSED } from '../../functions/core/inbound/receive-message';
import { handleWhatsAppEvent } from '../../functions/workers/wa-events';
import type { TestCloud } from '../support/local-cloud';
import { sharedTestCloud } from '../support/shared-cloud';
import { createTenant, type Tenant } from '../support/tenants';
import { ifAssigned } from '../support/teardown';

let cloud: TestCloud;
let tenant: Tenant;
let connectionId: string;
let numbers = 0;

const GREETING = 'Olá! Como podemos ajudar?';
const CLOSED = 'Estamos fechados agora.';

beforeAll(async () => {
  cloud = await sharedTestCloud();
  tenant = await createTenant(cloud);
  const created = await cloud.api('/whatsapp', {
    method: 'POST',
    token: tenant.admin.token,
    body: { name: 'Bots', provider: 'simulator', greetingMessage: GREETING, outOfHoursMessage: CLOSED, queueIds: [tenant.queueId] },
  });
  expect(created.status).toBe(201);
  connectionId = created.body.id;
}, 60_000);

afterAll(async () => {
  await ifAssigned(cloud)?.stop();
});

/** A number no other test uses, so every test starts with a contact WhatsApp has just introduced. */
const newNumber = () => `55119500${String((numbers += 1)).padStart(5, '0')}`;

function message(from: string, body: string, chat: { isGroup: boolean } = { isGroup: false }, whatsappId = connectionId): WhatsAppEvent {
  return {
    type: 'message',
    companyId: tenant.companyId,
    whatsappId,
    chat: { id: from, isGroup: chat.isGroup },
    whatsappMessageId: `B${ulid()}`,
    fromMe: false,
    pushName: 'Joana',
    timestamp: Date.now(),
    mediaType: 'chat',
    body,
    media: null,
    quotedWhatsappMessageId: null,
  };
}

async function setSetting(key: string, value: string): Promise<void> {
  expect((await cloud.api(`/settings/${key}`, { method: 'PUT', token: tenant.admin.token, body: { value } })).status).toBe(200);
}

async function ticketsOf(number: string, status: string) {
  const { body } = await cloud.api(`/tickets?status=${status}&showAll=true`, { token: tenant.admin.token });
  return (body.tickets as { id: string; status: string; contact: { number: string } }[]).filter((ticket) => ticket.contact.number === number);
}

/** The ticket's own messages, oldest first (the conversation also shows the contact's earlier tickets). */
async function bodiesOf(ticketId: string): Promise<string[]> {
  const { body } = await cloud.api(`/messages/${ticketId}`, { token: tenant.admin.token });
  return (body.messages as { body: string; ticketId: string }[])
    .filter((stored) => stored.ticketId === ticketId)
    .map((stored) => stored.body)
    .reverse();
}

async function put(ticketId: string, changes: Record<string, unknown>): Promise<void> {
  expect((await cloud.api(`/tickets/${ticketId}`, { method: 'PUT', token: tenant.admin.token, body: changes })).status).toBe(200);
}

describe('group messages', () => {
  it('are dropped while CheckMsgIsGroup is enabled and kept on the group ticket when it is disabled', async () => {
    const group = `1203630${String(Date.now()).slice(-8)}`;
    await setSetting('CheckMsgIsGroup', 'enabled');
    await handleWhatsAppEvent(message(group, 'no grupo, ignorada', { isGroup: true }));
    expect(await ticketsOf(group, 'pending')).toEqual([]);

    await setSetting('CheckMsgIsGroup', 'disabled');
    await handleWhatsAppEvent(message(group, 'no grupo, guardada', { isGroup: true }));

    const [ticket] = await ticketsOf(group, 'pending');
    expect(ticket).toBeDefined();
    // A group gets no greeting: the bots talk to contacts only.
    expect(await bodiesOf(ticket!.id)).toEqual(['no grupo, guardada']);
  });
});

describe('calls', () => {
  const call = (from: string): WhatsAppEvent => ({
    type: 'call',
    companyId: tenant.companyId,
    whatsappId: connectionId,
    chat: { id: from, isGroup: false },
    callId: ulid(),
    isVideo: false,
    timestamp: Date.now(),
  });

  it('are kept as call logs, and with the call setting disabled the contact is told in writing', async () => {
    const quiet = newNumber();
    const refused = newNumber();

    await setSetting('call', 'enabled');
    await handleWhatsAppEvent(call(quiet));
    await setSetting('call', 'disabled');
    await handleWhatsAppEvent(call(refused));
    await setSetting('call', 'enabled');

    const [allowed] = await ticketsOf(quiet, 'pending');
    const [told] = await ticketsOf(refused, 'pending');
    expect(await bodiesOf(allowed!.id)).toHaveLength(1);
    expect(await bodiesOf(told!.id)).toEqual([expect.any(String), CALLS_REFUSED]);
  });
});

describe('out of hours', () => {
  afterEach(async () => {
    await setSetting('scheduleType', 'disabled');
  });

  it("answers with the connection's out-of-hours message instead of the greeting when the company is closed", async () => {
    const everyDayClosed = [{ weekday: 'Domingo', weekdayEn: 'sunday', startTime: '00:00', endTime: '00:00' }];
    const schedules = await cloud.api(`/companies/${tenant.companyId}/schedules`, { method: 'PUT', token: tenant.admin.token, body: { schedules: everyDayClosed } });
    expect(schedules.status).toBe(200);
    const before = newNumber();
    const closed = newNumber();

    await handleWhatsAppEvent(message(before, 'Oi'));
    await setSetting('scheduleType', 'company');
    await handleWhatsAppEvent(message(closed, 'Oi'));

    const [open] = await ticketsOf(before, 'pending');
    const [shut] = await ticketsOf(closed, 'pending');
    expect(await bodiesOf(open!.id)).toEqual(['Oi', GREETING]);
    expect(await bodiesOf(shut!.id)).toEqual(['Oi', CLOSED]);
  });

  it("answers a queue picked from the menu while it is closed with that queue's out-of-hours message, and the bot stops", async () => {
    const queueClosed = 'O financeiro abre amanhã às 8h.';
    const sundayOnly = [{ weekdayEn: 'sunday', startTime: '00:00', endTime: '00:00' }];
    const queue = await cloud.api('/queue', {
      method: 'POST',
      token: tenant.admin.token,
      body: { name: 'Financeiro', color: '#7c3aed', greetingMessage: 'Financeiro, em que posso ajudar?', outOfHoursMessage: queueClosed, schedules: sundayOnly },
    });
    expect(queue.status).toBe(201);
    const menuConnection = await cloud.api('/whatsapp', {
      method: 'POST',
      token: tenant.admin.token,
      body: { name: 'Menu', provider: 'simulator', greetingMessage: GREETING, queueIds: [tenant.queueId, queue.body.id] },
    });
    expect(menuConnection.status).toBe(201);
    await setSetting('scheduleType', 'queue');
    const number = newNumber();

    await handleWhatsAppEvent(message(number, 'Oi', { isGroup: false }, menuConnection.body.id));
    await handleWhatsAppEvent(message(number, '2', { isGroup: false }, menuConnection.body.id));
    await handleWhatsAppEvent(message(number, 'Alguém?', { isGroup: false }, menuConnection.body.id));

    const [ticket] = await ticketsOf(number, 'pending');
    expect(await bodiesOf(ticket!.id)).toEqual(['Oi', `${GREETING}\n\n*1* - Atendimento\n*2* - Financeiro`, '2', queueClosed, 'Alguém?', queueClosed]);
    const stored = await getTicket(tenant.companyId, ticket!.id, true);
    expect(stored).toMatchObject({ queueId: queue.body.id, chatbot: false });
  });
});

describe('replies to the rating prompt', () => {
  beforeAll(async () => {
    await setSetting('userRating', 'enabled');
  });
  afterAll(async () => {
    await setSetting('userRating', 'disabled');
  });

  /** A contact's ticket answered and finished by the admin: closed, waiting for the rating. */
  async function ratedTicket(number: string): Promise<string> {
    await handleWhatsAppEvent(message(number, 'Oi'));
    const [ticket] = await ticketsOf(number, 'pending');
    await put(ticket!.id, { status: 'open', userId: tenant.admin.id });
    await put(ticket!.id, { status: 'closed' });
    expect((await getTicket(tenant.companyId, ticket!.id, true))?.awaitingRatingUntil).toEqual(expect.any(String));
    return ticket!.id;
  }

  const ratingOf = async (ticketId: string) => {
    const ticket = await getTicket(tenant.companyId, ticketId, true);
    const { Item } = await dynamo().send(
      new GetCommand({ TableName: cloud.tableName, Key: keys.attendance(tenant.companyId, ticketId, String(ticket?.attendanceId)) }),
    );
    return Item?.rating;
  };

  it('records "2" as the rating and stores the reply on the rated ticket, opening no new one', async () => {
    const number = newNumber();
    const ticketId = await ratedTicket(number);

    await handleWhatsAppEvent(message(number, ' 2 '));

    expect(await ratingOf(ticketId)).toBe(2);
    expect((await bodiesOf(ticketId)).at(-1)).toBe(' 2 ');
    expect(await ticketsOf(number, 'pending')).toEqual([]);
  });

  it('ends the wait on any other reply, which opens a new ticket and is stored there', async () => {
    const number = newNumber();
    const ticketId = await ratedTicket(number);

    await handleWhatsAppEvent(message(number, 'Quero falar de novo'));

    expect(await ratingOf(ticketId)).toBeNull();
    expect((await getTicket(tenant.companyId, ticketId, true))?.awaitingRatingUntil).toBeNull();
    const [fresh] = await ticketsOf(number, 'pending');
    expect(await bodiesOf(fresh!.id)).toEqual(['Quero falar de novo', GREETING]);
  });

  it('takes a digit written on a live ticket of the contact as a message of that ticket, not as a rating', async () => {
    const number = newNumber();
    const ratedId = await ratedTicket(number);
    const { body: contact } = await cloud.api(`/contacts?searchParam=${number}`, { token: tenant.admin.token });
    const contactId = (contact.contacts as { id: string }[])[0]!.id;
    const live = await cloud.api('/tickets', {
      method: 'POST',
      token: tenant.admin.token,
      body: { contactId, status: 'open', userId: tenant.admin.id, queueId: tenant.queueId, whatsappId: connectionId },
    });
    expect(live.status).toBe(201);

    await handleWhatsAppEvent(message(number, '3'));

    expect(await ratingOf(ratedId)).toBeNull();
    expect((await bodiesOf(live.body.id)).at(-1)).toBe('3');
  });
});

describe('the menu of a queue picked from the queue menu', () => {
  it("answers the pick with the queue's greeting and its options, then follows the options down to a leaf", async () => {
    const token = tenant.admin.token;
    const queue = await cloud.api('/queue', { method: 'POST', token, body: { name: 'Vendas', color: '#0891b2', greetingMessage: 'Vendas, escolha:' } });
    expect(queue.status).toBe(201);
    const option = async (title: string, message: string, parentId: string | null) => {
      const created = await cloud.api('/queue-options', { method: 'POST', token, body: { queueId: queue.body.id, parentId, title, message } });
      expect(created.status).toBe(201);
      return created.body.id as string;
    };
    await option('Novos', 'Temos novos.', null);
    const used = await option('Usados', 'Sobre usados:', null);
    await option('Garantia', 'Três meses de garantia.', used);
    const menuConnection = await cloud.api('/whatsapp', {
      method: 'POST',
      token,
      body: { name: 'Opções', provider: 'simulator', greetingMessage: GREETING, queueIds: [tenant.queueId, queue.body.id] },
    });
    expect(menuConnection.status).toBe(201);
    const number = newNumber();
    const write = (body: string) => handleWhatsAppEvent(message(number, body, { isGroup: false }, menuConnection.body.id));

    await write('Oi');
    await write('2');
    await write('2');
    await write('1');

    const [ticket] = await ticketsOf(number, 'pending');
    expect(await bodiesOf(ticket!.id)).toEqual([
      'Oi',
      `${GREETING}\n\n*1* - Atendimento\n*2* - Vendas`,
      '2',
      'Vendas, escolha:\n\n*1* - Novos\n*2* - Usados\n\n*#* - Voltar ao menu inicial',
      '2',
      'Sobre usados:\n\n*1* - Garantia\n\n*#* - Voltar ao menu inicial',
      '1',
      'Três meses de garantia.',
    ]);
    expect(await getTicket(tenant.companyId, ticket!.id, true)).toMatchObject({ queueId: queue.body.id, chatbot: false });
  });
});

describe("the queue menu's order", () => {
  it("lists the queues by their 'Ordem da fila (bot)', not as ticked on the connection, and the number picked follows the menu", async () => {
    const token = tenant.admin.token;
    const first = await cloud.api('/queue', { method: 'POST', token, body: { name: 'Cobrança', color: '#b45309', greetingMessage: 'Cobrança, pois não?', orderQueue: 0 } });
    expect(first.status).toBe(201);
    // Ticked first on the connection, but ordered after Cobrança (0) and, at the same order as Atendimento (1), after it by name.
    const tied = await cloud.api('/queue', { method: 'POST', token, body: { name: 'Balcão', color: '#be185d', greetingMessage: 'Balcão aqui.', orderQueue: 1 } });
    expect(tied.status).toBe(201);
    const menuConnection = await cloud.api('/whatsapp', {
      method: 'POST',
      token,
      body: { name: 'Ordem', provider: 'simulator', greetingMessage: GREETING, queueIds: [tied.body.id, tenant.queueId, first.body.id] },
    });
    expect(menuConnection.status).toBe(201);
    const number = newNumber();
    const write = (body: string) => handleWhatsAppEvent(message(number, body, { isGroup: false }, menuConnection.body.id));

    await write('Oi');
    await write('1');

    const [ticket] = await ticketsOf(number, 'pending');
    expect(await bodiesOf(ticket!.id)).toEqual(['Oi', `${GREETING}\n\n*1* - Cobrança\n*2* - Atendimento\n*3* - Balcão`, '1', 'Cobrança, pois não?']);
    expect(await getTicket(tenant.companyId, ticket!.id, true)).toMatchObject({ queueId: first.body.id, chatbot: false });
  });
});
