/**
 * The copies a ticket carries of what its list row shows (docs/architecture.md §5): the contact's name,
 * number and picture, the queue's name and colour, the connection's name and the assigned user's name
 * (repositories/tickets.ts `contactRow`, `queueRow`, `connectionRow`, `userRow` with `userName`), so a
 * page of the ticket list, the kanban board or a realtime event presents tickets without reading
 * anything else. Tags are not copied: a ticket answers its tag ids and the web shows them from the
 * company's tag list.
 *
 * How the copies stay current:
 * - a new ticket gets them when it is stored (create-ticket.ts `insertTicket`), and a change of queue,
 *   connection or user sets the new ones in the same write (change-ticket.ts, the inbound bot);
 * - a change of what a row shows of a contact, queue, connection or user is announced here
 *   (`announceRowChange`) on the `ticket-rows` queue; its consumer (functions/workers/ticket-rows.ts,
 *   `refreshTicketRows`) walks that entity's tickets and replaces each copy only when the one it carries
 *   is newer (`at` is the source's `updatedAt`), so a redelivered or late message changes nothing, then
 *   publishes the ticket so open screens refresh. A walk does a bounded amount per message and continues
 *   in a message of its own.
 *
 * Which tickets a walk reads: a contact's through its index (GSI3), a queue's through its partition of
 * each status (GSI2). Tickets have no index by user or connection, and both renames are rare admin
 * acts, so those walk the company's status partitions (GSI1) with a filter: they read every ticket of
 * the company once, page by page, in the background (an index of their own would cost a write on every
 * message of every ticket).
 *
 * Known gap: a ticket created (or moved) while its source is renamed may be missed by the walk (the
 * indexes are eventually consistent), and keeps the old copy until the next change of that source.
 */
import { SendMessageCommand } from '@aws-sdk/client-sqs';
import { z } from 'zod';
import { TICKET_ROWS_QUEUE_ID } from '../../../infra/resources/queues';
import { TICKET_STATUSES } from '../../../shared/tickets';
import { sqs } from '../aws/clients';
import { config } from '../config';
import { mapLimited } from '../limited';
import { logger } from '../logger';
import { publishTicketUpdate } from '../realtime/ticket-rooms';
import { getConnection, type Connection } from '../repositories/connections';
import { getContact, type Contact } from '../repositories/contacts';
import { foldName, replaceNameEntries } from '../repositories/name-index';
import { getQueue, type Queue } from '../repositories/queues';
import {
  contactListSource,
  queueListSource,
  readTicketList,
  statusListSource,
  ticketFieldFilter,
  type TicketListRead,
  type TicketListSource,
} from '../repositories/ticket-lists';
import { setTicketRowCopy } from '../repositories/ticket-row-copies';
import type { Ticket, TicketConnectionRow, TicketContactRow, TicketQueueRow, TicketUserRow } from '../repositories/tickets';
import { getUser, type User } from '../repositories/users';
import { presentTicket } from './present-ticket';

// ---- the copies ----------------------------------------------------------------------------------------

export const contactRowOf = (contact: Pick<Contact, 'name' | 'number' | 'profilePicUrl' | 'updatedAt'>): TicketContactRow => ({
  name: contact.name,
  number: contact.number,
  profilePicUrl: contact.profilePicUrl ?? null,
  at: contact.updatedAt,
});

export const queueRowOf = (queue: Pick<Queue, 'name' | 'color' | 'updatedAt' | 'createdAt'>): TicketQueueRow => ({
  name: queue.name,
  color: queue.color,
  at: queue.updatedAt ?? queue.createdAt,
});

export const connectionRowOf = (connection: Pick<Connection, 'name' | 'updatedAt'>): TicketConnectionRow => ({
  name: connection.name,
  at: connection.updatedAt,
});

export const userRowOf = (user: Pick<User, 'name' | 'updatedAt'>): TicketUserRow => ({ name: user.name, at: user.updatedAt });

/** Records the writer has just read, so the copies need not read them again. */
export interface KnownSources {
  readonly contact?: Contact;
  readonly queue?: Queue | null;
  readonly connection?: Connection | null;
  /** Without `updatedAt` (the version of the name) the user is read. */
  readonly user?: (Pick<User, 'id' | 'name'> & { readonly updatedAt?: string }) | null;
}

/**
 * The copies `after` needs that `before` does not have right: all of them for a new ticket (`before`
 * undefined), and for a change those of the queue, connection or user it now names. A source gone
 * meanwhile gives no copy (the presenter then reads it, and answers it as missing).
 */
