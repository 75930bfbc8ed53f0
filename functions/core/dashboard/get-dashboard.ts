/**
 * The dashboard's reads (spec 2 §2 Dashboard, §7), for the caller's company only (the company comes from
 * the session; a `companyId` in the query is ignored). Each reads the daily counters of its range, one
 * small partition per day (repositories/dashboard.ts), and the company's users for names and online
 * state; nothing is counted at read time.
 *
 * - getDashboard: the six counters and the attendants table over the period of `days`/`date_from`/`date_to`.
 * - ticketsUsers: attendances per attendant over initialDate..finalDate.
 * - ticketsDay: tickets created per hour (one day) or per day (longer ranges).
 */
import { addDays, companyDay, daysFrom } from '../../../shared/company-time';
import {
  DASHBOARD_MAX_DAYS,
  FILTER_REQUIRED,
  type DashboardChartQuery,
  type DashboardDto,
  type DashboardQuery,
  type TicketsDayDto,
  type TicketsUsersDto,
} from '../../../shared/dashboard';
import { AppError } from '../errors';
import { readDays, type Counters, type DayCounters } from '../repositories/dashboard';
import { listUsers } from '../repositories/users';
import type { Caller } from '../caller/load-caller';

const invalid = (message: string, path: string) => new AppError('ERR_VALIDATION', { message, fields: [{ path, message }] });

/** The range of GET /dashboard's filters (see DashboardQuery). */
export function dashboardRange(query: DashboardQuery, now: Date): { from: string; to: string } {
  const days = query.days && query.days > 0 ? query.days : undefined;
  if (days === undefined && !query.date_from && !query.date_to) throw invalid(FILTER_REQUIRED, 'days');
  const today = companyDay(now);
  const to = query.date_to ?? today;
  let from = query.date_from ?? addDays(to, -89);
  if (days !== undefined && addDays(today, 1 - days) > from) from = addDays(today, 1 - days);
  return checkedRange(from, to, 'date_from');
}

/** The range of the charts: this month up to today unless given. */
export function chartRange(query: DashboardChartQuery, now: Date): { from: string; to: string } {
  const today = companyDay(now);
  return checkedRange(query.initialDate ?? `${today.slice(0, 8)}01`, query.finalDate ?? today, 'initialDate');
}

function checkedRange(from: string, to: string, path: string): { from: string; to: string } {
  if (from > to) throw invalid('Invalid period', path);
  if (addDays(from, DASHBOARD_MAX_DAYS - 1) < to) throw invalid(`At most ${DASHBOARD_MAX_DAYS} days`, path);
  return { from, to };
}

function sum(target: Record<string, number>, counters: Counters): void {
  for (const [name, amount] of Object.entries(counters)) target[name] = (target[name] ?? 0) + amount;
}

const minutes = (totalMs: number, count: number) => (count > 0 ? Math.round((totalMs / count / 60_000) * 100) / 100 : 0);

interface UserTotals {
  name: string | null;
  counters: Record<string, number>;
}

function totals(days: readonly DayCounters[]): { company: Record<string, number>; users: Map<string, UserTotals> } {
  const company: Record<string, number> = {};
  const users = new Map<string, UserTotals>();
  for (const day of days) {
    sum(company, day.company);
    for (const user of day.users) {
      const entry = users.get(user.userId) ?? { name: null, counters: {} };
      entry.name = user.userName ?? entry.name;
      sum(entry.counters, user.counters);
      users.set(user.userId, entry);
    }
  }
  return { company, users };
}

export async function getDashboard(caller: Caller, query: DashboardQuery, now = new Date()): Promise<DashboardDto> {
  const { from, to } = dashboardRange(query, now);
  const [days, users] = await Promise.all([readDays(caller.companyId, daysFrom(from, to)), listUsers(caller.companyId)]);
  const { company, users: perUser } = totals(days);
  const value = (name: string) => company[name] ?? 0;
  const attendants = users
    .map((user) => {
      const counters = perUser.get(user.id)?.counters ?? {};
      const ratings = counters.ratingCount ?? 0;
      return {
        id: user.id,
        name: user.name,
        rating: ratings > 0 ? Math.round(((counters.ratingSum ?? 0) / ratings) * 10) / 10 : null,
        avgSupportTime: minutes(counters.supportMs ?? 0, counters.supportCount ?? 0),
        online: user.online,
        tickets: counters.attended ?? 0,
      };
    })
    .sort((a, b) => a.name.localeCompare(b.name, 'pt-BR', { sensitivity: 'base' }) || a.id.localeCompare(b.id));
  return {
    counters: {
      supportHappening: value('open'),
      supportPending: value('waiting'),
      supportFinished: value('finished'),
      newContacts: value('newContacts'),
      avgSupportTime: minutes(value('supportMs'), value('supportCount')),
      avgWaitTime: minutes(value('waitMs'), value('waitCount')),
    },
    attendants,
    from,
    to,
  };
}

export async function ticketsUsers(caller: Caller, query: DashboardChartQuery, now = new Date()): Promise<TicketsUsersDto> {
  const { from, to } = chartRange(query, now);
  const [days, users] = await Promise.all([readDays(caller.companyId, daysFrom(from, to)), listUsers(caller.companyId)]);
  const names = new Map(users.map((user) => [user.id, user.name]));
  const data = [...totals(days).users.entries()]
    .map(([userId, entry]) => ({ nome: names.get(userId) ?? entry.name ?? '', quantidade: entry.counters.attended ?? 0 }))
    .filter((row) => row.quantidade > 0)
    .sort((a, b) => b.quantidade - a.quantidade || a.nome.localeCompare(b.nome, 'pt-BR'));
  return { data };
}

export async function ticketsDay(caller: Caller, query: DashboardChartQuery, now = new Date()): Promise<TicketsDayDto> {
  const { from, to } = chartRange(query, now);
  const days = await readDays(caller.companyId, daysFrom(from, to));
  if (from === to) {
    const counters = days[0]?.company ?? {};
    const data = Array.from({ length: 24 }, (_, hour) => {
      const horario = String(hour).padStart(2, '0');
      return { horario, total: counters[`createdH${horario}`] ?? 0 };
    });
    return { data, count: data.reduce((total, row) => total + row.total, 0) };
  }
  const data = days.map((day) => ({ data: day.day, total: day.company.ticketsCreated ?? 0 }));
  return { data, count: data.reduce((total, row) => total + row.total, 0) };
}
