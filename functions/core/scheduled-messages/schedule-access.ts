/**
 * Schedules obey the ticket rules (docs/architecture.md §8; README, behaviour notes): a scheduled message
 * is an agent's message sent later, so it may go only where its writer could send one now.
 *
 * - Its ticket is found as the send finds it (`destinationOf`): the ticket it was asked from while that
 *   ticket is live on the schedule's connection, else the contact's pending or open ticket there, else a
 *   new pending ticket. An existing ticket must be one the writer may open (their queues, or no queue
 *   with allTicket; admins any) and work (not attended by another user): else the answer a forbidden
 *   send gets, ERR_NO_PERMISSION 'Acesso não permitido' (with the holder in `details.user`).
 * - A new ticket is opened where the writer may work it (`newTicketQueue`): without a queue, as a
 *   customer's first message opens one, when the writer sees such tickets; else in the writer's first
 *   queue, so the reply reaches an agent who may see what was sent; a writer with neither is refused.
 * - Every connection of the company may be used by each of its users (the product has no per-user
 *   connection rule); the ticket on the chosen connection is what is checked, so choosing another
 *   connection than the asked ticket's cannot get around the rule.
 *
 * The rule is applied when a schedule is written (to the caller, who is refused at once) and again when
 * it is sent (to its author as they are then, since queues, attendants and profiles change meanwhile: a
 * refusal then ends the schedule ERRO with the code, and nothing goes out).
 */
import { heldTicket } from '../conversations/create-ticket';
import { accessDenied, assertMayWorkTicket, mayOpenTicket, type TicketWorker } from '../conversations/ticket-access';
import { getTicket, type Ticket } from '../repositories/tickets';

/** What decides a schedule's ticket: the contact, the connection it goes through and the ticket it was asked from. */
export interface ScheduleRoute {
  readonly companyId: string;
  readonly contactId: string;
  readonly whatsappId: string;
  readonly ticketId: string | null;
}

/** Where a scheduled message goes: an existing live ticket, or a new pending one in `queueId`. */
export type ScheduleDestination = { readonly kind: 'ticket'; readonly ticket: Ticket } | { readonly kind: 'new'; readonly queueId: string | null };

/** The ticket the send would use now, or the queue of the one it would open (refused when the writer may open none). */
export async function destinationOf(route: ScheduleRoute, writer: TicketWorker): Promise<ScheduleDestination> {
  if (route.ticketId) {
    const asked = await getTicket(route.companyId, route.ticketId, true);
    if (asked && asked.status !== 'closed' && asked.whatsappId === route.whatsappId) return { kind: 'ticket', ticket: asked };
  }
  const held = await heldTicket(route.companyId, route.whatsappId, route.contactId);
  if (held) return { kind: 'ticket', ticket: held };
  return { kind: 'new', queueId: newTicketQueue(writer) };
}

/** The queue a schedule's new ticket gets: none when the writer may open a ticket without one, else their first queue; 'Acesso não permitido' without either. */
export function newTicketQueue(writer: TicketWorker): string | null {
  if (mayOpenTicket(writer, { queueId: null })) return null;
  const first = writer.user.queueIds[0];
  if (first === undefined) throw accessDenied();
  return first;
}

/** Refuses a ticket the writer could not send to now: one they may not open, or one another user attends. */
export function assertMayScheduleInto(writer: TicketWorker, ticket: Pick<Ticket, 'queueId' | 'status' | 'userId' | 'userName'>): void {
  if (!mayOpenTicket(writer, ticket)) throw accessDenied();
  assertMayWorkTicket(writer, ticket);
}

/** Checks the ticket a schedule would go into for its writer now (see the file's comment). */
export async function assertMaySchedule(route: ScheduleRoute, writer: TicketWorker): Promise<void> {
  const destination = await destinationOf(route, writer);
  if (destination.kind === 'ticket') assertMayScheduleInto(writer, destination.ticket);
}
