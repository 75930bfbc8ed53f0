/**
 * Tickets as the API and the realtime events carry them (TicketDto): the stored ticket with its contact,
 * queue (name and colour), tags and assigned user resolved.
 *
 * Steps: read the contacts of the tickets in one batch, their queues, tags and connections (id and
 * name) in one batch each, all at once; take the user's name from the ticket's snapshot (readable after
 * the user is deleted). A contact or tag deleted since is answered as an empty contact / left out; a
 * connection deleted since as `whatsapp` null (the id is kept).
 */
import type { TicketDto } from '../../../shared/tickets';
import { getContacts } from '../repositories/contacts';
import { keys } from '../repositories/keys';
import { getQueueSummaries } from '../repositories/queues';
import { batchGetAll } from '../repositories/table';
import type { Ticket } from '../repositories/tickets';

type TagSummary = TicketDto['tags'][number];

async function tagSummaries(companyId: string, tagIds: readonly string[]): Promise<Map<string, TagSummary>> {
  if (tagIds.length === 0) return new Map();
  const items = await batchGetAll(
    tagIds.map((id) => keys.tag(companyId, id)),
    { projection: 'id, #name, color', names: { '#name': 'name' } },
  );
  return new Map(items.map((item) => [String(item.id), { id: String(item.id), name: String(item.name), color: String(item.color) }]));
}

async function connectionSummaries(companyId: string, whatsappIds: readonly string[]): Promise<Map<string, { id: string; name: string }>> {
  if (whatsappIds.length === 0) return new Map();
  const items = await batchGetAll(
    whatsappIds.map((id) => keys.whatsapp(companyId, id)),
    { projection: 'id, #name', names: { '#name': 'name' } },
  );
  return new Map(items.map((item) => [String(item.id), { id: String(item.id), name: String(item.name) }]));
}

export async function presentTickets(companyId: string, tickets: readonly Ticket[]): Promise<TicketDto[]> {
  if (tickets.length === 0) return [];
  const queueIds = [...new Set(tickets.flatMap((ticket) => (ticket.queueId ? [ticket.queueId] : [])))];
  const tagIds = [...new Set(tickets.flatMap((ticket) => ticket.tagIds))];
  const whatsappIds = [...new Set(tickets.flatMap((ticket) => (ticket.whatsappId ? [ticket.whatsappId] : [])))];
  const [contacts, queues, tags, connections] = await Promise.all([
    getContacts(companyId, tickets.map((ticket) => ticket.contactId)),
    queueIds.length > 0 ? getQueueSummaries(companyId, queueIds) : Promise.resolve([]),
    tagSummaries(companyId, tagIds),
    connectionSummaries(companyId, whatsappIds),
  ]);
  const queueById = new Map(queues.map((queue) => [queue.id, queue]));
  return tickets.map((ticket) => {
    const contact = contacts.get(ticket.contactId);
    const queue = ticket.queueId ? queueById.get(ticket.queueId) : undefined;
    return {
      id: ticket.id,
      uuid: ticket.uuid,
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

export async function presentTicket(companyId: string, ticket: Ticket): Promise<TicketDto> {
  const [dto] = await presentTickets(companyId, [ticket]);
  if (!dto) throw new Error(`Ticket ${ticket.id} could not be presented`);
  return dto;
}
