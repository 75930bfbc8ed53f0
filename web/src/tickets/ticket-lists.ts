/**
 * The ticket lists of the workspace (spec 1 §2.3, §4.2) as plain data: what one list asks GET /tickets
 * for, which tickets belong in it for the signed-in user, and how a realtime event or an answer of the
 * API changes a list already loaded. No React here, so every rule is unit tested.
 */
import type { ContactDto } from '../../../shared/contacts';
import { can } from '../../../shared/permissions';
import type { CompanyChannels } from '../../../shared/realtime-events';
import type { TicketContactSummary, TicketDto, TicketPage, TicketStatus } from '../../../shared/tickets';

/** One list as the panel shows it; also the list's query key, so it must stay plain JSON. */
export type TicketListSpec = {
  /** Absent for the search tab, which spans every status. */
  readonly status?: TicketStatus;
  readonly searchParam: string;
  /** The queues picked in the filter; null when the filter is untouched (every queue the user may see). */
  readonly queueIds: readonly string[] | null;
  readonly tags: readonly string[];
  readonly users: readonly string[];
  readonly showAll: boolean;
};

/** Who looks at the lists: what the server uses to decide which tickets reach them. */
export interface TicketViewer {
  readonly userId: string;
  readonly profile: string;
  readonly queueIds: readonly string[];
  readonly allTicket: 'enabled' | 'desabled';
}

/** The filter value that stands for "tickets without a queue" in `queueIds` (the server's word). */
export const NO_QUEUE = 'none';

/** The query string of GET /tickets for a list and a cursor; id lists go as JSON arrays (spec 2 §7). */
export function ticketListQuery(spec: TicketListSpec, cursor?: string | null): Record<string, string> {
  const query: Record<string, string> = {};
  if (spec.status !== undefined) query.status = spec.status;
  const search = spec.searchParam.trim();
  if (search !== '') query.searchParam = search;
  if (spec.queueIds !== null) {
    // An empty pick means "none of the queues": only tickets without a queue remain.
    query.queueIds = JSON.stringify(spec.queueIds.length > 0 ? spec.queueIds : [NO_QUEUE]);
  }
  if (spec.tags.length > 0) query.tags = JSON.stringify(spec.tags);
  if (spec.users.length > 0) query.users = JSON.stringify(spec.users);
  if (spec.showAll) query.showAll = 'true';
  if (cursor) query.cursor = cursor;
  return query;
}

/** Whether the user's lists span every queue: show-all on and the permission to use it (spec 1 §6). */
export function seesAllQueues(viewer: TicketViewer, showAll: boolean): boolean {
  return showAll && can(viewer.profile, 'tickets-manager:showall');
}

/**
 * Whether a ticket belongs in a list, by the same rules as the server's GET /tickets: the status, the
 * queues the user may see (all of them with show-all; else theirs, and tickets without a queue with
 * allTicket enabled), the queues picked (a ticket without a queue is never filtered out by them), the
 * users and tags picked (any of them). The search text is not checked: only the server knows which
 * messages match it.
 */
export function belongsToList(ticket: TicketDto, spec: TicketListSpec, viewer: TicketViewer): boolean {
  if (spec.status !== undefined && ticket.status !== spec.status) return false;
  if (!seesAllQueues(viewer, spec.showAll)) {
    const visible = ticket.queueId === null ? viewer.allTicket === 'enabled' : viewer.queueIds.includes(ticket.queueId);
    if (!visible) return false;
  }
  if (spec.queueIds !== null && ticket.queueId !== null && !spec.queueIds.includes(ticket.queueId)) return false;
  if (spec.users.length > 0 && (ticket.userId === null || !spec.users.includes(ticket.userId))) return false;
  if (spec.tags.length > 0 && !ticket.tags.some((tagId) => spec.tags.includes(tagId))) return false;
  return true;
}

/** Newest change first, as the server orders its lists (`updatedAt`, then id). */
export function compareTickets(a: Pick<TicketDto, 'updatedAt' | 'id'>, b: Pick<TicketDto, 'updatedAt' | 'id'>): number {
  const ka = `${a.updatedAt}#${a.id}`;
  const kb = `${b.updatedAt}#${b.id}`;
  return ka < kb ? 1 : ka > kb ? -1 : 0;
}

/** The loaded pages of a list, as TanStack Query keeps an infinite query. */
export interface TicketPages {
  readonly pages: readonly TicketPage[];
  readonly pageParams: readonly unknown[];
}

/** The tickets of the loaded pages, in order, each once (a ticket that moved up while paging shows once). */
export function ticketsOf(data: TicketPages | undefined): TicketDto[] {
  if (data === undefined) return [];
  const seen = new Set<string>();
  const out: TicketDto[] = [];
  for (const page of data.pages) {
    for (const ticket of page.tickets) {
      if (seen.has(ticket.id)) continue;
      seen.add(ticket.id);
      out.push(ticket);
    }
  }
  return out;
}

