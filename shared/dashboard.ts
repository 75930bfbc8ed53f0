/**
 * The dashboard (spec 2 §2 Dashboard, §3, §7): the period filters it accepts and the figures it answers.
 * Days are company days (shared/company-time.ts). The figures describe the attendances (one per
 * open-to-close cycle of a ticket) that began in the period: how many are in conversation, waiting or
 * finished now, their average support and waiting times; 'Novos Contatos' counts the contacts created
 * in the period (docs/architecture.md §8).
 */
import { z } from 'zod';
import { isDay } from './company-time';
import { DASHBOARD_PERIODS } from './dashboard-periods';

export { DASHBOARD_MAX_DAYS, DASHBOARD_PERIODS } from './dashboard-periods';

export const FILTER_REQUIRED = 'Parametrize o filtro';

const day = z.string({ error: 'Invalid date' }).refine(isDay, 'Invalid date');

/**
 * GET /dashboard. `days` N > 0 covers today and the N - 1 days before; `date_from` and `date_to` bound
 * the range (both included; a missing end is today, a missing start is 89 days before the end). With
 * `days` and dates together the range is their intersection. None of them: 'Parametrize o filtro'.
 */
export const DashboardQuery = z.object({
  days: z.coerce
    .number({ error: 'Invalid period' })
    .refine((value) => (DASHBOARD_PERIODS as readonly number[]).includes(value), 'Invalid period')
    .optional(),
  date_from: day.optional(),
  date_to: day.optional(),
});
export type DashboardQuery = z.output<typeof DashboardQuery>;

/** GET /dashboard/ticketsUsers and /dashboard/ticketsDay: a range of days, this month to today by default. */
export const DashboardChartQuery = z.object({
  initialDate: day.optional(),
  finalDate: day.optional(),
});
export type DashboardChartQuery = z.output<typeof DashboardChartQuery>;

export interface DashboardCounters {
  /** 'Em Conversa': attendances begun in the period that are open with an agent now. */
  readonly supportHappening: number;
  /** 'Aguardando': attendances begun in the period that are waiting (pending) now. */
  readonly supportPending: number;
  /** 'Finalizados': attendances begun in the period that are finished. */
  readonly supportFinished: number;
  /** 'Novos Contatos': contacts created in the period. */
  readonly newContacts: number;
  /** 'T.M. de Conversa', minutes: from the first agent taking it to its finish, over finished attendances. */
  readonly avgSupportTime: number;
  /** 'T.M. de Espera', minutes: from arrival to the first agent taking it, over attendances that waited. */
  readonly avgWaitTime: number;
}

export interface DashboardAttendant {
  readonly id: string;
  readonly name: string;
  /** Average rating, 1 to 3 (one decimal), or null without ratings. */
  readonly rating: number | null;
  /** Minutes. */
  readonly avgSupportTime: number;
  readonly online: boolean;
  /** Attendances of the period the attendant holds or finished. */
  readonly tickets: number;
}

export interface DashboardDto {
  readonly counters: DashboardCounters;
  readonly attendants: readonly DashboardAttendant[];
  /** The range the figures cover, both days included. */
  readonly from: string;
  readonly to: string;
}

/** GET /dashboard/ticketsUsers: attendances per attendant (spec's Portuguese field names). */
export interface TicketsUsersDto {
  readonly data: readonly { readonly nome: string; readonly quantidade: number }[];
}

/**
 * GET /dashboard/ticketsDay: tickets created per hour ('HH', company time) when the range is one day,
 * per day ('YYYY-MM-DD') otherwise; `count` is the total.
 */
export interface TicketsDayDto {
  readonly data: readonly ({ readonly horario: string; readonly total: number } | { readonly data: string; readonly total: number })[];
  readonly count: number;
}
