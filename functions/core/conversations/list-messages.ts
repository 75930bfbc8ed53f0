/**
 * A page of a conversation (GET /messages/{ticketId}), newest first, MESSAGE_PAGE_SIZE a page: the
 * ticket's messages, then, past its first one, those of the contact's earlier tickets on the same
 * connection, newest ticket first (the original product shows the contact's whole history, and spec 1
 * §2.5 marks where each ticket was closed and the next started). The answer's `tickets` tell the
 * timeline when each ticket it read through started and closed.
 *
 * Access: the asked ticket must be the caller's company's and visible to the caller
 * (conversation-access.ts), as for every route of a conversation. Its earlier tickets come along
 * without a check of their own (their queue or agent may be one the caller cannot open): they are the
 * same contact's conversation on the same connection, which the caller is now answering. A ticket is
 * earlier when it was last changed before the asked one was created (repositories/contact-tickets.ts
 * earlierTicketsOfContact): a contact holds one live ticket per connection at a time. A group's tickets
 * follow the same rule (a group is a contact).
 *
 * Paging: the answer's `cursor` is the id of the page's oldest message (`<ticketId>.<ulid>`): the next
 * page reads that ticket's partition, `MSG#` descending from there, then the tickets before it, until
 * it holds one message more than a page (which only tells `hasMore`): a page costs the same at any
 * depth. A cursor naming a ticket that is not an earlier one of the same contact and connection is
 * refused like a malformed one (ERR_VALIDATION); that ticket is read alongside the asked one and looked
 * at only once the asked one passed the access rule. The spec's `pageNumber` also works (page N starts
 * after the (N-1)*20 newest messages of the history, found by reading their keys first, ticket by
 * ticket), at a cost that grows with N; the web uses the cursor.
 *
 * The history past a ticket (readHistory, earlierSlices): a ticket keeps, from its creation, the ids of
 * the contact's tickets before it (Ticket.earlierTicketIds, up to 10), so their partitions are read
 * straight away, 5 in parallel, each Query the ticket and what the page still lacks plus one, merged in
 * history order (newest ticket first, each newest first) up to the message past the page; each kept
 * ticket is checked, as read, to still come before the previous one (a deleted or reopened one ends the
 * kept chain). Past the kept chain, or for a ticket stored before chains were kept, one GSI3 Query
 * answers up to 10 earlier tickets at once (earlierTicketsOfContact), then their messages 5 at a time.
 * A page that reaches up to 5 earlier tickets thus costs 1 step past its start ticket's messages (1 +
 * n calls), 2 without a kept chain. The price is over-reading: a batch may read up to 5 × 21 messages
 * where the page keeps what it lacks (in the common case, short tickets, it reads only what they hold).
 *
 * The first page (no cursor) reads the ticket and its newest messages in one Query of the ticket's
 * partition, and applies the access rule to the ticket it found there (a ticket the caller may not open
 * answers the same error as before, its messages unsent); the earlier tickets are read only when the
 * ticket's own messages do not fill the page, and only after that check. In a warm container the route
 * starts that first Query together with the caller's read (`readPageStart`), so a ticket that fills its
 * page costs one sequential step in all, a short one with a few earlier tickets two. Later pages read
 * the ticket (and a cursor's other ticket, together), then the messages.
 *
 * Reading the first page is "the agent reads the conversation" when the caller is the asked ticket's
 * assigned user: that ticket's unread counter goes to 0 (markTicketRead), its unread inbound messages
 * on the page are flagged read, and the connection's session sends their read receipts (a `markRead`
 * command). Earlier tickets' messages are shown as they are stored and never marked. Nobody else's
 * reading (an admin looking in, a spy view) sends receipts or clears the agent's counter (docs/architecture.md §7).
 */
import { MESSAGE_PAGE_SIZE, type ConversationTicketDto, type ListMessagesQuery, type MessageDto, type MessagePage } from '../../../shared/messages';
import { AppError } from '../errors';
import { logger } from '../logger';
import { getConnection } from '../repositories/connections';
import { getContact } from '../repositories/contacts';
import { readMessages, readTicketAndMessages, setMessagesRead, skipMessages, type MessageSlice, type StoredMessage } from '../repositories/messages';
import { createdBefore, EARLIER_TICKETS_KEPT, earlierTicketsOfContact, followsInHistory } from '../repositories/contact-tickets';
import { getTicket, type Ticket } from '../repositories/tickets';
import { enqueueSessionCommand } from '../sessions/commands';
import { asVisible, visibleTicket } from './conversation-access';
import type { Caller } from '../caller/load-caller';
import { messageContactOf, presentMessage, ticketMessageContact } from './present-message';
import { markTicketRead } from './mark-ticket-read';

