/**
 * Tickets as the API and the realtime events carry them (TicketDto): the list row of a stored ticket.
 * The one presenter of tickets: every list (GET /tickets, its search, the kanban's source) and every
 * single-ticket answer gives its stored tickets to `presentTickets`.
 *
 * A ticket carries copies of what its row shows of its contact, queue, connection and user
 * (conversations/ticket-rows.ts), so presenting it reads nothing. Only a ticket stored before the copies
 * makes the presenter read the sources it lacks (legacy-ticket-rows.ts, until the migration reaches it).
 * A copy outlives its source: a ticket whose contact, queue or connection was deleted shows it as it
 * last was, as the user's name always did. Tags are answered as ids (TicketDto.tags).
 */
import type { TicketDto } from '../../../shared/tickets';
import type { Ticket } from '../repositories/tickets';
import { readLegacyRowSources, type KnownRecords, type LegacyRowSources } from './legacy-ticket-rows';

/** The row of one ticket, from its copies or else from what the legacy read path read. */
function rowOf(ticket: Ticket, fallback: LegacyRowSources): TicketDto {
  const { contactRow, queueRow, connectionRow } = ticket;
  return {
    id: ticket.id,
    uuid: ticket.uuid,
    number: ticket.number ?? null,
    status: ticket.status,
    contactId: ticket.contactId,
    contact: contactRow
      ? { id: ticket.contactId, name: contactRow.name, number: contactRow.number, profilePicUrl: contactRow.profilePicUrl, updatedAt: contactRow.at }
      : (fallback.contacts.get(ticket.contactId) ?? { id: ticket.contactId, name: '', number: '', profilePicUrl: null, updatedAt: '' }),
    userId: ticket.userId,
    user: ticket.userId ? { id: ticket.userId, name: ticket.userName ?? '' } : null,
    queueId: ticket.queueId,
    queue: ticket.queueId
      ? queueRow
        ? { id: ticket.queueId, name: queueRow.name, color: queueRow.color }
        : (fallback.queues.get(ticket.queueId) ?? null)
      : null,
    whatsappId: ticket.whatsappId,
    whatsapp: ticket.whatsappId
      ? connectionRow
        ? { id: ticket.whatsappId, name: connectionRow.name }
        : (fallback.connections.get(ticket.whatsappId) ?? null)
      : null,
    tags: ticket.tagIds,
    isGroup: ticket.isGroup,
    chatbot: ticket.chatbot,
    useIntegration: ticket.useIntegration,
    promptId: ticket.promptId,
    integrationId: ticket.integrationId,
    lastMessage: ticket.lastMessage,
    customerMessageAt: ticket.customerMessageAt ?? null,
    unreadMessages: ticket.unreadMessages,
    createdAt: ticket.createdAt,
    updatedAt: ticket.updatedAt,
  };
}

/** The rows of stored tickets, in their order; reads only for tickets stored without copies (see above). */
export async function presentTickets(companyId: string, tickets: readonly Ticket[], known: KnownRecords = {}): Promise<TicketDto[]> {
  if (tickets.length === 0) return [];
  const fallback = await readLegacyRowSources(companyId, tickets, known);
  return tickets.map((ticket) => rowOf(ticket, fallback));
}

export async function presentTicket(companyId: string, ticket: Ticket, known: KnownRecords = {}): Promise<TicketDto> {
  const [dto] = await presentTickets(companyId, [ticket], known);
  if (!dto) throw new Error(`Ticket ${ticket.id} could not be presented`);
  return dto;
}
