/**
 * The number a card shows (spec 2 §2 Kanban: "ticket number"). Tickets get a per-company sequential
 * number in another change (docs/architecture.md §8); until their DTO carries it, the card shows the
 * ticket's id. The one place to switch.
 */
import type { KanbanTicketDto } from '../../../shared/tickets';

export function cardNumber(ticket: Pick<KanbanTicketDto, 'id'>): string {
  return `#${ticket.id}`;
}
