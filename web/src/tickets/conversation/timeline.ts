/**
 * The rows of the conversation (spec 1 §2.5): messages oldest first, a separator before the first
 * message of each day, and markers where the conversation started (shown once its first page is
 * reached) and where it was closed (a closed ticket). Markers sit at their moment among the messages.
 */
import type { MessageDto } from '../../../../shared/messages';

export type TimelineRow =
  | { readonly kind: 'day'; readonly key: string; readonly at: string }
  | { readonly kind: 'started'; readonly key: string; readonly at: string }
  | { readonly kind: 'closed'; readonly key: string; readonly at: string }
  | { readonly kind: 'message'; readonly key: string; readonly message: MessageDto };

export interface TimelineMarkers {
  /** The ticket's creation, when the oldest message is loaded; null otherwise. */
  readonly startedAt: string | null;
  /** When the ticket was closed, for a closed ticket; null otherwise. */
  readonly closedAt: string | null;
}

/** The calendar day of an instant in the browser's time zone, as `YYYY-MM-DD`. */
export function localDay(iso: string): string {
  const date = new Date(iso);
  const pad = (value: number) => String(value).padStart(2, '0');
  return `${date.getFullYear()}-${pad(date.getMonth() + 1)}-${pad(date.getDate())}`;
}

type Entry = { readonly at: string; readonly row: Exclude<TimelineRow, { kind: 'day' }> };

export function buildTimeline(
  messages: readonly MessageDto[],
  markers: TimelineMarkers,
  dayOf: (iso: string) => string = localDay,
): TimelineRow[] {
  const entries: Entry[] = messages.map((message) => ({ at: message.createdAt, row: { kind: 'message', key: message.id, message } }));
  // The start goes before a message of the same instant, the close after it.
  if (markers.startedAt !== null) {
    const at = markers.startedAt;
    const index = entries.findIndex((entry) => entry.at >= at);
    entries.splice(index === -1 ? entries.length : index, 0, { at, row: { kind: 'started', key: `started-${at}`, at } });
  }
  if (markers.closedAt !== null) {
    const at = markers.closedAt;
    const index = entries.findIndex((entry) => entry.at > at);
    entries.splice(index === -1 ? entries.length : index, 0, { at, row: { kind: 'closed', key: `closed-${at}`, at } });
  }

  const rows: TimelineRow[] = [];
  let day: string | null = null;
  for (const entry of entries) {
    const entryDay = dayOf(entry.at);
    if (entryDay !== day) {
      rows.push({ kind: 'day', key: `day-${entryDay}`, at: entry.at });
      day = entryDay;
    }
    rows.push(entry.row);
  }
  return rows;
}