/** What a first page reads before anything is decided: the ticket and its newest messages (`readPageStart`). */
export type PageStart = Awaited<ReturnType<typeof readTicketAndMessages>>;

const isFirstPage = (query: ListMessagesQuery): boolean => query.cursor === undefined && query.pageNumber === 1;

/**
 * The first read of a first page, which needs only the tenant, so the route may start it with the
 * caller's read (http-module.ts callerRouteWithEarlyRead); undefined for a later page. Nothing of it is
 * answered before the access rule has passed on the ticket it holds.
 */
export async function readPageStart(companyId: string, ticketId: string, query: ListMessagesQuery): Promise<PageStart | undefined> {
  return isFirstPage(query) ? readTicketAndMessages(companyId, ticketId, MESSAGE_PAGE_SIZE) : undefined;
}

/** `start`: the first page's first read, when the route read it already (`readPageStart`). */
export async function listMessages(caller: Caller, ticketId: string, query: ListMessagesQuery, now = new Date(), start?: PageStart): Promise<MessagePage> {
  const firstPage = isFirstPage(query);
  const { ticket, history } = firstPage ? await readFirstPage(caller, ticketId, start) : await readLaterPage(caller, ticketId, query);
  const readNow =
    firstPage && ticket.userId === caller.userId
      ? await markRead(ticket, history.messages.filter((message) => message.ticketId === ticket.id), now)
      : new Set<string>();
  // Every message of the page is the ticket's contact's (its earlier tickets are that contact's too).
  const contact = ticketMessageContact(ticket) ?? (await getContact(ticket.companyId, ticket.contactId).then((found) => (found ? messageContactOf(found) : null)));
  const messages: MessageDto[] = await Promise.all(
    history.messages.map((message) => presentMessage(readNow.has(message.id) ? { ...message, read: true } : message, contact)),
  );
  const oldest = history.messages.at(-1);
  return {
    messages,
    hasMore: history.hasMore,
    cursor: history.hasMore && oldest ? oldest.id : null,
    tickets: history.tickets.map(summaryOf),
  };
}

/**
 * The first page: the ticket and its newest messages in one Query (repositories/messages.ts
 * readTicketAndMessages), the access rule applied to the ticket read; earlier tickets are read only when
 * the ticket's own messages do not fill the page.
 */
async function readFirstPage(caller: Caller, ticketId: string, start?: PageStart): Promise<{ ticket: Ticket; history: HistorySlice }> {
  const read = start ?? (await readTicketAndMessages(caller.companyId, ticketId, MESSAGE_PAGE_SIZE));
  const ticket = asVisible(caller, read.ticket);
  return { ticket, history: await readHistory({ ticket }, MESSAGE_PAGE_SIZE, read) };
}

/**
 * A later page: the asked ticket, and, alongside it, the ticket a cursor names when it is another one (it
 * is looked at only once the asked ticket passed the access rule, and refused unless it is an earlier one
 * of the same chat), then the history from the cursor or page number.
 */
async function readLaterPage(caller: Caller, ticketId: string, query: ListMessagesQuery): Promise<{ ticket: Ticket; history: HistorySlice }> {
  const cursorTicketId = query.cursor?.ticketId;
  const [ticket, cursorTicket] = await Promise.all([
    visibleTicket(caller, ticketId),
    cursorTicketId && cursorTicketId !== ticketId ? getTicket(caller.companyId, cursorTicketId) : undefined,
  ]);
  const start = await startOf(ticket, query, cursorTicket);
  return { ticket, history: start ? await readHistory(start, MESSAGE_PAGE_SIZE) : { messages: [], hasMore: false, tickets: [] } };
}

/** Where reading starts: before a message of one of the history's tickets, or at its newest message. */
interface Position {
  readonly ticket: Ticket;
  readonly beforeUlid?: string;
}

const invalidCursor = () => new AppError('ERR_VALIDATION', { message: 'Invalid cursor', fields: [{ path: 'cursor', message: 'Invalid cursor' }] });

/** Whether `other` is a ticket of `ticket`'s history: the same contact and connection, created before it. */
const isEarlierOfSameChat = (other: Ticket, ticket: Ticket): boolean =>
  other.contactId === ticket.contactId &&
  other.whatsappId === ticket.whatsappId &&
  createdBefore(other, ticket);

