/**
 * Companies through the HTTP API on the local cloud: the public sign-up (server-set trial terms, all or
 * nothing, rate-limited per source IP), the super user's company administration with the plan counters,
 * a company's own work hours and plan, and the deletion that frees the logins.
 */
import { request } from 'node:http';
import { AdminGetUserCommand, CognitoIdentityProviderClient, UserNotFoundException } from '@aws-sdk/client-cognito-identity-provider';
import { PutCommand, TransactWriteCommand } from '@aws-sdk/lib-dynamodb';
import { ulid } from 'ulid';
import { listen as listenAs } from '../support/listen';
import { addDays, addRecurrence } from '../../shared/companies';
import { AI_TOKENS_PER_MONTH_DEFAULT, ALL_FEATURES, type Plan } from '../../shared/plans';
import type { Profile } from '../../shared/sign-in';
import { dynamo } from '../../functions/core/aws/clients';
import { createAccount } from '../../functions/core/aws/cognito-accounts';
import { planItem } from '../../functions/core/repositories/plans';
import { identityItem, uniqueEmailItem, userItem } from '../../functions/core/repositories/users';
import { today } from '../../shared/company-time';
import { SIGN_UP_LIMIT } from '../../functions/core/auth/sign-up';
import { DEMO_LOGIN, startTestCloud, type TestCloud } from '../support/local-cloud';
import { createTenant, TEST_PASSWORD, type SignedInUser, type Tenant } from '../support/tenants';
import { ifAssigned } from '../support/teardown';

let cloud: TestCloud;
let superToken: string;
let superCompanyId: string;
let a: Tenant;
let b: Tenant;
let plainUser: SignedInUser;
let plan: Plan;
let otherPlan: Plan;

/** Each test signs up from its own loopback address, so the per-IP limit of one never touches another. */
let nextAddress = 10;
const freshAddress = () => `127.0.0.${(nextAddress += 1)}`;

/** POST /companies/cadastro from a given source address (the gateway sees it as `sourceIp`). */
// `any`: each test asserts on the shape of the body it expects, as with cloud.api.
// eslint-disable-next-line @typescript-eslint/no-explicit-any
function signUpFrom(localAddress: string, body: unknown): Promise<{ status: number; body: any }> {
  const url = new URL('/companies/cadastro', cloud.config.apiUrl);
  const payload = JSON.stringify(body);
  return new Promise((resolve, reject) => {
    const req = request(
      { host: '127.0.0.1', port: url.port, path: url.pathname, method: 'POST', localAddress, headers: { 'content-type': 'application/json' } },
      (res) => {
        const chunks: Buffer[] = [];
        res.on('data', (chunk: Buffer) => chunks.push(chunk));
        res.on('end', () => {
          const text = Buffer.concat(chunks).toString('utf8');
          resolve({ status: res.statusCode ?? 0, body: text ? JSON.parse(text) : undefined });
        });
      },
    );
    req.on('error', reject);
    req.end(payload);
  });
}

let counter = 0;
const uniqueEmail = (label: string) => `${label}.${Date.now().toString(36)}${(counter += 1)}@signup.test`;
const signUpBody = (overrides: Record<string, unknown> = {}) => ({
  name: `Acme ${(counter += 1)}`,
  email: uniqueEmail('owner'),
  phone: '(11) 99999-9999',
  password: 'Secret@123',
  planId: plan.id,
  ...overrides,
});

/** A user of the tenant written through the repositories (POST /users belongs to another module). */
async function addUserDirectly(tenant: Tenant, profile: Profile): Promise<SignedInUser> {
  const email = `${profile}.${ulid().toLowerCase()}@companies.test`;
  const sub = await createAccount(email, TEST_PASSWORD);
  const now = new Date().toISOString();
  const id = ulid();
  const identity = { sub, userId: id, companyId: tenant.companyId };
  const user = {
    id, companyId: tenant.companyId, cognitoSub: sub, name: `User ${profile}`, email, profile, super: false,
    allTicket: 'desabled', whatsappId: null, queueIds: [tenant.queueId], online: false, createdAt: now, updatedAt: now,
  } as const;
  await dynamo().send(
    new TransactWriteCommand({
      TransactItems: [
        { Put: { TableName: cloud.tableName, Item: userItem(user) } },
        { Put: { TableName: cloud.tableName, Item: identityItem(identity) } },
        { Put: { TableName: cloud.tableName, Item: uniqueEmailItem(email, identity) } },
      ],
    }),
  );
  return { id, email, token: (await cloud.signIn(email, TEST_PASSWORD)).accessToken };
}

