/**
 * DELETE /tickets/{id} (permission 'ticket-options:deleteTicket', spec 1 §2.8): the ticket goes with
 * everything of it.
 *
 * Steps: read the ticket (another company's: not found); delete its partition's other items (messages,
 * notes) page by page, first, so that a failure leaves a ticket that can be deleted again rather than
 * orphans nobody can reach; then, in one transaction, the ticket, its uuid pointer, its number
 * pointer (the counter keeps the number: it is never given again), its open-ticket slot (when it holds it), one less on each of its tags' counters, and its running
 * attendance taken out of the dashboard counters (finished ones stay: they happened); then its
 * attendance records; publish `delete` to its rooms. Word-index entries of its messages stay: readers drop ids of tickets that are gone.
 */
import { AppError, conflict } from '../errors';
import { publishTicketDeleted } from '../realtime/ticket-rooms';
import { counterActions } from '../repositories/dashboard';
import { existingTagIds, tagCounterAction } from '../repositories/tags';
import { deleteTicketAction, deleteTicketPartition } from '../repositories/ticket-changes';
import { deleteTicketUuidAction, getTicket, releaseOpenTicketAction } from '../repositories/tickets';
import { deleteTicketNumberAction } from '../repositories/ticket-numbers';
import { Steps } from '../repositories/transaction';
import { attendanceDeltas } from '../dashboard/dashboard-counters';
import type { Caller } from '../caller/load-caller';
import { currentAttendance } from './record-attendance';

const ATTEMPTS = 3;

export async function deleteTicket(caller: Caller, ticketId: string): Promise<void> {
  const first = await getTicket(caller.companyId, ticketId, true);
  if (!first) throw new AppError('ERR_NO_TICKET_FOUND');
  // Attendance records stay until the ticket is gone: the running one is taken out of the counters.
  await deleteTicketPartition(caller.companyId, ticketId, { keepAttendances: true });

  // A slot that this ticket should hold but does not (data written by hand) must not block the delete.
  let releaseSlot = true;
  for (let attempt = 1; attempt <= ATTEMPTS; attempt += 1) {
    const ticket = await getTicket(caller.companyId, ticketId, true);
    if (!ticket) throw new AppError('ERR_NO_TICKET_FOUND');
    const existingTags = await existingTagIds(caller.companyId, ticket.tagIds);
    const attendance = await currentAttendance(ticket);

    const steps = new Steps<'ticket' | 'uuid' | 'number' | 'slot' | 'tag' | 'counters'>();
    steps.add('ticket', deleteTicketAction(ticket));
    steps.add('uuid', deleteTicketUuidAction(ticket));
    if (ticket.number !== undefined) steps.add('number', deleteTicketNumberAction({ companyId: ticket.companyId, number: ticket.number }));
    if (releaseSlot && ticket.status !== 'closed') steps.add('slot', releaseOpenTicketAction(ticket));
    for (const tagId of existingTags) steps.add('tag', tagCounterAction(caller.companyId, tagId, -1));
    if (attendance && attendance.status !== 'closed') {
      for (const action of counterActions(caller.companyId, attendanceDeltas(attendance, undefined))) steps.add('counters', action);
    }
    const failed = await steps.run();
    if (failed.size === 0) {
      await deleteTicketPartition(caller.companyId, ticketId);
      await publishTicketDeleted(caller.companyId, ticket);
      return;
    }
    if (failed.has('slot') && !failed.has('ticket')) releaseSlot = false;
  }
  throw conflict(`Ticket ${ticketId}`);
}
