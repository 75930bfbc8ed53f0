/**
 * Who may see which ticket (spec 1 §6): admins (and whoever the rules table gives
 * 'tickets-manager:showall') any queue; everyone else the tickets of their queues, and tickets without a
 * queue when their `allTicket` is 'enabled'. A ticket outside that answers 403 'Acesso não permitido'; a ticket of another
 * company is simply not found (its key is in that company's partition).
 *
 * Seeing is not working: an attended ticket belongs to its agent (README, behaviour notes). On a ticket
 * open with another user, a non-admin may read it and add notes, but every write to its conversation and
 * every move of the ticket answers 403 ERR_NO_PERMISSION 'Acesso não permitido' with the holder in
 * `details.user` (assertMayWorkTicket, the one rule every such use case applies).
 */
import { can } from '../../../shared/permissions';
import { mayWorkTicket } from '../../../shared/ticket-rules';
import { AppError } from '../errors';
import { canSeeTicket, type Listener } from '../realtime/ticket-rooms';
import { getTicket, type Ticket } from '../repositories/tickets';
import type { User } from '../repositories/users';
import type { Caller } from '../caller/load-caller';

/**
 * What the ticket rules read of a user: the caller of a request, or a scheduled message's author when
 * it is sent (scheduled-messages/schedule-access.ts), who is not calling then.
 */
export type TicketWorker = Pick<Caller, 'userId' | 'isAdmin'> & { readonly user: Pick<User, 'profile' | 'queueIds' | 'allTicket'> };

/** A stored user as the ticket rules see them, admin by profile as load-caller.ts decides for a caller. */
export const workerOf = (user: User): TicketWorker => ({ userId: user.id, isAdmin: user.profile === 'admin', user });

export const listenerOf = (caller: TicketWorker): Listener => ({
  profile: caller.user.profile,
  queueIds: caller.user.queueIds,
  allTicket: caller.user.allTicket,
});

/** Whether the caller's lists span every queue of the company. */
export const seesAllQueues = (caller: TicketWorker): boolean => caller.isAdmin || can(caller.user.profile, 'tickets-manager:showall');

export const mayOpenTicket = (caller: TicketWorker, ticket: Pick<Ticket, 'queueId'>): boolean =>
  seesAllQueues(caller) || canSeeTicket(listenerOf(caller), ticket);

export const accessDenied = (): AppError => new AppError('ERR_NO_PERMISSION', { message: 'Acesso não permitido' });

/** The ticket of the caller's company, if the caller may open it; ERR_NO_TICKET_FOUND or 'Acesso não permitido' otherwise. */
export async function ticketForCaller(caller: Caller, ticketId: string, consistent = false): Promise<Ticket> {
  const ticket = await getTicket(caller.companyId, ticketId, consistent);
  if (!ticket) throw new AppError('ERR_NO_TICKET_FOUND');
  if (!mayOpenTicket(caller, ticket)) throw accessDenied();
  return ticket;
}

/**
 * Refuses a write to the ticket or its conversation by a non-admin while another user attends it; the
 * error names the holder, so a client can say who has the ticket.
 */
export function assertMayWorkTicket(caller: TicketWorker, ticket: Pick<Ticket, 'status' | 'userId' | 'userName'>): void {
  if (mayWorkTicket({ userId: caller.userId, isAdmin: caller.isAdmin }, ticket)) return;
  throw new AppError('ERR_NO_PERMISSION', {
    message: 'Acesso não permitido',
    details: { user: { id: ticket.userId, name: ticket.userName } },
  });
}
