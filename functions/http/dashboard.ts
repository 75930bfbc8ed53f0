/**
 * The dashboard (spec 2 §2 Dashboard, §7): admin only ('dashboard:view'), the
 * caller's company only, read from counters kept on every ticket change.
 */
import { DashboardChartQuery, DashboardQuery } from '../../shared/dashboard';
import { httpModule, callerRoute } from '../core/http/http-module';
import { ok } from '../core/http/reply';
import { getDashboard, ticketsDay, ticketsUsers } from '../core/dashboard/get-dashboard';

const access = { permission: 'dashboard:view' } as const;

export const handler = httpModule('dashboard', {
  'GET /dashboard': callerRoute({ query: DashboardQuery, access }, async ({ caller, query }) => ok(await getDashboard(caller, query))),
  'GET /dashboard/ticketsUsers': callerRoute({ query: DashboardChartQuery, access }, async ({ caller, query }) =>
    ok(await ticketsUsers(caller, query)),
  ),
  'GET /dashboard/ticketsDay': callerRoute({ query: DashboardChartQuery, access }, async ({ caller, query }) =>
    ok(await ticketsDay(caller, query)),
  ),
});
