/**
 * Tenant isolation of the ticket routes: A never lists, reads, creates against, moves, tags or deletes a
 * ticket of B, whatever ids, queues, tags and `companyId` it sends; a ticket A creates lands in A.
 */
import { ulid } from 'ulid';
import type { RouteKeyOf } from '../../../infra/resources/http-routes';
import { putNewContact, type Contact } from '../../../functions/core/repositories/contacts';
import type { TicketDto } from '../../../shared/tickets';
import type { TestCloud } from '../../support/local-cloud';
import type { Tenant } from '../../support/tenants';
import type { Probe } from './probe';
import { connectionOf } from './whatsapp';

let counter = 0;

/** A contact of the tenant, with a name no other probe uses. */
async function contactOf(tenant: Tenant): Promise<Contact> {
  counter += 1;
  const now = new Date().toISOString();
  const contact: Contact = {
    id: ulid(),
    companyId: tenant.companyId,
    name: `Isolado ${counter} ${ulid().slice(-6)}`,
    number: `55319${String((Date.now() + counter) % 100_000_000).padStart(8, '0')}`,
    email: '',
    profilePicUrl: null,
    extraInfo: [],
    isGroup: false,
    createdAt: now,
    updatedAt: now,
  };
  expect(await putNewContact(contact)).toBe('created');
  return contact;
}

/** A pending ticket of B in B's first queue, created by B's admin. */
async function ticketOf(cloud: TestCloud, tenant: Tenant): Promise<TicketDto> {
  const contact = await contactOf(tenant);
  const response = await cloud.api('/tickets', {
    method: 'POST',
    token: tenant.admin.token,
    body: { contactId: contact.id, queueId: tenant.queueId, status: 'pending' },
  });
  expect(response.status).toBe(201);
  return response.body;
}

/** A kanban tag of the tenant. */
async function tagOf(cloud: TestCloud, tenant: Tenant): Promise<{ id: string; ticketsCount: number }> {
  const response = await cloud.api('/tags', {
    method: 'POST',
    token: tenant.admin.token,
    body: { name: `Lane ${ulid().slice(-8)}`, color: '#0f766e', kanban: 1 },
  });
  expect(response.status).toBe(201);
  return response.body;
}

/** B's admin reads the ticket: still there, exactly as it was. */
async function expectUnchanged(cloud: TestCloud, b: Tenant, ticket: TicketDto): Promise<void> {
  const response = await cloud.api(`/tickets/${ticket.id}`, { token: b.admin.token });
  expect(response.status).toBe(200);
  expect(response.body).toMatchObject({
    id: ticket.id,
    status: ticket.status,
    userId: ticket.userId,
    queueId: ticket.queueId,
    tags: ticket.tags,
    updatedAt: ticket.updatedAt,
  });
}

const notFound = { status: 404, body: { error: 'ERR_NO_TICKET_FOUND' } };
const ids = (tickets: readonly { id: string }[]) => tickets.map((ticket) => ticket.id);
const list = (queueId: string) => encodeURIComponent(JSON.stringify([queueId]));

