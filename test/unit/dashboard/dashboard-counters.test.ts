/** Dashboard counters move by "contribution after minus contribution before" of an attendance. */
import type { Attendance } from '../../../functions/core/repositories/attendances';
import { counterUpdate, mergeDeltas } from '../../../functions/core/repositories/dashboard';
import { attendanceDeltas, contributionOf, ticketCreatedDelta } from '../../../functions/core/dashboard/dashboard-counters';

process.env.TABLE_NAME = 'table-under-test';

const pending: Attendance = {
  id: 'A1',
  companyId: 'C1',
  ticketId: 'T1',
  contactId: 'K1',
  startedAt: '2025-03-10T12:00:00.000Z',
  startedDay: '2025-03-10',
  startedPending: true,
  status: 'pending',
  acceptedAt: null,
  closedAt: null,
  userId: null,
  userName: null,
  queueId: 'Q1',
  rating: null,
  ratedAt: null,
  version: 0,
};
const accepted: Attendance = { ...pending, status: 'open', acceptedAt: '2025-03-10T12:10:00.000Z', userId: 'U1', userName: 'Ana', version: 1 };
const finished: Attendance = { ...accepted, status: 'closed', closedAt: '2025-03-10T12:40:00.000Z', version: 2 };

describe('attendanceDeltas', () => {
  it('counts a new waiting attendance as started and waiting', () => {
    expect(attendanceDeltas(undefined, pending)).toEqual([{ day: '2025-03-10', scope: 'company', add: { started: 1, waiting: 1 } }]);
  });

  it('moves an accepted one from waiting to open, adds its wait time and gives it to the agent', () => {
    expect(attendanceDeltas(pending, accepted)).toEqual([
      { day: '2025-03-10', scope: 'company', add: { waiting: -1, open: 1, waitMs: 600_000, waitCount: 1 } },
      { day: '2025-03-10', scope: 'user:U1', userName: 'Ana', add: { attended: 1 } },
    ]);
  });

  it('finishes with the support time, for the company and the agent', () => {
    expect(attendanceDeltas(accepted, finished)).toEqual([
      { day: '2025-03-10', scope: 'company', add: { open: -1, finished: 1, supportMs: 1_800_000, supportCount: 1 } },
      { day: '2025-03-10', scope: 'user:U1', userName: 'Ana', add: { finished: 1, supportMs: 1_800_000, supportCount: 1 } },
    ]);
  });

  it('moves the attendance between agents on a transfer, in the bucket of the day it began', () => {
    const transferred: Attendance = { ...accepted, userId: 'U2', userName: 'Bia', queueId: 'Q2' };

    expect(attendanceDeltas(accepted, transferred)).toEqual([
      { day: '2025-03-10', scope: 'user:U1', userName: 'Ana', add: { attended: -1 } },
      { day: '2025-03-10', scope: 'user:U2', userName: 'Bia', add: { attended: 1 } },
    ]);
  });

  it('adds a rating to the company and the agent who finished', () => {
    expect(attendanceDeltas(finished, { ...finished, rating: 3, ratedAt: '2025-03-10T12:45:00.000Z' })).toEqual([
      { day: '2025-03-10', scope: 'company', add: { ratingSum: 3, ratingCount: 1 } },
      { day: '2025-03-10', scope: 'user:U1', userName: 'Ana', add: { ratingSum: 3, ratingCount: 1 } },
    ]);
  });

  it('takes everything an attendance contributed away when it goes (a deleted running ticket)', () => {
    const removed = attendanceDeltas(accepted, undefined);

    expect(mergeDeltas([...removed, ...contributionOf(accepted)])).toEqual([]);
  });

  it('counts no wait for an attendance that began open', () => {
    const direct: Attendance = { ...accepted, startedPending: false, acceptedAt: pending.startedAt };

    expect(attendanceDeltas(undefined, direct)[0]?.add).toEqual({ started: 1, open: 1 });
  });
});

describe('ticketCreatedDelta and counterUpdate', () => {
  it('counts a creation on its company day and hour', () => {
    // 02:30 UTC on the 11th is 23:30 on the 10th in Brasília.
    expect(ticketCreatedDelta(new Date('2025-03-11T02:30:00.000Z'))).toEqual({
      day: '2025-03-10',
      scope: 'company',
      add: { ticketsCreated: 1, createdH23: 1 },
    });
  });

  it('adds to a bucket with ADD, creating it on first use, with the agent and their name beside the counters', () => {
    expect(counterUpdate('C1', { day: '2025-03-10', scope: 'user:U1', userName: 'Ana', add: { attended: 1, finished: -1 } })).toEqual({
      TableName: 'table-under-test',
      Key: { PK: 'C#C1#DASH#2025-03-10', SK: 'USER#U1' },
      UpdateExpression: 'SET #day = :day, #entity = :entity, #companyId = :companyId, #userId = :userId, #userName = :userName ADD #c0 :c0, #c1 :c1',
      ExpressionAttributeNames: {
        '#day': 'day',
        '#entity': 'entity',
        '#companyId': 'companyId',
        '#userId': 'userId',
        '#userName': 'userName',
        '#c0': 'attended',
        '#c1': 'finished',
      },
      ExpressionAttributeValues: { ':day': '2025-03-10', ':entity': 'dashboardDay', ':companyId': 'C1', ':userId': 'U1', ':userName': 'Ana', ':c0': 1, ':c1': -1 },
    });
  });
});
