/**
 * Tenant isolation of the settings routes: A reads and changes only its own settings, whatever
 * `companyId` it sends; a plain user of A changes none.
 */
import type { RouteKeyOf } from '../../../infra/resources/http-routes';
import type { TestCloud } from '../../support/local-cloud';
import type { Probe } from './probe';

const put = (cloud: TestCloud, token: string, key: string, value: string, query = '', extra: Record<string, unknown> = {}) =>
  cloud.api(`/settings/${key}${query}`, { method: 'PUT', token, body: { key, value, ...extra } });

async function valueOf(cloud: TestCloud, token: string, key: string): Promise<string | undefined> {
  const response = await cloud.api('/settings', { token });
  expect(response.status).toBe(200);
  return (response.body as { key: string; value: string }[]).find((setting) => setting.key === key)?.value;
}

export const settingsProbes: Record<RouteKeyOf<'settings'>, Probe> = {
  'GET /settings': async ({ cloud, a, b }) => {
    expect((await put(cloud, b.admin.token, 'chatBotType', 'button')).status).toBe(200);
    expect((await put(cloud, a.admin.token, 'chatBotType', 'text')).status).toBe(200);

    const response = await cloud.api(`/settings?companyId=${b.companyId}`, { token: a.user.token });

    expect(response.status).toBe(200);
    expect(response.body).toContainEqual({ key: 'chatBotType', value: 'text' });
    expect(await valueOf(cloud, b.admin.token, 'chatBotType')).toBe('button');
  },

  'PUT /settings/{key}': async ({ cloud, a, b }) => {
    expect((await put(cloud, b.admin.token, 'sendMsgTransfTicket', 'disabled')).status).toBe(200);

    const byUser = await put(cloud, a.user.token, 'sendMsgTransfTicket', 'enabled', `?companyId=${b.companyId}`, {
      companyId: b.companyId,
    });
    const byAdmin = await put(cloud, a.admin.token, 'sendMsgTransfTicket', 'enabled', `?companyId=${b.companyId}`, {
      companyId: b.companyId,
    });

    expect(byUser).toEqual({ status: 403, body: { error: 'ERR_NO_PERMISSION' } });
    expect(byAdmin).toEqual({ status: 200, body: { key: 'sendMsgTransfTicket', value: 'enabled' } });
    expect(await valueOf(cloud, a.admin.token, 'sendMsgTransfTicket')).toBe('enabled');
    expect(await valueOf(cloud, b.admin.token, 'sendMsgTransfTicket')).toBe('disabled');
  },
};
