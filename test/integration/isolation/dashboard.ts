/**
 * Tenant isolation of the dashboard: A's figures are A's, whatever `companyId` the query names (the
 * original product read another company's dashboard through it), and B's stay as they were.
 */
import { ulid } from 'ulid';
import type { RouteKeyOf } from '../../../infra/resources/http-routes';
import { putNewContact } from '../../../functions/core/repositories/contacts';
import type { TestCloud } from '../../support/local-cloud';
import type { Tenant } from '../../support/tenants';
import type { Probe } from './probe';

let counter = 0;

/** Activity in B today: a contact and a pending ticket of it. */
async function activityOfB(cloud: TestCloud, b: Tenant): Promise<void> {
  counter += 1;
  const now = new Date().toISOString();
  const contactId = ulid();
  await putNewContact({
    id: contactId,
    companyId: b.companyId,
    name: `Painel ${counter}`,
    number: `55419${String((Date.now() + counter) % 100_000_000).padStart(8, '0')}`,
    email: '',
    profilePicUrl: null,
    extraInfo: [],
    isGroup: false,
    createdAt: now,
    updatedAt: now,
  });
  const response = await cloud.api('/tickets', { method: 'POST', token: b.admin.token, body: { contactId, queueId: b.queueId } });
  expect(response.status).toBe(201);
}

/** The route as A sees it with and without B's companyId, and as B sees it before and after. */
async function probe(cloud: TestCloud, a: Tenant, b: Tenant, path: string): Promise<void> {
  await activityOfB(cloud, b);
  const bBefore = await cloud.api(path, { token: b.admin.token });
  const separator = path.includes('?') ? '&' : '?';

  const asked = await cloud.api(`${path}${separator}companyId=${b.companyId}`, { token: a.admin.token });
  const own = await cloud.api(path, { token: a.admin.token });

  expect(asked.status).toBe(200);
  expect(asked).toEqual(own);
  expect(JSON.stringify(asked.body)).not.toContain(b.admin.id);
  expect(await cloud.api(path, { token: b.admin.token })).toEqual(bBefore);
}

export const dashboardProbes: Record<RouteKeyOf<'dashboard'>, Probe> = {
  'GET /dashboard': async ({ cloud, a, b }) => {
    await probe(cloud, a, b, '/dashboard?days=7');
    const asB = await cloud.api('/dashboard?days=7', { token: b.admin.token });
    expect(asB.body.counters.supportHappening).toBeGreaterThan(0);
  },

  'GET /dashboard/ticketsUsers': async ({ cloud, a, b }) => {
    await probe(cloud, a, b, '/dashboard/ticketsUsers');
  },

  'GET /dashboard/ticketsDay': async ({ cloud, a, b }) => {
    await probe(cloud, a, b, '/dashboard/ticketsDay');
    const asB = await cloud.api('/dashboard/ticketsDay', { token: b.admin.token });
    expect(asB.body.count).toBeGreaterThan(0);
  },
};
