/**
 * Tenant-isolation probes of the connections module: company A's admin (the strongest caller: a plain
 * user is refused writes anyway) calls each route with B's connection id and B's companyId in query and
 * body; the answer is A's own data or the same 404 a missing id gets, and B's connection reads back
 * unchanged (its token too: the lookup item still names B).
 */
import { randomBytes } from 'node:crypto';
import type { RouteKeyOf } from '../../../infra/resources/http-routes';
import { cloudHandshake, cloudMessage, cloudNotification, postCloudWebhook } from '../../support/cloud-webhooks';
import { findConnectionByToken } from '../../../functions/core/repositories/connections';
import type { TestCloud } from '../../support/local-cloud';
import type { Tenant } from '../../support/tenants';
import type { IsolationContext, Probe } from './probe';

interface OwnedConnection {
  readonly id: string;
  readonly token: string;
}

/** One connection per tenant, made on first use by its admin. */
const connections = new Map<string, OwnedConnection>();

export async function connectionOf(cloud: TestCloud, tenant: Tenant): Promise<OwnedConnection> {
  const known = connections.get(tenant.companyId);
  if (known) return known;
  const response = await cloud.api('/whatsapp', { method: 'POST', token: tenant.admin.token, body: { name: 'Principal' } });
  if (response.status !== 201) throw new Error(`POST /whatsapp answered ${response.status}: ${JSON.stringify(response.body)}`);
  const made = { id: response.body.id, token: response.body.token };
  connections.set(tenant.companyId, made);
  return made;
}

/** One Cloud API connection per tenant (issue 32), made on first use by its admin: its id, verify token and app secret. */
const cloudConnections = new Map<string, { readonly id: string; readonly verifyToken: string; readonly appSecret: string; readonly phoneNumberId: string }>();

async function cloudConnectionOf(cloud: TestCloud, tenant: Tenant) {
  const known = cloudConnections.get(tenant.companyId);
  if (known) return known;
  const appSecret = randomBytes(16).toString('hex');
  const phoneNumberId = String(Date.now()).slice(-10) + String(cloudConnections.size);
  const response = await cloud.api('/whatsapp', {
    method: 'POST',
    token: tenant.admin.token,
    body: { name: 'Oficial', provider: 'cloud', cloudPhoneNumberId: phoneNumberId, cloudBusinessAccountId: '1029384756', cloudAccessToken: `EAAG${randomBytes(20).toString('hex')}`, cloudAppSecret: appSecret },
  });
  if (response.status !== 201) throw new Error(`POST /whatsapp answered ${response.status}: ${JSON.stringify(response.body)}`);
  const made = { id: String(response.body.id), verifyToken: String(response.body.webhookVerifyToken), appSecret, phoneNumberId };
  cloudConnections.set(tenant.companyId, made);
  return made;
}

const readConnection = (cloud: TestCloud, owner: Tenant, id: string) => cloud.api(`/whatsapp/${id}`, { token: owner.admin.token });

/** Calls `path` on B's connection as A's admin; expects the missing-id answer and B's connection unchanged. */
async function refusedOnB({ cloud, a, b }: IsolationContext, method: 'GET' | 'POST' | 'PUT' | 'DELETE', path: (id: string) => string) {
  const target = await connectionOf(cloud, b);
  const before = await readConnection(cloud, b, target.id);
  expect(before.status).toBe(200);

  const response = await cloud.api(`${path(target.id)}?companyId=${b.companyId}`, {
    method,
    token: a.admin.token,
    body: method === 'GET' || method === 'DELETE' ? undefined : { companyId: b.companyId, name: 'Taken over', isDefault: true },
  });

  expect(response).toMatchObject({ status: 404, body: { error: 'ERR_NO_WAPP_FOUND' } });
  expect(await readConnection(cloud, b, target.id)).toEqual(before);
  expect(await findConnectionByToken(target.token)).toEqual({ companyId: b.companyId, connectionId: target.id });
}

