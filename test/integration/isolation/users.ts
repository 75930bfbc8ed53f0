/**
 * Tenant isolation of the user routes: A's admin never reads, changes or deletes a user of B, whatever
 * ids and `companyId` it sends; what A creates lands in A.
 */
import type { RouteKeyOf } from '../../../infra/resources/http-routes';
import type { TestCloud } from '../../support/local-cloud';
import type { SignedInUser, Tenant } from '../../support/tenants';
import type { Probe } from './probe';

type TenantWithUser = Tenant & { readonly user: SignedInUser };

/** B's admin reads B's user: still there with the same fields, and B's user still signed in. */
async function expectBUserUnchanged(cloud: TestCloud, b: TenantWithUser, before: Record<string, unknown>): Promise<void> {
  const seen = await cloud.api(`/users/${b.user.id}`, { token: b.admin.token });
  expect(seen.status).toBe(200);
  expect(seen.body).toEqual(before);
  expect((await cloud.api('/auth/me', { token: b.user.token })).status).toBe(200);
}

async function bUser(cloud: TestCloud, b: TenantWithUser): Promise<Record<string, unknown>> {
  const seen = await cloud.api(`/users/${b.user.id}`, { token: b.admin.token });
  expect(seen.status).toBe(200);
  return seen.body;
}

const ids = (users: readonly { id: string }[]) => users.map((user) => user.id);

export const usersProbes: Record<RouteKeyOf<'users'>, Probe> = {
  'GET /users': async ({ cloud, a, b }) => {
    const before = await bUser(cloud, b);

    const response = await cloud.api(`/users?companyId=${b.companyId}&searchParam=${encodeURIComponent(b.user.email)}`, {
      token: a.admin.token,
    });
    const all = await cloud.api(`/users?companyId=${b.companyId}`, { token: a.admin.token });

    expect(response).toEqual({ status: 200, body: { users: [], hasMore: false } });
    expect(all.status).toBe(200);
    expect(ids(all.body.users)).toEqual(expect.arrayContaining([a.admin.id, a.user.id]));
    expect(all.body.users.every((user: { companyId: string }) => user.companyId === a.companyId)).toBe(true);
    await expectBUserUnchanged(cloud, b, before);
  },

  'GET /users/list': async ({ cloud, a, b }) => {
    const before = await bUser(cloud, b);

    const response = await cloud.api(`/users/list?companyId=${b.companyId}`, { token: a.user.token });

    expect(response.status).toBe(200);
    expect(ids(response.body)).not.toContain(b.user.id);
    expect(ids(response.body)).not.toContain(b.admin.id);
    expect(ids(response.body)).toContain(a.user.id);
    await expectBUserUnchanged(cloud, b, before);
  },

  'GET /users/{id}': async ({ cloud, a, b }) => {
    const before = await bUser(cloud, b);

    const response = await cloud.api(`/users/${b.user.id}?companyId=${b.companyId}`, { token: a.admin.token });

    expect(response).toEqual({ status: 404, body: { error: 'ERR_NO_USER_FOUND' } });
    await expectBUserUnchanged(cloud, b, before);
  },

  'POST /users': async ({ cloud, a, b }) => {
    const before = await bUser(cloud, b);
    const bList = await cloud.api('/users/list', { token: b.admin.token });
    const email = `isolation.${Date.now().toString(36)}@users.test`;

    const response = await cloud.api(`/users?companyId=${b.companyId}`, {
      method: 'POST',
      token: a.admin.token,
      body: { name: 'Probe user', email, password: 'Secret@123', profile: 'user', companyId: b.companyId, queueIds: [] },
    });
    const withBQueue = await cloud.api('/users', {
      method: 'POST',
      token: a.admin.token,
      body: { name: 'Probe user', email: `q.${email}`, password: 'Secret@123', queueIds: [b.queueId] },
    });

    expect(response.status).toBe(201);
    expect(response.body.companyId).toBe(a.companyId);
    expect(withBQueue.status).toBe(400);
    expect(await cloud.api('/users/list', { token: b.admin.token })).toEqual(bList);
    await expectBUserUnchanged(cloud, b, before);
    expect((await cloud.api(`/users/${response.body.id}`, { method: 'DELETE', token: a.admin.token })).status).toBe(204);
  },

  'PUT /users/{id}': async ({ cloud, a, b }) => {
    const before = await bUser(cloud, b);

    const response = await cloud.api(`/users/${b.user.id}?companyId=${b.companyId}`, {
      method: 'PUT',
      token: a.admin.token,
      body: { name: 'Hacked', email: `hacked.${Date.now().toString(36)}@users.test`, password: 'Taken0ver1', profile: 'admin', companyId: b.companyId },
    });

    expect(response).toEqual({ status: 404, body: { error: 'ERR_NO_USER_FOUND' } });
    await expectBUserUnchanged(cloud, b, before);
  },

  'DELETE /users/{id}': async ({ cloud, a, b }) => {
    const before = await bUser(cloud, b);

    const response = await cloud.api(`/users/${b.user.id}?companyId=${b.companyId}`, {
      method: 'DELETE',
      token: a.admin.token,
      body: { companyId: b.companyId },
    });

    expect(response).toEqual({ status: 404, body: { error: 'ERR_NO_USER_FOUND' } });
    await expectBUserUnchanged(cloud, b, before);
  },
};
