import {
  applyFilter,
  chartsPerHour,
  defaultFilter,
  FILTER_BY_DATE,
  FILTER_BY_PERIOD,
  filterQuery,
  rangeOf,
  sameQuery,
  type DashboardFilter,
} from '../../../../web/src/dashboard/dashboard-filter';

const TODAY = '2026-11-26';
const byDate = (dateFrom: string, dateTo: string): DashboardFilter => ({ type: FILTER_BY_DATE, period: 0, dateFrom, dateTo });
const byPeriod = (period: DashboardFilter['period']): DashboardFilter => ({ type: FILTER_BY_PERIOD, period, dateFrom: '2026-11-01', dateTo: TODAY });

describe('the dashboard filter', () => {
  test('opens by date, from the first day of the month to today', () => {
    expect(defaultFilter(TODAY)).toEqual({ type: FILTER_BY_DATE, period: 0, dateFrom: '2026-11-01', dateTo: TODAY });
    expect(defaultFilter('2027-01-01').dateFrom).toBe('2027-01-01');
  });

  test('by period sends only the days, whatever the dates hold', () => {
    expect(filterQuery(byPeriod(7))).toEqual({ days: 7 });
  });

  test('by date sends only the dates that are set', () => {
    expect(filterQuery(byDate('2026-11-01', TODAY))).toEqual({ date_from: '2026-11-01', date_to: TODAY });
    expect(filterQuery(byDate('', TODAY))).toEqual({ date_to: TODAY });
    expect(filterQuery(byDate('2026-11-01', ''))).toEqual({ date_from: '2026-11-01' });
  });

  test('asks for a parameter when the period is none or both dates are empty', () => {
    expect(filterQuery(byPeriod(0))).toBeUndefined();
    expect(filterQuery(byDate('', ''))).toBeUndefined();
    expect(applyFilter(byPeriod(0), TODAY)).toEqual({ ok: false, problem: 'required' });
  });
});

describe('the range of days a filter covers', () => {
  test('a period of N days is today and the N - 1 days before', () => {
    expect(rangeOf({ days: 7 }, TODAY)).toEqual({ from: '2026-11-20', to: TODAY });
    expect(rangeOf({ days: 3 }, '2026-03-01')).toEqual({ from: '2026-02-27', to: '2026-03-01' });
  });

  test('dates bound the range; a missing end is today and a missing start 89 days before the end', () => {
    expect(rangeOf({ date_from: '2026-11-01', date_to: '2026-11-10' }, TODAY)).toEqual({ from: '2026-11-01', to: '2026-11-10' });
    expect(rangeOf({ date_from: '2026-11-01' }, TODAY)).toEqual({ from: '2026-11-01', to: TODAY });
    expect(rangeOf({ date_to: '2026-11-10' }, TODAY)).toEqual({ from: '2026-08-13', to: '2026-11-10' });
  });

  test('a period together with dates keeps their intersection, as the server does', () => {
    expect(rangeOf({ days: 3, date_from: '2026-11-01' }, TODAY)).toEqual({ from: '2026-11-24', to: TODAY });
    expect(rangeOf({ days: 90, date_from: '2026-11-01' }, TODAY)).toEqual({ from: '2026-11-01', to: TODAY });
  });

  test('refuses a start after the end and a range over 366 days before asking the server', () => {
    expect(applyFilter(byDate('2026-11-20', '2026-11-10'), TODAY)).toEqual({ ok: false, problem: 'order' });
    expect(applyFilter(byDate('2025-11-25', TODAY), TODAY)).toEqual({ ok: false, problem: 'tooLong' });
    expect(applyFilter(byDate('2025-11-26', TODAY), TODAY)).toEqual({
      ok: true,
      query: { date_from: '2025-11-26', date_to: TODAY },
      range: { from: '2025-11-26', to: TODAY },
    });
  });
});

describe('the tickets chart', () => {
  test('counts hours when the range is one day and days otherwise', () => {
    expect(chartsPerHour({ from: TODAY, to: TODAY })).toBe(true);
    expect(chartsPerHour(rangeOf({ date_from: TODAY, date_to: TODAY }, TODAY))).toBe(true);
    expect(chartsPerHour(rangeOf({ days: 3 }, TODAY))).toBe(false);
    expect(chartsPerHour({ from: '2026-11-25', to: TODAY })).toBe(false);
  });
});

test('tells an unchanged query from another one', () => {
  expect(sameQuery({ days: 7 }, { days: 7 })).toBe(true);
  expect(sameQuery({ days: 7 }, { days: 15 })).toBe(false);
  expect(sameQuery({ date_from: '2026-11-01' }, { date_from: '2026-11-01', date_to: TODAY })).toBe(false);
});
