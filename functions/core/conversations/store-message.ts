/**
 * Stores a new message of a ticket and moves the ticket to it, all or nothing; shared by outgoing
 * messages (send-message.ts) and inbound ones (the WhatsApp issue).
 *
 * The list preview (the ticket's lastMessage, spec 1 §2.4) shows what a person wrote: the contact or an
 * agent (the external API's sends count as an agent's). Automatic texts of the server (`bot`: the
 * connection's greeting, the queue menu, out-of-hours and call answers, the greeting on accept,
 * transfer notices, the closing and rating messages) never replace a person's message there; they show
 * only while the ticket has none yet, so an agent deciding whether to accept a pending ticket reads the
 * customer's request, not our greeting. An automatic text still moves the ticket (updatedAt, its place
 * in the lists).
 *
 * Steps: one transaction that puts the message (a new id) and updates the ticket's updatedAt,
 * list-index sort keys and, per the rule above, its preview, on the condition that it shows no newer
 * message (and, for an automatic text that would fill the preview, that the preview still shows no
 * person's message); an inbound message adds one to the unread counter. If a condition failed, a
 * second transaction stores the message without moving the ticket (still counting it unread); a ticket
 * that no longer exists is ERR_NO_TICKET_FOUND and nothing is stored. One transaction per message: the
 * rule needs no read of its own (it is decided from the ticket the caller read, and held by the condition).
 */
import { AppError } from '../errors';
import { keepTicketForOlderMessage, lastMessageText, moveTicketToMessage, parseMessageId, putNewMessage, type StoredMessage } from '../repositories/messages';
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

  const preview = !message.bot || !showsPersonMessage(ticket);

  const latest = new Steps<'message' | 'ticket' | 'alongside'>();
  latest.add('message', putNewMessage(message));
  latest.add('ticket', moveTicketToMessage(message, ticket, unread, preview));
  if (options.alongside) latest.add('alongside', options.alongside);
  const failed = await latest.run();
  if (failed.has('message')) throw new MessageExistsError(`Message ${message.id} already exists`);
  if (failed.size === 0) {
    return {
      kind: 'latest',
      ticket: {
        ...ticket,
        ...(preview ? { lastMessage: lastMessageText(message), previewMessageId: parseMessageId(message.id)?.messageUlid ?? null, previewBot: message.bot } : {}),
        updatedAt: message.createdAt,
        ...(message.fromMe ? {} : { customerMessageAt: message.createdAt }),
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

/**
 * Whether the ticket, as read, shows a message of a person in its preview. A ticket stored before the
 * preview kept `previewBot` counts as showing one when it shows anything.
 */
export function showsPersonMessage(ticket: Pick<Ticket, 'lastMessage' | 'previewBot'>): boolean {
  return ticket.lastMessage !== '' && ticket.previewBot !== true;
}
