/**
 * How ticket changes move the dashboard's daily counters, as pure functions.
 *
 * An attendance (one open-to-close cycle of a ticket) contributes fixed amounts to the bucket of the day
 * it began: one `started`; one `waiting`, `open` or `finished` by its status; its wait time once an agent
 * took it (if it began waiting); its support time once finished (if an agent had taken it); its rating.
 * Its holder's bucket gets `attended` and the same times and rating. A change of the attendance adds
 * "contribution after minus contribution before", so every counter is exact whatever the order of
 * transitions, and moving a ticket between agents moves its count between them.
 */
import { companyDay, companyHour } from '../../../shared/company-time';
import type { Attendance } from '../repositories/attendances';
import { mergeDeltas, type CounterDelta } from '../repositories/dashboard';

const elapsed = (from: string, to: string) => Math.max(0, Date.parse(to) - Date.parse(from));

/** The counters one attendance contributes, as it stands. */
export function contributionOf(attendance: Attendance): CounterDelta[] {
  const waited = attendance.startedPending && attendance.acceptedAt !== null;
  const supported = attendance.status === 'closed' && attendance.acceptedAt !== null && attendance.closedAt !== null;
  const times: Record<string, number> = {
    finished: attendance.status === 'closed' ? 1 : 0,
    supportMs: supported ? elapsed(attendance.acceptedAt, attendance.closedAt) : 0,
    supportCount: supported ? 1 : 0,
    ratingSum: attendance.rating ?? 0,
    ratingCount: attendance.rating === null ? 0 : 1,
  };
  const company: CounterDelta = {
    day: attendance.startedDay,
    scope: 'company',
    add: {
      started: 1,
      waiting: attendance.status === 'pending' ? 1 : 0,
      open: attendance.status === 'open' ? 1 : 0,
      waitMs: waited ? elapsed(attendance.startedAt, attendance.acceptedAt) : 0,
      waitCount: waited ? 1 : 0,
      ...times,
    },
  };
  if (attendance.userId === null) return [company];
  const user: CounterDelta = {
    day: attendance.startedDay,
    scope: `user:${attendance.userId}`,
    userName: attendance.userName,
    add: { attended: 1, ...times },
  };
  return [company, user];
}

const negate = (delta: CounterDelta): CounterDelta => ({
  ...delta,
  add: Object.fromEntries(Object.entries(delta.add).map(([name, amount]) => [name, -amount])),
});

/** What the counters must add when an attendance goes from `before` to `after` (undefined: none). */
export function attendanceDeltas(before: Attendance | undefined, after: Attendance | undefined): CounterDelta[] {
  return mergeDeltas([...(before ? contributionOf(before).map(negate) : []), ...(after ? contributionOf(after) : [])]);
}

/** A ticket created: the ticketsDay chart's counters of its day and hour (company time). */
export function ticketCreatedDelta(at: Date): CounterDelta {
  const hour = String(companyHour(at)).padStart(2, '0');
  return { day: companyDay(at), scope: 'company', add: { ticketsCreated: 1, [`createdH${hour}`]: 1 } };
}
