/**
 * The schedules calendar's days without React (spec 2 §2 Schedules: month, week, day and agenda views):
 * the days a view shows, where 'previous' and 'next' go, the views a screen offers, and the schedules of
 * each day. Days are the browser's own, as the send time the dialog asks for is (schedule-form.ts);
 * date-fns does the arithmetic (its functions one by one, not its locales: the names of months and
 * weekdays come from the browser's Intl, calendar-format.ts).
 */
import { addDays, addMonths, addWeeks, endOfMonth, endOfWeek, startOfDay, startOfMonth, startOfWeek } from 'date-fns';
import type { Language } from '../i18n/language';

export const CALENDAR_VIEWS = ['month', 'week', 'day', 'agenda'] as const;
export type CalendarView = (typeof CALENDAR_VIEWS)[number];

/**
 * What a phone offers: a month's or a week's seven columns leave a 360 px screen about 45 px a day, too
 * little for a name and its buttons (issue 27), so a narrow screen lists the day or the agenda, where
 * each schedule has the screen's width. The month, which a wide screen opens on, becomes the agenda.
 */
const NARROW_VIEWS: readonly CalendarView[] = ['day', 'agenda'];

export function offeredViews(narrow: boolean): readonly CalendarView[] {
  return narrow ? NARROW_VIEWS : CALENDAR_VIEWS;
}

/** The view shown: the one chosen, unless the screen does not offer it (then the agenda). */
export function shownView(chosen: CalendarView, narrow: boolean): CalendarView {
  return offeredViews(narrow).includes(chosen) ? chosen : 'agenda';
}

export type WeekStart = 0 | 1;

/** The first day of the week: Sunday in Brazil and in the USA, Monday in Spain (as date-fns' locales have it). */
export const WEEK_STARTS_ON: Readonly<Record<Language, WeekStart>> = { pt: 0, en: 0, es: 1 };

/** The agenda's days from the date shown, as react-big-calendar's agenda had it: a month. */
export const AGENDA_DAYS = 30;

/** The month view's weeks: every week holding a day of the date's month, seven days each. */
export function monthWeeks(date: Date, weekStartsOn: WeekStart): Date[][] {
  const last = endOfWeek(endOfMonth(date), { weekStartsOn });
  const weeks: Date[][] = [];
  for (let day = startOfWeek(startOfMonth(date), { weekStartsOn }); day <= last; day = addDays(day, 7)) {
    weeks.push(daysFrom(day, 7));
  }
  return weeks;
}

/** `count` days from `first`'s day, each at its start. */
export function daysFrom(first: Date, count: number): Date[] {
  const start = startOfDay(first);
  return Array.from({ length: count }, (_, index) => addDays(start, index));
}

/** The days a view shows, in order: the month's weeks, the week, the day, or the agenda's month of days. */
export function viewDays(view: CalendarView, date: Date, weekStartsOn: WeekStart): Date[] {
  switch (view) {
    case 'month':
      return monthWeeks(date, weekStartsOn).flat();
    case 'week':
      return daysFrom(startOfWeek(date, { weekStartsOn }), 7);
    case 'day':
      return daysFrom(date, 1);
    case 'agenda':
      return daysFrom(date, AGENDA_DAYS);
  }
}

/** Where 'previous' or 'next' goes: a month, a week, a day, or the agenda's length away. */
export function stepDate(view: CalendarView, date: Date, direction: 'previous' | 'next'): Date {
  const sign = direction === 'next' ? 1 : -1;
  switch (view) {
    case 'month':
      return addMonths(date, sign);
    case 'week':
      return addWeeks(date, sign);
    case 'day':
      return addDays(date, sign);
    case 'agenda':
      return addDays(date, sign * AGENDA_DAYS);
  }
}

const pad = (value: number) => String(value).padStart(2, '0');

/** A day's key (YYYY-MM-DD, the browser's day). */
export function dayKey(date: Date): string {
  return `${date.getFullYear()}-${pad(date.getMonth() + 1)}-${pad(date.getDate())}`;
}

/** The schedules of each day (by the browser's day of their send time), each day's in the order they go out. */
export function schedulesByDay<T extends { readonly id: string; readonly sendAt: string }>(schedules: readonly T[]): Map<string, T[]> {
  const byDay = new Map<string, T[]>();
  const timed = schedules
    .map((schedule) => ({ schedule, at: new Date(schedule.sendAt) }))
    .filter(({ at }) => !Number.isNaN(at.getTime()))
    .sort((a, b) => a.at.getTime() - b.at.getTime() || (a.schedule.id < b.schedule.id ? -1 : a.schedule.id > b.schedule.id ? 1 : 0));
  for (const { schedule, at } of timed) {
    const key = dayKey(at);
    const day = byDay.get(key);
    if (day === undefined) byDay.set(key, [schedule]);
    else day.push(schedule);
  }
  return byDay;
}
