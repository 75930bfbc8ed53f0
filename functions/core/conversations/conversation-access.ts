/**
 * The access rule every route of a conversation (messages, notes, media) applies before anything else:
 * the tickets module's (ticket-access.ts; spec 1 §4.1, §6). The ticket must be of the caller's company
 * (the company comes from the session; another company's ticket answers exactly like a missing one),
 * and the caller must be allowed to open it, else ERR_NO_PERMISSION 'Acesso não permitido'.
 */
import type { ErrorCode } from '../../../shared/errors';
import { AppError } from '../errors';
import { getTicket, type Ticket } from '../repositories/tickets';
import type { Caller } from '../caller/load-caller';
import { accessDenied, mayOpenTicket } from './ticket-access';

/**
 * The ticket, read strongly consistent (its status decides whether a message may be sent), or the
 * error: `missing` for an unknown id (ERR_NO_TICKET_FOUND, unless the caller reached the ticket through
 * the id of a message or note, which then is what was not found).
 */
export async function visibleTicket(caller: Caller, ticketId: string, missing: ErrorCode = 'ERR_NO_TICKET_FOUND'): Promise<Ticket> {
  return asVisible(caller, await getTicket(caller.companyId, ticketId, true), missing);
}

/** The same rule for a ticket the caller has read along with something else (a conversation's first page). */
export function asVisible(caller: Caller, ticket: Ticket | undefined, missing: ErrorCode = 'ERR_NO_TICKET_FOUND'): Ticket {
  if (!ticket) throw new AppError(missing);
  if (!mayOpenTicket(caller, ticket)) throw accessDenied();
  return ticket;
}
