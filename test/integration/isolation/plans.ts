/**
 * Tenant isolation of the plans routes: plans are platform data that only the super user reads in full
 * and writes. A's admin is refused every super-user route, even with B's plan id, and B's plan (as B's
 * admin reads it through GET /companies/listPlan) stays as it was; the public list reveals no tenant.
 */
import type { RouteKeyOf } from '../../../infra/resources/http-routes';
import type { IsolationContext, Probe } from './probe';

async function planOfB({ cloud, b }: IsolationContext): Promise<unknown> {
  const response = await cloud.api(`/companies/listPlan/${b.companyId}`, { token: b.admin.token });
  expect(response.status).toBe(200);
  return response.body.plan;
}

async function refusedAndUnchanged(context: IsolationContext, call: () => Promise<{ status: number; body: unknown }>): Promise<void> {
  const before = await planOfB(context);
  expect(await call()).toEqual({ status: 403, body: { error: 'ERR_NO_PERMISSION' } });
  expect(await planOfB(context)).toEqual(before);
}

export const plansProbes: Record<RouteKeyOf<'plans'>, Probe> = {
  'GET /plans/list': async ({ cloud, b }) => {
    const response = await cloud.api(`/plans/list?companyId=${b.companyId}`);

    expect(response.status).toBe(200);
    for (const plan of response.body) expect(Object.keys(plan).sort()).not.toContain('companiesCount');
  },

  'GET /plans/all': async (context) => {
    const { cloud, a, b } = context;
    await refusedAndUnchanged(context, () => cloud.api(`/plans/all?companyId=${b.companyId}`, { token: a.admin.token }));
  },

  'GET /plans/{id}': async (context) => {
    const { cloud, a, b } = context;
    await refusedAndUnchanged(context, () => cloud.api(`/plans/${b.planId}?companyId=${b.companyId}`, { token: a.admin.token }));
  },

  'POST /plans': async (context) => {
    const { cloud, a, b } = context;
    await refusedAndUnchanged(context, () =>
      cloud.api(`/plans?companyId=${b.companyId}`, { method: 'POST', token: a.admin.token, body: { name: 'Free for all', companyId: b.companyId } }),
    );
  },

  'PUT /plans/{id}': async (context) => {
    const { cloud, a, b } = context;
    await refusedAndUnchanged(context, () =>
      cloud.api(`/plans/${b.planId}?companyId=${b.companyId}`, {
        method: 'PUT',
        token: a.admin.token,
        body: { users: 0, useKanban: false, companyId: b.companyId },
      }),
    );
  },

  'DELETE /plans/{id}': async (context) => {
    const { cloud, a, b } = context;
    await refusedAndUnchanged(context, () => cloud.api(`/plans/${b.planId}?companyId=${b.companyId}`, { method: 'DELETE', token: a.admin.token }));
  },
};
