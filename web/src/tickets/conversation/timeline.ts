/**
 * The rows of the conversation (spec 1 §2.5): the contact's history on the connection, ticket after
 * ticket in the order they were created, each ticket's messages oldest first; a marker where a ticket
 * started (shown once its first message is loaded) before its first message, and one where it was
 * closed after its last; and a separator before the first row of each day.
 *
 * A contact holds one live ticket per connection at a time, so ticket after ticket is also time order.
 */
import type { MessageDto, MessagePage } from '../../../../shared/messages';
import type { TicketDto } from '../../../../shared/tickets';

export type TimelineRow =
  | { readonly kind: 'day'; readonly key: string; readonly at: string }
  | { readonly kind: 'started'; readonly key: string; readonly at: string }
  | { readonly kind: 'closed'; readonly key: string; readonly at: string }
  | { readonly kind: 'message'; readonly key: string; readonly message: MessageDto };

/** A ticket of the loaded history, as the timeline marks it. */
export interface TimelineTicket {
  readonly id: string;
  readonly createdAt: string;
  /** When it was closed, for a closed ticket; null otherwise. */
  readonly closedAt: string | null;
  /** Its first message is loaded (or it has none): where it started can be shown. */
  readonly startLoaded: boolean;
}

/** The calendar day of an instant in the browser's time zone, as `YYYY-MM-DD`. */
export function localDay(iso: string): string {
  const date = new Date(iso);
  const pad = (value: number) => String(value).padStart(2, '0');
  return `${date.getFullYear()}-${pad(date.getMonth() + 1)}-${pad(date.getDate())}`;
}

const byCreation = (a: { createdAt: string; id: string }, b: { createdAt: string; id: string }): number =>
  a.createdAt === b.createdAt ? (a.id < b.id ? -1 : a.id > b.id ? 1 : 0) : a.createdAt < b.createdAt ? -1 : 1;

/**
 * The history's tickets, oldest first: the conversation's own ticket as the app knows it now (it may
 * have been closed since its pages were read) and the earlier ones the pages read through. Pages read
 * ticket after ticket, newest first, so a ticket's first message is loaded once a page reached an
 * earlier ticket, or once nothing older is left (`hasOlder` false).
 */
export function timelineTickets(
  current: Pick<TicketDto, 'id' | 'status' | 'createdAt' | 'updatedAt'>,
  pages: readonly Pick<MessagePage, 'tickets'>[],
  hasOlder: boolean,
): TimelineTicket[] {
  const known = new Map<string, { id: string; createdAt: string; closedAt: string | null }>();
  for (const page of pages) for (const ticket of page.tickets) known.set(ticket.id, ticket);
  known.set(current.id, { id: current.id, createdAt: current.createdAt, closedAt: current.status === 'closed' ? current.updatedAt : null });
  return [...known.values()].sort(byCreation).map((ticket, index) => ({ ...ticket, startLoaded: index > 0 || !hasOlder }));
}

type Entry = {
  /** Where the entry sits in time: for markers, never inside their ticket's messages. */
  readonly place: string;
  readonly row: Exclude<TimelineRow, { kind: 'day' }>;
};

interface Block {
  readonly ticket: TimelineTicket | null;
  readonly messages: MessageDto[];
}

/** When a block begins: its ticket's creation, or its first message when that came earlier (an old inbound one). */
function beginning(block: Block): { createdAt: string; id: string } {
  const first = block.messages[0]?.createdAt;
  const created = block.ticket?.createdAt;
  const at = created === undefined ? (first ?? '') : first !== undefined && first < created ? first : created;
  return { createdAt: at, id: block.ticket?.id ?? block.messages[0]?.ticketId ?? '' };
}

/**
 * `messages` oldest first (message-cache.ts loadedMessages); `tickets` those of timelineTickets. A
 * message of a ticket not in `tickets` is shown in a block of its own, without markers.
 */
export function buildTimeline(
  messages: readonly MessageDto[],
  tickets: readonly TimelineTicket[],
  dayOf: (iso: string) => string = localDay,
): TimelineRow[] {
  const blocks = new Map<string, Block>(tickets.map((ticket) => [ticket.id, { ticket, messages: [] }]));
  for (const message of messages) {
    const block = blocks.get(message.ticketId);
    if (block) block.messages.push(message);
    else blocks.set(message.ticketId, { ticket: null, messages: [message] });
  }

  const entries: Entry[] = [];
  for (const block of [...blocks.values()].sort((a, b) => byCreation(beginning(a), beginning(b)))) {
    const { ticket, messages: own } = block;
    if (ticket?.startLoaded) {
      const first = own[0]?.createdAt;
      const place = first !== undefined && first < ticket.createdAt ? first : ticket.createdAt;
      entries.push({ place, row: { kind: 'started', key: `started-${ticket.id}`, at: ticket.createdAt } });
    }
    for (const message of own) entries.push({ place: message.createdAt, row: { kind: 'message', key: message.id, message } });
    if (ticket?.closedAt) {
      const last = own[own.length - 1]?.createdAt;
      const place = last !== undefined && last > ticket.closedAt ? last : ticket.closedAt;
      entries.push({ place, row: { kind: 'closed', key: `closed-${ticket.id}`, at: ticket.closedAt } });
    }
  }

  const rows: TimelineRow[] = [];
  const daysShown = new Map<string, number>();
  let day: string | null = null;
  for (const entry of entries) {
    const entryDay = dayOf(entry.place);
    if (entryDay !== day) {
      // A day shows twice only when tickets overlap in time (one reopened after a newer one began).
      const times = daysShown.get(entryDay) ?? 0;
      daysShown.set(entryDay, times + 1);
      rows.push({ kind: 'day', key: times === 0 ? `day-${entryDay}` : `day-${entryDay}-${times}`, at: entry.place });
      day = entryDay;
    }
    rows.push(entry.row);
  }
  return rows;
}
