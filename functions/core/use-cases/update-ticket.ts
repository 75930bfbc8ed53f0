/**
 * PUT /tickets/{id}: the transitions of spec 1 §4.1 (ticket-transitions.ts) and plain edits, as the
 * calling agent may make them (ticket-access.ts), applied by change-ticket.ts. A reopened ticket gets
 * its connection's timers again (ticket-timers.ts).
 */
import type { TicketDto, UpdateTicketBody } from '../../../shared/tickets';
import { AppError } from '../errors';
import { getConnection } from '../repositories/connections';
import { applyTicketChange } from './change-ticket';
import type { Session } from './load-session';
import { ticketForCaller } from './ticket-access';
import { armTicketTimers } from './ticket-timers';
import { decideTransition } from './ticket-transitions';

export async function updateTicket(session: Session, ticketId: string, body: UpdateTicketBody, now = new Date()): Promise<TicketDto> {
  // A ticket moves only to a connection of its own company.
  if (body.whatsappId && !(await getConnection(session.companyId, body.whatsappId))) throw new AppError('ERR_NO_WAPP_FOUND');
  const applied = await applyTicketChange(
    {
      companyId: session.companyId,
      ticketId,
      read: () => ticketForCaller(session, ticketId, true),
      decide: (ticket) => decideTransition(ticket, body, session.userId),
      caller: { id: session.userId, name: session.user.name },
    },
    now,
  );
  if (applied.kind === 'reopen') await armTicketTimers(applied.ticket, now);
  return applied.dto;
}

