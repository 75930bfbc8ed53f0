/**
 * Stores a new message of a ticket and moves the ticket to it, all or nothing; shared by outgoing
 * messages (send-message.ts) and inbound ones (the WhatsApp issue).
 *
 * Steps: one transaction that puts the message (a new id) and updates the ticket's last message,
 * updatedAt and list-index sort keys on the condition that it shows no newer message (and, for an
 * inbound message, adds one to the unread counter); if a newer message won the race, a second
 * transaction stores the message without moving the ticket (still counting it unread); a ticket that
 * no longer exists is ERR_NO_TICKET_FOUND and nothing is stored.
 */
import { AppError } from '../errors';
import { keepTicketForOlderMessage, moveTicketToMessage, putNewMessage, lastMessageText, type StoredMessage } from '../repositories/messages';
import type { Ticket } from '../repositories/tickets';
import { Steps, type TransactItem } from '../repositories/transaction';

export type StoreOutcome =
  /** The ticket now shows the message as its last one: `ticket` is the ticket after the change. */
  | { readonly kind: 'latest'; readonly ticket: Ticket }
  /** A newer message stored meanwhile stays the ticket's last one. */
  | { readonly kind: 'older' };

export interface StoreOptions {
  /** Inbound messages count towards the ticket's unread counter. */
  readonly countsAsUnread?: boolean;
  /** One more unconditional write of the same transaction (an inbound message records its WhatsApp id with it). */
  readonly alongside?: TransactItem;
}

/** The message id is taken already: a redelivery of something stored before. */
export class MessageExistsError extends Error {
  override readonly name = 'MessageExistsError';
}

export async function storeMessage(message: StoredMessage, ticket: Ticket, options: StoreOptions = {}): Promise<StoreOutcome> {
  const unread = options.countsAsUnread === true;

  const latest = new Steps<'message' | 'ticket' | 'alongside'>();
  latest.add('message', putNewMessage(message));
  latest.add('ticket', moveTicketToMessage(message, ticket, unread));
  if (options.alongside) latest.add('alongside', options.alongside);
  const failed = await latest.run();
  if (failed.has('message')) throw new MessageExistsError(`Message ${message.id} already exists`);
  if (failed.size === 0) {
    return {
      kind: 'latest',
      ticket: {
        ...ticket,
        lastMessage: lastMessageText(message),
        updatedAt: message.createdAt,
        unreadMessages: ticket.unreadMessages + (unread ? 1 : 0),
      },
    };
  }

  const older = new Steps<'message' | 'ticket' | 'alongside'>();
  older.add('message', putNewMessage(message));
  older.add('ticket', keepTicketForOlderMessage(message, unread));
  if (options.alongside) older.add('alongside', options.alongside);
  const failedAgain = await older.run();
  if (failedAgain.has('ticket')) throw new AppError('ERR_NO_TICKET_FOUND');
  if (failedAgain.has('message')) throw new MessageExistsError(`Message ${message.id} already exists`);
  return { kind: 'older' };
}
