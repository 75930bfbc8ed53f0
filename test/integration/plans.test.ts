/**
 * Plans through the HTTP API on the local cloud: the public list for the landing and sign-up pages,
 * the super user's plan form with the spec's defaults, changes that reach the companies' sessions at
 * once, and a delete refused while companies use the plan.
 */
import { ulid } from 'ulid';
import { NO_QUEUE_CAP, OFFERED_PLANS } from '../../shared/offered-plans';
import { ALL_FEATURES, PLAN_FLAGS } from '../../shared/plans';
import { DEMO_LOGIN, startTestCloud, type TestCloud } from '../support/local-cloud';
import { createTenant, type Tenant } from '../support/tenants';
import { ifAssigned } from '../support/teardown';

let cloud: TestCloud;
let superToken: string;
let tenant: Tenant;

beforeAll(async () => {
  cloud = await startTestCloud();
  superToken = (await cloud.signIn(DEMO_LOGIN.email, DEMO_LOGIN.password)).accessToken;
  tenant = await createTenant(cloud);
});

afterAll(async () => {
  await ifAssigned(cloud)?.stop();
});

const createPlan = (body: unknown) => cloud.api('/plans', { method: 'POST', token: superToken, body });

const PUBLIC_FIELDS = ['aiTokensPerMonth', 'connections', 'id', 'name', 'queues', 'users', 'value', ...PLAN_FLAGS].sort();

describe('GET /plans/list (public)', () => {
  it('answers every plan without a token, with the plan fields only', async () => {
    const created = await createPlan({ name: 'Starter', users: 2, connections: 1, queues: 2, value: 99, useOpenAi: false });

    const response = await cloud.api('/plans/list');

    expect(response.status).toBe(200);
    const starter = response.body.find((plan: { id: string }) => plan.id === created.body.id);
    expect(starter).toEqual({ id: created.body.id, name: 'Starter', users: 2, connections: 1, queues: 2, value: 99, aiTokensPerMonth: 1_000_000, ...ALL_FEATURES, useOpenAi: false });
    for (const plan of response.body) expect(Object.keys(plan).sort()).toEqual(PUBLIC_FIELDS);
  });
});

describe("the landing's plans", () => {
  it('are offered by name on a platform set up by npm start, so a landing button finds its plan in the sign-up (issue 27)', async () => {
    const listed = (await cloud.api('/plans/list')).body as { name: string; value: number; queues: number }[];

    for (const offered of OFFERED_PLANS) {
      expect(listed.find((plan) => plan.name === offered.name)).toMatchObject({ value: offered.monthlyPrice, queues: offered.queues ?? NO_QUEUE_CAP });
    }
  });
});

