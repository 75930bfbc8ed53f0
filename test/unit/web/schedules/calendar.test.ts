/** The schedules calendar's days, views and titles (spec 2 §2 Schedules; issue 27, point 6). */
import { calendarFormats, viewTitle } from '../../../../web/src/schedules/calendar-format';
import {
  AGENDA_DAYS,
  dayKey,
  monthWeeks,
  offeredViews,
  schedulesByDay,
  shownView,
  stepDate,
  viewDays,
  WEEK_STARTS_ON,
} from '../../../../web/src/schedules/calendar-range';

/** March 2026 starts on a Sunday and ends on a Tuesday. */
const MARCH_2 = new Date(2026, 2, 2, 15, 30);

describe('the views a screen offers', () => {
  test('a wide screen offers the month, the week, the day and the agenda, and shows the one chosen', () => {
    expect(offeredViews(false)).toEqual(['month', 'week', 'day', 'agenda']);
    expect(shownView('month', false)).toBe('month');
    expect(shownView('week', false)).toBe('week');
  });

  test('a phone offers the day and the agenda only, and shows the agenda instead of the month or the week', () => {
    expect(offeredViews(true)).toEqual(['day', 'agenda']);
    expect(shownView('month', true)).toBe('agenda');
    expect(shownView('week', true)).toBe('agenda');
    expect(shownView('day', true)).toBe('day');
  });
});

describe("the days of a view", () => {
  test('the month shows whole weeks from the week of its first day to the week of its last, starting on Sunday in Portuguese', () => {
    const weeks = monthWeeks(MARCH_2, WEEK_STARTS_ON.pt);

    expect(weeks).toHaveLength(5);
    expect(weeks.every((week) => week.length === 7)).toBe(true);
    expect(dayKey(weeks[0]![0]!)).toBe('2026-03-01');
    expect(weeks[0]![0]!.getDay()).toBe(0);
    expect(dayKey(weeks[4]![6]!)).toBe('2026-04-04');
  });

  test('the month starts its weeks on Monday in Spanish, taking in the last day of February', () => {
    const weeks = monthWeeks(MARCH_2, WEEK_STARTS_ON.es);

    expect(dayKey(weeks[0]![0]!)).toBe('2026-02-23');
    expect(weeks[0]![0]!.getDay()).toBe(1);
    expect(weeks.flat().some((day) => dayKey(day) === '2026-03-31')).toBe(true);
  });

  test('the week has seven days from its first, the day one, the agenda a month of days from the date', () => {
    expect(viewDays('week', MARCH_2, 0).map(dayKey)).toEqual([
      '2026-03-01',
      '2026-03-02',
      '2026-03-03',
      '2026-03-04',
      '2026-03-05',
      '2026-03-06',
      '2026-03-07',
    ]);
    expect(viewDays('day', MARCH_2, 0).map(dayKey)).toEqual(['2026-03-02']);
    const agenda = viewDays('agenda', MARCH_2, 0);
    expect(agenda).toHaveLength(AGENDA_DAYS);
    expect(dayKey(agenda[0]!)).toBe('2026-03-02');
    expect(agenda.every((day) => day.getHours() === 0 && day.getMinutes() === 0)).toBe(true);
  });

  test('previous and next move by a month, a week, a day or the agenda', () => {
    expect(dayKey(stepDate('month', MARCH_2, 'next'))).toBe('2026-04-02');
    expect(dayKey(stepDate('week', MARCH_2, 'previous'))).toBe('2026-02-23');
    expect(dayKey(stepDate('day', MARCH_2, 'next'))).toBe('2026-03-03');
    expect(dayKey(stepDate('agenda', MARCH_2, 'next'))).toBe('2026-04-01');
  });
});

describe('the schedules of each day', () => {
  test("groups schedules by their send time's day, each day's in the order they go out", () => {
    const at = (day: number, hour: number) => new Date(2026, 2, day, hour, 0).toISOString();
    const byDay = schedulesByDay([
      { id: 'late', sendAt: at(2, 18) },
      { id: 'other-day', sendAt: at(5, 9) },
      { id: 'early', sendAt: at(2, 8) },
      { id: 'broken', sendAt: 'not a date' },
    ]);

    expect([...byDay.keys()]).toEqual(['2026-03-02', '2026-03-05']);
    expect(byDay.get('2026-03-02')?.map((schedule) => schedule.id)).toEqual(['early', 'late']);
  });
});

describe('the titles, in the interface language', () => {
  test('names the month, the day and a week in Portuguese', () => {
    const pt = calendarFormats('pt-BR');

    expect(viewTitle('month', MARCH_2, 0, pt)).toBe('março de 2026');
    expect(viewTitle('day', MARCH_2, 0, pt)).toBe('segunda-feira, 2 de março de 2026');
    expect(viewTitle('week', MARCH_2, 0, pt)).toMatch(/^1\s*–\s*7 de mar\.? de 2026$/);
  });

  test('names the month and the weekdays in Spanish and in English', () => {
    expect(viewTitle('month', MARCH_2, 1, calendarFormats('es'))).toBe('marzo de 2026');
    expect(calendarFormats('es').weekdayShort(MARCH_2)).toBe('lun');
    expect(viewTitle('month', MARCH_2, 0, calendarFormats('en'))).toBe('March 2026');
    expect(calendarFormats('en').weekdayShort(MARCH_2)).toBe('Mon');
  });
});
