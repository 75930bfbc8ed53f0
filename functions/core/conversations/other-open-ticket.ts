/** The error of a second pending or open ticket for a contact on a connection (spec 1 §8). */
import type { OtherOpenTicketDetails } from '../../../shared/tickets';
import { AppError } from '../errors';
import { getQueueSummaries } from '../repositories/queues';
import { getOpenTicketId, getTicket } from '../repositories/tickets';

/**
 * ERR_OTHER_OPEN_TICKET with the ticket that holds the contact's slot on the connection: its ids, who
 * holds it and in which queue (spec 1 §8).
 */
export async function otherOpenTicket(companyId: string, contactId: string, whatsappId: string | null): Promise<AppError> {
  const holderId = await getOpenTicketId(companyId, contactId, whatsappId);
  const holder = holderId ? await getTicket(companyId, holderId, true) : undefined;
  if (!holder) return new AppError('ERR_OTHER_OPEN_TICKET');
  const [queue] = holder.queueId ? await getQueueSummaries(companyId, [holder.queueId]) : [];
  const details: OtherOpenTicketDetails = {
    ticketId: holder.id,
    uuid: holder.uuid,
    status: holder.status,
    user: holder.userId ? { id: holder.userId, name: holder.userName ?? '' } : null,
    queue: queue ? { id: queue.id, name: queue.name } : null,
  };
  return new AppError('ERR_OTHER_OPEN_TICKET', { details: { ...details } });
}
