/**
 * Schedules obey the ticket rules (docs/architecture.md §8), through the real handlers on the local
 * cloud: a plain user schedules only into tickets they may work (their queues, not attended by another
 * agent), when the schedule is written and again when it is sent; only a schedule's author and admins
 * change or delete it, and what goes out is stored in the name of who last wrote it. And every text a
 * person writes keeps its line breaks, as LF: a schedule to the stored message and the phone, a note, a
 * quick message.
 */
import type { SessionHost } from '../../functions/sessions/host';
import { handleDueMessage } from '../../functions/workers/schedule-due';
import { PNG_BYTES } from './isolation/announcements';
import { postForm } from './isolation/messages';
import { contactOf } from './isolation/schedules';
import type { TestCloud } from '../support/local-cloud';
import { sharedTestCloud } from '../support/shared-cloud';
import { connectSimulated, createSimulatedConnection, sentTo, startSimulatorHost } from '../support/simulated-whatsapp';
import { until } from '../support/until';
import { ifAssigned } from '../support/teardown';
import { addUser, createTenant, type SignedInUser, type Tenant } from '../support/tenants';

let cloud: TestCloud;
let tenant: Tenant;
let host: SessionHost;
/** CONNECTED on the simulator: the company's only connection. */
let connection: string;
/** A second queue, none of the agents' own. */
let otherQueue: string;
/** A plain user of the tenant's first queue. */
let agent: SignedInUser;
/** Another plain user of the same queue. */
let colleague: SignedInUser;

const DAY = 24 * 3600_000;
const ahead = (ms: number) => new Date(Date.now() + ms).toISOString();
const refused = { status: 403, body: { error: 'ERR_NO_PERMISSION', message: 'Acesso não permitido' } };

// `any`: like cloud.api, each test asserts on the shape it expects.
// eslint-disable-next-line @typescript-eslint/no-explicit-any
const schedule = (token: string, body: Record<string, unknown>): Promise<{ status: number; body: any }> =>
  cloud.api('/schedules', { method: 'POST', token, body });
const show = async (id: string) => (await cloud.api(`/schedules/${id}`, { token: tenant.admin.token })).body;

/** A ticket of the contact on the connection, opened through POST /tickets by whoever holds the token. */
async function ticketOf(token: string, contactId: string, queueId: string, status: 'open' | 'pending'): Promise<{ id: string }> {
  const response = await cloud.api('/tickets', { method: 'POST', token, body: { contactId, queueId, whatsappId: connection, status } });
  expect(response.status).toBe(201);
  return response.body;
}

/** Fires the schedule's send now, as its one-shot entry would at its time. */
async function sendNow(stored: { id: string; sendAt: string }) {
  await handleDueMessage({ kind: 'scheduledMessage', companyId: tenant.companyId, scheduleId: stored.id, sendAt: stored.sendAt });
  return show(stored.id);
}

beforeAll(async () => {
  cloud = await sharedTestCloud();
  tenant = await createTenant(cloud);
  host = startSimulatorHost();
  connection = await createSimulatedConnection(cloud, tenant, 'Principal');
  await connectSimulated(cloud, tenant, connection, '5511900000030');
  const queue = await cloud.api('/queue', { method: 'POST', token: tenant.admin.token, body: { name: 'Cobrança', color: '#a16207', greetingMessage: 'Oi' } });
  expect(queue.status).toBe(201);
  otherQueue = queue.body.id;
  agent = await addUser(cloud, tenant, 'user', [tenant.queueId]);
  colleague = await addUser(cloud, tenant, 'user', [tenant.queueId]);
}, 90_000);

afterAll(async () => {
  await ifAssigned(host)?.stop();
  await ifAssigned(cloud)?.stop();
});

