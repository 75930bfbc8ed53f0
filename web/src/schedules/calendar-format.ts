/**
 * How the schedules calendar writes its dates, in the interface language (spec 2 §2: Portuguese labels;
 * en and es too): the browser's Intl formats, which know every language's month and weekday names, so
 * no locale data is shipped with the page. Plain functions, unit tested without a browser.
 */
import { type CalendarView, viewDays, type WeekStart } from './calendar-range';

export interface CalendarFormats {
  /** 'março de 2026' */
  readonly month: (date: Date) => string;
  /** '2 – 8 de mar. de 2026' */
  readonly range: (first: Date, last: Date) => string;
  /** 'segunda-feira, 2 de março de 2026' */
  readonly fullDay: (date: Date) => string;
  /** 'segunda-feira, 2 de março': an agenda day's heading. */
  readonly dayHeading: (date: Date) => string;
  /** 'seg.' */
  readonly weekdayShort: (date: Date) => string;
  /** '10:05' ('10:05 AM' in English) */
  readonly time: (date: Date) => string;
}

export function calendarFormats(locale: string): CalendarFormats {
  const month = new Intl.DateTimeFormat(locale, { month: 'long', year: 'numeric' });
  const range = new Intl.DateTimeFormat(locale, { day: 'numeric', month: 'short', year: 'numeric' });
  const fullDay = new Intl.DateTimeFormat(locale, { dateStyle: 'full' });
  const dayHeading = new Intl.DateTimeFormat(locale, { weekday: 'long', day: 'numeric', month: 'long' });
  const weekdayShort = new Intl.DateTimeFormat(locale, { weekday: 'short' });
  const time = new Intl.DateTimeFormat(locale, { hour: '2-digit', minute: '2-digit' });
  return {
    month: (date) => month.format(date),
    range: (first, last) => range.formatRange(first, last),
    fullDay: (date) => fullDay.format(date),
    dayHeading: (date) => dayHeading.format(date),
    weekdayShort: (date) => weekdayShort.format(date),
    time: (date) => time.format(date),
  };
}

/** The toolbar's title: the month, the week's or the agenda's first and last days, or the day. */
export function viewTitle(view: CalendarView, date: Date, weekStartsOn: WeekStart, formats: CalendarFormats): string {
  if (view === 'month') return formats.month(date);
  if (view === 'day') return formats.fullDay(date);
  const days = viewDays(view, date, weekStartsOn);
  return formats.range(days[0] ?? date, days[days.length - 1] ?? date);
}
