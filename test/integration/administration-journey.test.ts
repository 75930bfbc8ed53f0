/**
 * The identity issue's acceptance path, as a new user would walk it against the API: sign up a company,
 * sign in as its admin, create a user, a queue with options and a tag, change a setting; sign in as the
 * new user and see only what is theirs; the super user lists companies and moves a due date forward;
 * an expired company can no longer use the API.
 */
import { addDays, addRecurrence } from '../../shared/companies';
import { today } from '../../shared/company-time';
import { DEMO_LOGIN, startTestCloud, type TestCloud } from '../support/local-cloud';
import { ifAssigned } from '../support/teardown';

let cloud: TestCloud;

beforeAll(async () => {
  cloud = await startTestCloud();
});

afterAll(async () => {
  await ifAssigned(cloud)?.stop();
});

it('takes a new company from sign-up to administration, and locks it out once expired', async () => {
  // Sign up, on a plan of the public list.
  const plans = await cloud.api('/plans/list');
  expect(plans.status).toBe(200);
  const planId = plans.body[0].id;
  const admin = { email: 'owner@journey.test', password: 'Journey@2026' };
  const signUp = await cloud.api('/companies/cadastro', {
    method: 'POST',
    body: { name: 'Journey Ltda', email: admin.email, phone: '5511999990000', password: admin.password, planId },
  });
  expect(signUp.status).toBe(201);

  // The admin signs in: a three-day trial.
  const adminToken = (await cloud.signIn(admin.email, admin.password)).accessToken;
  const me = await cloud.api('/auth/me', { token: adminToken });
  expect(me.status).toBe(200);
  expect(me.body.company).toMatchObject({ name: 'Journey Ltda', dueDate: addDays(today(), 3) });
  const companyId = me.body.company.id;
  const firstQueueId = me.body.user.queues[0].id;

  // A user, a second queue with a menu option, a tag, a setting.
  const agent = { email: 'agent@journey.test', password: 'Agent@2026' };
  const created = await cloud.api('/users', {
    method: 'POST',
    token: adminToken,
    body: { name: 'Agent', email: agent.email, password: agent.password, profile: 'user', queueIds: [firstQueueId] },
  });
  expect(created.status).toBe(201);
  const queue = await cloud.api('/queue', {
    method: 'POST',
    token: adminToken,
    body: { name: 'Financeiro', color: '#b91c1c', greetingMessage: 'Olá! Escolha uma opção.' },
  });
  expect(queue.status).toBe(201);
  const option = await cloud.api('/queue-options', {
    method: 'POST',
    token: adminToken,
    body: { queueId: queue.body.id, parentId: null, title: 'Boletos', message: 'Segunda via de boletos' },
  });
  expect(option.status).toBe(201);
  const options = await cloud.api(`/queue-options?queueId=${queue.body.id}&parentId=-1`, { token: adminToken });
  expect(options.body).toEqual([expect.objectContaining({ title: 'Boletos' })]);
  expect((await cloud.api('/tags', { method: 'POST', token: adminToken, body: { name: 'VIP', color: '#7c3aed' } })).status).toBe(201);
  expect(
    (await cloud.api('/settings/userRating', { method: 'PUT', token: adminToken, body: { value: 'enabled' } })).body,
  ).toEqual({ key: 'userRating', value: 'enabled' });

  // The new user sees their own data only.
  const agentToken = (await cloud.signIn(agent.email, agent.password)).accessToken;
  const agentMe = await cloud.api('/auth/me', { token: agentToken });
  expect(agentMe.body.user).toMatchObject({ email: agent.email, profile: 'user', queues: [expect.objectContaining({ id: firstQueueId })] });
  expect((await cloud.api(`/users/${created.body.id}`, { token: agentToken })).status).toBe(200);
  expect((await cloud.api(`/users/${me.body.user.id}`, { token: agentToken })).status).toBe(403);
  expect((await cloud.api('/companies', { token: agentToken })).status).toBe(403);
  expect((await cloud.api('/settings/userRating', { method: 'PUT', token: agentToken, body: { value: 'disabled' } })).status).toBe(403);

  // The super user finds the company and moves its due date forward by its recurrence.
  const superToken = (await cloud.signIn(DEMO_LOGIN.email, DEMO_LOGIN.password)).accessToken;
  const listed = await cloud.api('/companies?searchParam=journey', { token: superToken });
  expect(listed.body.companies).toEqual([expect.objectContaining({ id: companyId, recurrence: 'MENSAL' })]);
  const nextDueDate = addRecurrence(me.body.company.dueDate, 'MENSAL');
  expect((await cloud.api(`/companies/${companyId}`, { method: 'PUT', token: superToken, body: { dueDate: nextDueDate } })).status).toBe(200);
  expect((await cloud.api('/auth/me', { token: adminToken })).body.company.dueDate).toBe(nextDueDate);

  // Past its due date, the company's users are refused on every call; its admin is told they may pay.
  const yesterday = addDays(today(), -1);
  await cloud.api(`/companies/${companyId}`, { method: 'PUT', token: superToken, body: { dueDate: yesterday } });
  for (const [path, token, canPay] of [['/auth/me', adminToken, true], ['/queue', adminToken, true], ['/tags', agentToken, false]] as const) {
    expect(await cloud.api(path, { token })).toEqual({
      status: 402,
      body: { error: 'ERR_SUBSCRIPTION_EXPIRED', details: { dueDate: yesterday, canPay } },
    });
  }
});
