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
 * earlier when it was last changed before the asked one was created (repositories/tickets.ts
 * previousTicketOfContact): a contact holds one live ticket per connection at a time. A group's tickets
 * follow the same rule (a group is a contact).
 *
 * Paging: the answer's `cursor` is the id of the page's oldest message (`<ticketId>.<ulid>`): the next
 * page reads that ticket's partition, `MSG#` descending from there, then the tickets before it, until
 * it holds one message more than a page (which only tells `hasMore`): a page costs the same at any
 * depth, plus one index Query per ticket it crosses. A cursor naming a ticket that is not an earlier
 * one of the same contact and connection is refused like a malformed one (ERR_VALIDATION). The spec's
 * `pageNumber` also works (page N starts after the (N-1)*20 newest messages of the history, found by
 * reading their keys first), at a cost that grows with N; the web uses the cursor.
 *
 * The first page (no cursor) reads the ticket and its newest messages in one Query of the ticket's
 * partition, and applies the access rule to the ticket it found there (a ticket the caller may not open
 * answers the same error as before, its messages unsent); earlier tickets cost their index Queries only
 * when the ticket's own messages do not fill the page. Later pages read the ticket, then the messages.
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
import { getContact } from '../repositories/contacts';
import { readMessages, readTicketAndMessages, setMessagesRead, skipMessages, type MessageSlice, type StoredMessage } from '../repositories/messages';
import { getTicket, previousTicketOfContact, type Ticket } from '../repositories/tickets';
import { enqueueSessionCommand } from '../sessions/commands';
import { asVisible, visibleTicket } from './conversation-access';
import type { Caller } from '../caller/load-caller';
import { presentMessage } from './present-message';
import { markTicketRead } from './mark-ticket-read';

export async function listMessages(caller: Caller, ticketId: string, query: ListMessagesQuery, now = new Date()): Promise<MessagePage> {
  const firstPage = query.cursor === undefined && query.pageNumber === 1;
  const { ticket, history } = firstPage ? await readFirstPage(caller, ticketId) : await readLaterPage(caller, ticketId, query);
  const readNow =
    firstPage && ticket.userId === caller.userId
      ? await markRead(ticket, history.messages.filter((message) => message.ticketId === ticket.id), now)
      : new Set<string>();
  const messages: MessageDto[] = await Promise.all(
    history.messages.map((message) => presentMessage(readNow.has(message.id) ? { ...message, read: true } : message)),
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
async function readFirstPage(caller: Caller, ticketId: string): Promise<{ ticket: Ticket; history: HistorySlice }> {
  const read = await readTicketAndMessages(caller.companyId, ticketId, MESSAGE_PAGE_SIZE);
  const ticket = asVisible(caller, read.ticket);
  return { ticket, history: await readHistory({ ticket }, MESSAGE_PAGE_SIZE, read) };
}

async function readLaterPage(caller: Caller, ticketId: string, query: ListMessagesQuery): Promise<{ ticket: Ticket; history: HistorySlice }> {
  const ticket = await visibleTicket(caller, ticketId);
  const start = await startOf(ticket, query);
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
  (other.createdAt < ticket.createdAt || (other.createdAt === ticket.createdAt && other.id < ticket.id));

async function startOf(ticket: Ticket, query: ListMessagesQuery): Promise<Position | undefined> {
  if (query.cursor !== undefined) {
    const { ticketId, messageUlid } = query.cursor;
    if (ticketId === null || ticketId === ticket.id) return { ticket, beforeUlid: messageUlid };
    const earlier = await getTicket(ticket.companyId, ticketId);
    if (!earlier || !isEarlierOfSameChat(earlier, ticket)) throw invalidCursor();
    return { ticket: earlier, beforeUlid: messageUlid };
  }
  if (query.pageNumber === 1) return { ticket };
  return positionAfter(ticket, (query.pageNumber - 1) * MESSAGE_PAGE_SIZE);
}

/** The position after the `count` newest messages of the history; undefined when it holds fewer. */
async function positionAfter(ticket: Ticket, count: number): Promise<Position | undefined> {
  let remaining = count;
  for (let current: Ticket | undefined = ticket; current; current = await previousTicketOfContact(current)) {
    const { skipped, lastUlid } = await skipMessages(current.companyId, current.id, remaining);
    remaining -= skipped;
    if (remaining === 0) return lastUlid === undefined ? { ticket: current } : { ticket: current, beforeUlid: lastUlid };
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

/**
 * Up to `limit` messages from `start` on, crossing into earlier tickets while the page is not full.
 * `first` is what was already read at `start` (up to `limit` messages, and whether more follow).
 */
async function readHistory(start: Position, limit: number, first?: MessageSlice): Promise<HistorySlice> {
  const messages: StoredMessage[] = [];
  const passed: Ticket[] = [];
  // One message more than a page: it only tells whether there is more.
  for (let position: Position | undefined = start; position && messages.length <= limit; ) {
    passed.push(position.ticket);
    if (position === start && first) {
      messages.push(...first.messages);
      // More in the same ticket: the page is full and one more exists.
      if (first.hasMore) return { messages: messages.slice(0, limit), hasMore: true, tickets: passed };
    } else {
      const slice = await readMessages(position.ticket.companyId, position.ticket.id, limit + 1 - messages.length, position.beforeUlid);
      messages.push(...slice.messages);
    }
    if (messages.length > limit) break;
    const previous = await previousTicketOfContact(position.ticket);
    position = previous ? { ticket: previous } : undefined;
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
    const contact = ticket.contactRow
      ? { id: ticket.contactId, number: ticket.contactRow.number, isGroup: ticket.isGroup }
      : await getContact(ticket.companyId, ticket.contactId);
    if (contact) {
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
        });
      } catch (error) {
        // Receipts are a courtesy to the contact: reading the conversation must not fail for them.
        logger.warn('markRead command not enqueued', { ticketId: ticket.id, error });
      }
    }
  }
  return new Set(unread.map((message) => message.id));
}
