/**
 * Tenant isolation of the helps routes: help videos are platform data, the same for every company, and
 * only the super user writes them. A's users read the same list B's users read, whatever `companyId`
 * they send, and are refused every write; the list stays as it was.
 */
import type { RouteKeyOf } from '../../../infra/resources/http-routes';
import { createHelp } from '../../../functions/core/platform/save-help';
import type { IsolationContext, Probe } from './probe';

async function helpsOfB({ cloud, b }: IsolationContext): Promise<unknown> {
  const response = await cloud.api('/helps/list', { token: b.user.token });
  expect(response.status).toBe(200);
  return response.body;
}

async function refusedAndUnchanged(context: IsolationContext, call: () => Promise<{ status: number; body: unknown }>): Promise<void> {
  const before = await helpsOfB(context);
  expect(await call()).toEqual({ status: 403, body: { error: 'ERR_NO_PERMISSION' } });
  expect(await helpsOfB(context)).toEqual(before);
}

/** A help video written straight through the use case (the probes have no super user to post one). */
const aHelp = async () => (await createHelp({ title: 'Primeiros passos', video: 'dQw4w9WgXcQ', description: 'Como começar' })).id;
const body = (companyId: string) => ({ title: 'Taken over', video: 'dQw4w9WgXcQ', description: '', companyId });

export const helpsProbes: Record<RouteKeyOf<'helps'>, Probe> = {
  'GET /helps': async (context) => {
    const { cloud, a, b } = context;
    await aHelp();
    const response = await cloud.api(`/helps?companyId=${b.companyId}`, { token: a.user.token });

    expect(response.status).toBe(200);
    expect(response.body.helps).toEqual(await helpsOfB(context));
  },

  'GET /helps/list': async (context) => {
    const { cloud, a, b } = context;
    const response = await cloud.api(`/helps/list?companyId=${b.companyId}`, { token: a.user.token });

    expect(response.status).toBe(200);
    expect(response.body).toEqual(await helpsOfB(context));
  },

  'POST /helps': async (context) => {
    const { cloud, a, b } = context;
    await refusedAndUnchanged(context, () =>
      cloud.api(`/helps?companyId=${b.companyId}`, { method: 'POST', token: a.admin.token, body: body(b.companyId) }),
    );
  },

  'PUT /helps/{id}': async (context) => {
    const { cloud, a, b } = context;
    const helpId = await aHelp();
    await refusedAndUnchanged(context, () =>
      cloud.api(`/helps/${helpId}?companyId=${b.companyId}`, { method: 'PUT', token: a.admin.token, body: body(b.companyId) }),
    );
  },

  'DELETE /helps/{id}': async (context) => {
    const { cloud, a, b } = context;
    const helpId = await aHelp();
    await refusedAndUnchanged(context, () =>
      cloud.api(`/helps/${helpId}?companyId=${b.companyId}`, { method: 'DELETE', token: a.admin.token }),
    );
  },
};
