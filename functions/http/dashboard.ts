/**
 * The dashboard (spec 2 §2 Dashboard, §7): admin only ('dashboard:view'), the
 * caller's company only, read from counters kept on every ticket change.
 */
import { DashboardChartQuery, DashboardQuery } from '../../shared/dashboard';
import { httpModule, sessionRoute } from '../core/http/http-module';
import { ok } from '../core/http/reply';
import { getDashboard, ticketsDay, ticketsUsers } from '../core/dashboard/get-dashboard';

const access = { permission: 'dashboard:view' } as const;

export const handler = httpModule('dashboard', {
  'GET /dashboard': sessionRoute({ query: DashboardQuery, access }, async ({ session, query }) => ok(await getDashboard(session, query))),
  'GET /dashboard/ticketsUsers': sessionRoute({ query: DashboardChartQuery, access }, async ({ session, query }) =>
    ok(await ticketsUsers(session, query)),
  ),
  'GET /dashboard/ticketsDay': sessionRoute({ query: DashboardChartQuery, access }, async ({ session, query }) =>
    ok(await ticketsDay(session, query)),
  ),
});
