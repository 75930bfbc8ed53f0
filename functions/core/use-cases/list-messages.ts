/**
 * A page of a conversation (GET /messages/{ticketId}), newest first, MESSAGE_PAGE_SIZE a page.
 *
 * Paging: the answer's `cursor` (the ULID of the page's oldest message) reads the next page with one
 * Query of the ticket's partition, `MSG#` descending from there, Limit 21 (the 21st only tells
 * `hasMore`): a page costs the same at any depth. The spec's `pageNumber` also works (page N starts
 * after the (N-1)*20 newest messages, found by reading their keys first), at a cost that grows with N;
 * the web uses the cursor.
 *
 * Steps: the ticket must be the caller's company's and visible to the caller (conversation-access.ts);
 * read the page; present each message with a fresh short-lived media URL. Reading the first page is
 * "the agent reads the conversation" when the caller is the ticket's assigned user: the ticket's unread
 * counter goes to 0 (markTicketRead), the page's unread inbound messages are flagged read, and the
 * connection's session sends their read receipts (a `markRead` command). Nobody else's reading (an
 * admin looking in, a spy view) sends receipts or clears the agent's counter (DESIGN.md §7).
 */
import { MESSAGE_PAGE_SIZE, type ListMessagesQuery, type MessageDto, type MessagePage } from '../../../shared/messages';
import { logger } from '../logger';
import { getContact } from '../repositories/contacts';
import { messageUlidAt, parseMessageId, readMessages, setMessagesRead, type MessageSlice, type StoredMessage } from '../repositories/messages';
import type { Ticket } from '../repositories/tickets';
import { enqueueSessionCommand } from '../sessions/commands';
import { visibleTicket } from './conversation-access';
import type { Session } from './load-session';
import { presentMessage } from './present-message';
import { markTicketRead } from './mark-ticket-read';

export async function listMessages(session: Session, ticketId: string, query: ListMessagesQuery, now = new Date()): Promise<MessagePage> {
  const ticket = await visibleTicket(session, ticketId);
  const slice = await readPage(ticket, query);
  const firstPage = query.cursor === undefined && query.pageNumber === 1;
  const readNow = firstPage && ticket.userId === session.userId ? await markRead(ticket, slice.messages, now) : new Set<string>();
  const messages: MessageDto[] = await Promise.all(
    slice.messages.map((message) => presentMessage(readNow.has(message.id) ? { ...message, read: true } : message)),
  );
  const oldest = slice.messages.at(-1);
  return { messages, hasMore: slice.hasMore, cursor: slice.hasMore && oldest ? (parseMessageId(oldest.id)?.messageUlid ?? null) : null };
}

async function readPage(ticket: Ticket, query: ListMessagesQuery): Promise<MessageSlice> {
  if (query.cursor !== undefined) return readMessages(ticket.companyId, ticket.id, MESSAGE_PAGE_SIZE, query.cursor);
  if (query.pageNumber === 1) return readMessages(ticket.companyId, ticket.id, MESSAGE_PAGE_SIZE);
  const after = await messageUlidAt(ticket.companyId, ticket.id, (query.pageNumber - 1) * MESSAGE_PAGE_SIZE);
  return after ? readMessages(ticket.companyId, ticket.id, MESSAGE_PAGE_SIZE, after) : { messages: [], hasMore: false };
}

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
    const contact = await getContact(ticket.companyId, ticket.contactId);
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
