/**
 * Tenant isolation of the campaign routes: A reads and saves only its own campaign settings, whatever
 * `companyId` it sends; a plain user of A saves none.
 */
import type { RouteKeyOf } from '../../../infra/resources/http-routes';
import type { TestCloud } from '../../support/local-cloud';
import type { Probe } from './probe';

const save = (cloud: TestCloud, token: string, settings: Record<string, unknown>, query = '', extra: Record<string, unknown> = {}) =>
  cloud.api(`/campaign-settings${query}`, { method: 'POST', token, body: { settings, ...extra } });

async function messageIntervalOf(cloud: TestCloud, token: string): Promise<string | undefined> {
  const response = await cloud.api('/campaign-settings', { token });
  expect(response.status).toBe(200);
  return (response.body as { key: string; value: string }[]).find((pair) => pair.key === 'messageInterval')?.value;
}

export const campaignsProbes: Record<RouteKeyOf<'campaigns'>, Probe> = {
  'GET /campaign-settings': async ({ cloud, a, b }) => {
    expect((await save(cloud, b.admin.token, { messageInterval: 5 })).status).toBe(200);
    expect((await save(cloud, a.admin.token, { messageInterval: 15 })).status).toBe(200);

    const response = await cloud.api(`/campaign-settings?companyId=${b.companyId}`, { token: a.user.token });

    expect(response.status).toBe(200);
    expect(response.body).toContainEqual({ key: 'messageInterval', value: '15' });
    expect(await messageIntervalOf(cloud, b.admin.token)).toBe('5');
  },

  'POST /campaign-settings': async ({ cloud, a, b }) => {
    expect((await save(cloud, b.admin.token, { greaterInterval: 30 })).status).toBe(200);

    const byUser = await save(cloud, a.user.token, { messageInterval: 10 }, `?companyId=${b.companyId}`, { companyId: b.companyId });
    const byAdmin = await save(cloud, a.admin.token, { messageInterval: 10 }, `?companyId=${b.companyId}`, { companyId: b.companyId });

    expect(byUser).toEqual({ status: 403, body: { error: 'ERR_NO_PERMISSION' } });
    expect(byAdmin.status).toBe(200);
    expect(await messageIntervalOf(cloud, a.admin.token)).toBe('10');
    expect(await messageIntervalOf(cloud, b.admin.token)).not.toBe('10');
    const bPairs = (await cloud.api('/campaign-settings', { token: b.admin.token })).body as { key: string; value: string }[];
    expect(bPairs).toContainEqual({ key: 'greaterInterval', value: '30' });
  },
};
