/**
 * Rules of the message input (spec 1 §2.6): what may be sent, when Enter sends, and the quick replies
 * offered while the text starts with '/'.
 */
import { quickMessageLabel, type QuickMessage } from '../../../../shared/quick-messages';
import { renderTemplate, ticketProtocol } from '../../../../shared/templates';

/** The input grows with its text up to this many rows, then scrolls. */
export const INPUT_MAX_ROWS = 5;

/** Empty or whitespace-only text is never sent. */
export function isSendable(text: string): boolean {
  return text.trim() !== '';
}

export interface EnterKey {
  readonly key: string;
  readonly shiftKey: boolean;
  /** An input method is composing a character (e.g. accents, CJK): Enter confirms it, not the message. */
  readonly isComposing: boolean;
}

/** Enter sends unless Shift is held (a new line) or a send is already in progress. */
export function enterSends(event: EnterKey, sending: boolean): boolean {
  return event.key === 'Enter' && !event.shiftKey && !event.isComposing && !sending;
}

/** The quick-reply search of the text: what follows '/', once there is something after it; else null. */
export function quickReplyQuery(text: string): string | null {
  return text.startsWith('/') && text.length > 1 ? text.slice(1).toLowerCase() : null;
}

export interface QuickReplyOption {
  readonly id: string;
  readonly shortcode: string;
  /** The message cut to 35 characters and '...'. */
  readonly label: string;
  readonly message: string;
}

/** Active quick messages whose shortcode contains the query, by shortcode. */
export function quickReplyOptions(quickMessages: readonly QuickMessage[], query: string): QuickReplyOption[] {
  return quickMessages
    .filter((quickMessage) => quickMessage.status && quickMessage.shortcode.toLowerCase().includes(query))
    .sort((a, b) => a.shortcode.localeCompare(b.shortcode))
    .map((quickMessage) => ({
      id: quickMessage.id,
      shortcode: quickMessage.shortcode,
      label: quickMessageLabel(quickMessage.message),
      message: quickMessage.message,
    }));
}

/** What the composer knows of the ticket to fill a quick reply's variables in. */
export interface QuickReplyTicket {
  readonly contactName: string;
  /** The ticket's number (its protocol); null for a ticket the server has not numbered yet. */
  readonly number: number | null;
}

/**
 * A picked quick reply as the composer shows it: its template variables filled in for the ticket by the
 * rule the server fills texts with (shared/templates.ts), times at the moment of the pick, so the agent
 * sees, and may still edit, what the customer will get. What cannot be known here ({{protocol}} of a
 * ticket without a number yet) stays as written and the server fills it in when the text is sent.
 */
export function filledQuickReply(message: string, ticket: QuickReplyTicket, now: Date): string {
  return renderTemplate(message, { contactName: ticket.contactName, protocol: ticket.number === null ? null : ticketProtocol(ticket), now });
}