describe('a plain user scheduling a message', () => {
  it('is refused a ticket of a queue that is not theirs, named or found on the connection, and the customer gets nothing', async () => {
    const contact = await contactOf(cloud, tenant);
    const ticket = await ticketOf(tenant.admin.token, contact.id, otherQueue, 'pending');

    const named = await schedule(agent.token, { body: 'Pelo ticket de outra fila', contactId: contact.id, sendAt: ahead(DAY), ticketId: ticket.id });
    const found = await schedule(agent.token, { body: 'Pela conexão do ticket', contactId: contact.id, sendAt: ahead(DAY), whatsappId: connection });

    expect(named).toMatchObject(refused);
    expect(found).toMatchObject(refused);
    const listed = await cloud.api(`/schedules?searchParam=${encodeURIComponent(contact.name)}`, { token: tenant.admin.token });
    expect(listed.body.schedules).toEqual([]);
    expect(await sentTo(tenant.companyId, connection, contact.number)).toEqual([]);
  });

  it('is refused a ticket of their own queue that another agent attends, told who attends it', async () => {
    const contact = await contactOf(cloud, tenant);
    const ticket = await ticketOf(colleague.token, contact.id, tenant.queueId, 'open');

    const response = await schedule(agent.token, { body: 'No ticket do colega', contactId: contact.id, sendAt: ahead(DAY), ticketId: ticket.id });

    expect(response).toMatchObject({ ...refused, body: { ...refused.body, details: { user: { id: colleague.id } } } });
  });

  it("goes into a new ticket of the user's queue when the contact has none on the connection, sent in the user's name", async () => {
    const contact = await contactOf(cloud, tenant);
    const created = await schedule(agent.token, { body: 'Seu boleto vence amanhã', contactId: contact.id, sendAt: ahead(DAY) });
    expect(created).toMatchObject({ status: 201, body: { userId: agent.id, whatsappId: connection } });

    const sent = await sendNow(created.body);

    expect(sent).toMatchObject({ status: 'ENVIADA', error: null });
    const ticket = await cloud.api(`/tickets/${sent.ticketId}`, { token: agent.token });
    expect(ticket).toMatchObject({ status: 200, body: { queueId: tenant.queueId, status: 'pending' } });
    const conversation = await cloud.api(`/messages/${sent.ticketId}`, { token: agent.token });
    expect(conversation.body.messages).toEqual([expect.objectContaining({ body: 'Seu boleto vence amanhã', fromMe: true, userId: agent.id })]);
    await until('the phone to get it', async () => (await sentTo(tenant.companyId, connection, contact.number)).length > 0);
  });

  it('ends ERRO with the reason, and sends nothing, when the user may no longer work the ticket when it is due', async () => {
    const mover = await addUser(cloud, tenant, 'user', [tenant.queueId]);
    const contact = await contactOf(cloud, tenant);
    const ticket = await ticketOf(mover.token, contact.id, tenant.queueId, 'open');
    const created = await schedule(mover.token, { body: 'Retorno combinado', contactId: contact.id, sendAt: ahead(DAY), ticketId: ticket.id });
    expect(created.status).toBe(201);
    // The user leaves the ticket's queue before the send time.
    expect((await cloud.api(`/users/${mover.id}`, { method: 'PUT', token: tenant.admin.token, body: { queueIds: [otherQueue] } })).status).toBe(200);

    const failed = await sendNow(created.body);

    expect(failed).toMatchObject({ status: 'ERRO', error: 'ERR_NO_PERMISSION', sentAt: null });
    expect((await cloud.api(`/messages/${ticket.id}`, { token: tenant.admin.token })).body.messages).toEqual([]);
    expect(await sentTo(tenant.companyId, connection, contact.number)).toEqual([]);
  });
});

