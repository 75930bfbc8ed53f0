/**
 * GET /ticket/kanban (spec 2 §2 Kanban, §6, §7; plan flag useKanban): the cards of the board, the newest
 * pending and open tickets the caller may see, at most KANBAN_TICKETS_MAX of them: every queue for admins
 * (spec 2 §6), the caller's own queues otherwise (as GET /tickets). The web lays them out by their kanban tags: 'Em aberto' for those
 * without one, a lane per kanban tag (GET /tags/kanban).
 */
import { KANBAN_TICKETS_MAX, type KanbanBoard, type KanbanQuery } from '../../../shared/tickets';
import { getContacts } from '../repositories/contacts';
import type { Caller } from '../caller/load-caller';
import { mergeTickets, scopeOf } from './list-tickets';

export async function kanbanTickets(caller: Caller, query: KanbanQuery): Promise<KanbanBoard> {
  const scope = scopeOf(caller, { statuses: ['pending', 'open'], queueIds: query.queueIds, showAll: query.showAll || caller.isAdmin });
  const { tickets } = await mergeTickets(scope, KANBAN_TICKETS_MAX);
  const contacts = await getContacts(caller.companyId, tickets.map((ticket) => ticket.contactId));
  return {
    tickets: tickets.map((ticket) => {
      const contact = contacts.get(ticket.contactId);
      return {
        id: ticket.id,
        uuid: ticket.uuid,
        number: ticket.number ?? null,
        status: ticket.status,
        queueId: ticket.queueId,
        userId: ticket.userId,
        tags: ticket.tagIds,
        contact: { id: ticket.contactId, name: contact?.name ?? '', number: contact?.number ?? '' },
        lastMessage: ticket.lastMessage,
        updatedAt: ticket.updatedAt,
      };
    }),
  };
}
