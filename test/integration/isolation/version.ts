import type { RouteKeyOf } from '../../../infra/resources/http-routes';
import type { Probe } from './probe';

export const versionProbes: Record<RouteKeyOf<'version'>, Probe> = {
  'GET /version': async ({ cloud, b }) => {
    // Public and tenant-free: a companyId in the query changes nothing.
    const response = await cloud.api(`/version?companyId=${b.companyId}`);
    expect(response).toEqual({ status: 200, body: { version: '6.0.0' } });
  },
};
