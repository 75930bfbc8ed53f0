/**
 * GET /tickets (spec 1 §2.3, §7) and the kanban board's tickets: the tickets the caller may see, newest
 * change first, with the spec's filters. Never a Scan: every read is a key-condition Query of a list
 * partition, and a page reads about what it shows.
 *
 * Who sees what (spec 1 §6): with an effective `showAll` (the parameter and the permission
 * 'tickets-manager:showall': admins) the list spans every queue and reads GSI1, one
 * partition per status; otherwise, and always for plain users, it spans the caller's queues, plus tickets
 * without a queue when their `allTicket` is enabled, reading the GSI2 partition of each and merging them
 * newest first (a k-way merge). `queueIds` only narrows that set. Visibility is by queue only, so every
 * list is a range of partitions and never a filter over other people's tickets.
 *
 * Filters: `updatedAt` is a sort-key range; `date` (creation day) bounds it from below, since a ticket
 * changes after it is created, and filters exactly; tags (any of them), users and unread are Query
 * filters. A filter that matches little makes a page read more: one request evaluates at most
 * READ_BUDGET items, then answers what it found with `hasMore` and a cursor to continue.
 *
 * Paging: `nextCursor` is the order key (`<updatedAt>#<id>`) of the last ticket shown; the next page
 * reads keys below it in every partition, so it costs only that page. `pageNumber` without a cursor
 * reads through the pages before it (kept for the spec's clients; the web follows the cursor).
 *
 * `searchParam` takes another path, conversations/search-tickets.ts: the tickets its indexes find, in
 * the same scope, paged by position.
 */
import { can } from '../../../shared/permissions';
import { dayBounds } from '../../../shared/company-time';
import { TICKET_STATUSES, type ListTicketsQuery, type TicketPage, type TicketStatus } from '../../../shared/tickets';
import { AppError } from '../errors';
import { PAGE_SIZE } from '../http/pagination';
import {
  queueListSource,
  readTicketList,
  statusListSource,
  ticketListFilter,
  type TicketListRead,
  type TicketListSource,
} from '../repositories/ticket-lists';
import type { Ticket } from '../repositories/tickets';
import type { Caller } from '../caller/load-caller';
import { presentTickets } from './present-ticket';
import { searchTickets, type SearchCandidates } from './search-tickets';
import type { TicketScope } from './ticket-scope';

/** Items one request may evaluate in its Queries (before filters), whatever the filters. */
export const READ_BUDGET = 2000;

export interface ScopeFilters {
  readonly status?: TicketStatus;
  readonly statuses?: readonly TicketStatus[];
  readonly queueIds: readonly string[];
  readonly showAll: boolean;
  readonly users?: readonly string[];
  readonly tags?: readonly string[];
  readonly withUnreadMessages?: boolean;
  readonly date?: string;
  readonly updatedAt?: string;
}

export function scopeOf(caller: Caller, filters: ScopeFilters): TicketScope {
  const showAll = filters.showAll && can(caller.user.profile, 'tickets-manager:showall');
  const visible = showAll ? 'all' : [...caller.user.queueIds, ...(caller.user.allTicket === 'enabled' ? ['none'] : [])];
  const wanted = new Set(filters.queueIds);
  let queues: 'all' | string[];
  if (visible === 'all') queues = wanted.size === 0 ? 'all' : [...wanted, 'none'];
  else queues = wanted.size === 0 ? visible : visible.filter((queue) => queue === 'none' || wanted.has(queue));
  const created = filters.date ? dayBounds(filters.date) : undefined;
  const changed = filters.updatedAt ? dayBounds(filters.updatedAt) : undefined;
  const from = [created?.first, changed?.first].filter((bound): bound is string => bound !== undefined).sort().at(-1);
  return {
    companyId: caller.companyId,
    statuses: filters.statuses ?? (filters.status ? [filters.status] : TICKET_STATUSES),
    queues: queues === 'all' ? 'all' : [...new Set(queues)],
    users: filters.users ?? [],
    tags: filters.tags ?? [],
    withUnread: filters.withUnreadMessages ?? false,
    created,
    from,
    // '~' sorts after '#': every key of the day's last millisecond is inside.
    to: changed ? `${changed.last}~` : undefined,
  };
}

