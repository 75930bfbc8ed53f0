/**
 * GET /tickets/{id} and GET /tickets/u/{uuid}: one ticket of the caller's company, if the caller may open
 * it (spec 1 §4.1: 'Acesso não permitido' for a ticket outside a non-admin's queues). A ticket or uuid of
 * another company is not found, exactly like a missing one (the uuid pointer lives in the company's
 * partitions).
 */
import type { TicketDto } from '../../../shared/tickets';
import { AppError } from '../errors';
import { getTicketIdByUuid } from '../repositories/tickets';
import type { Session } from '../caller/load-caller';
import { presentTicket } from './present-ticket';
import { ticketForCaller } from './ticket-access';

export async function showTicket(session: Session, ticketId: string): Promise<TicketDto> {
  return presentTicket(session.companyId, await ticketForCaller(session, ticketId));
}

export async function showTicketByUuid(session: Session, uuid: string): Promise<TicketDto> {
  const ticketId = await getTicketIdByUuid(session.companyId, uuid);
  if (!ticketId) throw new AppError('ERR_NO_TICKET_FOUND');
  return showTicket(session, ticketId);
}
