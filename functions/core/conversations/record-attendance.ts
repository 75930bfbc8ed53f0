/**
 * Attendance cycles and the rating flow.
 *
 * A cycle begins when a ticket is created or reopened and ends when it is finished; every transition in
 * between updates its snapshot (attendances.ts) and, in the same transaction, the dashboard counters by
 * the difference (dashboard-counters.ts).
 *
 * The rating flow (setting `userRating`): finishing a ticket sends the rating prompt and marks the ticket
 * `awaitingRatingUntil`. The WhatsApp issue hands the contact's next reply here: a 1-3 reply is
 * `recordRating` (stored on the cycle and counted for its agent); any other reply is stored as a normal
 * message and `endRatingWait` ends the wait (docs/architecture.md §8).
 */
import { ulid } from 'ulid';
import { companyDay } from '../../../shared/company-time';
import { RATINGS, type Rating } from '../../../shared/tickets';
import { getAttendance, replaceAttendanceAction, type Attendance } from '../repositories/attendances';
import { counterActions } from '../repositories/dashboard';
import { changeTicketAction, clearRatingWait } from '../repositories/ticket-changes';
import { getTicket, type Ticket } from '../repositories/tickets';
import { Steps } from '../repositories/transaction';
import { attendanceDeltas } from '../dashboard/dashboard-counters';

/** How long a finished ticket waits for its rating. */
export const RATING_WAIT_MS = 24 * 60 * 60 * 1000;

/** A new cycle for the ticket as it now stands (just created, or just reopened). */
export function beginAttendance(ticket: Ticket, now: Date, id: string = ulid()): Attendance {
  const at = now.toISOString();
  return {
    id,
    companyId: ticket.companyId,
    ticketId: ticket.id,
    contactId: ticket.contactId,
    startedAt: at,
    startedDay: companyDay(now),
    startedPending: ticket.status === 'pending',
    status: ticket.status,
    acceptedAt: ticket.status === 'open' && ticket.userId ? at : null,
    closedAt: ticket.status === 'closed' ? at : null,
    userId: ticket.userId,
    userName: ticket.userName,
    queueId: ticket.queueId,
    rating: null,
    ratedAt: null,
    version: 0,
  };
}

/** The cycle after the ticket moved to `after` at `now`. */
export function advanceAttendance(attendance: Attendance, after: Ticket, now: Date): Attendance {
  const at = now.toISOString();
  return {
    ...attendance,
    status: after.status,
    userId: after.userId,
    userName: after.userName,
    queueId: after.queueId,
    acceptedAt: attendance.acceptedAt ?? (after.status === 'open' && after.userId ? at : null),
    closedAt: after.status === 'closed' ? (attendance.closedAt ?? at) : null,
  };
}

/**
 * The cycle a ticket is in, read for a change. A ticket stored without one (e.g. written by an import)
 * gets one begun at its creation, which the change then counts for the first time.
 */
export async function currentAttendance(ticket: Ticket): Promise<Attendance | undefined> {
  if (!ticket.attendanceId) return undefined;
  return getAttendance(ticket.companyId, ticket.id, ticket.attendanceId);
}

export function isRating(value: number): value is Rating {
  return (RATINGS as readonly number[]).includes(value);
}

/** Rounds when the ticket changed between the read and the write. */
const ATTEMPTS = 3;

/**
 * Records the contact's rating of the ticket's last attendance, if the ticket awaits one; answers whether
 * it did. Steps: read the ticket and its cycle; refuse when no rating is awaited (or the wait is over);
 * in one transaction end the wait (only if still running), store the rating on the cycle and add it to
 * the counters of the cycle's day and agent.
 */
export async function recordRating(companyId: string, ticketId: string, rating: number, now = new Date()): Promise<boolean> {
  if (!isRating(rating)) throw new RangeError(`A rating is 1, 2 or 3, not ${rating}`);
  for (let attempt = 1; attempt <= ATTEMPTS; attempt += 1) {
    const ticket = await getTicket(companyId, ticketId, true);
    if (!ticket?.awaitingRatingUntil || ticket.awaitingRatingUntil <= now.toISOString()) return false;
    const attendance = await currentAttendance(ticket);
    if (!attendance || attendance.rating !== null) {
      await clearRatingWait(companyId, ticketId);
      return false;
    }
    const rated: Attendance = { ...attendance, rating, ratedAt: now.toISOString() };
    const steps = new Steps<'ticket' | 'attendance' | 'counters'>();
    steps.add('ticket', changeTicketAction(ticket, { awaitingRatingUntil: null }, { guard: ['awaitingRatingUntil'] }));
    steps.add('attendance', replaceAttendanceAction(attendance, rated));
    for (const action of counterActions(companyId, attendanceDeltas(attendance, rated))) steps.add('counters', action);
    const failed = await steps.run();
    if (failed.size === 0) return true;
  }
  throw new Error(`Ticket ${ticketId} kept changing while its rating was recorded`);
}

/** Ends the ticket's rating wait: the contact answered something that is not a rating. */
export async function endRatingWait(companyId: string, ticketId: string): Promise<void> {
  await clearRatingWait(companyId, ticketId);
}
