/**
 * Tickets as the API and the realtime events carry them (TicketDto): the list row of a stored ticket.
 * The one presenter of tickets: every list (GET /tickets, its search, the kanban's source) and every
 * single-ticket answer gives its stored tickets to `presentTickets`.
 *
 * A ticket carries copies of what its row shows of its contact, queue, connection and user
 * (conversations/ticket-rows.ts), so presenting it reads nothing. Only a ticket stored before the copies
 * (until scripts/backfill-ticket-rows.ts reaches it) makes the presenter read the sources it lacks, in
 * one batch each for the whole page: contacts, queues, connections, except the contacts and
 * connections the caller has just read; there a contact deleted since is answered as an empty contact,
 * a queue or connection deleted since as null (the id is kept). A copy outlives its source: a ticket
 * whose contact, queue or connection was deleted shows it as it last was, as the user's name always did.
 * Tags are answered as ids (TicketDto.tags).
 */
import type { TicketDto } from '../../../shared/tickets';
import { getConnectionSummaries, type Connection } from '../repositories/connections';
import { getContacts, type Contact } from '../repositories/contacts';
import { getQueueSummaries } from '../repositories/queues';
import type { Ticket } from '../repositories/tickets';

/** What the caller has just read and need not be read again (for tickets without copies). */
export interface KnownRecords {
  readonly contacts?: readonly Contact[];
  readonly connections?: readonly Pick<Connection, 'id' | 'name'>[];
}

type ContactSummary = TicketDto['contact'];
type QueueSummary = NonNullable<TicketDto['queue']>;
type ConnectionSummary = NonNullable<TicketDto['whatsapp']>;

/** The sources of the row that tickets without copies lack, read in one batch each. */
interface Fallback {
  readonly contacts: ReadonlyMap<string, ContactSummary>;
  readonly queues: ReadonlyMap<string, QueueSummary>;
  readonly connections: ReadonlyMap<string, ConnectionSummary>;
}

const missing = (ids: readonly (string | null)[], known: ReadonlyMap<string, unknown>): string[] =>
  [...new Set(ids.filter((id): id is string => id !== null && !known.has(id)))];

async function fallbackOf(companyId: string, tickets: readonly Ticket[], known: KnownRecords): Promise<Fallback> {
  const contacts = new Map<string, ContactSummary>(
    (known.contacts ?? []).map((c) => [c.id, { id: c.id, name: c.name, number: c.number, profilePicUrl: c.profilePicUrl ?? null }]),
  );
  const connections = new Map<string, ConnectionSummary>((known.connections ?? []).map((c) => [c.id, { id: c.id, name: c.name }]));
  const contactIds = missing(tickets.filter((t) => !t.contactRow).map((t) => t.contactId), contacts);
  const queueIds = missing(tickets.filter((t) => !t.queueRow).map((t) => t.queueId), new Map());
  const connectionIds = missing(tickets.filter((t) => !t.connectionRow).map((t) => t.whatsappId), connections);
  const [readContacts, readQueues, readConnections] = await Promise.all([
    contactIds.length > 0 ? getContacts(companyId, contactIds) : Promise.resolve(new Map<string, Contact>()),
    queueIds.length > 0 ? getQueueSummaries(companyId, queueIds) : Promise.resolve([]),
    connectionIds.length > 0 ? getConnectionSummaries(companyId, connectionIds) : Promise.resolve(new Map<string, ConnectionSummary>()),
  ]);
  for (const [id, c] of readContacts) contacts.set(id, { id: c.id, name: c.name, number: c.number, profilePicUrl: c.profilePicUrl ?? null });
  for (const [id, c] of readConnections) connections.set(id, c);
  return { contacts, queues: new Map(readQueues.map((q) => [q.id, q])), connections };
}

/** The row of one ticket, from its copies or else from what the fallback read. */
function rowOf(ticket: Ticket, fallback: Fallback): TicketDto {
  const { contactRow, queueRow, connectionRow } = ticket;
  return {
    id: ticket.id,
    uuid: ticket.uuid,
    number: ticket.number ?? null,
    status: ticket.status,
    contactId: ticket.contactId,
    contact: contactRow
      ? { id: ticket.contactId, name: contactRow.name, number: contactRow.number, profilePicUrl: contactRow.profilePicUrl }
      : (fallback.contacts.get(ticket.contactId) ?? { id: ticket.contactId, name: '', number: '', profilePicUrl: null }),
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
    unreadMessages: ticket.unreadMessages,
    createdAt: ticket.createdAt,
    updatedAt: ticket.updatedAt,
  };
}

/** The rows of stored tickets, in their order; reads only for tickets stored without copies (see above). */
export async function presentTickets(companyId: string, tickets: readonly Ticket[], known: KnownRecords = {}): Promise<TicketDto[]> {
  if (tickets.length === 0) return [];
  const fallback = await fallbackOf(companyId, tickets, known);
  return tickets.map((ticket) => rowOf(ticket, fallback));
}

export async function presentTicket(companyId: string, ticket: Ticket, known: KnownRecords = {}): Promise<TicketDto> {
  const [dto] = await presentTickets(companyId, [ticket], known);
  if (!dto) throw new Error(`Ticket ${ticket.id} could not be presented`);
  return dto;
}
