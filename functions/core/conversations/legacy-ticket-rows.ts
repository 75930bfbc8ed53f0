/**
 * The legacy read path of ticket rows: a ticket stored before row copies existed (conversations/ticket-rows.ts)
 * lacks the copies of its contact, queue or connection, so its row is read from the sources until the
 * one-off migration (migrations/backfill-ticket-rows.ts, scripts/backfill-ticket-rows.ts) reaches it.
 * The presenter (present-ticket.ts) asks here only for the tickets of a page that lack a copy: one batch
 * each for the whole page (contacts, queues, connections), except the contacts and connections the
 * caller has just read. A contact deleted since is answered as an empty contact, a queue or connection
 * deleted since as null (the id is kept). Once every stage has run the migration this file goes.
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
export interface LegacyRowSources {
  readonly contacts: ReadonlyMap<string, ContactSummary>;
  readonly queues: ReadonlyMap<string, QueueSummary>;
  readonly connections: ReadonlyMap<string, ConnectionSummary>;
}

const missing = (ids: readonly (string | null)[], known: ReadonlyMap<string, unknown>): string[] =>
  [...new Set(ids.filter((id): id is string => id !== null && !known.has(id)))];

const contactSummaryOf = (c: Contact): ContactSummary => ({
  id: c.id,
  name: c.name,
  number: c.number,
  profilePicUrl: c.profilePicUrl ?? null,
  updatedAt: c.updatedAt,
});

/** Reads what the tickets without copies lack (nothing when every ticket has its copies). */
export async function readLegacyRowSources(companyId: string, tickets: readonly Ticket[], known: KnownRecords): Promise<LegacyRowSources> {
  const contacts = new Map<string, ContactSummary>(
    (known.contacts ?? []).map((c) => [c.id, contactSummaryOf(c)]),
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
  for (const [id, c] of readContacts) contacts.set(id, contactSummaryOf(c));
  for (const [id, c] of readConnections) connections.set(id, c);
  return { contacts, queues: new Map(readQueues.map((q) => [q.id, q])), connections };
}
