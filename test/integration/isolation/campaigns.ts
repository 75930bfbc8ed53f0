/**
 * Tenant isolation of the campaign routes: A reads and saves only its own campaign settings, whatever
 * `companyId` it sends; a plain user of A saves none. B's campaigns answer A as ones that do not exist
 * (ERR_NO_CAMPAIGN_FOUND), and stay as they were; A's campaign cannot name B's list or connection.
 */
import type { RouteKeyOf } from '../../../infra/resources/http-routes';
import type { TestCloud } from '../../support/local-cloud';
import type { Tenant } from '../../support/tenants';
import { postForm } from './messages';
import type { Probe } from './probe';

const noCampaign = { status: 404, body: { error: 'ERR_NO_CAMPAIGN_FOUND' } };
const PNG = Buffer.from('89504e470d0a1a0a0000000d49484452000000010000000108060000001f15c489', 'hex');

async function campaignOf(cloud: TestCloud, tenant: Tenant, name = 'Campanha B'): Promise<string> {
  const created = await cloud.api('/campaigns', { method: 'POST', token: tenant.admin.token, body: { name, message1: 'Oi {nome}' } });
  expect(created.status).toBe(201);
  return created.body.id as string;
}

async function bStillHas(cloud: TestCloud, b: Tenant, id: string, fields: Record<string, unknown> = {}): Promise<void> {
  const campaign = await cloud.api(`/campaigns/${id}`, { token: b.admin.token });
  expect(campaign.status).toBe(200);
  expect(campaign.body).toMatchObject({ name: 'Campanha B', status: 'INATIVA', message1: 'Oi {nome}', ...fields });
}

const save = (cloud: TestCloud, token: string, settings: Record<string, unknown>, query = '', extra: Record<string, unknown> = {}) =>
  cloud.api(`/campaign-settings${query}`, { method: 'POST', token, body: { settings, ...extra } });

async function messageIntervalOf(cloud: TestCloud, token: string): Promise<string | undefined> {
  const response = await cloud.api('/campaign-settings', { token });
  expect(response.status).toBe(200);
  return (response.body as { key: string; value: string }[]).find((pair) => pair.key === 'messageInterval')?.value;
}

export const campaignsProbes: Record<RouteKeyOf<'campaigns'>, Probe> = {
  'GET /campaigns': async ({ cloud, a, b }) => {
    await campaignOf(cloud, b);
    const response = await cloud.api(`/campaigns?companyId=${b.companyId}&searchParam=Campanha%20B`, { token: a.admin.token });
    expect(response.status).toBe(200);
    expect(response.body.records).toEqual([]);
  },

  'POST /campaigns': async ({ cloud, a, b }) => {
    const list = (await cloud.api('/contact-lists', { method: 'POST', token: b.admin.token, body: { name: 'Lista B' } })).body;
    const created = await cloud.api(`/campaigns?companyId=${b.companyId}`, { method: 'POST', token: a.admin.token, body: { name: 'De A', companyId: b.companyId } });
    const naming = await cloud.api('/campaigns', { method: 'POST', token: a.admin.token, body: { name: 'Com a lista de B', contactListId: list.id } });

    expect(created.status).toBe(201);
    expect(created.body.companyId).toBe(a.companyId);
    expect(naming).toEqual({ status: 404, body: { error: 'ERR_NO_CONTACTLIST_FOUND' } });
    expect((await cloud.api('/campaigns?searchParam=De%20A', { token: b.admin.token })).body.records).toEqual([]);
  },

  'GET /campaigns/{id}': async ({ cloud, a, b }) => {
    const id = await campaignOf(cloud, b);
    expect(await cloud.api(`/campaigns/${id}?companyId=${b.companyId}`, { token: a.admin.token })).toEqual(noCampaign);
  },

  'PUT /campaigns/{id}': async ({ cloud, a, b }) => {
    const id = await campaignOf(cloud, b);
    const response = await cloud.api(`/campaigns/${id}`, { method: 'PUT', token: a.admin.token, body: { name: 'Mudada por A', companyId: b.companyId } });
    expect(response).toEqual(noCampaign);
    await bStillHas(cloud, b, id);
  },

  'DELETE /campaigns/{id}': async ({ cloud, a, b }) => {
    const id = await campaignOf(cloud, b);
    expect(await cloud.api(`/campaigns/${id}`, { method: 'DELETE', token: a.admin.token })).toEqual(noCampaign);
    await bStillHas(cloud, b, id);
  },

  'POST /campaigns/{id}/media-upload': async ({ cloud, a, b }) => {
    const id = await campaignOf(cloud, b);
    const response = await postForm(cloud, `/campaigns/${id}/media-upload`, a.admin.token, [{ field: 'file', name: 'a.png', bytes: PNG }]);
    expect(response).toEqual(noCampaign);
    await bStillHas(cloud, b, id, { mediaName: null });
  },

  'DELETE /campaigns/{id}/media-upload': async ({ cloud, a, b }) => {
    const id = await campaignOf(cloud, b);
    expect((await postForm(cloud, `/campaigns/${id}/media-upload`, b.admin.token, [{ field: 'file', name: 'b.png', bytes: PNG }])).status).toBe(200);
    expect(await cloud.api(`/campaigns/${id}/media-upload`, { method: 'DELETE', token: a.admin.token })).toEqual(noCampaign);
    await bStillHas(cloud, b, id, { mediaName: 'b.png' });
  },

  'POST /campaigns/{id}/cancel': async ({ cloud, a, b }) => {
    const id = await campaignOf(cloud, b);
    expect(await cloud.api(`/campaigns/${id}/cancel`, { method: 'POST', token: a.admin.token })).toEqual(noCampaign);
    await bStillHas(cloud, b, id);
  },

  'POST /campaigns/{id}/restart': async ({ cloud, a, b }) => {
    const id = await campaignOf(cloud, b);
    expect(await cloud.api(`/campaigns/${id}/restart`, { method: 'POST', token: a.admin.token })).toEqual(noCampaign);
    await bStillHas(cloud, b, id);
  },

  'GET /campaigns/{id}/shipping': async ({ cloud, a, b }) => {
    const id = await campaignOf(cloud, b);
    expect(await cloud.api(`/campaigns/${id}/shipping`, { token: a.admin.token })).toEqual(noCampaign);
  },

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