export const orderKeyOf = (ticket: Pick<Ticket, 'updatedAt' | 'id'>): string => `${ticket.updatedAt}#${ticket.id}`;

/** The partitions the scope reads. */
export function sourcesOf(scope: TicketScope): TicketListSource[] {
  return scope.statuses.flatMap((status): TicketListSource[] =>
    scope.queues === 'all'
      ? [statusListSource(scope.companyId, status)]
      : scope.queues.map((queue) => queueListSource(scope.companyId, queue === 'none' ? null : queue, status)),
  );
}

/** The scope's filters as a Query filter (undefined when none). */
export const filterOf = (scope: TicketScope): TicketListRead['filter'] => ticketListFilter(scope);

/** One partition read lazily, a chunk at a time, as the merge needs its items. */
class ListStream {
  private readonly buffer: Ticket[] = [];
  private startKey: Record<string, unknown> | undefined;
  /** The previous read found fewer matches than it read (a filter at work): read more next time. */
  private lastLimit = 0;
  private filtered = false;
  done = false;
  /** The order key of the last item evaluated: everything at or above it has been read. */
  lastOrder: string | undefined;

  constructor(
    private readonly source: TicketListSource,
    private readonly read: Omit<TicketListRead, 'limit' | 'startKey'>,
    private readonly skipKey: string | undefined,
  ) {}

  get head(): Ticket | undefined {
    return this.buffer[0];
  }

  take(): Ticket | undefined {
    return this.buffer.shift();
  }

  /** Reads about `wanted` more items (more when a filter keeps dropping them); answers how many it evaluated. */
  async fetch(wanted: number): Promise<number> {
    const limit = Math.max(2, Math.min(200, this.filtered ? Math.max(wanted, this.lastLimit * 2) : wanted));
    const page = await readTicketList(this.source, { ...this.read, limit, startKey: this.startKey });
    this.buffer.push(...page.tickets.filter((ticket) => orderKeyOf(ticket) !== this.skipKey));
    this.startKey = page.lastKey;
    this.done = page.lastKey === undefined;
    this.lastLimit = limit;
    this.filtered = page.tickets.length < page.scanned;
    if (page.lastOrder !== undefined) this.lastOrder = page.lastOrder;
    else if (page.tickets.length > 0) this.lastOrder = orderKeyOf(page.tickets.at(-1) as Ticket);
    return page.scanned;
  }
}

export interface MergeResult {
  readonly tickets: Ticket[];
  /** Stopped by the read budget before the partitions were exhausted: continue below `resumeBelow`. */
  readonly resumeBelow?: string;
  readonly evaluated: number;
}

/**
 * The first `want` tickets of the scope below `before` (exclusive), newest first: a k-way merge of its
 * partitions that reads each one only as far as the merge needs.
 */
export async function mergeTickets(scope: TicketScope, want: number, before?: string): Promise<MergeResult> {
  const sources = sourcesOf(scope);
  if (sources.length === 0 || want === 0) return { tickets: [], evaluated: 0 };
  const to = [scope.to, before].filter((bound): bound is string => bound !== undefined).sort()[0];
  const read = { from: scope.from, to, filter: filterOf(scope) };
  const streams = sources.map((source) => new ListStream(source, read, before));
  const out: Ticket[] = [];
  const seen = new Set<string>();
  let evaluated = 0;
  while (out.length < want) {
    const starving = streams.filter((stream) => stream.head === undefined && !stream.done);
    if (starving.length > 0 && evaluated >= READ_BUDGET) {
      // Everything at or above the highest "read down to" point is known: show that, continue below it.
      const boundary = starving.map((stream) => stream.lastOrder ?? '').sort().at(-1) ?? '';
      for (;;) {
        const next = newest(streams);
        if (!next?.head || out.length >= want || orderKeyOf(next.head) < boundary) break;
        pushUnique(out, seen, next.take() as Ticket);
      }
      return out.length >= want ? { tickets: out, evaluated } : { tickets: out, resumeBelow: boundary, evaluated };
    }
    if (starving.length > 0) {
      // One partition reads what is still missing (the page and the one item that tells hasMore);
      // several read their share and one more, and read on only when the merge empties one.
      const open = streams.filter((stream) => !stream.done).length;
      const share = Math.ceil((want - out.length) / open) + (open > 1 ? 1 : 0);
      const counts = await Promise.all(starving.map((stream) => stream.fetch(share)));
      evaluated += counts.reduce((sum, count) => sum + count, 0);
      continue;
    }
    const next = newest(streams);
    if (!next) break;
    pushUnique(out, seen, next.take() as Ticket);
  }
  return { tickets: out, evaluated };
}

