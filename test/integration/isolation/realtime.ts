import type { RouteKeyOf } from '../../../infra/resources/http-routes';
import type { Probe } from './probe';

export const realtimeProbes: Record<RouteKeyOf<'realtime'>, Probe> = {
  'POST /realtime/ticket': async ({ cloud, a, b }) => {
    // A ticket is always for the caller's own company, whatever the body says.
    const response = await cloud.api(`/realtime/ticket?companyId=${b.companyId}`, {
      method: 'POST',
      token: a.user.token,
      body: { companyId: b.companyId, userId: b.admin.id },
    });
    expect(response.status).toBe(201);
    expect(response.body.ticket.startsWith(`${a.companyId}.`)).toBe(true);
  },
};
