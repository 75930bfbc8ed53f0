/**
 * The ticket lists in the server cache (TanStack Query): one function applies an event or an answer of
 * the API to every loaded list, with the list's own rules (ticket-lists.ts), so a ticket moves between
 * the tabs the moment anything changes it.
 */
import type { QueryClient } from '@tanstack/react-query';
import type { TicketDto } from '../../../shared/tickets';
import { queryKeys } from '../api/query-keys';
import { applyTicketEvent, findTicket, isTicketListCache, type TicketListEvent, type TicketViewer } from './ticket-lists';

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
}

/** A ticket as the API answered it after a change: every list and the open ticket take it. */
export function storeTicket(client: QueryClient, viewer: TicketViewer, ticket: TicketDto): void {
  applyToTicketLists(client, viewer, { channel: 'ticket', data: { action: 'update', ticket } });
}

/** The cached ticket of the conversation, if one is loaded, follows the change. */
function refreshOpenTicket(client: QueryClient, ticket: TicketDto): void {
  for (const key of [queryKeys.tickets.one(ticket.id), queryKeys.tickets.byUuid(ticket.uuid)]) {
    const current = client.getQueryData(key);
    if (isTicket(current) && current.id === ticket.id && current.updatedAt <= ticket.updatedAt) client.setQueryData(key, ticket);
  }
}

function isTicket(value: unknown): value is TicketDto {
  return typeof value === 'object' && value !== null && typeof (value as TicketDto).id === 'string' && typeof (value as TicketDto).uuid === 'string';
}

/** A ticket of the loaded lists by id or uuid. */
export function cachedTicket(client: QueryClient, reference: string): TicketDto | undefined {
  const lists = client
    .getQueriesData({ queryKey: queryKeys.tickets.lists })
    .flatMap(([key, data]) => (isTicketListCache(key[2], data) ? [data] : []));
  return findTicket(lists, reference);
}
