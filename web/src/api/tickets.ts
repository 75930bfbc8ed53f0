/**
 * Tickets: their paths, cache keys, the one-ticket query and the requests on tickets (read one, by id or
 * uuid; a page of a list; create, update, delete). The ticket lists' paged query lives with the lists'
 * rules (tickets/use-ticket-lists.ts), under these keys, and reads its pages with getTicketPage.
 */
import { useQuery } from '@tanstack/react-query';
import type { CreateTicketBody, KanbanBoard, KanbanTicketDto, TicketDto, TicketPage, UpdateTicketBody } from '../../../shared/tickets';
import type { ApiClient, RequestOptions } from './client';
import { useServices } from '../runtime/services';

export type { KanbanBoard, KanbanTicketDto, TicketDto, TicketPage };

export const TICKETS_API_PATH = '/tickets';
export const ticketPath = (ticketId: string) => `${TICKETS_API_PATH}/${encodeURIComponent(ticketId)}`;
/** GET /tickets/u/{uuid}: a ticket by the uuid its address carries (spec 1 §2.1). */
export const ticketByUuidPath = (uuid: string) => `${TICKETS_API_PATH}/u/${encodeURIComponent(uuid)}`;

export const ticketKeys = {
  all: ['tickets'] as const,
  /** A ticket list; `filters` is the exact query the list sends (status, search, queues, tags, users, showAll). */
  list: (filters: Readonly<Record<string, unknown>>) => ['tickets', 'list', filters] as const,
  lists: ['tickets', 'list'] as const,
  one: (ticketId: string) => ['tickets', 'one', ticketId] as const,
  /** A ticket looked up by its uuid (the route /tickets/{uuid}, spec 1 §2.1). */
  byUuid: (uuid: string) => ['tickets', 'uuid', uuid] as const,
  /** The messages of the admin's read-only view of a ticket (not the conversation's own cache). */
  spy: (ticketId: string) => ['tickets', 'spy', ticketId] as const,
  /** The kanban board's cards (GET /ticket/kanban), under `tickets` so a ticket-wide refresh reloads them. */
  kanbanBoards: ['tickets', 'kanban'] as const,
  kanban: (query: KanbanBoardQuery) => ['tickets', 'kanban', query] as const,
};

/**
 * The caller's tickets with unread messages (the header's notifications), under a root key of their
 * own: ticket-list refreshes (`tickets`) need not reload them.
 */
export const notificationKeys = {
  all: ['notifications'] as const,
};

/** GET /tickets with unread messages, every queue for admins (the server ignores showAll for others), arranged by `arrange`. */
export function useUnreadTickets(arrange: (tickets: readonly TicketDto[]) => readonly TicketDto[]) {
  const { api } = useServices();
  return useQuery({
    queryKey: notificationKeys.all,
    queryFn: async ({ signal }) => {
      const page = await api.get<TicketPage>(TICKETS_API_PATH, { query: { withUnreadMessages: true, showAll: true }, signal });
      return arrange(page.tickets);
    },
  });
}

/** `share`: how an answer read again is merged with the cached one (TanStack's structural sharing by default). */
export function useTicket(ticketId: string, share?: (previous: unknown, next: unknown) => unknown) {
  const { api } = useServices();
  return useQuery({
    queryKey: ticketKeys.one(ticketId),
    queryFn: ({ signal }) => getTicket(api, ticketId, signal),
    ...(share !== undefined && { structuralSharing: share }),
  });
}

export function getTicket(api: ApiClient, ticketId: string, signal?: AbortSignal): Promise<TicketDto> {
  return api.get<TicketDto>(ticketPath(ticketId), signal === undefined ? undefined : { signal });
}

export function getTicketByUuid(api: ApiClient, uuid: string, signal?: AbortSignal): Promise<TicketDto> {
  return api.get<TicketDto>(ticketByUuidPath(uuid), signal === undefined ? undefined : { signal });
}

/** One page of a ticket list (GET /tickets); `query` is the list's filters and cursor (tickets/ticket-lists.ts). */
export function getTicketPage(api: ApiClient, query: RequestOptions['query'], signal?: AbortSignal): Promise<TicketPage> {
  return api.get<TicketPage>(TICKETS_API_PATH, { query, ...(signal !== undefined && { signal }) });
}

/** POST /tickets: the new-ticket modal (spec 1 §2.8); ERR_OTHER_OPEN_TICKET names the ticket that holds the contact. */
export function createTicket(api: ApiClient, body: CreateTicketBody): Promise<TicketDto> {
  return api.post<TicketDto>(TICKETS_API_PATH, body);
}

/** PUT /tickets/{id}: accept, transfer, resolve, reopen, return to pending (spec 1 §4.1). */
export function updateTicket(api: ApiClient, ticketId: string, body: UpdateTicketBody): Promise<TicketDto> {
  return api.put<TicketDto>(ticketPath(ticketId), body);
}

export function deleteTicket(api: ApiClient, ticketId: string): Promise<void> {
  return api.delete(ticketPath(ticketId));
}

// ---- the kanban board (spec 2 §2 Kanban, §7) -------------------------------------------------------------

export const KANBAN_TICKETS_PATH = '/ticket/kanban';
const ticketTagsPath = (ticketId: string) => `/ticket-tags/${encodeURIComponent(ticketId)}`;
const ticketTagPath = (ticketId: string, tagId: string) => `${ticketTagsPath(ticketId)}/${encodeURIComponent(tagId)}`;

/** What the board asks (spec 2 §6): every queue for admins (showAll), the user's own queues otherwise. */
export interface KanbanBoardQuery {
  readonly showAll: boolean;
  readonly queueIds: readonly string[];
}

export function useKanbanBoard(query: KanbanBoardQuery) {
  const { api } = useServices();
  return useQuery({
    queryKey: ticketKeys.kanban(query),
    queryFn: ({ signal }) =>
      api.get<KanbanBoard>(KANBAN_TICKETS_PATH, { query: { queueIds: JSON.stringify(query.queueIds), showAll: query.showAll }, signal }),
    // Live events keep the board current while it is open (kanban/use-kanban-live-updates.ts); coming
    // back to the page (its rooms were left meanwhile) reads it again.
    staleTime: Number.POSITIVE_INFINITY,
    refetchOnMount: 'always',
  });
}

/** DELETE /ticket-tags/{ticketId}: the ticket leaves its kanban lane (its kanban tags go). */
export function removeTicketKanbanTag(api: ApiClient, ticketId: string): Promise<TicketDto> {
  return api.delete<TicketDto>(ticketTagsPath(ticketId));
}

/** PUT /ticket-tags/{ticketId}/{tagId}: the ticket goes to that tag's lane. */
export function addTicketKanbanTag(api: ApiClient, ticketId: string, tagId: string): Promise<TicketDto> {
  return api.put<TicketDto>(ticketTagPath(ticketId, tagId));
}
