/**
 * Tickets (spec 1 §2.3-§2.8, §4.1, §7) and their tags (POST /tags/sync, the kanban board's lanes, spec 2
 * §7). Every signed-in user of the company may list, open, create and move the tickets they may see (the
 * use cases apply the queue rule); deleting needs 'ticket-options:deleteTicket'; the board and its lanes
 * need the plan's kanban feature.
 */
import {
  CreateTicketBody,
  KanbanQuery,
  ListTicketsQuery,
  SyncTicketTagsBody,
  TicketIdParams,
  TicketTagParams,
  TicketTagsParams,
  TicketUuidParams,
  UpdateTicketBody,
} from '../../shared/tickets';
import { httpModule, callerRoute, callerRouteWithEarlyRead } from '../core/http/http-module';
import { created, noContent, ok } from '../core/http/reply';
import { createTicket } from '../core/conversations/create-ticket';
import { deleteTicket } from '../core/conversations/delete-ticket';
import { kanbanTickets } from '../core/conversations/kanban';
import { listTickets, searchOffsetOf } from '../core/conversations/list-tickets';
import { searchCandidates, wordsWanted } from '../core/conversations/search-tickets';
import { showTicket, showTicketByUuid } from '../core/conversations/show-ticket';
import { leaveKanbanLanes, moveToKanbanLane, syncTicketTags } from '../core/conversations/sync-ticket-tags';
import { updateTicket } from '../core/conversations/update-ticket';

export const handler = httpModule('tickets', {
  // A search's index Queries need only the tenant and the page's position: they start with the caller's read.
  'GET /tickets': callerRouteWithEarlyRead(
    { query: ListTicketsQuery },
    ({ query }, companyId) =>
      query.searchParam.trim() === '' ? Promise.resolve(undefined) : searchCandidates(companyId, query.searchParam, wordsWanted(searchOffsetOf(query))),
    async ({ caller, query, early }) => ok(await listTickets(caller, query, early)),
  ),
  'GET /tickets/{id}': callerRoute({ params: TicketIdParams }, async ({ caller, params }) => ok(await showTicket(caller, params.id))),
  'GET /tickets/u/{uuid}': callerRoute({ params: TicketUuidParams }, async ({ caller, params }) =>
    ok(await showTicketByUuid(caller, params.uuid)),
  ),
  'POST /tickets': callerRoute({ body: CreateTicketBody }, async ({ caller, body }) => created(await createTicket(caller, body))),
  'PUT /tickets/{id}': callerRoute({ params: TicketIdParams, body: UpdateTicketBody }, async ({ caller, params, body }) =>
    ok(await updateTicket(caller, params.id, body)),
  ),
  'DELETE /tickets/{id}': callerRoute(
    { params: TicketIdParams, access: { permission: 'ticket-options:deleteTicket' } },
    async ({ caller, params }) => {
      await deleteTicket(caller, params.id);
      return noContent();
    },
  ),
  'POST /tags/sync': callerRoute({ body: SyncTicketTagsBody }, async ({ caller, body }) =>
    ok(await syncTicketTags(caller, body.ticketId, body.tags)),
  ),
  'GET /ticket/kanban': callerRoute({ query: KanbanQuery, access: { planFlag: 'useKanban' } }, async ({ caller, query }) =>
    ok(await kanbanTickets(caller, query)),
  ),
  'PUT /ticket-tags/{ticketId}/{tagId}': callerRoute(
    { params: TicketTagParams, access: { planFlag: 'useKanban' } },
    async ({ caller, params }) => ok(await moveToKanbanLane(caller, params.ticketId, params.tagId)),
  ),
  'DELETE /ticket-tags/{ticketId}': callerRoute(
    { params: TicketTagsParams, access: { planFlag: 'useKanban' } },
    async ({ caller, params }) => ok(await leaveKanbanLanes(caller, params.ticketId)),
  ),
});
