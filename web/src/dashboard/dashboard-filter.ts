/**
 * The dashboard's filter (spec 2 §2 Dashboard, §4, §5, §9) as pure rules: the filter-type selector (by
 * date = 1, by period = 2), its default (by date, from the first day of the month to today), the query
 * of GET /dashboard it sends (none when nothing is set: 'Parametrize o filtro'), and the range of days
 * the two charts then cover, the same range the server reads for the counters (functions/core/dashboard).
 * Days are company days (shared/company-time.ts), as the server counts them.
 */
import { addDays } from '../../../shared/company-time';
import { DASHBOARD_MAX_DAYS, type DashboardPeriod } from '../../../shared/dashboard-periods';

export const FILTER_BY_DATE = 1;
export const FILTER_BY_PERIOD = 2;
export type FilterType = typeof FILTER_BY_DATE | typeof FILTER_BY_PERIOD;

/** What the filter's inputs hold; an empty date is ''. Only the inputs of the chosen type count. */
export interface DashboardFilter {
  readonly type: FilterType;
  readonly period: DashboardPeriod;
  /** YYYY-MM-DD or ''. */
  readonly dateFrom: string;
  readonly dateTo: string;
}

/** The query of GET /dashboard (shared/dashboard.ts DashboardQuery), as the web sends it. */
export interface DashboardFilterQuery {
  readonly days?: number;
  readonly date_from?: string;
  readonly date_to?: string;
}

/** A range of company days, both included. */
export interface DayRange {
  readonly from: string;
  readonly to: string;
}

/** Without a start date the server starts 89 days before the end (shared/dashboard.ts); the charts follow. */
const OPEN_START_DAYS = 89;

export function firstDayOfMonth(today: string): string {
  return `${today.slice(0, 8)}01`;
}

/** The filter the page opens with: by date, from the first day of the month (spec 2 §2) to today. */
export function defaultFilter(today: string): DashboardFilter {
  return { type: FILTER_BY_DATE, period: 0, dateFrom: firstDayOfMonth(today), dateTo: today };
}

/** The query the filter sends, or undefined when it sets nothing (the page says 'Parametrize o filtro'). */
export function filterQuery(filter: DashboardFilter): DashboardFilterQuery | undefined {
  if (filter.type === FILTER_BY_PERIOD) return filter.period > 0 ? { days: filter.period } : undefined;
  if (filter.dateFrom === '' && filter.dateTo === '') return undefined;
  return {
    ...(filter.dateFrom !== '' && { date_from: filter.dateFrom }),
    ...(filter.dateTo !== '' && { date_to: filter.dateTo }),
  };
}

/**
 * The days a query covers, as GET /dashboard reads them: `days` N is today and the N - 1 days before;
 * dates bound the range (a missing end is today, a missing start 89 days before the end); both given,
 * their intersection.
 */
export function rangeOf(query: DashboardFilterQuery, today: string): DayRange {
  const to = query.date_to ?? today;
  let from = query.date_from ?? addDays(to, -OPEN_START_DAYS);
  if (query.days !== undefined && query.days > 0) {
    const periodStart = addDays(today, 1 - query.days);
    if (query.date_from === undefined && query.date_to === undefined) return { from: periodStart, to: today };
    if (periodStart > from) from = periodStart;
  }
  return { from, to };
}

/** Spec 2 §2: tickets per hour when the range is one day, per day otherwise (GET /dashboard/ticketsDay). */
export function chartsPerHour(range: DayRange): boolean {
  return range.from === range.to;
}

/** Whether two queries ask the same (a second 'Filtrar' on an unchanged filter refreshes instead). */
export function sameQuery(a: DashboardFilterQuery, b: DashboardFilterQuery): boolean {
  return a.days === b.days && a.date_from === b.date_from && a.date_to === b.date_to;
}

/** What 'Filtrar' does with the inputs: the query and the charts' range, or why it asks nothing. */
export type FilterOutcome =
  | { readonly ok: true; readonly query: DashboardFilterQuery; readonly range: DayRange }
  /** required: nothing set ('Parametrize o filtro'); order: start after end; tooLong: over DASHBOARD_MAX_DAYS. */
  | { readonly ok: false; readonly problem: 'required' | 'order' | 'tooLong' };

/** Checks here what the server would refuse, so the user reads why rather than three failure toasts. */
export function applyFilter(filter: DashboardFilter, today: string): FilterOutcome {
  const query = filterQuery(filter);
  if (query === undefined) return { ok: false, problem: 'required' };
  const range = rangeOf(query, today);
  if (range.from > range.to) return { ok: false, problem: 'order' };
  if (addDays(range.from, DASHBOARD_MAX_DAYS - 1) < range.to) return { ok: false, problem: 'tooLong' };
  return { ok: true, query, range };
}
