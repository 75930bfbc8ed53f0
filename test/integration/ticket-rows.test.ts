/**
 * Ticket rows on the local cloud (conversations/ticket-rows.ts): a ticket carries what its list row shows
 * of its contact, queue and user; renaming one through the HTTP API reaches its tickets' rows through
 * the `ticket-rows` queue and its consumer; the consumer replaces a copy only with a newer one, so a
 * repeated or late message leaves the newest copy; a ticket stored before copies existed is still
 * shown whole, and the backfill gives it its copies.
 */
import { PutCommand } from '@aws-sdk/lib-dynamodb';
import { randomUUID } from 'node:crypto';
import { ulid } from 'ulid';
import { dynamo } from '../../functions/core/aws/clients';
import { backfillTicketRows } from '../../functions/core/migrations/backfill-ticket-rows';
import { refreshTicketRows, type TicketRowChange } from '../../functions/core/conversations/ticket-rows';
import { getTicket, ticketItem, type Ticket } from '../../functions/core/repositories/tickets';
import type { TicketDto } from '../../shared/tickets';
import type { TestCloud } from '../support/local-cloud';
import { sharedTestCloud } from '../support/shared-cloud';
import { createTenant, type Tenant } from '../support/tenants';
import { ifAssigned } from '../support/teardown';

let cloud: TestCloud;
let tenant: Tenant;

beforeAll(async () => {
  cloud = await sharedTestCloud();
  tenant = await createTenant(cloud);
});

afterAll(async () => {
  await ifAssigned(cloud)?.stop();
});

let phone = Date.now() % 100_000_000;

async function newContact(name: string): Promise<{ id: string; name: string; number: string }> {
  phone += 1;
  const response = await cloud.api('/contacts', {
    method: 'POST',
    token: tenant.admin.token,
    body: { name, number: `55119${String(phone).padStart(8, '0').slice(-8)}` },
  });
  if (response.status !== 201) throw new Error(`POST /contacts answered ${response.status}: ${JSON.stringify(response.body)}`);
  return response.body;
}

async function newTicket(contactId: string, status: 'pending' | 'open' = 'pending'): Promise<TicketDto> {
  const response = await cloud.api('/tickets', { method: 'POST', token: tenant.admin.token, body: { contactId, queueId: tenant.queueId, status } });
  if (response.status !== 201) throw new Error(`POST /tickets answered ${response.status}: ${JSON.stringify(response.body)}`);
  return response.body;
}

async function rowOf(ticketId: string, status: string): Promise<TicketDto | undefined> {
  const response = await cloud.api(`/tickets?status=${status}&showAll=true`, { token: tenant.admin.token });
  expect(response.status).toBe(200);
  return (response.body.tickets as TicketDto[]).find((ticket) => ticket.id === ticketId);
}

/** Reads the row until it shows what `shows` waits for; fails after `timeoutMs`, with the last row seen. */
async function rowShowing(ticketId: string, status: string, shows: (row: TicketDto) => boolean, timeoutMs = 5000): Promise<TicketDto> {
  const deadline = Date.now() + timeoutMs;
  let last: TicketDto | undefined;
  while (Date.now() < deadline) {
    last = await rowOf(ticketId, status);
    if (last && shows(last)) return last;
    await new Promise((resolve) => setTimeout(resolve, 50));
  }
  throw new Error(`ticket ${ticketId}'s row never showed the change; last seen: ${JSON.stringify(last)}`);
}

describe('a rename through the HTTP API', () => {
  it("shows a contact's new name and number on its tickets' rows", async () => {
    const contact = await newContact('Maria Antiga');
    const ticket = await newTicket(contact.id);
    expect(ticket.contact).toMatchObject({ name: 'Maria Antiga', number: contact.number });

    const renamed = await cloud.api(`/contacts/${contact.id}`, { method: 'PUT', token: tenant.admin.token, body: { name: 'Maria Nova' } });
    expect(renamed.status).toBe(200);

    const row = await rowShowing(ticket.id, 'pending', (shown) => shown.contact.name === 'Maria Nova');
    // The row names the version of the contact it copied, so a client can keep the newest of two pictures.
    expect(row.contact).toEqual({ id: contact.id, name: 'Maria Nova', number: contact.number, profilePicUrl: null, updatedAt: renamed.body.updatedAt });
  });

  it("shows a queue's new name and colour on its tickets' rows", async () => {
    const ticket = await newTicket((await newContact('Cliente da Fila')).id);

    const renamed = await cloud.api(`/queue/${tenant.queueId}`, { method: 'PUT', token: tenant.admin.token, body: { name: 'Suporte Renomeado', color: '#123456' } });
    expect(renamed.status).toBe(200);

    const row = await rowShowing(ticket.id, 'pending', (shown) => shown.queue?.name === 'Suporte Renomeado');
    expect(row.queue).toEqual({ id: tenant.queueId, name: 'Suporte Renomeado', color: '#123456' });
  });

  it("shows a user's new name on the rows of the tickets assigned to them", async () => {
    const ticket = await newTicket((await newContact('Cliente Atendido')).id, 'open');
    expect(ticket.user).toMatchObject({ id: tenant.admin.id });

    const renamed = await cloud.api(`/users/${tenant.admin.id}`, { method: 'PUT', token: tenant.admin.token, body: { name: 'Admin Renomeado' } });
    expect(renamed.status).toBe(200);

    const row = await rowShowing(ticket.id, 'open', (shown) => shown.user?.name === 'Admin Renomeado');
    expect(row.user).toEqual({ id: tenant.admin.id, name: 'Admin Renomeado' });
  });
});

