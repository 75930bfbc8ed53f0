/**
 * GET /tickets/{id} and GET /tickets/u/{uuid}: one ticket of the caller's company, if the caller may open
 * it (spec 1 §4.1: 'Acesso não permitido' for a ticket outside a non-admin's queues). A ticket or uuid of
 * another company is not found, exactly like a missing one (the uuid pointer lives in the company's
 * partitions).
 */
import type { TicketDto } from '../../../shared/tickets';
import { AppError } from '../errors';
import { getTicketIdByUuid } from '../repositories/tickets';
import type { Caller } from '../caller/load-caller';
import { presentTicket } from './present-ticket';
import { ticketForCaller } from './ticket-access';

export async function showTicket(caller: Caller, ticketId: string): Promise<TicketDto> {
  return presentTicket(caller.companyId, await ticketForCaller(caller, ticketId));
}

export async function showTicketByUuid(caller: Caller, uuid: string): Promise<TicketDto> {
  const ticketId = await getTicketIdByUuid(caller.companyId, uuid);
  if (!ticketId) throw new AppError('ERR_NO_TICKET_FOUND');
  return showTicket(caller, ticketId);
}
