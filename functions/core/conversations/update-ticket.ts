/**
 * PUT /tickets/{id}: the transitions of spec 1 §4.1 (ticket-transitions.ts) and plain edits, as the
 * calling agent may make them (ticket-access.ts), applied by change-ticket.ts. A reopened ticket gets
 * its connection's timers again (ticket-timers.ts).
 *
 * Every read of the ticket is judged twice: which transition the body asks of it (an accept of a ticket
 * another agent now holds is ERR_TICKET_ALREADY_ACCEPTED, whatever the body's shape), then whether the
 * caller may make it (an attended ticket belongs to its agent: a colleague's return, finish, transfer or
 * edit answers 'Acesso não permitido'). Both run again on the ticket as read after a lost race.
 */
import type { TicketDto, UpdateTicketBody } from '../../../shared/tickets';
import { AppError } from '../errors';
import { getConnection } from '../repositories/connections';
import { applyTicketChange } from './change-ticket';
import type { Caller } from '../caller/load-caller';
import { assertMayWorkTicket, ticketForCaller } from './ticket-access';
import { armTicketTimers } from './ticket-timers';
import { decideTransition } from './ticket-transitions';

export async function updateTicket(caller: Caller, ticketId: string, body: UpdateTicketBody, now = new Date()): Promise<TicketDto> {
  // A ticket moves only to a connection of its own company.
  if (body.whatsappId && !(await getConnection(caller.companyId, body.whatsappId))) throw new AppError('ERR_NO_WAPP_FOUND');
  const applied = await applyTicketChange(
    {
      companyId: caller.companyId,
      ticketId,
      read: () => ticketForCaller(caller, ticketId, true),
      decide: (ticket) => {
        const transition = decideTransition(ticket, body, caller.userId);
        if (transition.kind !== 'none') assertMayWorkTicket(caller, ticket);
        return transition;
      },
      caller: { id: caller.userId, name: caller.user.name, updatedAt: caller.user.updatedAt },
    },
    now,
  );
  if (applied.kind === 'reopen') await armTicketTimers(applied.ticket, now);
  return applied.dto;
}