export const whatsappProbes: Record<RouteKeyOf<'whatsapp'>, Probe> = {
  'GET /whatsapp': async ({ cloud, a, b }) => {
    const mine = await connectionOf(cloud, a);
    const theirs = await connectionOf(cloud, b);

    const response = await cloud.api(`/whatsapp?session=0&companyId=${b.companyId}`, { token: a.user.token });

    expect(response.status).toBe(200);
    const ids = response.body.map((connection: { id: string }) => connection.id);
    expect(ids).toContain(mine.id);
    expect(ids).not.toContain(theirs.id);
  },

  'GET /whatsapp/{id}': (context) => refusedOnB(context, 'GET', (id) => `/whatsapp/${id}`),

  'POST /whatsapp': async ({ cloud, a, b }) => {
    await connectionOf(cloud, b);
    const before = await cloud.api('/whatsapp', { token: b.admin.token });

    const response = await cloud.api(`/whatsapp?companyId=${b.companyId}`, {
      method: 'POST',
      token: a.admin.token,
      body: { companyId: b.companyId, name: 'Probe', isDefault: true },
    });

    expect(response.status).toBe(201);
    expect((await readConnection(cloud, a, response.body.id)).status).toBe(200);
    expect(await cloud.api('/whatsapp', { token: b.admin.token })).toEqual(before);
    // Hand the default back so the probe leaves A as it found it, then remove the probe's connection.
    const original = await connectionOf(cloud, a);
    await cloud.api(`/whatsapp/${original.id}`, { method: 'PUT', token: a.admin.token, body: { isDefault: true } });
    await cloud.api(`/whatsapp/${response.body.id}`, { method: 'DELETE', token: a.admin.token });
  },

  'PUT /whatsapp/{id}': (context) => refusedOnB(context, 'PUT', (id) => `/whatsapp/${id}`),
  'DELETE /whatsapp/{id}': (context) => refusedOnB(context, 'DELETE', (id) => `/whatsapp/${id}`),
  'POST /whatsapp/{id}/token': (context) => refusedOnB(context, 'POST', (id) => `/whatsapp/${id}/token`),
  // Issue 32: B's connection is not found before its provider is looked at, so a Baileys one probes as well as a cloud one.
  'GET /whatsapp/{id}/templates': (context) => refusedOnB(context, 'GET', (id) => `/whatsapp/${id}/templates`),
  'POST /whatsapp/{id}/templates/sync': (context) => refusedOnB(context, 'POST', (id) => `/whatsapp/${id}/templates/sync`),
  'POST /whatsappsession/{id}': (context) => refusedOnB(context, 'POST', (id) => `/whatsappsession/${id}`),
  'PUT /whatsappsession/{id}': (context) => refusedOnB(context, 'PUT', (id) => `/whatsappsession/${id}`),
  'DELETE /whatsappsession/{id}': (context) => refusedOnB(context, 'DELETE', (id) => `/whatsappsession/${id}`),
  'POST /whatsappsession/{id}/pairing-code': async ({ cloud, a, b }) => {
    const target = await connectionOf(cloud, b);
    const before = await readConnection(cloud, b, target.id);

    // A valid body, so that only the tenant decides the answer.
    const response = await cloud.api(`/whatsappsession/${target.id}/pairing-code?companyId=${b.companyId}`, {
      method: 'POST',
      token: a.admin.token,
      body: { companyId: b.companyId, number: '5511988887777' },
    });

    expect(response).toMatchObject({ status: 404, body: { error: 'ERR_NO_WAPP_FOUND' } });
    expect(await readConnection(cloud, b, target.id)).toEqual(before);
  },

  // Public: the webhook knows no tenant; another company's connection id is just a connection whose
  // verify token and app secret A does not hold.
  'GET /webhooks/whatsapp-cloud/{id}': async ({ cloud, a, b }) => {
    const mine = await cloudConnectionOf(cloud, a);
    const theirs = await cloudConnectionOf(cloud, b);

    const withMine = await cloudHandshake(cloud, theirs.id, mine.verifyToken, 'probe-challenge');
    const withTheirs = await cloudHandshake(cloud, theirs.id, theirs.verifyToken, 'probe-challenge');

    expect(withMine).toEqual({ status: 403, body: { error: 'ERR_NO_PERMISSION' } });
    expect(withTheirs).toEqual({ status: 200, body: 'probe-challenge' });
  },

  'POST /webhooks/whatsapp-cloud/{id}': async ({ cloud, a, b }) => {
    const mine = await cloudConnectionOf(cloud, a);
    const theirs = await cloudConnectionOf(cloud, b);
    const before = await readConnection(cloud, b, theirs.id);
    const body = cloudNotification(theirs.phoneNumberId, { messages: [cloudMessage({ from: '5511955554444' }, 'text', { text: { body: 'Tomado?' } })] });

    const response = await postCloudWebhook(cloud, theirs.id, body, mine.appSecret);

    expect(response).toEqual({ status: 401, body: { error: 'ERR_INVALID_API_TOKEN' } });
    await new Promise((resolve) => setTimeout(resolve, 500));
    const tickets = (await cloud.api('/tickets?status=pending&showAll=true', { token: b.admin.token })).body.tickets as { contact: { number: string } }[];
    expect(tickets.filter((ticket) => ticket.contact.number === '5511955554444')).toEqual([]);
    expect(await readConnection(cloud, b, theirs.id)).toEqual(before);
  },
};
