/**
 * The number a card shows (spec 2 §2 Kanban: "ticket number"): the ticket's per-company number, as the
 * ticket list and the conversation header show it; a ticket from before numbers, not numbered yet,
 * shows its id.
 */
import type { KanbanTicketDto } from '../../../shared/tickets';

export function cardNumber(ticket: Pick<KanbanTicketDto, 'id' | 'number'>): string {
  return `#${ticket.number === null ? ticket.id : String(ticket.number)}`;
}