async function storePlan(overrides: Partial<Plan> = {}): Promise<Plan> {
  const stored: Plan = { id: ulid(), name: `Plano ${ulid().slice(-6)}`, users: 5, connections: 2, queues: 5, value: 99, ...ALL_FEATURES, ...overrides, aiTokensPerMonth: overrides.aiTokensPerMonth ?? AI_TOKENS_PER_MONTH_DEFAULT };
  await dynamo().send(new PutCommand({ TableName: cloud.tableName, Item: planItem(stored) }));
  return stored;
}

const cognitoUserExists = async (email: string): Promise<boolean> => {
  const client = new CognitoIdentityProviderClient({ endpoint: cloud.config.cognitoEndpoint, region: cloud.config.region });
  try {
    await client.send(new AdminGetUserCommand({ UserPoolId: process.env.COGNITO_USER_POOL_ID, Username: email }));
    return true;
  } catch (error) {
    if (error instanceof UserNotFoundException) return false;
    throw error;
  }
};

const companiesCountOf = async (planId: string): Promise<number> =>
  (await cloud.api(`/plans/${planId}`, { token: superToken })).body.companiesCount;

beforeAll(async () => {
  cloud = await startTestCloud();
  superToken = (await cloud.signIn(DEMO_LOGIN.email, DEMO_LOGIN.password)).accessToken;
  superCompanyId = (await cloud.api('/auth/me', { token: superToken })).body.company.id;
  [a, b] = [await createTenant(cloud), await createTenant(cloud)];
  plainUser = await addUserDirectly(a, 'user');
  [plan, otherPlan] = [await storePlan(), await storePlan({ name: 'Outro plano' })];
});

afterAll(async () => {
  await ifAssigned(cloud)?.stop();
});