/** `cursorTicket` is the ticket the cursor names when it is not `ticket` (undefined when there is none). */
async function startOf(ticket: Ticket, query: ListMessagesQuery, cursorTicket: Ticket | undefined): Promise<Position | undefined> {
  if (query.cursor !== undefined) {
    const { ticketId, messageUlid } = query.cursor;
    if (ticketId === null || ticketId === ticket.id) return { ticket, beforeUlid: messageUlid };
    const earlier = cursorTicket;
    if (!earlier || !isEarlierOfSameChat(earlier, ticket)) throw invalidCursor();
    return { ticket: earlier, beforeUlid: messageUlid };
  }
  if (query.pageNumber === 1) return { ticket };
  return positionAfter(ticket, (query.pageNumber - 1) * MESSAGE_PAGE_SIZE);
}

/**
 * The position after the `count` newest messages of the history; undefined when it holds fewer. Counts
 * each ticket's message keys in turn (skipMessages), the earlier tickets found by batch (earlierBatches).
 */
async function positionAfter(ticket: Ticket, count: number): Promise<Position | undefined> {
  let remaining = count;
  const skipTo = async (current: Ticket): Promise<Position | undefined> => {
    const { skipped, lastUlid } = await skipMessages(current.companyId, current.id, remaining);
    remaining -= skipped;
    if (remaining > 0) return undefined;
    return lastUlid === undefined ? { ticket: current } : { ticket: current, beforeUlid: lastUlid };
  };
  const own = await skipTo(ticket);
  if (own) return own;
  for await (const batch of earlierBatches(ticket)) {
    for (const current of batch) {
      const position = await skipTo(current);
      if (position) return position;
    }
  }
  return undefined;
}

interface HistorySlice {
  /** Newest first. */
  readonly messages: StoredMessage[];
  readonly hasMore: boolean;
  /** The tickets read through, newest first (see MessagePage.tickets). */
  readonly tickets: Ticket[];
}

/** Earlier tickets one index Query answers (repositories/contact-tickets.ts earlierTicketsOfContact). */
const HISTORY_TICKETS_READ = 10;
/** Earlier tickets whose messages are read at once, in parallel. */
const HISTORY_BATCH = 5;

/**
 * The tickets of `ticket`'s history before it, newest first, in batches of up to HISTORY_BATCH: one
 * index Query answers HISTORY_TICKETS_READ of them, the next Query (from the last one) is sent only
 * when the caller asks for more than those.
 */
async function* earlierBatches(ticket: Ticket): AsyncGenerator<Ticket[]> {
  for (let from = ticket; ; ) {
    const earlier = await earlierTicketsOfContact(from, HISTORY_TICKETS_READ);
    for (let index = 0; index < earlier.length; index += HISTORY_BATCH) yield earlier.slice(index, index + HISTORY_BATCH);
    const last = earlier.at(-1);
    if (!last || earlier.length < HISTORY_TICKETS_READ) return;
    from = last;
  }
}

/** An earlier ticket of the history and its newest messages, as far as the page still lacked them. */
interface TicketSlice {
  readonly ticket: Ticket;
  readonly slice: MessageSlice;
}

/**
 * The tickets of `start`'s history before it, newest first, each with its newest `wanted()` messages
 * (what the page lacks when the batch is read), in batches of up to HISTORY_BATCH read in parallel; the
 * next batch is read only when the consumer asks for it.
 *
 * First the chain `start` kept from its creation (Ticket.earlierTicketIds): each kept ticket's
 * partition is read whole (the ticket and its messages, readTicketAndMessages) and checked to still be
 * the one before the previous (repositories/contact-tickets.ts followsInHistory). The chain ends at the first
 * that fails (deleted since, or reopened after the next began); the index carries on from the last one
 * that passed, and from `start` itself for a ticket stored before chains were kept. A kept chain shorter
 * than EARLIER_TICKETS_KEPT was the whole history, and the index is not asked at all.
 */
async function* earlierSlices(start: Ticket, wanted: () => number): AsyncGenerator<TicketSlice[]> {
  let last = start;
  const kept = start.earlierTicketIds;
  let whole = kept !== undefined && kept.length < EARLIER_TICKETS_KEPT;
  for (let index = 0; kept && index < kept.length; index += HISTORY_BATCH) {
    const count = wanted();
    const reads = await Promise.all(kept.slice(index, index + HISTORY_BATCH).map((id) => readTicketAndMessages(start.companyId, id, count)));
    const passed: TicketSlice[] = [];
    for (const read of reads) {
      if (!read.ticket || !followsInHistory(read.ticket, last)) break;
      passed.push({ ticket: read.ticket, slice: read });
      last = read.ticket;
    }
    if (passed.length > 0) yield passed;
    if (passed.length < reads.length) {
      whole = false;
      break;
    }
  }
  if (whole) return;
  for await (const batch of earlierBatches(last)) {
    const count = wanted();
    const slices = await Promise.all(batch.map((ticket) => readMessages(ticket.companyId, ticket.id, count)));
    yield batch.map((ticket, index) => ({ ticket, slice: slices[index] ?? { messages: [], hasMore: false } }));
  }
}