/** Whether more pages wait on the server. */
export function hasMorePages(data: TicketPages | undefined): boolean {
  return data?.pages.at(-1)?.hasMore ?? false;
}

const withPages = (data: TicketPages, pages: TicketPage[]): TicketPages => ({ ...data, pages });

/** The list without a ticket (the same object when it was not there). */
export function removeTicket(data: TicketPages, ticketId: string): TicketPages {
  if (!data.pages.some((page) => page.tickets.some((ticket) => ticket.id === ticketId))) return data;
  return withPages(
    data,
    data.pages.map((page) => ({ ...page, tickets: page.tickets.filter((ticket) => ticket.id !== ticketId) })),
  );
}

// ---- a ticket's contact ----------------------------------------------------------------------------
// A rename reaches the contact at once (its `contact` event, the drawer's answer) and the tickets' copies
// of it later (the ticket-rows worker publishes each ticket again), while a list read or an event of
// another change may still carry the copy from before: every way into the cache keeps, per contact,
// the picture of the newest version (TicketContactSummary.updatedAt), whatever order they come in.

/** The summary a ticket shows of a contact, from the contact itself (an event, an answer of the API). */
export function contactSummaryOf(contact: Pick<ContactDto, 'id' | 'name' | 'number' | 'profilePicUrl' | 'updatedAt'>): TicketContactSummary {
  return { id: contact.id, name: contact.name, number: contact.number, profilePicUrl: contact.profilePicUrl, updatedAt: contact.updatedAt };
}

/** The newest picture of the contact among the loaded tickets, if any shows it. */
function newestContactIn(data: TicketPages, contactId: string): TicketContactSummary | undefined {
  let newest: TicketContactSummary | undefined;
  for (const page of data.pages) {
    for (const ticket of page.tickets) {
      if (ticket.contactId === contactId && (newest === undefined || ticket.contact.updatedAt > newest.updatedAt)) newest = ticket.contact;
    }
  }
  return newest;
}

/** The ticket with `contact` when that is a newer picture of its contact than the one it carries. */
export function withNewerContact(ticket: TicketDto, contact: TicketContactSummary | undefined): TicketDto {
  if (contact === undefined || contact.id !== ticket.contactId || contact.updatedAt <= ticket.contact.updatedAt) return ticket;
  return { ...ticket, contact };
}

/** The list with every ticket of the contact showing `contact`, where it showed an older picture (the same object when none did). */
export function showContact(data: TicketPages, contact: TicketContactSummary): TicketPages {
  return patchTickets(
    data,
    (ticket) => ticket.contactId === contact.id && ticket.contact.updatedAt < contact.updatedAt,
    (ticket) => ({ ...ticket, contact }),
  );
}

/**
 * A list as the server answered it again (a refetch, a next page), keeping the newer pictures of
 * contacts the list already showed: a read that started before a rename's copies were written must
 * not bring the old name back.
 */
export function keepNewerContacts(previous: TicketPages | undefined, next: TicketPages): TicketPages {
  if (previous === undefined) return next;
  const newest = new Map<string, TicketContactSummary>();
  for (const page of previous.pages) {
    for (const { contact } of page.tickets) {
      const known = newest.get(contact.id);
      if (known === undefined || contact.updatedAt > known.updatedAt) newest.set(contact.id, contact);
    }
  }
  return patchTickets(
    next,
    (ticket) => (newest.get(ticket.contactId)?.updatedAt ?? '') > ticket.contact.updatedAt,
    (ticket) => withNewerContact(ticket, newest.get(ticket.contactId)),
  );
}

/**
 * The list after a ticket changed (an event, or an answer of the API): it leaves the list when it no
 * longer belongs there, and otherwise takes its place by its new `updatedAt`. A ticket the list did
 * not show comes in only where the loaded pages reach (below them, the next page brings it), and
 * never into a search list, whose matches only the server knows. Its contact is the newest picture of
 * the two (the list's and the ticket's), and the list's other tickets of that contact follow it.
 */
export function upsertTicket(data: TicketPages, incoming: TicketDto, spec: TicketListSpec, viewer: TicketViewer): TicketPages {
  const ticket = withNewerContact(incoming, newestContactIn(data, incoming.contactId));
  return showContact(placeTicket(data, ticket, spec, viewer), ticket.contact);
}