export const ticketsProbes: Record<RouteKeyOf<'tickets'>, Probe> = {
  'GET /tickets': async ({ cloud, a, b }) => {
    const ticket = await ticketOf(cloud, b);

    const all = await cloud.api(`/tickets?showAll=true&companyId=${b.companyId}`, { token: a.admin.token });
    const byQueue = await cloud.api(`/tickets?showAll=true&queueIds=${list(b.queueId)}&companyId=${b.companyId}`, { token: a.admin.token });
    const bySearch = await cloud.api(`/tickets?showAll=true&searchParam=${encodeURIComponent(ticket.contact.name)}`, { token: a.admin.token });

    for (const response of [all, byQueue, bySearch]) {
      expect(response.status).toBe(200);
      expect(ids(response.body.tickets)).not.toContain(ticket.id);
    }
    expect(bySearch.body.tickets).toEqual([]);
    await expectUnchanged(cloud, b, ticket);
  },

  'GET /tickets/{id}': async ({ cloud, a, b }) => {
    const ticket = await ticketOf(cloud, b);

    expect(await cloud.api(`/tickets/${ticket.id}?companyId=${b.companyId}`, { token: a.admin.token })).toEqual(notFound);
    await expectUnchanged(cloud, b, ticket);
  },

  'GET /tickets/u/{uuid}': async ({ cloud, a, b }) => {
    const ticket = await ticketOf(cloud, b);

    expect(await cloud.api(`/tickets/u/${ticket.uuid}?companyId=${b.companyId}`, { token: a.admin.token })).toEqual(notFound);
    await expectUnchanged(cloud, b, ticket);
  },

  'POST /tickets': async ({ cloud, a, b }) => {
    const contactOfB = await contactOf(b);
    const contactOfA = await contactOf(a);

    const withBContact = await cloud.api(`/tickets?companyId=${b.companyId}`, {
      method: 'POST',
      token: a.admin.token,
      body: { contactId: contactOfB.id, queueId: a.queueId, companyId: b.companyId },
    });
    const withBQueue = await cloud.api('/tickets', {
      method: 'POST',
      token: a.admin.token,
      body: { contactId: contactOfA.id, queueId: b.queueId },
    });
    const own = await cloud.api('/tickets', {
      method: 'POST',
      token: a.user.token,
      body: { contactId: contactOfA.id, queueId: a.queueId, companyId: b.companyId, userId: b.admin.id },
    });

    const connectionOfB = await connectionOf(cloud, b);
    const withBConnection = await cloud.api('/tickets', {
      method: 'POST',
      token: a.admin.token,
      body: { contactId: contactOfA.id, queueId: a.queueId, whatsappId: connectionOfB.id },
    });

    expect(withBContact).toEqual({ status: 404, body: { error: 'ERR_NO_CONTACT_FOUND' } });
    expect(withBQueue).toEqual({ status: 404, body: { error: 'ERR_NO_QUEUE_FOUND' } });
    expect(withBConnection).toEqual({ status: 404, body: { error: 'ERR_NO_WAPP_FOUND' } });
    expect(own.status).toBe(201);
    expect(own.body.userId).toBe(a.user.id);
    expect(await cloud.api(`/tickets/${own.body.id}`, { token: b.admin.token })).toEqual(notFound);
    expect((await cloud.api(`/tickets/${own.body.id}`, { token: a.admin.token })).status).toBe(200);
    // B's contact can still get a ticket of its own: A took no slot of B.
    expect((await cloud.api('/tickets', { method: 'POST', token: b.admin.token, body: { contactId: contactOfB.id, queueId: b.queueId } })).status).toBe(201);
  },

  'PUT /tickets/{id}': async ({ cloud, a, b }) => {
    const ticket = await ticketOf(cloud, b);

    const accepted = await cloud.api(`/tickets/${ticket.id}?companyId=${b.companyId}`, {
      method: 'PUT',
      token: a.admin.token,
      body: { status: 'open', userId: a.admin.id, companyId: b.companyId },
    });
    const transferred = await cloud.api(`/tickets/${ticket.id}`, { method: 'PUT', token: a.admin.token, body: { queueId: a.queueId } });

    const ownTicket = await ticketOf(cloud, a);
    const connectionOfB = await connectionOf(cloud, b);
    const moved = await cloud.api(`/tickets/${ownTicket.id}`, { method: 'PUT', token: a.admin.token, body: { whatsappId: connectionOfB.id } });

    expect(accepted).toEqual(notFound);
    expect(transferred).toEqual(notFound);
    expect(moved).toEqual({ status: 404, body: { error: 'ERR_NO_WAPP_FOUND' } });
    await expectUnchanged(cloud, b, ticket);
  },

  'DELETE /tickets/{id}': async ({ cloud, a, b }) => {
    const ticket = await ticketOf(cloud, b);

    expect(await cloud.api(`/tickets/${ticket.id}?companyId=${b.companyId}`, { method: 'DELETE', token: a.admin.token })).toEqual(notFound);
    await expectUnchanged(cloud, b, ticket);
  },

  'POST /tags/sync': async ({ cloud, a, b }) => {
    const ticket = await ticketOf(cloud, b);
    const tagOfB = await tagOf(cloud, b);
    const ticketOfA = await ticketOf(cloud, a);

    const onB = await cloud.api('/tags/sync', {
      method: 'POST',
      token: a.admin.token,
      body: { ticketId: ticket.id, tags: [], companyId: b.companyId },
    });
    const withBTag = await cloud.api('/tags/sync', { method: 'POST', token: a.admin.token, body: { ticketId: ticketOfA.id, tags: [{ id: tagOfB.id }] } });

    expect(onB).toEqual(notFound);
    expect(withBTag).toEqual({ status: 404, body: { error: 'ERR_NO_TAG_FOUND' } });
    expect((await cloud.api(`/tags/${tagOfB.id}`, { token: b.admin.token })).body.ticketsCount).toBe(0);
    await expectUnchanged(cloud, b, ticket);
  },

  'GET /ticket/kanban': async ({ cloud, a, b }) => {
    const ticket = await ticketOf(cloud, b);

    const response = await cloud.api(`/ticket/kanban?queueIds=${list(b.queueId)}&showAll=true&companyId=${b.companyId}`, { token: a.admin.token });

    expect(response.status).toBe(200);
    expect(ids(response.body.tickets)).not.toContain(ticket.id);
    await expectUnchanged(cloud, b, ticket);
  },

  'PUT /ticket-tags/{ticketId}/{tagId}': async ({ cloud, a, b }) => {
    const ticket = await ticketOf(cloud, b);
    const tagOfB = await tagOf(cloud, b);
    const ticketOfA = await ticketOf(cloud, a);

    expect(await cloud.api(`/ticket-tags/${ticket.id}/${tagOfB.id}?companyId=${b.companyId}`, { method: 'PUT', token: a.admin.token })).toEqual(notFound);
    expect(await cloud.api(`/ticket-tags/${ticketOfA.id}/${tagOfB.id}`, { method: 'PUT', token: a.admin.token })).toEqual({
      status: 404,
      body: { error: 'ERR_NO_TAG_FOUND' },
    });
    expect((await cloud.api(`/tags/${tagOfB.id}`, { token: b.admin.token })).body.ticketsCount).toBe(0);
    await expectUnchanged(cloud, b, ticket);
  },

  'DELETE /ticket-tags/{ticketId}': async ({ cloud, a, b }) => {
    const ticket = await ticketOf(cloud, b);
    const lane = await tagOf(cloud, b);
    const tagged = await cloud.api(`/ticket-tags/${ticket.id}/${lane.id}`, { method: 'PUT', token: b.admin.token });
    expect(tagged.status).toBe(200);

    expect(await cloud.api(`/ticket-tags/${ticket.id}?companyId=${b.companyId}`, { method: 'DELETE', token: a.admin.token })).toEqual(notFound);
    await expectUnchanged(cloud, b, tagged.body);
    expect((await cloud.api(`/tags/${lane.id}`, { token: b.admin.token })).body.ticketsCount).toBe(1);
  },
};