/**
 * Up to `limit` messages from `start` on, crossing into earlier tickets while the page is not full.
 * `first` is what was already read at `start` (up to `limit` messages, and whether more follow).
 *
 * Cost: the start ticket's messages (one Query, or none with `first`); when they do not fill the page,
 * the earlier tickets' messages, HISTORY_BATCH tickets at a time in parallel (earlierSlices), each Query
 * asking for what the page still lacks (plus the one telling `hasMore`), the next batch only while the
 * page is still not full. With the chain the ticket kept, a page that reaches up to 5 earlier tickets
 * costs 2 sequential steps from the start ticket's messages on (messages, earlier messages); without
 * one (a ticket stored before chains were kept, or one whose chain broke) the index Query comes first,
 * 3 steps. A batch may read up to 5 × (limit + 1) messages where the page keeps what it lacks: the
 * merge keeps the ticket order (newest first, each newest first) and drops what lies past the page's
 * extra message.
 */
async function readHistory(start: Position, limit: number, first?: MessageSlice): Promise<HistorySlice> {
  const own = first ?? (await readMessages(start.ticket.companyId, start.ticket.id, limit, start.beforeUlid));
  const messages: StoredMessage[] = [...own.messages];
  const passed: Ticket[] = [start.ticket];
  // More in the same ticket: the page is full and one more exists.
  if (own.hasMore) return { messages, hasMore: true, tickets: passed };
  // One message more than a page: it only tells whether there is more.
  if (messages.length <= limit) {
    for await (const batch of earlierSlices(start.ticket, () => limit + 1 - messages.length)) {
      for (const { ticket, slice } of batch) {
        passed.push(ticket);
        messages.push(...slice.messages);
        if (messages.length > limit) break;
      }
      if (messages.length > limit) break;
    }
  }
  const page = messages.slice(0, limit);
  const hasMore = messages.length > limit;
  // With more to read, the tickets past the page's oldest message come with the page that reads them.
  const oldest = page.at(-1);
  const through = hasMore && oldest ? passed.findIndex((ticket) => ticket.id === oldest.ticketId) : passed.length - 1;
  return { messages: page, hasMore, tickets: passed.slice(0, through + 1) };
}

const summaryOf = (ticket: Ticket): ConversationTicketDto => ({
  id: ticket.id,
  status: ticket.status,
  createdAt: ticket.createdAt,
  closedAt: ticket.status === 'closed' ? ticket.updatedAt : null,
});

/** Marks the conversation read; answers the ids of the messages flagged read now. */
async function markRead(ticket: Ticket, page: readonly StoredMessage[], now: Date): Promise<Set<string>> {
  const unread = page.filter((message) => !message.fromMe && !message.read);
  if (unread.length === 0 && ticket.unreadMessages === 0) return new Set();
  try {
    await markTicketRead(ticket.companyId, ticket.id);
  } catch (error) {
    // The badge is cosmetic: the conversation is still answered, and the next read tries again.
    logger.warn('ticket not marked read', { ticketId: ticket.id, error });
  }
  await setMessagesRead(ticket.companyId, unread.map((message) => message.id), now);

  const receipts = unread.flatMap((message) => (message.whatsappMessageId ? [{ messageId: message.id, whatsappMessageId: message.whatsappMessageId }] : []));
  if (ticket.whatsappId && receipts.length > 0) {
    // The number is the ticket's copy of its contact (ticket-rows.ts); only a ticket stored without one reads it.
    // The connection says which queue takes the receipts (sessions/commands.ts); read with the contact when that is read too.
    const [contact, connection] = await Promise.all([
      ticket.contactRow ? { id: ticket.contactId, number: ticket.contactRow.number, isGroup: ticket.isGroup } : getContact(ticket.companyId, ticket.contactId),
      getConnection(ticket.companyId, ticket.whatsappId),
    ]);
    if (contact && connection) {
      try {
        await enqueueSessionCommand({
          type: 'markRead',
          commandId: `read:${receipts[0]?.messageId}`,
          companyId: ticket.companyId,
          whatsappId: ticket.whatsappId,
          issuedAt: now.toISOString(),
          ticketId: ticket.id,
          chat: { contactId: contact.id, number: contact.number, isGroup: contact.isGroup },
          messages: receipts,
        }, connection.provider);
      } catch (error) {
        // Receipts are a courtesy to the contact: reading the conversation must not fail for them.
        logger.warn('markRead command not enqueued', { ticketId: ticket.id, error });
      }
    }
  }
  return new Set(unread.map((message) => message.id));
}
