import { campaignWaitSeconds, remainingToday } from '../../../functions/core/campaigns/sending-limits';
import type { ScheduleEntry } from '../../../shared/schedules';

/** Weekdays 09:00-18:00 on the company's clock (Brasília, UTC-3). */
const OFFICE: ScheduleEntry[] = (['monday', 'tuesday', 'wednesday', 'thursday', 'friday'] as const).map((weekdayEn) => ({
  weekday: weekdayEn,
  weekdayEn,
  startTime: '09:00',
  endTime: '18:00',
}));

// 2026-12-02 is a Wednesday.
const at = (clock: string) => new Date(`2026-12-02T${clock}-03:00`);

describe('what a connection allows campaigns', () => {
  it('sends at once without a cap or a window', () => {
    expect(campaignWaitSeconds({}, 10_000, at('03:00:00'))).toBe(0);
    expect(campaignWaitSeconds({ campaignDailyLimit: null, campaignSchedule: [] }, 0, at('23:59:00'))).toBe(0);
    expect(remainingToday({ campaignDailyLimit: null }, 500)).toBe(Number.POSITIVE_INFINITY);
  });

  it('waits for the next company day once the daily cap is reached', () => {
    expect(campaignWaitSeconds({ campaignDailyLimit: 100 }, 99, at('22:00:00'))).toBe(0);
    expect(campaignWaitSeconds({ campaignDailyLimit: 100 }, 100, at('22:00:00'))).toBe(2 * 60 * 60);
    expect(campaignWaitSeconds({ campaignDailyLimit: 100 }, 100, at('23:59:59'))).toBe(1);
    expect(remainingToday({ campaignDailyLimit: 100 }, 98)).toBe(2);
    expect(remainingToday({ campaignDailyLimit: 100 }, 120)).toBe(0);
  });

  it('sends inside the window and waits for it to open outside', () => {
    expect(campaignWaitSeconds({ campaignSchedule: OFFICE }, 0, at('10:30:00'))).toBe(0);
    expect(campaignWaitSeconds({ campaignSchedule: OFFICE }, 0, at('08:55:30'))).toBe(4 * 60 + 30);
    // Further than the look-ahead: wait a quarter of an hour and look again.
    expect(campaignWaitSeconds({ campaignSchedule: OFFICE }, 0, at('18:00:00'))).toBe(15 * 60);
    expect(campaignWaitSeconds({ campaignSchedule: OFFICE }, 0, new Date('2026-12-05T12:00:00-03:00'))).toBe(15 * 60);
  });
});
