/**
 * The dashboard (spec 2 §2 Dashboard, §7): paths, cache keys and the three reads. The spec's
 * `companyId` query is never sent: the server takes the company from the session (docs/architecture.md
 * §1.2). No realtime event refreshes these figures (the spec names none for the dashboard): they are
 * read again when the filter changes and when the window gets the focus back.
 */
import { useQuery } from '@tanstack/react-query';
// Types only: the shared module's schemas (and zod) stay out of the chunks that read these keys.
import type { DashboardDto, TicketsDayDto, TicketsUsersDto } from '../../../shared/dashboard';
import { useServices } from '../runtime/services';

export type { DashboardDto, TicketsDayDto, TicketsUsersDto };

export const DASHBOARD_PATH = '/dashboard';
export const TICKETS_USERS_PATH = '/dashboard/ticketsUsers';
export const TICKETS_DAY_PATH = '/dashboard/ticketsDay';

/** GET /dashboard's query (shared/dashboard.ts DashboardQuery). */
export interface DashboardQueryParams {
  readonly days?: number;
  readonly date_from?: string;
  readonly date_to?: string;
}

/** The charts' range of days, both included (YYYY-MM-DD). */
export interface ChartRangeParams {
  readonly from: string;
  readonly to: string;
}

export const dashboardKeys = {
  all: ['dashboard'] as const,
  figures: (query: DashboardQueryParams) => ['dashboard', 'figures', query.days ?? null, query.date_from ?? null, query.date_to ?? null] as const,
  ticketsUsers: (range: ChartRangeParams) => ['dashboard', 'ticketsUsers', range.from, range.to] as const,
  ticketsDay: (range: ChartRangeParams) => ['dashboard', 'ticketsDay', range.from, range.to] as const,
};

/** Figures age quickly (every ticket moves them): a focus or a new filter reads them again. */
const live = { staleTime: 0, refetchOnWindowFocus: true } as const;

/** The six counters and the attendants; nothing is asked while `query` is undefined. */
export function useDashboard(query: DashboardQueryParams | undefined) {
  const { api } = useServices();
  return useQuery({
    queryKey: dashboardKeys.figures(query ?? {}),
    queryFn: ({ signal }) => api.get<DashboardDto>(DASHBOARD_PATH, { query: { ...query }, signal }),
    enabled: query !== undefined,
    ...live,
  });
}

const chartQuery = (range: ChartRangeParams) => ({ initialDate: range.from, finalDate: range.to });

/** Conversations per attendant over the range. */
export function useTicketsUsers(range: ChartRangeParams | undefined) {
  const { api } = useServices();
  return useQuery({
    queryKey: dashboardKeys.ticketsUsers(range ?? { from: '', to: '' }),
    queryFn: ({ signal }) => api.get<TicketsUsersDto>(TICKETS_USERS_PATH, { query: range && chartQuery(range), signal }),
    enabled: range !== undefined,
    ...live,
  });
}

/** Tickets per hour (a one-day range) or per day over the range. */
export function useTicketsDay(range: ChartRangeParams | undefined) {
  const { api } = useServices();
  return useQuery({
    queryKey: dashboardKeys.ticketsDay(range ?? { from: '', to: '' }),
    queryFn: ({ signal }) => api.get<TicketsDayDto>(TICKETS_DAY_PATH, { query: range && chartQuery(range), signal }),
    enabled: range !== undefined,
    ...live,
  });
}
