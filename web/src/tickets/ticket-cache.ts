/**
 * The ticket lists in the server cache (TanStack Query): one function applies an event or an answer of
 * the API to every loaded list, with the list's own rules (ticket-lists.ts), so a ticket moves between
 * the tabs the moment anything changes it. The lists and the open ticket keep the newest picture of
 * each contact whatever order its change and its tickets' copies arrive in (a rename, issue 27).
 */
import { replaceEqualDeep, type QueryClient } from '@tanstack/react-query';
import type { ContactDto } from '../../../shared/contacts';
import type { TicketContactSummary, TicketDto } from '../../../shared/tickets';
import { queryKeys } from '../api/query-keys';
import {
  applyTicketEvent,
  contactSummaryOf,
  findTicket,
  isTicketListCache,
  keepNewerContacts,
  showContact,
  withNewerContact,
  type TicketListEvent,
  type TicketPages,
  type TicketViewer,
} from './ticket-lists';

export function applyToTicketLists(client: QueryClient, viewer: TicketViewer, event: TicketListEvent): void {
  for (const [key, data] of client.getQueriesData({ queryKey: queryKeys.tickets.lists })) {
    const spec = key[2];
    if (!isTicketListCache(spec, data)) continue;
    // isTicketListCache checked the spec's shape; the key holds exactly the spec the list was built from.
    const next = applyTicketEvent(data, event, spec as Parameters<typeof applyTicketEvent>[2], viewer);
    if (next !== data) client.setQueryData(key, next);
  }
  const ticket =
    event.channel === 'appMessage' ? event.data.ticket : event.channel === 'ticket' && event.data.action === 'update' ? event.data.ticket : undefined;
  if (ticket !== undefined) refreshOpenTicket(client, ticket);
  if (event.channel === 'contact') showContactInOpenTickets(client, contactSummaryOf(event.data.contact));
}

/**
 * A contact as the API answered its change (the contact drawer's save): its tickets in every list and
 * the open ticket show it at once, without reading the lists again, which could answer the copies of
 * before the rename (the ticket-rows worker writes them later).
 */
export function storeContact(client: QueryClient, contact: ContactDto): void {
  const summary = contactSummaryOf(contact);
  for (const [key, data] of client.getQueriesData({ queryKey: queryKeys.tickets.lists })) {
    if (!isTicketListCache(key[2], data)) continue;
    const next = showContact(data, summary);
    if (next !== data) client.setQueryData(key, next);
  }
  showContactInOpenTickets(client, summary);
}

/** The cached single tickets (by id or uuid) of the contact show its newer picture. */
function showContactInOpenTickets(client: QueryClient, contact: TicketContactSummary): void {
  for (const [key, data] of client.getQueriesData({ queryKey: queryKeys.tickets.all })) {
    if (!isTicket(data)) continue;
    const next = withNewerContact(data, contact);
    if (next !== data) client.setQueryData(key, next);
  }
}

/**
 * The structural sharing of the ticket lists' queries: an answer read again keeps the newer contact
 * pictures the list already showed (ticket-lists.ts keepNewerContacts), then TanStack's own sharing.
 */
export function shareTicketPages(previous: unknown, next: unknown): unknown {
  if (!isPages(next)) return replaceEqualDeep(previous, next);
  return replaceEqualDeep(previous, keepNewerContacts(isPages(previous) ? previous : undefined, next));
}

/** The same for a single ticket's queries (the conversation's, the route's): never an older contact picture. */
export function shareTicket(previous: unknown, next: unknown): unknown {
  if (!isTicket(next) || !isTicket(previous) || previous.id !== next.id) return replaceEqualDeep(previous, next);
  return replaceEqualDeep(previous, withNewerContact(next, previous.contact));
}

function isPages(value: unknown): value is TicketPages {
  return typeof value === 'object' && value !== null && Array.isArray((value as Partial<TicketPages>).pages);
}

/** A ticket as the API answered it after a change: every list and the open ticket take it. */
export function storeTicket(client: QueryClient, viewer: TicketViewer, ticket: TicketDto): void {
  applyToTicketLists(client, viewer, { channel: 'ticket', data: { action: 'update', ticket } });
}

/**
 * A ticket the user is about to open (accepted or reopened): the route finds it by its uuid and the
 * conversation by its id at once, from this answer, whether or not it landed in a loaded page of a list
 * (a long list's loaded pages may not reach where it sorts, or a filter may leave it out).
 */
export function storeOpenedTicket(client: QueryClient, ticket: TicketDto): void {
  for (const key of [queryKeys.tickets.byUuid(ticket.uuid), queryKeys.tickets.one(ticket.id)]) {
    const current = client.getQueryData(key);
    if (isTicket(current) && current.id === ticket.id && current.updatedAt > ticket.updatedAt) continue;
    client.setQueryData(key, isTicket(current) && current.id === ticket.id ? withNewerContact(ticket, current.contact) : ticket);
  }
}

/**
 * The cached ticket of the conversation, if one is loaded, follows the change: a newer picture of the
 * ticket replaces it, keeping the newer of the two pictures of its contact; an older one can still
 * bring a newer contact.
 */
function refreshOpenTicket(client: QueryClient, ticket: TicketDto): void {
  for (const key of [queryKeys.tickets.one(ticket.id), queryKeys.tickets.byUuid(ticket.uuid)]) {
    const current = client.getQueryData(key);
    if (!isTicket(current) || current.id !== ticket.id) continue;
    const next = current.updatedAt <= ticket.updatedAt ? withNewerContact(ticket, current.contact) : withNewerContact(current, ticket.contact);
    if (next !== current) client.setQueryData(key, next);
  }
}

function isTicket(value: unknown): value is TicketDto {
  return (
    typeof value === 'object' &&
    value !== null &&
    typeof (value as TicketDto).id === 'string' &&
    typeof (value as TicketDto).uuid === 'string' &&
    typeof (value as Partial<TicketDto>).contact === 'object'
  );
}

/** A ticket of the loaded lists by id or uuid. */
export function cachedTicket(client: QueryClient, reference: string): TicketDto | undefined {
  const lists = client
    .getQueriesData({ queryKey: queryKeys.tickets.lists })
    .flatMap(([key, data]) => (isTicketListCache(key[2], data) ? [data] : []));
  return findTicket(lists, reference);
}
