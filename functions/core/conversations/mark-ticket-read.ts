/**
 * Reading a ticket resets its unread counter (spec 1 §2.4; inbound messages raise it). The messages
 * module calls this when an agent opens the conversation; the ticket's list rooms hear `updateUnread`
 * so every open list clears the badge. Nothing is written or published when there was nothing unread.
 */
import { publishToRooms } from '../realtime/publisher';
import { roomsOfTicket } from '../realtime/ticket-rooms';
import { resetUnread } from '../repositories/ticket-changes';

export async function markTicketRead(companyId: string, ticketId: string): Promise<boolean> {
  const ticket = await resetUnread(companyId, ticketId);
  if (!ticket) return false;
  await publishToRooms(companyId, roomsOfTicket(ticket), 'ticket', { action: 'updateUnread', ticketId });
  return true;
}
