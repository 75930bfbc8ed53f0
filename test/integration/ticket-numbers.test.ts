/**
 * Ticket numbers through the HTTP API on the local cloud: each company numbers its tickets from 1,
 * concurrent creations get distinct consecutive numbers, a deleted ticket's number is never given again,
 * a search for `#N` or `N` finds the company's ticket and never another company's, and tickets stored
 * before numbers existed are numbered once, in creation order, before any new ticket takes a number
 * (the backfill racing itself and a creation).
 */
import { PutCommand } from '@aws-sdk/lib-dynamodb';
import { randomUUID } from 'node:crypto';
import { ulid } from 'ulid';
import { dynamo } from '../../functions/core/aws/clients';
import { ensureTicketNumbers } from '../../functions/core/conversations/ticket-numbers';
import { putNewContact, type Contact } from '../../functions/core/repositories/contacts';
import { getTicket, ticketItem, type Ticket } from '../../functions/core/repositories/tickets';
import type { TicketDto } from '../../shared/tickets';
import type { TestCloud } from '../support/local-cloud';
import { sharedTestCloud } from '../support/shared-cloud';
import { createTenant, type Tenant } from '../support/tenants';
import { ifAssigned } from '../support/teardown';

let cloud: TestCloud;
let first: Tenant;
let second: Tenant;

beforeAll(async () => {
  cloud = await sharedTestCloud();
  [first, second] = await Promise.all([createTenant(cloud), createTenant(cloud)]);
});

afterAll(async () => {
  await ifAssigned(cloud)?.stop();
});

let phone = Date.now() % 100_000_000;

async function newContact(companyId: string): Promise<Contact> {
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
  };
  expect(await putNewContact(contact)).toBe('created');
  return contact;
}

async function newTicket(owner: Tenant): Promise<TicketDto> {
  const contact = await newContact(owner.companyId);
  const response = await cloud.api('/tickets', { method: 'POST', token: owner.admin.token, body: { contactId: contact.id, queueId: owner.queueId, status: 'pending' } });
  if (response.status !== 201) throw new Error(`POST /tickets answered ${response.status}: ${JSON.stringify(response.body)}`);
  return response.body;
}

async function search(owner: Tenant, term: string): Promise<TicketDto[]> {
  const response = await cloud.api(`/tickets?searchParam=${encodeURIComponent(term)}&showAll=true`, { token: owner.admin.token });
  if (response.status !== 200) throw new Error(`GET /tickets answered ${response.status}: ${JSON.stringify(response.body)}`);
  return response.body.tickets;
}

/** A ticket as a version before numbers stored it: no number, no pointer, no counter. */
async function legacyTicket(companyId: string, createdAt: string): Promise<Ticket> {
  const contact = await newContact(companyId);
  const ticket: Ticket = {
    id: ulid(),
    uuid: randomUUID(),
    companyId,
    status: 'closed',
    contactId: contact.id,
    userId: null,
    userName: null,
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
    createdAt,
    updatedAt: new Date().toISOString(),
  };
  await dynamo().send(new PutCommand({ TableName: cloud.tableName, Item: ticketItem(ticket) }));
  return ticket;
}

const numbersOf = (tickets: readonly TicketDto[]) => tickets.map((ticket) => ticket.number);

describe('a new ticket', () => {
  it("gets its company's next number: two created at once get distinct consecutive numbers, and another company starts at 1", async () => {
    const [one, two] = await Promise.all([newTicket(first), newTicket(first)]);
    const other = await newTicket(second);

    expect(numbersOf([one, two]).sort()).toEqual([1, 2]);
    expect(other.number).toBe(1);
    const shown = await cloud.api(`/tickets/${one.id}`, { token: first.admin.token });
    expect(shown.body).toMatchObject({ id: one.id, number: one.number });
  });

  it('never gets the number of a deleted ticket, whose number then finds nothing', async () => {
    const doomed = await newTicket(first);
    const deleted = await cloud.api(`/tickets/${doomed.id}`, { method: 'DELETE', token: first.admin.token });
    expect(deleted.status).toBe(204);

    const next = await newTicket(first);

    expect(next.number).toBe((doomed.number ?? 0) + 1);
    expect(await search(first, `#${String(doomed.number)}`)).toEqual([]);
  });
});

describe('searching a ticket number', () => {
  it('finds the ticket by #N and by N', async () => {
    const ticket = await newTicket(first);
    const number = String(ticket.number);

    expect((await search(first, `#${number}`)).map((found) => found.id)).toEqual([ticket.id]);
    expect((await search(first, number)).map((found) => found.id)).toContain(ticket.id);
  });

  it("never finds another company's ticket with that number (wrong-tenant probe)", async () => {
    const mine = await newTicket(second);
    const theirs = await newTicket(first);
    expect(theirs.number).toBeGreaterThan(mine.number ?? 0);

    // The number exists only in the first company: the second one finds nothing under it.
    expect(await search(second, `#${String(theirs.number)}`)).toEqual([]);
    expect((await search(second, String(theirs.number))).map((found) => found.id)).not.toContain(theirs.id);
    // Both companies have a ticket #1: each finds its own.
    const ones = [...(await search(first, '#1')), ...(await search(second, '#1'))];
    expect(ones.every((found) => found.number === 1)).toBe(true);
    expect(new Set(ones.map((found) => found.id)).size).toBe(2);
  });
});

describe('tickets stored before numbers existed', () => {
  it('are numbered once, in creation order, before a new ticket takes the next number, however many backfills race', async () => {
    const owner = await createTenant(cloud);
    const base = Date.parse('2024-03-01T12:00:00.000Z');
    // Stored out of order, so creation order is not the order of writing.
    const legacy = await Promise.all([3, 1, 4, 2, 0].map((minute) => legacyTicket(owner.companyId, new Date(base + minute * 60_000).toISOString())));
    const inCreationOrder = [...legacy].sort((a, b) => (a.createdAt < b.createdAt ? -1 : 1));

    const [created] = await Promise.all([newTicket(owner), ensureTicketNumbers(owner.companyId), ensureTicketNumbers(owner.companyId)]);
    await ensureTicketNumbers(owner.companyId);

    const stored = await Promise.all(inCreationOrder.map((ticket) => getTicket(owner.companyId, ticket.id, true)));
    expect(stored.map((ticket) => ticket?.number)).toEqual([1, 2, 3, 4, 5]);
    expect(created.number).toBe(6);
    expect((await search(owner, '#3')).map((found) => found.id)).toEqual([inCreationOrder[2]?.id]);
  });
});
