/**
 * Tenant isolation of the companies routes: A (its admin or its plain user) never reads or changes
 * company B, whatever id, `companyId` or body it sends: super-user routes answer 403, routes open to a
 * company's own id answer 404 for B's id exactly as for a missing one, and sign-up always makes a new
 * company. Each probe then reads B as B's admin and finds it unchanged.
 */
import type { RouteKeyOf } from '../../../infra/resources/http-routes';
import type { TestCloud } from '../../support/local-cloud';
import type { Tenant } from '../../support/tenants';
import type { IsolationContext, Probe } from './probe';

/** B as its own admin sees it. */
async function snapshotOf(cloud: TestCloud, b: Tenant): Promise<unknown> {
  const response = await cloud.api(`/companies/${b.companyId}`, { token: b.admin.token });
  expect(response.status).toBe(200);
  return response.body;
}

/** Runs the call as A, asserts the answer, and proves B is as it was. */
async function probeUnchanged(
  { cloud, b }: IsolationContext,
  call: () => Promise<{ status: number; body: unknown }>,
  expected: { status: number; body: unknown },
): Promise<void> {
  const before = await snapshotOf(cloud, b);
  expect(await call()).toEqual(expected);
  expect(await snapshotOf(cloud, b)).toEqual(before);
}

const noPermission = { status: 403, body: { error: 'ERR_NO_PERMISSION' } };
const notFound = { status: 404, body: { error: 'ERR_NO_COMPANY_FOUND' } };

export const companiesProbes: Record<RouteKeyOf<'companies'>, Probe> = {
  'POST /companies/cadastro': async (context) => {
    const { cloud, a, b } = context;
    const before = await snapshotOf(cloud, b);
    const email = `probe.${Date.now().toString(36)}@isolation.test`;

    const response = await cloud.api(`/companies/cadastro?companyId=${b.companyId}`, {
      method: 'POST',
      token: a.admin.token,
      body: { name: 'Probe company', email, password: 'Secret@123', planId: b.planId, companyId: b.companyId, id: b.companyId },
    });

    expect(response.status).toBe(201);
    expect([a.companyId, b.companyId]).not.toContain(response.body.id);
    expect(await snapshotOf(cloud, b)).toEqual(before);
  },

  'GET /companies': async (context) => {
    const { cloud, a, b } = context;
    await probeUnchanged(context, () => cloud.api(`/companies?companyId=${b.companyId}`, { token: a.admin.token }), noPermission);
  },

  'GET /companies/list': async (context) => {
    const { cloud, a, b } = context;
    await probeUnchanged(context, () => cloud.api(`/companies/list?companyId=${b.companyId}`, { token: a.admin.token }), noPermission);
  },

  'GET /companies/{id}': async (context) => {
    const { cloud, a, b } = context;
    await probeUnchanged(context, () => cloud.api(`/companies/${b.companyId}?companyId=${b.companyId}`, { token: a.admin.token }), notFound);
    const own = await cloud.api(`/companies/${a.companyId}?companyId=${b.companyId}`, { token: a.admin.token });
    expect(own.body.id).toBe(a.companyId);
  },

  'POST /companies': async (context) => {
    const { cloud, a, b } = context;
    await probeUnchanged(
      context,
      () =>
        cloud.api(`/companies?companyId=${b.companyId}`, {
          method: 'POST',
          token: a.admin.token,
          body: { name: 'Probe', email: b.admin.email, planId: b.planId, password: 'Secret@123', companyId: b.companyId },
        }),
      noPermission,
    );
  },

  'PUT /companies/{id}': async (context) => {
    const { cloud, a, b } = context;
    await probeUnchanged(
      context,
      () =>
        cloud.api(`/companies/${b.companyId}?companyId=${b.companyId}`, {
          method: 'PUT',
          token: a.admin.token,
          body: { name: 'Taken over', status: false, dueDate: '2000-01-01', companyId: b.companyId },
        }),
      noPermission,
    );
  },

  'DELETE /companies/{id}': async (context) => {
    const { cloud, a, b } = context;
    await probeUnchanged(
      context,
      () => cloud.api(`/companies/${b.companyId}?companyId=${b.companyId}`, { method: 'DELETE', token: a.admin.token }),
      noPermission,
    );
    expect((await cloud.api('/auth/me', { token: b.user.token })).status).toBe(200);
  },

  'PUT /companies/{id}/schedules': async (context) => {
    const { cloud, a, b } = context;
    const body = { companyId: b.companyId, schedules: [{ weekday: 'Domingo', weekdayEn: 'sunday', startTime: '01:00', endTime: '02:00' }] };
    await probeUnchanged(
      context,
      () => cloud.api(`/companies/${b.companyId}/schedules?companyId=${b.companyId}`, { method: 'PUT', token: a.admin.token, body }),
      notFound,
    );
    await probeUnchanged(
      context,
      () => cloud.api(`/companies/${a.companyId}/schedules?companyId=${b.companyId}`, { method: 'PUT', token: a.user.token, body }),
      noPermission,
    );
  },

  'GET /companies/listPlan/{id}': async (context) => {
    const { cloud, a, b } = context;
    await probeUnchanged(context, () => cloud.api(`/companies/listPlan/${b.companyId}?companyId=${b.companyId}`, { token: a.user.token }), notFound);
    const own = await cloud.api(`/companies/listPlan/${a.companyId}?companyId=${b.companyId}`, { token: a.user.token });
    expect(own.status).toBe(200);
    expect(own.body).toMatchObject({ id: a.companyId, plan: { id: a.planId } });
  },
};
