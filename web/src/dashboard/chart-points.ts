/**
 * The answers of GET /dashboard/ticketsUsers and /dashboard/ticketsDay shaped as the bars of the
 * dashboard's charts (spec 2 §2, §7): one bar per attendant, and one per hour ('08h') of a one-day
 * range or per day ('03/11') of a longer one. The charts place string labels evenly, one band each, so
 * labels must be unique: two attendants of the same name are told apart by a number, and days carry
 * their year when the range spans two years.
 */
import type { TicketsDayDto, TicketsUsersDto } from '../../../shared/dashboard';
import { isoDateLabel } from '../i18n/dates';
import type { Language } from '../i18n/language';

export interface ChartPoint {
  /** The bar's label on the x axis. */
  readonly x: string;
  readonly y: number;
}

/** Conversations per attendant, in the server's order (most first); a nameless one is `unnamed`. */
export function userPoints(data: TicketsUsersDto['data'], unnamed: string): ChartPoint[] {
  const seen = new Map<string, number>();
  return data.map((row) => {
    const name = row.nome.trim() === '' ? unnamed : row.nome;
    const times = (seen.get(name) ?? 0) + 1;
    seen.set(name, times);
    return { x: times === 1 ? name : `${name} (${times})`, y: row.quantidade };
  });
}

type DayRow = TicketsDayDto['data'][number];

const isHourRow = (row: DayRow): row is { readonly horario: string; readonly total: number } => 'horario' in row;

/** Whether the answer counts hours of one day (its rows carry `horario`) rather than days. */
export function isPerHour(answer: TicketsDayDto): boolean {
  return answer.data.length > 0 && answer.data.every(isHourRow);
}

/**
 * Tickets per hour ('08h') or per day ('DD/MM', with '/YYYY' when the days span two years; in the
 * interface language's order, 'MM/DD' in English).
 */
export function dayPoints(answer: TicketsDayDto, language: Language): ChartPoint[] {
  const days = answer.data.flatMap((row) => (isHourRow(row) ? [] : [row.data]));
  const years = new Set(days.map((day) => day.slice(0, 4)));
  return answer.data.map((row) => {
    if (isHourRow(row)) return { x: `${row.horario}h`, y: row.total };
    return { x: isoDateLabel(row.data, language, { withYear: years.size > 1 }), y: row.total };
  });
}
