/**
 * Weekly work hours without React (spec 3 §2 Queues and Settings, §3 schedule entry, §5 'Time inputs use an HH:MM
 * mask', §9 default queue schedule): one row per weekday, Monday first, with its start and end.
 */
import { defaultQueueSchedule, WEEKDAYS, type ScheduleEntry, type WeekdayEn } from '../../../shared/schedules';

export interface WorkDay {
  readonly weekdayEn: WeekdayEn;
  readonly startTime: string;
  readonly endTime: string;
}

/** A new queue's week (spec 3 §9): Monday to Friday 08:00-18:00, Saturday 08:00-12:00, Sunday 00:00-00:00 (closed). */
export function defaultWeek(): WorkDay[] {
  return defaultQueueSchedule().map(({ weekdayEn, startTime, endTime }) => ({ weekdayEn, startTime, endTime }));
}

/**
 * A queue's stored week as the seven rows: a weekday missing from it (a queue saved with fewer days)
 * shows 00:00-00:00, closed, which is what its absence means to the bot.
 */
export function weekOf(schedules: readonly Pick<ScheduleEntry, 'weekdayEn' | 'startTime' | 'endTime'>[]): WorkDay[] {
  return WEEKDAYS.map(({ weekdayEn }) => {
    const day = schedules.find((entry) => entry.weekdayEn === weekdayEn);
    return { weekdayEn, startTime: day?.startTime ?? '00:00', endTime: day?.endTime ?? '00:00' };
  });
}

const TIME = /^([01]\d|2[0-3]):[0-5]\d$/;

/** Whether a text is a time of day the server takes (HH:MM, 00:00 to 23:59). */
export function isTime(text: string): boolean {
  return TIME.test(text);
}

/**
 * The HH:MM mask: keeps up to four digits and puts the colon after the second, so typing `0830`
 * shows `08:30` and a pasted `8h30` becomes `83:0` for the validation to refuse rather than a guess.
 */
export function maskTime(typed: string): string {
  const digits = typed.replace(/\D/g, '').slice(0, 4);
  return digits.length <= 2 ? digits : `${digits.slice(0, 2)}:${digits.slice(2)}`;
}

/** A day whose end equals its start is closed (shared/queues.ts). */
export function isClosed(day: Pick<WorkDay, 'startTime' | 'endTime'>): boolean {
  return day.startTime === day.endTime;
}