function newest(streams: readonly ListStream[]): ListStream | undefined {
  let best: ListStream | undefined;
  for (const stream of streams) {
    if (stream.head && (!best?.head || orderKeyOf(stream.head) > orderKeyOf(best.head))) best = stream;
  }
  return best;
}

function pushUnique(out: Ticket[], seen: Set<string>, ticket: Ticket): void {
  // A ticket that moved between two partitions while we read them could show twice.
  if (seen.has(ticket.id)) return;
  seen.add(ticket.id);
  out.push(ticket);
}

// ---- cursors ------------------------------------------------------------------------------------------

type Cursor = { readonly below: string } | { readonly offset: number };

const ORDER_KEY = /^\d{4}-\d{2}-\d{2}T\d{2}:\d{2}:\d{2}\.\d{3}Z#[0-9A-Za-z_-]{1,64}$/;

const invalidCursor = () => new AppError('ERR_VALIDATION', { message: 'Invalid cursor', fields: [{ path: 'cursor', message: 'Invalid cursor' }] });

export function encodeCursor(cursor: Cursor): string {
  return Buffer.from('below' in cursor ? `k:${cursor.below}` : `o:${cursor.offset}`).toString('base64url');
}

export function decodeCursor(text: string): Cursor {
  const decoded = Buffer.from(text, 'base64url').toString('utf8');
  if (decoded.startsWith('k:') && ORDER_KEY.test(decoded.slice(2))) return { below: decoded.slice(2) };
  if (/^o:\d{1,6}$/.test(decoded)) return { offset: Number(decoded.slice(2)) };
  throw invalidCursor();
}

/**
 * The candidate position a search page starts at: its cursor's, else `pageNumber`'s (PAGE_SIZE a page).
 * Known from the query alone, so the route can size the search's first step before the caller is read.
 */
export function searchOffsetOf(query: Pick<ListTicketsQuery, 'cursor' | 'pageNumber'>): number {
  const cursor = query.cursor ? decodeCursor(query.cursor) : undefined;
  if (cursor && !('offset' in cursor)) throw invalidCursor();
  return cursor ? cursor.offset : (query.pageNumber - 1) * PAGE_SIZE;
}

// ---- the use case -------------------------------------------------------------------------------------

/** `found`: what the search term finds, when the route read it already (search-tickets.ts searchCandidates). */
export async function listTickets(caller: Caller, query: ListTicketsQuery, found?: SearchCandidates): Promise<TicketPage> {
  const scope = scopeOf(caller, query);
  if (query.searchParam.trim() !== '') {
    const page = await searchTickets(scope, query.searchParam, searchOffsetOf(query), found);
    return { tickets: page.tickets, hasMore: page.nextOffset !== null, nextCursor: page.nextOffset === null ? null : encodeCursor({ offset: page.nextOffset }) };
  }
  const cursor = query.cursor ? decodeCursor(query.cursor) : undefined;
  if (cursor && !('below' in cursor)) throw invalidCursor();

  const skip = cursor ? 0 : (query.pageNumber - 1) * PAGE_SIZE;
  const merged = await mergeTickets(scope, skip + PAGE_SIZE + 1, cursor?.below);
  const page = merged.tickets.slice(skip, skip + PAGE_SIZE);
  let nextCursor: string | null = null;
  if (merged.tickets.length > skip + PAGE_SIZE) nextCursor = encodeCursor({ below: orderKeyOf(page.at(-1) as Ticket) });
  else if (merged.resumeBelow !== undefined) nextCursor = encodeCursor({ below: merged.resumeBelow });
  return { tickets: await presentTickets(caller.companyId, page), hasMore: nextCursor !== null, nextCursor };
}
