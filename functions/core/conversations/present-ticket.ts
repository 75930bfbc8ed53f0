/**
 * Tickets as the API and the realtime events carry them (TicketDto): the stored ticket with its contact,
 * queue (name and colour), tags and assigned user resolved.
 *
 * Steps: read the contacts of the tickets in one batch, their queues, tags and connections (id and
 * name) in one batch each, all at once, except the contacts and connections the caller has just read; take the user's name from the ticket's snapshot (readable after
 * the user is deleted). A contact or tag deleted since is answered as an empty contact / left out; a
 * connection deleted since as `whatsapp` null (the id is kept).
 */
import type { TicketDto } from '../../../shared/tickets';
import { getConnectionSummaries, type Connection } from '../repositories/connections';
import { getContacts, type Contact } from '../repositories/contacts';
import { getQueueSummaries } from '../repositories/queues';
import { getTagSummaries } from '../repositories/tags';
import type { Ticket } from '../repositories/tickets';

/** What the caller has just read and need not be read again. */
export interface KnownRecords {
  readonly contacts?: readonly Contact[];
  readonly connections?: readonly Pick<Connection, 'id' | 'name'>[];
}

async function contactsOf(companyId: string, tickets: readonly Ticket[], known: readonly Contact[]): Promise<Map<string, Contact>> {
  const contacts = new Map(known.map((contact) => [contact.id, contact]));
  const missing = tickets.map((ticket) => ticket.contactId).filter((id) => !contacts.has(id));
  if (missing.length === 0) return contacts;
  for (const [id, contact] of await getContacts(companyId, missing)) contacts.set(id, contact);
  return contacts;
}

async function connectionsOf(companyId: string, tickets: readonly Ticket[], known: KnownRecords['connections'] = []): Promise<Map<string, { id: string; name: string }>> {
  const connections = new Map(known.map((connection) => [connection.id, { id: connection.id, name: connection.name }]));
  const missing = [...new Set(tickets.flatMap((ticket) => (ticket.whatsappId && !connections.has(ticket.whatsappId) ? [ticket.whatsappId] : [])))];
  for (const [id, summary] of await getConnectionSummaries(companyId, missing)) connections.set(id, summary);
  return connections;
}

export async function presentTickets(companyId: string, tickets: readonly Ticket[], known: KnownRecords = {}): Promise<TicketDto[]> {
  if (tickets.length === 0) return [];
  const queueIds = [...new Set(tickets.flatMap((ticket) => (ticket.queueId ? [ticket.queueId] : [])))];
  const tagIds = [...new Set(tickets.flatMap((ticket) => ticket.tagIds))];
  const [contacts, queues, tags, connections] = await Promise.all([
    contactsOf(companyId, tickets, known.contacts ?? []),
    queueIds.length > 0 ? getQueueSummaries(companyId, queueIds) : Promise.resolve([]),
    getTagSummaries(companyId, tagIds),
    connectionsOf(companyId, tickets, known.connections),
  ]);
  const queueById = new Map(queues.map((queue) => [queue.id, queue]));
  return tickets.map((ticket) => {
    const contact = contacts.get(ticket.contactId);
    const queue = ticket.queueId ? queueById.get(ticket.queueId) : undefined;
    return {
      id: ticket.id,
      uuid: ticket.uuid,
      number: ticket.number ?? null,
      status: ticket.status,
      contactId: ticket.contactId,
      contact: contact
        ? { id: contact.id, name: contact.name, number: contact.number, profilePicUrl: contact.profilePicUrl }
        : { id: ticket.contactId, name: '', number: '', profilePicUrl: null },
      userId: ticket.userId,
      user: ticket.userId ? { id: ticket.userId, name: ticket.userName ?? '' } : null,
      queueId: ticket.queueId,
      queue: queue ? { id: queue.id, name: queue.name, color: queue.color } : null,
      whatsappId: ticket.whatsappId,
      whatsapp: (ticket.whatsappId ? connections.get(ticket.whatsappId) : undefined) ?? null,
      tags: ticket.tagIds.flatMap((id) => {
        const tag = tags.get(id);
        return tag ? [tag] : [];
      }),
      isGroup: ticket.isGroup,
      chatbot: ticket.chatbot,
      useIntegration: ticket.useIntegration,
      promptId: ticket.promptId,
      integrationId: ticket.integrationId,
      lastMessage: ticket.lastMessage,
      unreadMessages: ticket.unreadMessages,
      createdAt: ticket.createdAt,
      updatedAt: ticket.updatedAt,
    };
  });
}

export async function presentTicket(companyId: string, ticket: Ticket, known: KnownRecords = {}): Promise<TicketDto> {
  const [dto] = await presentTickets(companyId, [ticket], known);
  if (!dto) throw new Error(`Ticket ${ticket.id} could not be presented`);
  return dto;
}