describe('POST /companies/cadastro (public sign-up)', () => {
  it('creates the company on a 3-day trial with its admin, who signs in and sees it in GET /auth/me', async () => {
    const body = signUpBody();
    const before = today();

    const response = await signUpFrom(freshAddress(), body);

    expect(response.status).toBe(201);
    expect(response.body).toEqual({
      id: expect.any(String),
      name: body.name,
      email: body.email,
      phone: body.phone,
      planId: plan.id,
      planName: plan.name,
      status: true,
      dueDate: expect.any(String),
      recurrence: 'MENSAL',
      campaignsEnabled: true,
      createdAt: expect.any(String),
      // The sign-up form has no billing data: the super user's form or the checkout fills them.
      billingName: '',
      document: '',
      addressZipCode: '',
      addressStreet: '',
      addressDistrict: '',
      addressCity: '',
      addressState: '',
    });
    expect([addDays(before, 3), addDays(today(), 3)]).toContain(response.body.dueDate);
    const { accessToken } = await cloud.signIn(body.email, body.password);
    const me = await cloud.api('/auth/me', { token: accessToken });
    expect(me.status).toBe(200);
    expect(me.body.user).toMatchObject({ name: body.name, email: body.email, profile: 'admin', super: false, companyId: response.body.id });
    expect(me.body.user.queues).toEqual([{ id: expect.any(String), name: 'Atendimento', color: expect.any(String) }]);
    expect(me.body.company).toMatchObject({ id: response.body.id, name: body.name, dueDate: response.body.dueDate, plan: { id: plan.id } });
    expect(me.body.company.settings).toContainEqual({ key: 'campaignsEnabled', value: 'true' });
  });

  it('ignores the due date, status, recurrence and campaigns flag a client sends', async () => {
    const body = signUpBody({ dueDate: '2999-12-31', status: false, recurrence: 'ANUAL', campaignsEnabled: false, companyId: a.companyId });

    const response = await signUpFrom(freshAddress(), body);

    expect(response.status).toBe(201);
    const stored = await cloud.api(`/companies/${response.body.id}`, { token: superToken });
    expect(stored.body).toMatchObject({ status: true, recurrence: 'MENSAL', campaignsEnabled: true });
    expect(stored.body.dueDate).not.toBe('2999-12-31');
    expect(stored.body.id).not.toBe(a.companyId);
    expect(stored.body.settings).toContainEqual({ key: 'campaignsEnabled', value: 'true' });
  });

  it('answers 409 ERR_EMAIL_ALREADY_EXISTS for an email that already has an account, whatever its case', async () => {
    const response = await signUpFrom(freshAddress(), signUpBody({ email: a.admin.email.toUpperCase() }));

    expect(response).toEqual({ status: 409, body: { error: 'ERR_EMAIL_ALREADY_EXISTS' } });
  });

  it('refuses an unknown plan with ERR_VALIDATION on planId and leaves no company and no Cognito account', async () => {
    const body = signUpBody({ planId: 'no-such-plan', name: `Ghost ${ulid()}` });

    const response = await signUpFrom(freshAddress(), body);

    expect(response.status).toBe(400);
    expect(response.body).toMatchObject({ error: 'ERR_VALIDATION', fields: [{ path: 'planId', message: 'Invalid plan' }] });
    expect(await cognitoUserExists(body.email)).toBe(false);
    const listed = await cloud.api(`/companies?searchParam=${encodeURIComponent(body.name)}`, { token: superToken });
    expect(listed.body).toEqual({ companies: [], hasMore: false });
  });

  it.each([
    ['a one-letter name', { name: 'A' }, 'name', 'Too Short!'],
    ['a 51-letter name', { name: 'x'.repeat(51) }, 'name', 'Too Long!'],
    ['no name', { name: undefined }, 'name', 'Required'],
    ['a malformed email', { email: 'abc' }, 'email', 'Invalid email'],
    ['no email', { email: undefined }, 'email', 'Required'],
    ['a 3-character password', { password: 'Ab1' }, 'password', 'Too Short!'],
    ['a password without upper case', { password: 'secret123' }, 'password', 'The password needs an uppercase letter'],
    ['a password without lower case', { password: 'SECRET123' }, 'password', 'The password needs a lowercase letter'],
    ['a password without a digit', { password: 'SecretPass' }, 'password', 'The password needs a digit'],
    ['no plan', { planId: undefined }, 'planId', 'Required'],
    ['a phone with markup', { phone: '<script>' }, 'phone', 'Invalid phone'],
  ])('refuses %s with 400 and the field message', async (_label, override, path, message) => {
    const response = await signUpFrom(freshAddress(), signUpBody(override));

    expect(response.status).toBe(400);
    expect(response.body.error).toBe('ERR_VALIDATION');
    expect(response.body.fields).toContainEqual({ path, message });
  });

  it(`answers 429 ERR_TOO_MANY_REQUESTS after ${SIGN_UP_LIMIT.limit} sign-ups from one address in the hour, and not for another address`, async () => {
    const address = freshAddress();
    for (let attempt = 0; attempt < SIGN_UP_LIMIT.limit; attempt += 1) {
      // Attempts count whether they succeed or not: here each one meets a taken email.
      expect((await signUpFrom(address, signUpBody({ email: a.admin.email }))).status).toBe(409);
    }

    const refused = await signUpFrom(address, signUpBody());
    const elsewhere = await signUpFrom(freshAddress(), signUpBody());

    expect(refused.status).toBe(429);
    expect(refused.body).toMatchObject({ error: 'ERR_TOO_MANY_REQUESTS', details: { retryAfterSeconds: expect.any(Number) } });
    expect(elsewhere.status).toBe(201);
  });
});

