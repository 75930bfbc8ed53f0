/**
 * Tenant isolation of the ticket-note routes: A never reads, adds to or deletes from the notes of a
 * ticket of B, whatever ids and `companyId` it sends; B's notes stay exactly as they were.
 */
import type { RouteKeyOf } from '../../../infra/resources/http-routes';
import type { TestCloud } from '../../support/local-cloud';
import type { Tenant } from '../../support/tenants';
import { seedConversation } from './messages';
import type { Probe } from './probe';

/** A ticket of B with one note of B's admin. */
async function noteOfB(cloud: TestCloud, b: Tenant) {
  const { ticket, contact } = await seedConversation(b);
  const response = await cloud.api('/ticket-notes', {
    method: 'POST',
    token: b.admin.token,
    body: { note: 'Nota de B', ticketId: ticket.id, contactId: contact.id },
  });
  expect(response.status).toBe(201);
  return { ticket, contact, note: response.body as { id: string } };
}

async function expectUnchanged(cloud: TestCloud, b: Tenant, ticketId: string, note: { id: string }): Promise<void> {
  expect(await cloud.api(`/ticket-notes/list?ticketId=${ticketId}`, { token: b.admin.token })).toEqual({ status: 200, body: [note] });
}

export const notesProbes: Record<RouteKeyOf<'notes'>, Probe> = {
  'GET /ticket-notes/list': async ({ cloud, a, b }) => {
    const { ticket, contact, note } = await noteOfB(cloud, b);

    const response = await cloud.api(`/ticket-notes/list?ticketId=${ticket.id}&contactId=${contact.id}&companyId=${b.companyId}`, {
      token: a.admin.token,
    });

    expect(response).toEqual({ status: 404, body: { error: 'ERR_NO_TICKET_FOUND' } });
    await expectUnchanged(cloud, b, ticket.id, note);
  },

  'POST /ticket-notes': async ({ cloud, a, b }) => {
    const { ticket, contact, note } = await noteOfB(cloud, b);

    const response = await cloud.api(`/ticket-notes?companyId=${b.companyId}`, {
      method: 'POST',
      token: a.admin.token,
      body: { note: 'Intrusa', ticketId: ticket.id, contactId: contact.id, companyId: b.companyId },
    });

    expect(response).toEqual({ status: 404, body: { error: 'ERR_NO_TICKET_FOUND' } });
    await expectUnchanged(cloud, b, ticket.id, note);
  },

  'DELETE /ticket-notes/{id}': async ({ cloud, a, b }) => {
    const { ticket, note } = await noteOfB(cloud, b);

    const response = await cloud.api(`/ticket-notes/${note.id}?companyId=${b.companyId}`, { method: 'DELETE', token: a.admin.token });

    expect(response).toEqual({ status: 404, body: { error: 'ERR_NO_TICKETNOTE_FOUND' } });
    await expectUnchanged(cloud, b, ticket.id, note);
  },
};
