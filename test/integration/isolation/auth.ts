/**
 * Tenant isolation of the session routes: /auth/me always answers the caller's own user and company,
 * sign-out ends only the caller's sessions, and the public password-reset steps change no account
 * without its code, whatever ids and `companyId` are sent.
 */
import type { RouteKeyOf } from '../../../infra/resources/http-routes';
import type { TestCloud } from '../../support/local-cloud';
import { addUser, type SignedInUser, type Tenant } from '../../support/tenants';
import type { Probe } from './probe';

/** B's user and B's admin still have their sessions, and B's admin still sees B's user as before. */
async function expectBUntouched(cloud: TestCloud, b: Tenant & { readonly user: SignedInUser }): Promise<void> {
  const me = await cloud.api('/auth/me', { token: b.user.token });
  expect(me.status).toBe(200);
  expect(me.body.user).toMatchObject({ id: b.user.id, email: b.user.email });
  const seen = await cloud.api(`/users/${b.user.id}`, { token: b.admin.token });
  expect(seen.status).toBe(200);
  expect(seen.body).toMatchObject({ id: b.user.id, email: b.user.email, companyId: b.companyId });
}

export const authProbes: Record<RouteKeyOf<'auth'>, Probe> = {
  'GET /auth/me': async ({ cloud, a, b }) => {
    const response = await cloud.api(`/auth/me?companyId=${b.companyId}&userId=${b.user.id}`, { token: a.user.token });

    expect(response.status).toBe(200);
    expect(response.body.user).toMatchObject({ id: a.user.id, companyId: a.companyId });
    expect(response.body.company.id).toBe(a.companyId);
    await expectBUntouched(cloud, b);
  },

  'DELETE /auth/logout': async ({ cloud, a, b }) => {
    // A user of its own: signing out must not end the sessions the other probes use.
    const leaving = await addUser(cloud, a, 'user', [a.queueId]);

    const response = await cloud.api(`/auth/logout?companyId=${b.companyId}&userId=${b.user.id}`, {
      method: 'DELETE',
      token: leaving.token,
      body: { companyId: b.companyId, userId: b.user.id },
    });

    expect(response.status).toBe(204);
    expect((await cloud.api('/auth/me', { token: leaving.token })).status).toBe(401);
    await expectBUntouched(cloud, b);
  },

  'POST /auth/forgot-password': async ({ cloud, b }) => {
    const response = await cloud.api('/auth/forgot-password', {
      method: 'POST',
      body: { email: b.user.email, companyId: b.companyId },
    });

    // A code is on its way to B's user, which only B's user can read; nothing else changes.
    expect(response.status).toBe(204);
    await expectBUntouched(cloud, b);
  },

  'POST /auth/reset-password': async ({ cloud, b }) => {
    const response = await cloud.api('/auth/reset-password', {
      method: 'POST',
      body: { email: b.user.email, code: '000000', password: 'Taken0ver1', companyId: b.companyId },
    });

    expect(response).toEqual({ status: 400, body: { error: 'ERR_INVALID_RESET_CODE' } });
    // A reset would have ended B's sessions; B's user signs in with the old password as before.
    await expectBUntouched(cloud, b);
  },
};