describe('super user company administration', () => {
  it('lists companies with search and pages, and the full list with plan names', async () => {
    const paged = await cloud.api(`/companies?searchParam=${encodeURIComponent('company t')}&pageNumber=1`, { token: superToken });
    const all = await cloud.api('/companies/list', { token: superToken });

    expect(paged.status).toBe(200);
    expect(paged.body.hasMore).toBe(false);
    expect(paged.body.companies.map((company: { id: string }) => company.id)).toEqual(expect.arrayContaining([a.companyId, b.companyId]));
    expect(all.status).toBe(200);
    expect(all.body.map((company: { id: string }) => company.id)).toEqual(expect.arrayContaining([superCompanyId, a.companyId, b.companyId]));
    expect(all.body.find((company: { id: string }) => company.id === superCompanyId)).toMatchObject({ name: 'Demo', planName: 'Demo', campaignsEnabled: true });
  });

  it('creates a company with its admin (the company email and the given password) and counts it on the plan', async () => {
    const email = uniqueEmail('super-made');
    const before = await companiesCountOf(plan.id);

    const response = await cloud.api('/companies', {
      method: 'POST',
      token: superToken,
      body: { name: 'Made by super', email, phone: '', planId: plan.id, status: true, dueDate: '', recurrence: 'TRIMESTRAL', campaignsEnabled: false, password: 'Secret@123' },
    });

    expect(response.status).toBe(201);
    expect(response.body).toMatchObject({ name: 'Made by super', dueDate: null, recurrence: 'TRIMESTRAL', campaignsEnabled: false, planName: plan.name });
    expect(await companiesCountOf(plan.id)).toBe(before + 1);
    const { accessToken } = await cloud.signIn(email, 'Secret@123');
    const me = await cloud.api('/auth/me', { token: accessToken });
    expect(me.body.company.settings).toContainEqual({ key: 'campaignsEnabled', value: 'false' });
    expect(me.body.user.profile).toBe('admin');
  });

  it('keeps the billing address of the company form, on creation and on edit, and refuses an unreadable zip code', async () => {
    const address = { addressZipCode: '01310-100', addressStreet: 'Av. Paulista, 1000', addressDistrict: 'Bela Vista', addressCity: 'São Paulo', addressState: 'SP' };
    const created = await cloud.api('/companies', {
      method: 'POST',
      token: superToken,
      body: { name: 'Billed company', email: uniqueEmail('billed'), planId: plan.id, password: 'Secret@123', ...address },
    });
    expect(created.status).toBe(201);
    expect(created.body).toMatchObject(address);

    const edited = await cloud.api(`/companies/${created.body.id}`, { method: 'PUT', token: superToken, body: { addressCity: 'Campinas', addressStreet: '' } });
    expect(edited.status).toBe(200);
    const listed = (await cloud.api('/companies/list', { token: superToken })).body.find((company: { id: string }) => company.id === created.body.id);
    expect(listed).toMatchObject({ ...address, addressCity: 'Campinas', addressStreet: '' });
    expect((await cloud.api(`/companies/${created.body.id}`, { token: superToken })).body).toMatchObject({ addressCity: 'Campinas', addressZipCode: '01310-100' });

    const refused = await cloud.api(`/companies/${created.body.id}`, { method: 'PUT', token: superToken, body: { addressZipCode: '01310<100>', addressCity: 'Nowhere' } });
    expect(refused.status).toBe(400);
    expect(refused.body).toMatchObject({ error: 'ERR_VALIDATION', fields: [{ path: 'addressZipCode', message: 'Invalid zip code' }] });
    expect((await cloud.api(`/companies/${created.body.id}`, { token: superToken })).body.addressCity).toBe('Campinas');
  });

  it('moves a due date forward by the recurrence with PUT /companies/{id}', async () => {
    const current = (await cloud.api(`/companies/${a.companyId}`, { token: superToken })).body;
    const moved = addRecurrence(current.dueDate, current.recurrence);

    const response = await cloud.api(`/companies/${a.companyId}`, { method: 'PUT', token: superToken, body: { dueDate: moved } });

    expect(response.status).toBe(200);
    expect(response.body).toMatchObject({ id: a.companyId, dueDate: moved, name: current.name, email: current.email });
    expect((await cloud.api(`/companies/${a.companyId}`, { token: superToken })).body.dueDate).toBe(moved);
  });

  it('moves the plan counters when a company changes plan, and refuses an unknown plan', async () => {
    const created = await cloud.api('/companies', {
      method: 'POST',
      token: superToken,
      body: { name: 'Plan mover', email: uniqueEmail('mover'), planId: plan.id, password: 'Secret@123' },
    });
    const [fromBefore, toBefore] = [await companiesCountOf(plan.id), await companiesCountOf(otherPlan.id)];

    const moved = await cloud.api(`/companies/${created.body.id}`, { method: 'PUT', token: superToken, body: { planId: otherPlan.id } });
    const unknown = await cloud.api(`/companies/${created.body.id}`, { method: 'PUT', token: superToken, body: { planId: 'nope' } });

    expect(moved.status).toBe(200);
    expect(moved.body).toMatchObject({ planId: otherPlan.id, plan: { id: otherPlan.id, name: otherPlan.name } });
    expect(await companiesCountOf(plan.id)).toBe(fromBefore - 1);
    expect(await companiesCountOf(otherPlan.id)).toBe(toBefore + 1);
    expect(unknown.status).toBe(400);
    expect(unknown.body.fields).toEqual([{ path: 'planId', message: 'Invalid plan' }]);
    expect(await companiesCountOf(otherPlan.id)).toBe(toBefore + 1);
  });

  it('turns the campaigns setting off and tells the company live', async () => {
    const socket = await listen(b.admin.token);
    try {
      const response = await cloud.api(`/companies/${b.companyId}`, { method: 'PUT', token: superToken, body: { campaignsEnabled: false } });

      expect(response.status).toBe(200);
      expect(response.body.campaignsEnabled).toBe(false);
      expect(await socket.next()).toEqual({
        event: `company-${b.companyId}-settings`,
        data: { action: 'update', setting: { key: 'campaignsEnabled', value: 'false' } },
      });
      const settings = (await cloud.api('/auth/me', { token: b.admin.token })).body.company.settings;
      expect(settings).toContainEqual({ key: 'campaignsEnabled', value: 'false' });
    } finally {
      socket.close();
      await cloud.api(`/companies/${b.companyId}`, { method: 'PUT', token: superToken, body: { campaignsEnabled: true } });
    }
  });

  it.each([
    ['POST', '/companies', { name: 'X', email: 'x@x.test', planId: 'p', password: 'Secret@123' }, 'name', 'Too Short!'],
    ['POST', '/companies', { name: 'Valid', email: 'nope', planId: 'p', password: 'Secret@123' }, 'email', 'Invalid email'],
    ['POST', '/companies', { name: 'Valid', email: 'x@x.test', password: 'Secret@123' }, 'planId', 'Required'],
    ['POST', '/companies', { name: 'Valid', email: 'x@x.test', planId: 'p' }, 'password', 'Required'],
    ['POST', '/companies', { name: 'Valid', email: 'x@x.test', planId: 'p', password: 'Secret@123', dueDate: '2024-02-30' }, 'dueDate', 'Invalid date'],
    ['POST', '/companies', { name: 'Valid', email: 'x@x.test', planId: 'p', password: 'Secret@123', recurrence: 'DIARIO' }, 'recurrence', 'Invalid recurrence'],
    ['PUT', '/companies/ID', { status: 'yes' }, 'status', 'Invalid value'],
    ['PUT', '/companies/ID', { email: '' }, 'email', 'Required'],
    ['PUT', '/companies/ID', { dueDate: '10/01/2025' }, 'dueDate', 'Invalid date'],
    ['GET', '/companies?pageNumber=0', undefined, 'pageNumber', 'Invalid page'],
  ])('refuses %s %s %j with 400 and the message of %s', async (method, path, body, field, message) => {
    const response = await cloud.api(path.replace('ID', a.companyId), { method, token: superToken, body });

    expect(response.status).toBe(400);
    expect(response.body.fields).toContainEqual({ path: field, message });
  });

  it('answers ERR_NO_COMPANY_FOUND for a company that does not exist', async () => {
    const missing = ulid();

    const responses = await Promise.all([
      cloud.api(`/companies/${missing}`, { token: superToken }),
      cloud.api(`/companies/${missing}`, { method: 'PUT', token: superToken, body: { name: 'Nobody' } }),
      cloud.api(`/companies/${missing}`, { method: 'DELETE', token: superToken }),
      cloud.api(`/companies/listPlan/${missing}`, { token: superToken }),
    ]);

    expect(responses).toEqual(Array(4).fill({ status: 404, body: { error: 'ERR_NO_COMPANY_FOUND' } }));
  });

  it('refuses to delete the super user\'s own company', async () => {
    const response = await cloud.api(`/companies/${superCompanyId}`, { method: 'DELETE', token: superToken });

    expect(response.status).toBe(403);
    expect((await cloud.api('/auth/me', { token: superToken })).status).toBe(200);
  });

  it('deletes a company: hidden from lists, off its plan, its users locked out and its admin email free again', async () => {
    const body = signUpBody({ planId: otherPlan.id });
    const signedUp = await signUpFrom(freshAddress(), body);
    const { accessToken } = await cloud.signIn(body.email, body.password);
    expect((await cloud.api('/auth/me', { token: accessToken })).status).toBe(200);
    const countBefore = await companiesCountOf(otherPlan.id);

    const response = await cloud.api(`/companies/${signedUp.body.id}`, { method: 'DELETE', token: superToken });

    expect(response.status).toBe(204);
    expect((await cloud.api('/auth/me', { token: accessToken })).status).toBe(401);
    await expect(cloud.signIn(body.email, body.password)).rejects.toThrow();
    expect(await cognitoUserExists(body.email)).toBe(false);
    expect(await companiesCountOf(otherPlan.id)).toBe(countBefore - 1);
    expect((await cloud.api(`/companies/${signedUp.body.id}`, { token: superToken })).status).toBe(404);
    const all = await cloud.api('/companies/list', { token: superToken });
    expect(all.body.map((company: { id: string }) => company.id)).not.toContain(signedUp.body.id);
    const again = await signUpFrom(freshAddress(), { ...body, name: 'Second life' });
    expect(again.status).toBe(201);
    expect(again.body.id).not.toBe(signedUp.body.id);
    await cloud.signIn(body.email, body.password);
  });

  it('refuses every super-user route to a company admin and a plain user with 403 ERR_NO_PERMISSION', async () => {
    const calls: [string, string, unknown][] = [
      ['GET', '/companies', undefined],
      ['GET', '/companies/list', undefined],
      ['POST', '/companies', { name: 'Nope', email: uniqueEmail('nope'), planId: plan.id, password: 'Secret@123' }],
      ['PUT', `/companies/${a.companyId}`, { dueDate: '2999-01-01' }],
      ['DELETE', `/companies/${b.companyId}`, undefined],
    ];

    for (const token of [a.admin.token, plainUser.token]) {
      for (const [method, path, body] of calls) {
        const response = await cloud.api(path, { method, token, body });
        expect({ method, path, status: response.status, error: response.body.error }).toEqual({ method, path, status: 403, error: 'ERR_NO_PERMISSION' });
      }
    }
    expect((await cloud.api('/auth/me', { token: b.admin.token })).status).toBe(200);
  });
});

