/**
 * Whether a moment falls inside a weekly schedule (spec 3 §3, §9: queue and company work hours), in
 * the company's time zone. A day whose start equals its end (00:00-00:00, the default Sunday) is
 * closed; an end before the start runs past midnight. A schedule without the day is closed that day.
 */
import { COMPANY_TIME_ZONE } from '../../../shared/company-time';
import type { ScheduleEntry, WeekdayEn } from '../../../shared/schedules';

const WEEKDAY_OF: Readonly<Record<string, WeekdayEn>> = {
  Mon: 'monday',
  Tue: 'tuesday',
  Wed: 'wednesday',
  Thu: 'thursday',
  Fri: 'friday',
  Sat: 'saturday',
  Sun: 'sunday',
};

const clock = new Intl.DateTimeFormat('en-US', { timeZone: COMPANY_TIME_ZONE, weekday: 'short', hour: '2-digit', minute: '2-digit', hourCycle: 'h23' });

const minutesOf = (hhmm: string): number => {
  const [hours = '0', minutes = '0'] = hhmm.split(':');
  return Number(hours) * 60 + Number(minutes);
};

export function isWithinSchedule(schedule: readonly ScheduleEntry[], at: Date): boolean {
  const parts = Object.fromEntries(clock.formatToParts(at).map((part) => [part.type, part.value]));
  const weekday = WEEKDAY_OF[parts.weekday ?? ''];
  const now = Number(parts.hour) * 60 + Number(parts.minute);
  const entry = schedule.find((day) => day.weekdayEn === weekday);
  if (!entry) return false;
  const start = minutesOf(entry.startTime);
  const end = minutesOf(entry.endTime);
  if (start === end) return false;
  return start < end ? now >= start && now < end : now >= start || now < end;
}