describe('super user plan administration', () => {
  it('creates a plan with the spec defaults: limits and value 0, every use* flag on', async () => {
    const response = await createPlan({ name: 'Vazio' });

    expect(response.status).toBe(201);
    expect(response.body).toEqual({
      id: expect.any(String),
      name: 'Vazio',
      users: 0,
      connections: 0,
      queues: 0,
      value: 0,
      aiTokensPerMonth: 1_000_000,
      ...ALL_FEATURES,
      companiesCount: 0,
    });
    expect((await cloud.api(`/plans/${response.body.id}`, { token: superToken })).body).toEqual(response.body);
    const all = await cloud.api('/plans/all', { token: superToken });
    expect(all.body).toContainEqual(response.body);
  });

  it('changes only the fields given, and the companies on the plan see the change at once', async () => {
    const plan = (await createPlan({ name: 'Team', users: 5, connections: 2, queues: 5, value: 249 })).body;
    const company = await cloud.api('/companies', {
      method: 'POST',
      token: superToken,
      body: { name: 'Team user', email: `team.${ulid().toLowerCase()}@plans.test`, planId: plan.id, password: 'Secret@123' },
    });
    const { accessToken } = await cloud.signIn(company.body.email, 'Secret@123');

    const response = await cloud.api(`/plans/${plan.id}`, { method: 'PUT', token: superToken, body: { users: 7, useKanban: false } });

    expect(response.status).toBe(200);
    expect(response.body).toEqual({ ...plan, users: 7, useKanban: false, companiesCount: 1 });
    const me = await cloud.api('/auth/me', { token: accessToken });
    expect(me.body.company.plan).toMatchObject({ id: plan.id, users: 7, useKanban: false, useCampaigns: true });
  });

  it('refuses to delete a plan in use with 409 ERR_PLAN_IN_USE, and deletes it once no company uses it', async () => {
    const plan = (await createPlan({ name: 'Business' })).body;
    const company = await cloud.api('/companies', {
      method: 'POST',
      token: superToken,
      body: { name: 'Business user', email: `business.${ulid().toLowerCase()}@plans.test`, planId: plan.id, password: 'Secret@123' },
    });

    const refused = await cloud.api(`/plans/${plan.id}`, { method: 'DELETE', token: superToken });
    await cloud.api(`/companies/${company.body.id}`, { method: 'DELETE', token: superToken });
    const deleted = await cloud.api(`/plans/${plan.id}`, { method: 'DELETE', token: superToken });

    expect(refused.status).toBe(409);
    expect(refused.body.error).toBe('ERR_PLAN_IN_USE');
    expect(deleted.status).toBe(204);
    expect(await cloud.api(`/plans/${plan.id}`, { token: superToken })).toEqual({ status: 404, body: { error: 'ERR_NO_PLAN_FOUND' } });
    expect((await cloud.api('/plans/list')).body.map((listed: { id: string }) => listed.id)).not.toContain(plan.id);
  });

  it('answers ERR_NO_PLAN_FOUND for a plan that does not exist', async () => {
    const missing = ulid();

    const responses = await Promise.all([
      cloud.api(`/plans/${missing}`, { token: superToken }),
      cloud.api(`/plans/${missing}`, { method: 'PUT', token: superToken, body: { name: 'Ghost' } }),
      cloud.api(`/plans/${missing}`, { method: 'DELETE', token: superToken }),
    ]);

    expect(responses).toEqual(Array(3).fill({ status: 404, body: { error: 'ERR_NO_PLAN_FOUND' } }));
    expect((await cloud.api('/plans/all', { token: superToken })).body.map((plan: { id: string }) => plan.id)).not.toContain(missing);
  });

  it.each([
    ['POST', {}, 'name', 'Required'],
    ['POST', { name: '' }, 'name', 'Required'],
    ['POST', { name: 'x'.repeat(51) }, 'name', 'Too Long!'],
    ['POST', { name: 'Plan', users: -1 }, 'users', 'Invalid number'],
    ['POST', { name: 'Plan', connections: 1.5 }, 'connections', 'Invalid number'],
    ['POST', { name: 'Plan', value: '99' }, 'value', 'Invalid number'],
    ['POST', { name: 'Plan', useKanban: 'yes' }, 'useKanban', 'Invalid value'],
    ['PUT', { queues: 'many' }, 'queues', 'Invalid number'],
    ['PUT', { name: '   ' }, 'name', 'Required'],
  ])('refuses %s %j with 400 and the field message', async (method, body, path, message) => {
    const target = method === 'PUT' ? `/plans/${tenant.planId}` : '/plans';

    const response = await cloud.api(target, { method, token: superToken, body });

    expect(response.status).toBe(400);
    expect(response.body.error).toBe('ERR_VALIDATION');
    expect(response.body.fields).toContainEqual({ path, message });
  });

  it('refuses every super-user plan route to a company admin with 403 ERR_NO_PERMISSION, changing nothing', async () => {
    const before = (await cloud.api(`/plans/${tenant.planId}`, { token: superToken })).body;
    const calls: [string, string, unknown][] = [
      ['GET', '/plans/all', undefined],
      ['GET', `/plans/${tenant.planId}`, undefined],
      ['POST', '/plans', { name: 'Free lunch' }],
      ['PUT', `/plans/${tenant.planId}`, { users: 999 }],
      ['DELETE', `/plans/${tenant.planId}`, undefined],
    ];

    for (const [method, path, body] of calls) {
      const response = await cloud.api(path, { method, token: tenant.admin.token, body });
      expect({ method, path, status: response.status, body: response.body }).toEqual({ method, path, status: 403, body: { error: 'ERR_NO_PERMISSION' } });
    }
    expect((await cloud.api(`/plans/${tenant.planId}`, { token: superToken })).body).toEqual(before);
  });
});
