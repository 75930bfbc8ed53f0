/**
 * The recurring jobs' messages (infra/resources/recurring-schedules.ts) are messages the schedule-due
 * worker takes: a schedule whose message it refused would start nothing, silently, every day.
 */
import { RECURRING_SCHEDULES } from '../../../infra/resources/recurring-schedules';
import { DueMessage } from '../../../functions/core/scheduling/due-messages';

describe('the recurring jobs', () => {
  it.each(RECURRING_SCHEDULES.map((schedule) => [schedule.id, schedule] as const))('%s sends a message the schedule-due worker accepts', (_id, schedule) => {
    expect(DueMessage.safeParse(schedule.message).success).toBe(true);
    expect(schedule.expression).toMatch(/^(cron|rate)\(.+\)$/);
    expect(schedule.localEveryMs).toBeGreaterThan(0);
  });
});
