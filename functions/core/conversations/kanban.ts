/**
 * GET /ticket/kanban (spec 2 §2 Kanban, §6, §7; plan flag useKanban): the cards of the board, the newest
 * pending and open tickets the caller may see, at most KANBAN_TICKETS_MAX of them: every queue for admins
 * (spec 2 §6), the caller's own queues otherwise (as GET /tickets). The web lays them out by their kanban tags: 'Em aberto' for those
 * without one, a lane per kanban tag (GET /tags/kanban). A board is the Queries of its list partitions
 * and nothing else: a card's contact is the ticket's copy (ticket-rows.ts).
 */
import { KANBAN_TICKETS_MAX, type KanbanBoard, type KanbanQuery } from '../../../shared/tickets';
import { getContacts, type Contact } from '../repositories/contacts';
import type { Caller } from '../caller/load-caller';
import { mergeTickets, scopeOf } from './list-tickets';

export async function kanbanTickets(caller: Caller, query: KanbanQuery): Promise<KanbanBoard> {
  const scope = scopeOf(caller, { statuses: ['pending', 'open'], queueIds: query.queueIds, showAll: query.showAll || caller.isAdmin });
  const { tickets } = await mergeTickets(scope, KANBAN_TICKETS_MAX);
  // A card shows the contact's copy on the ticket (ticket-rows.ts); only tickets stored without one read it.
  const lacking = tickets.filter((ticket) => !ticket.contactRow).map((ticket) => ticket.contactId);
  const contacts = lacking.length > 0 ? await getContacts(caller.companyId, lacking) : new Map<string, Contact>();
  return {
    tickets: tickets.map((ticket) => {
      const contact = ticket.contactRow ?? contacts.get(ticket.contactId);
      return {
        id: ticket.id,
        uuid: ticket.uuid,
        number: ticket.number ?? null,
        status: ticket.status,
        queueId: ticket.queueId,
        userId: ticket.userId,
        tags: ticket.tagIds,
        contact: { id: ticket.contactId, name: contact?.name ?? '', number: contact?.number ?? '' },
        isGroup: ticket.isGroup,
        lastMessage: ticket.lastMessage,
        updatedAt: ticket.updatedAt,
      };
    }),
  };
}