describe('the ticket-rows consumer', () => {
  it('leaves the newest copy when a message comes twice and an older one comes after it', async () => {
    const contact = await newContact('Joana');
    const ticket = await newTicket(contact.id);
    const change = (name: string, at: string): TicketRowChange => ({
      source: 'contact',
      companyId: tenant.companyId,
      entityId: contact.id,
      copy: { name, number: contact.number, profilePicUrl: null, at },
    });
    const newer = change('Joana Nova', '2999-01-02T00:00:00.000Z');
    const older = change('Joana Velha', '2999-01-01T00:00:00.000Z');

    const first = await refreshTicketRows(newer);
    const again = await refreshTicketRows(newer);
    const late = await refreshTicketRows(older);

    expect([first.updated, again.updated, late.updated]).toEqual([1, 0, 0]);
    expect((await getTicket(tenant.companyId, ticket.id, true))?.contactRow).toEqual(newer.copy);
  });

  it('continues a walk longer than its budget in a message of its own, which ends it', async () => {
    const contact = await newContact('Paulo');
    const tickets = [await newTicket(contact.id)];
    // Earlier, closed tickets of the same contact, stored as they are.
    for (let index = 0; index < 2; index += 1) {
      const stored = closedTicketOf(contact.id, index);
      await dynamo().send(new PutCommand({ TableName: cloud.tableName, Item: ticketItem(stored) }));
      tickets.push({ id: stored.id } as TicketDto);
    }
    const change: TicketRowChange = {
      source: 'contact',
      companyId: tenant.companyId,
      entityId: contact.id,
      copy: { name: 'Paulo Novo', number: contact.number, profilePicUrl: null, at: '2999-01-01T00:00:00.000Z' },
    };

    const start = await refreshTicketRows(change, 2);
    expect(start.continuation).toBeDefined();
    const end = await refreshTicketRows(start.continuation as TicketRowChange, 2);

    expect(end.continuation).toBeUndefined();
    expect(start.updated + end.updated).toBe(3);
    for (const { id } of tickets) expect((await getTicket(tenant.companyId, id, true))?.contactRow?.name).toBe('Paulo Novo');
  });
});

describe('a ticket stored before copies existed', () => {
  it('is listed with its contact, queue and user read from their items', async () => {
    const contact = await newContact('Cliente Antigo');
    const stored = { ...closedTicketOf(contact.id, 0), status: 'pending' as const, queueId: tenant.queueId, userId: null, userName: null };
    await dynamo().send(new PutCommand({ TableName: cloud.tableName, Item: ticketItem(stored) }));

    const row = await rowOf(stored.id, 'pending');

    expect(row).toMatchObject({ contact: { id: contact.id, name: 'Cliente Antigo', number: contact.number }, queue: { id: tenant.queueId } });
  });
});

describe('the backfill of row copies', () => {
  it('gives a ticket stored without copies those of its contact, queue and user, once', async () => {
    const contact = await newContact('Cliente Migrado');
    const stored = { ...closedTicketOf(contact.id, 3), queueId: tenant.queueId };
    await dynamo().send(new PutCommand({ TableName: cloud.tableName, Item: ticketItem(stored) }));

    expect(await backfillTicketRows(tenant.companyId)).toBeGreaterThan(0);
    const after = await getTicket(tenant.companyId, stored.id, true);

    expect(after).toMatchObject({
      contactRow: { name: 'Cliente Migrado', number: contact.number },
      queueRow: { name: expect.any(String), color: expect.any(String) },
      userRow: { name: expect.any(String) },
    });
    expect(await backfillTicketRows(tenant.companyId)).toBe(0);
  });
});

/** A ticket as stored before copies existed (no contactRow, queueRow, connectionRow, userRow). */
function closedTicketOf(contactId: string, index: number): Ticket {
  const at = new Date(Date.UTC(2020, 0, 1, 0, index)).toISOString();
  return {
    id: ulid(),
    uuid: randomUUID(),
    companyId: tenant.companyId,
    status: 'closed',
    contactId,
    userId: tenant.admin.id,
    userName: 'Admin',
    queueId: null,
    whatsappId: null,
    tagIds: [],
    isGroup: false,
    chatbot: false,
    useIntegration: false,
    promptId: null,
    integrationId: null,
    lastMessage: '',
    unreadMessages: 0,
    createdAt: at,
    updatedAt: at,
  };
}