describe("changing someone else's schedule", () => {
  it("refuses a plain user the edit, the image and the deletion of an admin's schedule, which stays as it was", async () => {
    const contact = await contactOf(cloud, tenant);
    const { body: own } = await schedule(tenant.admin.token, { body: 'Mensagem do admin', contactId: contact.id, sendAt: ahead(DAY) });

    const answers = [
      await cloud.api(`/schedules/${own.id}`, { method: 'PUT', token: agent.token, body: { body: 'Reescrita pelo agente', contactId: contact.id, sendAt: ahead(DAY) } }),
      await postForm(cloud, `/schedules/${own.id}/media-upload`, agent.token, [{ field: 'file', name: 'a.png', bytes: PNG_BYTES }]),
      await cloud.api(`/schedules/${own.id}/media-upload`, { method: 'DELETE', token: agent.token }),
      await cloud.api(`/schedules/${own.id}`, { method: 'DELETE', token: agent.token }),
    ];

    for (const answer of answers) expect(answer).toMatchObject(refused);
    expect(await show(own.id)).toMatchObject({ body: 'Mensagem do admin', userId: tenant.admin.id, mediaName: null, updatedAt: own.updatedAt });
  });

  it('stores what goes out in the name of the admin who last wrote it', async () => {
    const contact = await contactOf(cloud, tenant);
    const { body: created } = await schedule(agent.token, { body: 'Texto do agente', contactId: contact.id, sendAt: ahead(DAY) });
    const byAuthor = await cloud.api(`/schedules/${created.id}`, { method: 'PUT', token: agent.token, body: { body: 'Texto do agente, revisto', contactId: contact.id, sendAt: created.sendAt } });
    expect(byAuthor).toMatchObject({ status: 200, body: { userId: agent.id } });

    const byAdmin = await cloud.api(`/schedules/${created.id}`, { method: 'PUT', token: tenant.admin.token, body: { body: 'Texto do admin', contactId: contact.id, sendAt: created.sendAt } });
    expect(byAdmin).toMatchObject({ status: 200, body: { userId: tenant.admin.id } });
    const sent = await sendNow(byAdmin.body);

    expect(sent.status).toBe('ENVIADA');
    const conversation = await cloud.api(`/messages/${sent.ticketId}`, { token: tenant.admin.token });
    expect(conversation.body.messages).toEqual([expect.objectContaining({ body: 'Texto do admin', userId: tenant.admin.id })]);
  });
});

describe('line breaks of what a person writes', () => {
  it('keep a scheduled message\'s lines, typed with CRLF or LF, from the schedule to the stored message and the phone', async () => {
    const contact = await contactOf(cloud, tenant);
    const { body: created } = await schedule(tenant.admin.token, { body: 'linha 1\r\nlinha 2\nlinha 3', contactId: contact.id, sendAt: ahead(DAY) });
    expect(created.body).toBe('linha 1\nlinha 2\nlinha 3');

    const sent = await sendNow(created);

    const conversation = await cloud.api(`/messages/${sent.ticketId}`, { token: tenant.admin.token });
    expect(conversation.body.messages).toEqual([expect.objectContaining({ body: 'linha 1\nlinha 2\nlinha 3' })]);
    const outbound = await until('the phone to get it', async () => {
      const messages = await sentTo(tenant.companyId, connection, contact.number);
      return messages.length > 0 ? messages : undefined;
    });
    expect(outbound).toEqual([expect.objectContaining({ body: 'linha 1\nlinha 2\nlinha 3' })]);
  });

  it("keep a note's lines as LF", async () => {
    const contact = await contactOf(cloud, tenant);
    const ticket = await ticketOf(tenant.admin.token, contact.id, tenant.queueId, 'open');

    const note = await cloud.api('/ticket-notes', { method: 'POST', token: tenant.admin.token, body: { note: 'ligar amanhã\r\nàs 10h', ticketId: ticket.id } });

    expect(note).toMatchObject({ status: 201, body: { note: 'ligar amanhã\nàs 10h' } });
    const notes = await cloud.api(`/ticket-notes/list?ticketId=${ticket.id}`, { token: tenant.admin.token });
    expect(notes.body).toEqual([expect.objectContaining({ note: 'ligar amanhã\nàs 10h' })]);
  });

  it("keep a quick message's lines as LF, created or changed", async () => {
    const created = await cloud.api('/quick-messages', { method: 'POST', token: tenant.admin.token, body: { shortcode: 'horario', message: 'Seg a sex\r\n8h às 18h' } });
    expect(created).toMatchObject({ status: 201, body: { message: 'Seg a sex\n8h às 18h' } });

    const changed = await cloud.api(`/quick-messages/${created.body.id}`, {
      method: 'PUT',
      token: tenant.admin.token,
      body: { shortcode: 'horario', message: 'Sáb\r\n8h às 12h' },
    });

    expect(changed).toMatchObject({ status: 200, body: { message: 'Sáb\n8h às 12h' } });
  });
});