export async function rowCopiesFor(before: Ticket | undefined, after: Ticket, known: KnownSources = {}): Promise<Partial<Ticket>> {
  const changed = (field: 'contactId' | 'queueId' | 'whatsappId' | 'userId') => before === undefined || before[field] !== after[field];
  const [contactRow, queueRow, connectionRow, userRow] = await Promise.all([
    changed('contactId') ? sourceOf(known.contact, after.contactId, (id) => getContact(after.companyId, id)).then((c) => c && contactRowOf(c)) : undefined,
    changed('queueId') ? sourceOf(known.queue, after.queueId, (id) => getQueue(after.companyId, id)).then((q) => (q === null ? null : q && queueRowOf(q))) : undefined,
    changed('whatsappId')
      ? sourceOf(known.connection, after.whatsappId, (id) => getConnection(after.companyId, id)).then((c) => (c === null ? null : c && connectionRowOf(c)))
      : undefined,
    changed('userId') || before?.userName !== after.userName
      ? sourceOf(known.user?.updatedAt ? { ...known.user, updatedAt: known.user.updatedAt } : undefined, after.userId, (id) =>
          getUser(after.companyId, id).then((user) => user && { id: user.id, name: user.name, updatedAt: user.updatedAt }),
        ).then(
          (u) => (u === null ? null : u && userRowOf(u)),
        )
      : undefined,
  ]);
  return {
    ...(contactRow ? { contactRow } : {}),
    ...(queueRow !== undefined ? { queueRow } : {}),
    ...(connectionRow !== undefined ? { connectionRow } : {}),
    // The name shown is the one the version belongs to.
    ...(userRow !== undefined ? { userRow, ...(userRow ? { userName: userRow.name } : {}) } : {}),
  };
}

/** The record `id` names: null for none, the known one when it is that one, else read. */
async function sourceOf<T extends { readonly id: string }>(
  known: T | null | undefined,
  id: string | null,
  read: (id: string) => Promise<T | undefined>,
): Promise<T | null | undefined> {
  if (id === null) return null;
  if (known && known.id === id) return known;
  return read(id);
}

// ---- announcing a change -----------------------------------------------------------------------------

const at = z.string().min(1);
const cursor = z.object({ step: z.number().int().min(0), startKey: z.record(z.string(), z.unknown()).optional() }).optional();
const base = { companyId: z.string().min(1), entityId: z.string().min(1), cursor };

/** A message of the `ticket-rows` queue: the new copy of one entity, and where its walk is. */
export const TicketRowChange = z.discriminatedUnion('source', [
  z.object({ source: z.literal('contact'), ...base, copy: z.object({ name: z.string(), number: z.string(), profilePicUrl: z.string().nullable(), at }) }),
  z.object({ source: z.literal('queue'), ...base, copy: z.object({ name: z.string(), color: z.string(), at }) }),
  z.object({ source: z.literal('connection'), ...base, copy: z.object({ name: z.string(), at }) }),
  z.object({ source: z.literal('user'), ...base, copy: z.object({ name: z.string(), at }) }),
]);
export type TicketRowChange = z.output<typeof TicketRowChange>;

/** Whether a source's change touches what a row shows of it (its version aside). */
const rowChanged = (before: TicketRowChange['copy'], after: TicketRowChange['copy']): boolean =>
  JSON.stringify({ ...before, at: '' }) !== JSON.stringify({ ...after, at: '' });

/** Puts the change on the `ticket-rows` queue; its consumer brings the entity's tickets up to date. */
export async function announceRowChange(change: TicketRowChange): Promise<void> {
  const valid = TicketRowChange.parse(change);
  await sqs().send(new SendMessageCommand({ QueueUrl: config.queueUrl(TICKET_ROWS_QUEUE_ID), MessageBody: JSON.stringify(valid) }));
}

/**
 * How a writer that changed a source announces it, after its write: only when the row shows something
 * else now. `quiet` is for writers that must not fail after their write (the inbound pipeline): a lost
 * announcement leaves the old copies until the source's next change, and is logged.
 */
export interface AnnounceOptions {
  readonly quiet?: boolean;
}

async function announceIfChanged(change: TicketRowChange, before: TicketRowChange['copy'], options: AnnounceOptions): Promise<void> {
  if (!rowChanged(before, change.copy)) return;
  try {
    await announceRowChange(change);
  } catch (error) {
    if (!options.quiet) throw error;
    logger.warn('ticket row change not announced', { source: change.source, entityId: change.entityId, error });
  }
}