function placeTicket(data: TicketPages, ticket: TicketDto, spec: TicketListSpec, viewer: TicketViewer): TicketPages {
  const current = data.pages.flatMap((page) => page.tickets).find((item) => item.id === ticket.id);
  // Events can arrive out of order: an older picture of the ticket must not undo a newer one.
  if (current !== undefined && current.updatedAt > ticket.updatedAt) return data;
  const shown = current !== undefined;
  if (!belongsToList(ticket, spec, viewer)) return removeTicket(data, ticket.id);
  if (!shown && spec.searchParam.trim() !== '') return data;

  const pages = removeTicket(data, ticket.id).pages.map((page) => ({ ...page, tickets: [...page.tickets] }));
  if (pages.length === 0) return data;
  // The first page whose last ticket sorts after this one holds it; past every page, only the end of a
  // list with nothing more to load does.
  let target = pages.findIndex((page) => {
    const last = page.tickets.at(-1);
    return last !== undefined && compareTickets(ticket, last) <= 0;
  });
  if (target === -1) {
    const last = pages.length - 1;
    if ((pages[last] as TicketPage).hasMore && !shown) return data;
    target = last;
  }
  const page = pages[target] as TicketPage & { tickets: TicketDto[] };
  const at = page.tickets.findIndex((item) => compareTickets(ticket, item) <= 0);
  page.tickets.splice(at === -1 ? page.tickets.length : at, 0, ticket);
  return withPages(data, pages);
}

/** Changes the tickets that satisfy `match` (the same object when none does). */
export function patchTickets(
  data: TicketPages,
  match: (ticket: TicketDto) => boolean,
  patch: (ticket: TicketDto) => TicketDto,
): TicketPages {
  if (!data.pages.some((page) => page.tickets.some(match))) return data;
  return withPages(
    data,
    data.pages.map((page) => ({ ...page, tickets: page.tickets.map((ticket) => (match(ticket) ? patch(ticket) : ticket)) })),
  );
}

/** The realtime events that move tickets in the lists (spec 1 §4.2). */
export type TicketListEvent =
  | { readonly channel: 'ticket'; readonly data: CompanyChannels['ticket'] }
  | { readonly channel: 'appMessage'; readonly data: Pick<CompanyChannels['appMessage'], 'action' | 'ticket'> }
  | { readonly channel: 'contact'; readonly data: { readonly action: 'update'; readonly contact: ContactDto } };

/** One list after one event. */
export function applyTicketEvent(data: TicketPages, event: TicketListEvent, spec: TicketListSpec, viewer: TicketViewer): TicketPages {
  if (event.channel === 'appMessage') return upsertTicket(data, event.data.ticket, spec, viewer);
  // A contact's change shows on its tickets unless they already show a newer one.
  if (event.channel === 'contact') return showContact(data, contactSummaryOf(event.data.contact));
  switch (event.data.action) {
    case 'update':
      return upsertTicket(data, event.data.ticket, spec, viewer);
    case 'delete':
      return removeTicket(data, event.data.ticketId);
    case 'updateUnread': {
      const { ticketId } = event.data;
      return patchTickets(
        data,
        (ticket) => ticket.id === ticketId && ticket.unreadMessages !== 0,
        (ticket) => ({ ...ticket, unreadMessages: 0 }),
      );
    }
  }
}

/** Whether the ticket in the route (its id or its uuid) is this one. */
export function isRouteTicket(routeTicket: string | undefined, ticket: Pick<TicketDto, 'id' | 'uuid'>): boolean {
  return routeTicket !== undefined && (routeTicket === ticket.id || routeTicket === ticket.uuid);
}

const UUID = /^[0-9a-f]{8}-[0-9a-f]{4}-[0-9a-f]{4}-[0-9a-f]{4}-[0-9a-f]{12}$/i;

/** Whether a route's ticket reference is a uuid (spec 1 §2.1: /tickets/{uuid}) rather than an id. */
export function isTicketUuid(reference: string): boolean {
  return UUID.test(reference);
}

/** The list's count label for a sub-tab: what is loaded, with '+' while more pages wait. */
export function countLabel(count: number, hasMore: boolean): string {
  return hasMore ? `${count}+` : String(count);
}

/** The lists load their next page near their bottom (components/scroll-position.ts). */
export { nearBottom } from '../components/scroll-position';

/**
 * Whether a cached query is one of these lists: other screens may keep ticket lists of other shapes
 * under the same key prefix, and an event must never be applied to those.
 */
export function isTicketListCache(spec: unknown, data: unknown): data is TicketPages {
  if (typeof spec !== 'object' || spec === null || typeof data !== 'object' || data === null) return false;
  const candidate = spec as Partial<Record<keyof TicketListSpec, unknown>>;
  const pages = (data as Partial<TicketPages>).pages;
  return (
    typeof candidate.searchParam === 'string' &&
    typeof candidate.showAll === 'boolean' &&
    Array.isArray(candidate.tags) &&
    Array.isArray(candidate.users) &&
    Array.isArray(pages) &&
    pages.every((page: unknown) => typeof page === 'object' && page !== null && Array.isArray((page as TicketPage).tickets))
  );
}

/** A ticket of the loaded lists by id or uuid (a click in a list knows the ticket before the route resolves it). */
export function findTicket(lists: readonly (TicketPages | undefined)[], reference: string): TicketDto | undefined {
  for (const data of lists) {
    const found = ticketsOf(data).find((ticket) => ticket.id === reference || ticket.uuid === reference);
    if (found !== undefined) return found;
  }
  return undefined;
}