describe('a company\'s own data', () => {
  it('lets a company read itself and its plan, but answers 404 for another company', async () => {
    const own = await cloud.api(`/companies/${a.companyId}`, { token: a.admin.token });
    const ownPlan = await cloud.api(`/companies/listPlan/${a.companyId}`, { token: plainUser.token });
    const other = await cloud.api(`/companies/${b.companyId}`, { token: a.admin.token });
    const otherPlan = await cloud.api(`/companies/listPlan/${b.companyId}`, { token: a.admin.token });

    expect(own.status).toBe(200);
    expect(own.body).toMatchObject({ id: a.companyId, plan: { id: a.planId }, schedules: [] });
    expect(own.body.settings).toContainEqual({ key: 'chatBotType', value: 'text' });
    expect(own.body.settings.map((setting: { key: string }) => setting.key)).not.toContain('asaas');
    expect(ownPlan.status).toBe(200);
    expect(ownPlan.body).toMatchObject({ id: a.companyId, plan: { id: a.planId, ...ALL_FEATURES } });
    expect(other).toEqual({ status: 404, body: { error: 'ERR_NO_COMPANY_FOUND' } });
    expect(otherPlan).toEqual({ status: 404, body: { error: 'ERR_NO_COMPANY_FOUND' } });
  });

  it('lets a company admin set the company work hours, which a super user can set for any company', async () => {
    const schedules = [
      { weekday: 'Segunda-feira', weekdayEn: 'monday', startTime: '09:00', endTime: '17:00' },
      { weekday: 'Sábado', weekdayEn: 'saturday', startTime: '08:00', endTime: '12:00' },
    ];

    const own = await cloud.api(`/companies/${a.companyId}/schedules`, { method: 'PUT', token: a.admin.token, body: { id: a.companyId, schedules } });
    const bySuper = await cloud.api(`/companies/${b.companyId}/schedules`, { method: 'PUT', token: superToken, body: { schedules: schedules.slice(0, 1) } });

    expect(own.status).toBe(200);
    expect((await cloud.api(`/companies/${a.companyId}`, { token: a.admin.token })).body.schedules).toEqual(schedules);
    expect(bySuper.status).toBe(200);
    expect((await cloud.api(`/companies/${b.companyId}`, { token: b.admin.token })).body.schedules).toEqual(schedules.slice(0, 1));
  });

  it('refuses work hours to a plain user (403) and for another company (404), changing nothing', async () => {
    const before = (await cloud.api(`/companies/${b.companyId}`, { token: b.admin.token })).body.schedules;
    const schedules = [{ weekday: 'Domingo', weekdayEn: 'sunday', startTime: '10:00', endTime: '11:00' }];

    const plain = await cloud.api(`/companies/${a.companyId}/schedules`, { method: 'PUT', token: plainUser.token, body: { schedules } });
    const other = await cloud.api(`/companies/${b.companyId}/schedules`, { method: 'PUT', token: a.admin.token, body: { schedules } });

    expect(plain).toEqual({ status: 403, body: { error: 'ERR_NO_PERMISSION' } });
    expect(other).toEqual({ status: 404, body: { error: 'ERR_NO_COMPANY_FOUND' } });
    expect((await cloud.api(`/companies/${b.companyId}`, { token: b.admin.token })).body.schedules).toEqual(before);
  });

  it.each([
    [{ schedules: [{ weekday: 'Segunda-feira', weekdayEn: 'monday', startTime: '9:00', endTime: '17:00' }] }, 'schedules.0.startTime', 'Invalid time (HH:MM)'],
    [{ schedules: [{ weekday: 'Segunda-feira', weekdayEn: 'monday', startTime: '09:00', endTime: '24:00' }] }, 'schedules.0.endTime', 'Invalid time (HH:MM)'],
    [{ schedules: [{ weekday: 'X', weekdayEn: 'funday', startTime: '09:00', endTime: '10:00' }] }, 'schedules.0.weekdayEn', 'Invalid weekday'],
    [{ schedules: [{ weekday: 'Segunda-feira', weekdayEn: 'monday', startTime: '10:00', endTime: '09:00' }] }, 'schedules.0.endTime', 'End time must not be before start time'],
    [{}, 'schedules', 'Invalid schedules'],
  ])('refuses work hours %j with 400 and the message of %s', async (body, path, message) => {
    const response = await cloud.api(`/companies/${a.companyId}/schedules`, { method: 'PUT', token: a.admin.token, body });

    expect(response.status).toBe(400);
    expect(response.body.fields).toContainEqual({ path, message });
  });
});

/** A socket of the signed-in user that hands over the frames it receives, one by one. */
const listen = (token: string) => listenAs(cloud, token);
