/**
 * What a card writes (spec 2 §2 Kanban: the ticket's number, the contact's name and number, the last
 * message), written as the other lists write the same things, by their own helpers rather than copies:
 * the number as the contacts table reads it (contacts/phone.ts displayNumber: `+55 (11) 99999-0000`, a
 * group's id as it is), the last message as the ticket list's line shows it (tickets/ticket-format.ts:
 * without WhatsApp's `*bold*` and `_italic_` markers, a label for a location, a card, a call, a file or
 * a deleted message). A plain function, so it is unit tested without a browser.
 */
import type { KanbanTicketDto } from '../../../shared/tickets';
import { displayNumber } from '../contacts/phone';
import { lastMessageKind, previewText, type LastMessageKind } from '../tickets/ticket-format';
import { cardNumber } from './card-number';

/** The card's last-message line: nothing yet, a text to show, or the kind of message to name with a label. */
export type CardMessage =
  | { readonly kind: 'none' }
  | { readonly kind: 'text'; readonly text: string }
  | { readonly kind: Exclude<LastMessageKind, 'text'> };

export interface CardText {
  readonly number: string;
  readonly name: string;
  readonly phone: string;
  readonly message: CardMessage;
}

export function cardText(ticket: Pick<KanbanTicketDto, 'id' | 'number' | 'contact' | 'isGroup' | 'lastMessage'>): CardText {
  const kind = lastMessageKind(ticket.lastMessage);
  const message: CardMessage =
    ticket.lastMessage === '' ? { kind: 'none' } : kind === 'text' ? { kind: 'text', text: previewText(ticket.lastMessage) } : { kind };
  return {
    number: cardNumber(ticket),
    name: ticket.contact.name,
    phone: displayNumber(ticket.contact.number, ticket.isGroup),
    message,
  };
}
