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
import { httpModule, sessionRoute } from '../core/http/http-module';
import { created, noContent, ok } from '../core/http/reply';
import { createTicket } from '../core/conversations/create-ticket';
import { deleteTicket } from '../core/conversations/delete-ticket';
import { kanbanTickets } from '../core/conversations/kanban';
import { listTickets } from '../core/conversations/list-tickets';
import { showTicket, showTicketByUuid } from '../core/conversations/show-ticket';
import { leaveKanbanLanes, moveToKanbanLane, syncTicketTags } from '../core/conversations/sync-ticket-tags';
import { updateTicket } from '../core/conversations/update-ticket';

export const handler = httpModule('tickets', {
  'GET /tickets': sessionRoute({ query: ListTicketsQuery }, async ({ session, query }) => ok(await listTickets(session, query))),
  'GET /tickets/{id}': sessionRoute({ params: TicketIdParams }, async ({ session, params }) => ok(await showTicket(session, params.id))),
  'GET /tickets/u/{uuid}': sessionRoute({ params: TicketUuidParams }, async ({ session, params }) =>
    ok(await showTicketByUuid(session, params.uuid)),
  ),
  'POST /tickets': sessionRoute({ body: CreateTicketBody }, async ({ session, body }) => created(await createTicket(session, body))),
  'PUT /tickets/{id}': sessionRoute({ params: TicketIdParams, body: UpdateTicketBody }, async ({ session, params, body }) =>
    ok(await updateTicket(session, params.id, body)),
  ),
  'DELETE /tickets/{id}': sessionRoute(
    { params: TicketIdParams, access: { permission: 'ticket-options:deleteTicket' } },
    async ({ session, params }) => {
      await deleteTicket(session, params.id);
      return noContent();
    },
  ),
  'POST /tags/sync': sessionRoute({ body: SyncTicketTagsBody }, async ({ session, body }) =>
    ok(await syncTicketTags(session, body.ticketId, body.tags)),
  ),
  'GET /ticket/kanban': sessionRoute({ query: KanbanQuery, access: { planFlag: 'useKanban' } }, async ({ session, query }) =>
    ok(await kanbanTickets(session, query)),
  ),
  'PUT /ticket-tags/{ticketId}/{tagId}': sessionRoute(
    { params: TicketTagParams, access: { planFlag: 'useKanban' } },
    async ({ session, params }) => ok(await moveToKanbanLane(session, params.ticketId, params.tagId)),
  ),
  'DELETE /ticket-tags/{ticketId}': sessionRoute(
    { params: TicketTagsParams, access: { planFlag: 'useKanban' } },
    async ({ session, params }) => ok(await leaveKanbanLanes(session, params.ticketId)),
  ),
});
