/**
 * Attendance records: one per open-to-close cycle of a ticket (created or reopened, then finished), kept
 * in the ticket's partition. They hold what the dashboard measures: when the cycle began and whether it
 * began waiting, when an agent first took it, when it was finished, who holds it, its queue and rating.
 * The dashboard's daily counters are derived from these snapshots (functions/core/dashboard/dashboard-counters.ts).
 */
import { GetCommand } from '@aws-sdk/lib-dynamodb';
import type { Rating } from '../../../shared/tickets';
import { dynamo } from '../aws/clients';
import { keys } from './keys';
import { fromItem, table } from './table';
import type { TransactItem } from './transaction';

export interface Attendance {
  readonly id: string;
  readonly companyId: string;
  readonly ticketId: string;
  readonly contactId: string;
  /** When the cycle began (ticket created or reopened), and that instant's company day. */
  readonly startedAt: string;
  readonly startedDay: string;
  /** The cycle began pending: it waited for an agent (its wait time counts). */
  readonly startedPending: boolean;
  /** The ticket's status as the cycle stands now. */
  readonly status: 'pending' | 'open' | 'closed';
  /** When an agent first took the ticket in this cycle (accept, transfer to a user, created open). */
  readonly acceptedAt: string | null;
  readonly closedAt: string | null;
  /** Who holds it now, or who finished it. */
  readonly userId: string | null;
  readonly userName: string | null;
  readonly queueId: string | null;
  readonly rating: Rating | null;
  readonly ratedAt: string | null;
  /** Bumped by every change: a change holds only on the version it was computed from. */
  readonly version: number;
}

export const attendanceItem = (attendance: Attendance) => ({
  ...keys.attendance(attendance.companyId, attendance.ticketId, attendance.id),
  entity: 'attendance',
  ...attendance,
});

export const putNewAttendanceAction = (attendance: Attendance): TransactItem => ({
  Put: { TableName: table(), Item: attendanceItem(attendance), ConditionExpression: 'attribute_not_exists(PK)' },
});

/**
 * Replaces the record with its next snapshot, on the condition that it is still the version the caller
 * read, so the counters derived from the difference of the two snapshots stay exact.
 */
export const replaceAttendanceAction = (before: Attendance, after: Omit<Attendance, 'version'>): TransactItem => ({
  Put: {
    TableName: table(),
    Item: attendanceItem({ ...after, version: before.version + 1 }),
    ConditionExpression: 'version = :version',
    ExpressionAttributeValues: { ':version': before.version },
  },
});

export async function getAttendance(companyId: string, ticketId: string, attendanceId: string): Promise<Attendance | undefined> {
  const { Item } = await dynamo().send(
    new GetCommand({ TableName: table(), Key: keys.attendance(companyId, ticketId, attendanceId), ConsistentRead: true }),
  );
  return Item ? fromItem<Attendance>(Item) : undefined;
}