export const announceContactChange = (before: Contact, after: Contact, options: AnnounceOptions = {}): Promise<void> =>
  announceIfChanged({ source: 'contact', companyId: after.companyId, entityId: after.id, copy: contactRowOf(after) }, contactRowOf(before), options);

export const announceQueueChange = (before: Queue, after: Queue, options: AnnounceOptions = {}): Promise<void> =>
  announceIfChanged({ source: 'queue', companyId: after.companyId, entityId: after.id, copy: queueRowOf(after) }, queueRowOf(before), options);

export const announceConnectionChange = (before: Connection, after: Connection, options: AnnounceOptions = {}): Promise<void> =>
  announceIfChanged(
    { source: 'connection', companyId: after.companyId, entityId: after.id, copy: connectionRowOf(after) },
    connectionRowOf(before),
    options,
  );

export const announceUserChange = (before: User, after: User, options: AnnounceOptions = {}): Promise<void> =>
  announceIfChanged({ source: 'user', companyId: after.companyId, entityId: after.id, copy: userRowOf(after) }, userRowOf(before), options);

// ---- the walk (the consumer) -----------------------------------------------------------------------------

/** Tickets one Query of the walk reads. */
export const WALK_PAGE = 100;
/** Tickets one message walks before the rest goes on in a message of its own. */
export const WALK_BUDGET = 1000;
/** Conditional updates at once. */
const UPDATES_AT_ONCE = 8;

/** The partitions (and filter) that hold the entity's tickets, in walking order. */
function walkOf(change: TicketRowChange): { sources: TicketListSource[]; filter?: TicketListRead['filter'] } {
  const { companyId, entityId } = change;
  switch (change.source) {
    case 'contact':
      return { sources: [contactListSource(companyId, entityId)] };
    case 'queue':
      return { sources: TICKET_STATUSES.map((status) => queueListSource(companyId, entityId, status)) };
    case 'connection':
      return { sources: TICKET_STATUSES.map((status) => statusListSource(companyId, status)), filter: ticketFieldFilter('whatsappId', entityId) };
    case 'user':
      return { sources: TICKET_STATUSES.map((status) => statusListSource(companyId, status)), filter: ticketFieldFilter('userId', entityId) };
  }
}

export interface WalkOutcome {
  /** Tickets whose copy was replaced (and published). */
  readonly updated: number;
  /** The message that continues the walk, when the budget ran out before its end. */
  readonly continuation?: TicketRowChange;
}

/**
 * Brings the copies of the change's entity up to date on its tickets (see the file's comment), up to
 * WALK_BUDGET tickets; answers the continuation when more remain (the worker enqueues it).
 */
export async function refreshTicketRows(change: TicketRowChange, budget = WALK_BUDGET): Promise<WalkOutcome> {
  const { sources, filter } = walkOf(change);
  let step = change.cursor?.step ?? 0;
  let startKey = change.cursor?.startKey;
  let read = 0;
  let updated = 0;
  while (step < sources.length) {
    if (read >= budget) return { updated, continuation: { ...change, cursor: { step, startKey } } };
    const source = sources[step] as TicketListSource;
    const page = await readTicketList(source, { limit: Math.min(WALK_PAGE, budget - read), startKey, filter });
    read += page.scanned;
    const results = await mapLimited(page.tickets, UPDATES_AT_ONCE, (ticket) => refreshOne(change, ticket));
    updated += results.filter(Boolean).length;
    if (page.lastKey) startKey = page.lastKey;
    else {
      step += 1;
      startKey = undefined;
    }
  }
  return { updated };
}

/**
 * Replaces one ticket's copy if it is older; publishes the ticket when it did. A contact's new name also
 * replaces the ticket's entries in the name index (repositories/name-index.ts).
 */
async function refreshOne(change: TicketRowChange, ticket: Ticket): Promise<boolean> {
  const stored = await setTicketRowCopy(ticket, change.source, change.entityId, change.copy);
  if (!stored) return false;
  if (change.source === 'contact' && foldName(change.copy.name) !== foldName(ticket.contactRow?.name ?? '')) {
    await replaceNameEntries(stored, change.copy.name, ticket.contactRow?.name);
  }
  await publishTicketUpdate(stored.companyId, await presentTicket(stored.companyId, stored));
  return true;
}
