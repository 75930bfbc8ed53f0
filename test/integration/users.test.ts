/**
 * Users through the HTTP API on the local cloud: creating one makes the Cognito account and the items
 * together or neither (plan limit, unique email, the company's queues), search and pages, who may edit
 * which field, email and password changes that reach Cognito and end the user's sessions, a default
 * connection only of the company, deletion that frees the email, the `user` realtime events, and bad
 * input with the spec's field messages.
 */
import { CognitoIdentityProviderClient, GetTokensFromRefreshTokenCommand } from '@aws-sdk/client-cognito-identity-provider';
import { QueryCommand } from '@aws-sdk/lib-dynamodb';
import { listen as listenAs } from '../support/listen';
import { dynamo } from '../../functions/core/aws/clients';
import { DEMO_LOGIN, startTestCloud, type TestCloud } from '../support/local-cloud';
import { addUser, createTenant, TEST_PASSWORD, type Tenant } from '../support/tenants';
import { ifAssigned } from '../support/teardown';
import { nextSecond } from '../support/next-second';

let cloud: TestCloud;
let tenant: Tenant;
let other: Tenant;

beforeAll(async () => {
  cloud = await startTestCloud();
  tenant = await createTenant(cloud, { users: 40 });
  other = await createTenant(cloud);
});

afterAll(async () => {
  await ifAssigned(cloud)?.stop();
});

let counter = 0;
const newEmail = (label = 'user') => `${label}.${Date.now().toString(36)}${(counter += 1)}@users.test`;

const userBody = (overrides: Record<string, unknown> = {}) => ({
  name: `Maria ${(counter += 1)}`,
  email: newEmail(),
  password: TEST_PASSWORD,
  profile: 'user',
  queueIds: [tenant.queueId],
  ...overrides,
});

/** Test-only read of a company counter, to prove a refused creation changed nothing. */
async function usersCount(companyId: string): Promise<number> {
  const { Items = [] } = await dynamo().send(
    new QueryCommand({
      TableName: cloud.tableName,
      KeyConditionExpression: 'PK = :pk AND SK = :sk',
      ExpressionAttributeValues: { ':pk': `C#${companyId}`, ':sk': 'COMPANY' },
    }),
  );
  return Number(Items[0]?.usersCount);
}

async function canSignIn(email: string, password = TEST_PASSWORD): Promise<boolean> {
  return cloud.signIn(email, password).then(
    () => true,
    () => false,
  );
}

const listen = (token: string) => listenAs(cloud, token);

/** A WhatsApp connection of the tenant, created as its admin would. */
async function newConnection(owner: Tenant): Promise<string> {
  const response = await cloud.api('/whatsapp', { method: 'POST', token: owner.admin.token, body: { name: `Conexão ${(counter += 1)}`, provider: 'simulator' } });
  if (response.status !== 201) throw new Error(`POST /whatsapp answered ${response.status}: ${JSON.stringify(response.body)}`);
  return response.body.id;
}

/** Cognito's refresh, as the web's Amplify calls it. */
async function refresh(refreshToken: string): Promise<string> {
  const cognito = new CognitoIdentityProviderClient({ endpoint: cloud.config.cognitoEndpoint, region: cloud.config.region });
  try {
    const { AuthenticationResult } = await cognito.send(
      new GetTokensFromRefreshTokenCommand({ ClientId: cloud.config.userPoolClientId, RefreshToken: refreshToken }),
    );
    return AuthenticationResult?.AccessToken ?? '';
  } finally {
    cognito.destroy();
  }
}

describe('POST /users', () => {
  it('creates the user with its queues, answers it without secrets, and the user can sign in', async () => {
    const body = userBody({ email: `  ${newEmail().toUpperCase()} ` });

    const response = await cloud.api('/users', { method: 'POST', token: tenant.admin.token, body });

    expect(response.status).toBe(201);
    expect(response.body).toEqual({
      id: expect.any(String),
      name: body.name,
      email: body.email.trim().toLowerCase(),
      profile: 'user',
      super: false,
      allTicket: 'desabled',
      whatsappId: null,
      companyId: tenant.companyId,
      queueIds: [tenant.queueId],
      queues: [{ id: tenant.queueId, name: 'Atendimento', color: '#0f766e' }],
      online: false,
      company: expect.objectContaining({ id: tenant.companyId, dueDate: '2999-12-31' }),
      createdAt: expect.any(String),
      updatedAt: expect.any(String),
    });
    expect(await canSignIn(response.body.email)).toBe(true);
    expect((await cloud.api(`/users/${response.body.id}`, { token: tenant.admin.token })).body).toEqual(response.body);
  });

  it('ignores a companyId in the body: the user belongs to the caller\'s company', async () => {
    const response = await cloud.api('/users', {
      method: 'POST',
      token: tenant.admin.token,
      body: userBody({ companyId: other.companyId, queueIds: [] }),
    });

    expect(response.status).toBe(201);
    expect(response.body.companyId).toBe(tenant.companyId);
    expect((await cloud.api(`/users/${response.body.id}`, { token: other.admin.token })).status).toBe(404);
  });

  it('refuses an email that already has an account, in any case, with ERR_EMAIL_ALREADY_EXISTS', async () => {
    const before = await usersCount(other.companyId);

    const taken = await cloud.api('/users', {
      method: 'POST',
      token: other.admin.token,
      body: userBody({ email: tenant.admin.email.toUpperCase(), queueIds: [] }),
    });

    expect(taken).toEqual({ status: 409, body: { error: 'ERR_EMAIL_ALREADY_EXISTS' } });
    expect(await usersCount(other.companyId)).toBe(before);
  });

  it('refuses queues of another company and creates nothing', async () => {
    const body = userBody({ queueIds: [tenant.queueId, other.queueId] });

    const response = await cloud.api('/users', { method: 'POST', token: tenant.admin.token, body });

    expect(response.status).toBe(400);
    expect(response.body).toMatchObject({ error: 'ERR_VALIDATION', fields: [{ path: 'queueIds', message: 'Invalid queue' }] });
    expect(await canSignIn(body.email)).toBe(false);
  });

  it('refuses another company\'s connection as default connection with ERR_NO_WAPP_FOUND and creates nothing', async () => {
    const foreign = await newConnection(other);
    const body = userBody({ whatsappId: foreign });
    const before = await usersCount(tenant.companyId);

    const response = await cloud.api('/users', { method: 'POST', token: tenant.admin.token, body });

    expect(response).toEqual({ status: 404, body: { error: 'ERR_NO_WAPP_FOUND' } });
    expect(await usersCount(tenant.companyId)).toBe(before);
    expect(await canSignIn(body.email)).toBe(false);
  });

  it('takes one of the company\'s own connections as default connection', async () => {
    const own = await newConnection(tenant);

    const response = await cloud.api('/users', { method: 'POST', token: tenant.admin.token, body: userBody({ whatsappId: own }) });

    expect(response.status).toBe(201);
    expect(response.body.whatsappId).toBe(own);
  });

  it('refuses bad input with the spec\'s field messages', async () => {
    const post = (body: unknown) => cloud.api('/users', { method: 'POST', token: tenant.admin.token, body });

    const empty = await post({});
    const short = await post(userBody({ name: 'A', email: 'abc', password: 'Abc1' }));
    const long = await post(userBody({ name: 'A'.repeat(51), profile: 'root', allTicket: 'maybe' }));
    const weak = await post(userBody({ password: 'abcdefgh' }));

    expect(empty.status).toBe(400);
    expect(empty.body.fields).toEqual([
      { path: 'name', message: 'Required' },
      { path: 'email', message: 'Required' },
      { path: 'password', message: 'Required' },
    ]);
    expect(short.body.fields).toEqual([
      { path: 'name', message: 'Too Short!' },
      { path: 'email', message: 'Invalid email' },
      { path: 'password', message: 'Too Short!' },
    ]);
    expect(long.body.fields).toEqual([
      { path: 'name', message: 'Too Long!' },
      { path: 'profile', message: 'Invalid profile' },
      { path: 'allTicket', message: 'Invalid value' },
    ]);
    expect(weak.body.fields).toEqual([
      { path: 'password', message: 'The password needs an uppercase letter' },
      { path: 'password', message: 'The password needs a digit' },
    ]);
  });

  it('is for admins only', async () => {
    const plain = await addUser(cloud, tenant, 'user', [tenant.queueId]);
    const supervisor = await addUser(cloud, tenant, 'supervisor', [tenant.queueId]);
    const body = userBody();

    const byUser = await cloud.api('/users', { method: 'POST', token: plain.token, body });
    const bySupervisor = await cloud.api('/users', { method: 'POST', token: supervisor.token, body });

    expect(byUser).toEqual({ status: 403, body: { error: 'ERR_NO_PERMISSION' } });
    expect(bySupervisor.status).toBe(403);
    expect(await canSignIn(body.email)).toBe(false);
  });
});

describe("the platform's user-creation switch", () => {
  it('refuses, while a super user has it off, the public sign-up and the users an administrator adds, with ERR_USER_CREATION_DISABLED', async () => {
    const superUser = await cloud.signIn(DEMO_LOGIN.email, DEMO_LOGIN.password);
    const turn = (value: string, token = superUser.accessToken) => cloud.api('/settings/userCreation', { method: 'PUT', token, body: { value } });
    const plans = (await cloud.api('/plans/list')).body as { id: string }[];
    const signUp = () =>
      cloud.api('/companies/cadastro', { method: 'POST', body: { name: 'Closed Co', email: newEmail('owner'), phone: '(11) 99999-9999', password: TEST_PASSWORD, planId: plans[0]?.id } });

    expect(await turn('disabled', tenant.admin.token)).toEqual({ status: 403, body: { error: 'ERR_NO_PERMISSION' } });
    expect(await turn('disabled')).toEqual({ status: 200, body: { key: 'userCreation', value: 'disabled' } });
    try {
      const before = await usersCount(tenant.companyId);
      expect(await cloud.api('/users', { method: 'POST', token: tenant.admin.token, body: userBody() })).toEqual({ status: 403, body: { error: 'ERR_USER_CREATION_DISABLED' } });
      expect(await usersCount(tenant.companyId)).toBe(before);
      expect(await signUp()).toEqual({ status: 403, body: { error: 'ERR_USER_CREATION_DISABLED' } });
      // The switch is the super user's: their own creations go on, and only they see it among the settings.
      expect((await cloud.api('/users', { method: 'POST', token: superUser.accessToken, body: { ...userBody(), queueIds: [] } })).status).toBe(201);
      expect((await cloud.api('/settings', { token: superUser.accessToken })).body).toContainEqual({ key: 'userCreation', value: 'disabled' });
      expect((await cloud.api('/settings', { token: tenant.admin.token })).body.map((setting: { key: string }) => setting.key)).not.toContain('userCreation');
    } finally {
      expect((await turn('enabled')).status).toBe(200);
    }
    expect((await cloud.api('/users', { method: 'POST', token: tenant.admin.token, body: userBody() })).status).toBe(201);
    expect((await signUp()).status).toBe(201);
  });
});

describe('the plan\'s user limit', () => {
  it('refuses a user over the limit with ERR_USER_LIMIT_REACHED and nothing created, until a user is deleted', async () => {
    const small = await createTenant(cloud, { users: 2 });
    const second = await addUser(cloud, small);
    const body = userBody({ queueIds: [] });

    const over = await cloud.api('/users', { method: 'POST', token: small.admin.token, body });

    expect(over.status).toBe(403);
    expect(over.body.error).toBe('ERR_USER_LIMIT_REACHED');
    expect(await usersCount(small.companyId)).toBe(2);
    expect(await canSignIn(body.email)).toBe(false);

    expect((await cloud.api(`/users/${second.id}`, { method: 'DELETE', token: small.admin.token })).status).toBe(204);
    const afterDelete = await cloud.api('/users', { method: 'POST', token: small.admin.token, body });
    expect(afterDelete.status).toBe(201);
    expect(await usersCount(small.companyId)).toBe(2);
  });
});

describe('GET /users and GET /users/list', () => {
  let search: Tenant;

  beforeAll(async () => {
    search = await createTenant(cloud, { users: 30 });
    for (let index = 0; index < 21; index += 1) {
      const name = index === 0 ? 'João Conceição' : `Agent ${String(index).padStart(2, '0')}`;
      const response = await cloud.api('/users', {
        method: 'POST',
        token: search.admin.token,
        body: { name, email: newEmail(index === 0 ? 'joao' : 'agent'), password: TEST_PASSWORD, profile: 'user', queueIds: [search.queueId] },
      });
      expect(response.status).toBe(201);
    }
  });

  it('pages the company\'s users by name, 20 at a time, with hasMore', async () => {
    const first = await cloud.api('/users?pageNumber=1', { token: search.admin.token });
    const second = await cloud.api('/users?pageNumber=2', { token: search.admin.token });

    expect(first.status).toBe(200);
    expect(first.body.users).toHaveLength(20);
    expect(first.body.hasMore).toBe(true);
    expect(second.body).toMatchObject({ hasMore: false });
    expect(second.body.users).toHaveLength(2);
    const names = [...first.body.users, ...second.body.users].map((user: { name: string }) => user.name);
    expect(names[0]).toMatch(/^Admin /);
    expect(names.slice(1, 3)).toEqual(['Agent 01', 'Agent 02']);
    expect(names).toContain('João Conceição');
    expect(first.body.users[1].queues).toEqual([{ id: search.queueId, name: 'Atendimento', color: '#0f766e' }]);
    expect(JSON.stringify(first.body)).not.toMatch(/cognitoSub|activeSession|activeSignIn|password/);
  });

  it('searches name and email ignoring case and accents', async () => {
    const byName = await cloud.api(`/users?searchParam=${encodeURIComponent('JOAO conceicao')}`, { token: search.admin.token });
    const byEmail = await cloud.api('/users?searchParam=joao.', { token: search.admin.token });

    expect(byName.body.users.map((user: { name: string }) => user.name)).toEqual(['João Conceição']);
    expect(byEmail.body.users.map((user: { name: string }) => user.name)).toEqual(['João Conceição']);
  });

  it('refuses a bad page number, and plain users', async () => {
    const plain = await addUser(cloud, search);

    expect((await cloud.api('/users?pageNumber=0', { token: search.admin.token })).body).toMatchObject({
      error: 'ERR_VALIDATION',
      fields: [{ path: 'pageNumber', message: 'Invalid page' }],
    });
    expect(await cloud.api('/users', { token: plain.token })).toEqual({ status: 403, body: { error: 'ERR_NO_PERMISSION' } });
  });

  it('lists id and name of every user of the company for selects, to any user', async () => {
    const plain = await addUser(cloud, search);

    const response = await cloud.api('/users/list', { token: plain.token });

    const pages = [1, 2].map((page) => cloud.api(`/users?pageNumber=${page}`, { token: search.admin.token }));
    const everyone = (await Promise.all(pages)).flatMap((page) => page.body.users as { id: string; name: string }[]);
    expect(response.status).toBe(200);
    expect(response.body).toEqual(everyone.map(({ id, name }) => ({ id, name })));
    expect(response.body).toContainEqual({ id: plain.id, name: expect.any(String) });
  });
});

describe('GET /users/{id}', () => {
  it("answers the user's company: name, email, due date, settings (secrets blank) and trial expiration (spec 1 §3, spec 3 §3)", async () => {
    const plain = await addUser(cloud, tenant);
    const me = (await cloud.api('/auth/me', { token: plain.token })).body;

    const { company } = (await cloud.api(`/users/${plain.id}`, { token: plain.token })).body;

    expect(company).toEqual({
      id: tenant.companyId,
      name: me.company.name,
      email: tenant.admin.email,
      dueDate: '2999-12-31',
      trialExpiration: null,
      settings: me.company.settings,
    });
    expect(company.settings).toContainEqual({ key: 'chatBotType', value: 'text' });
    expect(company.settings.map((setting: { key: string }) => setting.key)).not.toContain('asaas');
  });

  it("answers a signed-up company's trial expiration, the last day of its trial", async () => {
    const email = newEmail('owner');
    const plans = (await cloud.api('/plans/list')).body as { id: string }[];
    const signUp = await cloud.api('/companies/cadastro', { method: 'POST', body: { name: 'Trial Co', email, phone: '(11) 99999-9999', password: TEST_PASSWORD, planId: plans[0]?.id } });
    expect(signUp.status).toBe(201);
    const { accessToken } = await cloud.signIn(email, TEST_PASSWORD);
    const me = (await cloud.api('/auth/me', { token: accessToken })).body;

    const { company } = (await cloud.api(`/users/${String(me.user.id)}`, { token: accessToken })).body;

    expect(company).toMatchObject({ name: 'Trial Co', email, dueDate: signUp.body.dueDate, trialExpiration: signUp.body.dueDate });
  });

  it('lets a plain user read themself only', async () => {
    const plain = await addUser(cloud, tenant);

    expect((await cloud.api(`/users/${plain.id}`, { token: plain.token })).body.id).toBe(plain.id);
    expect((await cloud.api(`/users/${tenant.admin.id}`, { token: plain.token })).status).toBe(403);
  });

  it('refuses a malformed id on every route that takes one', async () => {
    const token = tenant.admin.token;
    const bad = encodeURIComponent('not an id!');

    const answers = await Promise.all([
      cloud.api(`/users/${bad}`, { token }),
      cloud.api(`/users/${bad}`, { method: 'PUT', token, body: { name: 'Valid name' } }),
      cloud.api(`/users/${bad}`, { method: 'DELETE', token }),
    ]);

    for (const answer of answers) {
      expect(answer).toMatchObject({ status: 400, body: { error: 'ERR_VALIDATION', fields: [{ path: 'id', message: 'Invalid id' }] } });
    }
  });

  it('answers ERR_NO_USER_FOUND for an unknown id and for another company\'s user alike', async () => {
    const unknown = await cloud.api('/users/01J00000000000000000000000', { token: tenant.admin.token });
    const foreign = await cloud.api(`/users/${other.admin.id}`, { token: tenant.admin.token });

    expect(unknown).toEqual({ status: 404, body: { error: 'ERR_NO_USER_FOUND' } });
    expect(foreign).toEqual(unknown);
  });
});

describe('PUT /users/{id}', () => {
  it('lets an admin change profile, queues, allTicket and name of a user', async () => {
    const user = await addUser(cloud, tenant);

    const response = await cloud.api(`/users/${user.id}`, {
      method: 'PUT',
      token: tenant.admin.token,
      body: { name: 'Renamed', profile: 'supervisor', queueIds: [tenant.queueId], allTicket: 'enabled' },
    });

    expect(response.status).toBe(200);
    expect(response.body).toMatchObject({ name: 'Renamed', profile: 'supervisor', queueIds: [tenant.queueId], allTicket: 'enabled' });
    expect((await cloud.api('/auth/me', { token: user.token })).body.user).toMatchObject({ profile: 'supervisor', name: 'Renamed' });
  });

  it('lets a plain user change their own name, email and password, but not profile or queues', async () => {
    const user = await addUser(cloud, tenant);
    const put = (body: unknown) => cloud.api(`/users/${user.id}`, { method: 'PUT', token: user.token, body });

    const profile = await put({ profile: 'admin' });
    const queues = await put({ queueIds: [tenant.queueId] });
    const allTicket = await put({ allTicket: 'enabled' });
    const unchanged = await put({ name: 'Myself', profile: 'user', queueIds: [] });
    const password = await put({ password: 'MyOwn12345' });

    expect(password.status).toBe(200);
    expect(await canSignIn(user.email, 'MyOwn12345')).toBe(true);
    expect(profile.body).toMatchObject({ error: 'ERR_NO_PERMISSION' });
    expect(queues.body).toMatchObject({ error: 'ERR_NO_PERMISSION' });
    expect(allTicket.status).toBe(403);
    expect(unchanged.status).toBe(200);
    expect(unchanged.body).toMatchObject({ name: 'Myself', profile: 'user', queueIds: [] });
  });

  it('refuses a plain user editing somebody else', async () => {
    const user = await addUser(cloud, tenant);
    const colleague = await addUser(cloud, tenant);

    const response = await cloud.api(`/users/${colleague.id}`, { method: 'PUT', token: user.token, body: { name: 'Hacked' } });

    expect(response).toEqual({ status: 403, body: { error: 'ERR_NO_PERMISSION', message: 'Only admins edit other users' } });
    expect((await cloud.api(`/users/${colleague.id}`, { token: tenant.admin.token })).body.name).not.toBe('Hacked');
  });

  it('moves the sign-in to a new email and frees the old one', async () => {
    const user = await addUser(cloud, tenant);
    const moved = newEmail('moved');

    const response = await cloud.api(`/users/${user.id}`, { method: 'PUT', token: user.token, body: { email: moved.toUpperCase() } });

    expect(response.status).toBe(200);
    expect(response.body.email).toBe(moved);
    expect(await canSignIn(moved)).toBe(true);
    expect(await canSignIn(user.email)).toBe(false);
    const reuse = await cloud.api('/users', { method: 'POST', token: tenant.admin.token, body: userBody({ email: user.email }) });
    expect(reuse.status).toBe(201);
  });

  it('refuses an email of another account and changes nothing', async () => {
    const user = await addUser(cloud, tenant);

    const response = await cloud.api(`/users/${user.id}`, {
      method: 'PUT',
      token: tenant.admin.token,
      body: { email: other.admin.email, name: 'Not applied' },
    });

    expect(response).toEqual({ status: 409, body: { error: 'ERR_EMAIL_ALREADY_EXISTS' } });
    expect((await cloud.api(`/users/${user.id}`, { token: tenant.admin.token })).body).toMatchObject({ email: user.email });
    expect(await canSignIn(user.email)).toBe(true);
  });

  it('sets a new password, and keeps the old one when the password is blank', async () => {
    const user = await addUser(cloud, tenant);
    const put = (password: string) => cloud.api(`/users/${user.id}`, { method: 'PUT', token: tenant.admin.token, body: { password } });

    expect((await put('')).status).toBe(200);
    expect(await canSignIn(user.email)).toBe(true);
    expect((await put('Another123')).status).toBe(200);

    expect(await canSignIn(user.email, 'Another123')).toBe(true);
    expect(await canSignIn(user.email)).toBe(false);
  });

  it('ends the user\'s sessions when an admin sets a new password: the old access token answers 401, the refresh token dies', async () => {
    const user = await addUser(cloud, tenant);
    const { refreshToken } = await cloud.signIn(user.email, TEST_PASSWORD);
    expect((await cloud.api('/auth/me', { token: user.token })).status).toBe(200);

    const changed = await cloud.api(`/users/${user.id}`, { method: 'PUT', token: tenant.admin.token, body: { password: 'Another123' } });

    expect(changed.status).toBe(200);
    expect(changed.body.online).toBe(false);
    expect(await cloud.api('/auth/me', { token: user.token })).toEqual({ status: 401, body: { error: 'ERR_SESSION_EXPIRED' } });
    await expect(refresh(refreshToken)).rejects.toMatchObject({ name: 'NotAuthorizedException' });
    // A sign-in in the very second of the change counts as one before it (auth_time has seconds only).
    await nextSecond();
    const again = await cloud.signIn(user.email, 'Another123');
    expect((await cloud.api('/auth/me', { token: again.accessToken })).status).toBe(200);
  });

  it('ends the caller\'s own session too when they set their own password, as a logout does', async () => {
    const user = await addUser(cloud, tenant);

    const changed = await cloud.api(`/users/${user.id}`, { method: 'PUT', token: user.token, body: { password: 'MyOwn12345' } });

    expect(changed.status).toBe(200);
    expect(await cloud.api('/auth/me', { token: user.token })).toEqual({ status: 401, body: { error: 'ERR_SESSION_EXPIRED' } });
    await nextSecond();
    const again = await cloud.signIn(user.email, 'MyOwn12345');
    expect((await cloud.api('/auth/me', { token: again.accessToken })).status).toBe(200);
  });

  it('leaves the user\'s session alone for a change without a new password', async () => {
    const user = await addUser(cloud, tenant);

    const changed = await cloud.api(`/users/${user.id}`, { method: 'PUT', token: tenant.admin.token, body: { name: 'Still signed in', password: '' } });

    expect(changed.status).toBe(200);
    expect((await cloud.api('/auth/me', { token: user.token })).status).toBe(200);
  });

  it('refuses another company\'s connection as default connection with ERR_NO_WAPP_FOUND and changes nothing', async () => {
    const user = await addUser(cloud, tenant);
    const own = await newConnection(tenant);
    const foreign = await newConnection(other);

    const refused = await cloud.api(`/users/${user.id}`, { method: 'PUT', token: tenant.admin.token, body: { whatsappId: foreign, name: 'Not applied' } });
    const unknown = await cloud.api(`/users/${user.id}`, { method: 'PUT', token: tenant.admin.token, body: { whatsappId: 'nosuchconnection' } });
    const accepted = await cloud.api(`/users/${user.id}`, { method: 'PUT', token: tenant.admin.token, body: { whatsappId: own } });

    expect(refused).toEqual({ status: 404, body: { error: 'ERR_NO_WAPP_FOUND' } });
    expect(unknown).toEqual({ status: 404, body: { error: 'ERR_NO_WAPP_FOUND' } });
    expect(accepted.status).toBe(200);
    expect(accepted.body.whatsappId).toBe(own);
    expect(accepted.body.name).not.toBe('Not applied');
  });

  it('refuses bad input with the field messages', async () => {
    const user = await addUser(cloud, tenant);

    const response = await cloud.api(`/users/${user.id}`, {
      method: 'PUT',
      token: tenant.admin.token,
      body: { name: 'A', email: 'abc', password: 'abcd', queueIds: 'all' },
    });

    expect(response.status).toBe(400);
    expect(response.body.fields).toEqual([
      { path: 'name', message: 'Too Short!' },
      { path: 'email', message: 'Invalid email' },
      { path: 'password', message: 'Too Short!' },
      { path: 'password', message: 'The password needs an uppercase letter' },
      { path: 'password', message: 'The password needs a digit' },
      { path: 'queueIds', message: 'Invalid queues' },
    ]);
  });

  it('lets only a super user edit or delete a super user', async () => {
    const superUser = await cloud.signIn(DEMO_LOGIN.email, DEMO_LOGIN.password);
    const superMe = (await cloud.api('/auth/me', { token: superUser.accessToken })).body;
    const secondAdminEmail = newEmail('admin2');
    const created = await cloud.api('/users', {
      method: 'POST',
      token: superUser.accessToken,
      body: { name: 'Second admin', email: secondAdminEmail, password: TEST_PASSWORD, profile: 'admin' },
    });
    const secondAdmin = await cloud.signIn(secondAdminEmail, TEST_PASSWORD);

    const edit = await cloud.api(`/users/${superMe.user.id}`, { method: 'PUT', token: secondAdmin.accessToken, body: { password: 'Taken0ver1' } });
    const remove = await cloud.api(`/users/${superMe.user.id}`, { method: 'DELETE', token: secondAdmin.accessToken });

    expect(created.status).toBe(201);
    expect(edit.status).toBe(403);
    expect(remove.status).toBe(403);
    expect(await canSignIn(DEMO_LOGIN.email, DEMO_LOGIN.password)).toBe(true);
  });
});

describe('DELETE /users/{id}', () => {
  it('removes the user: their token stops working, the id is gone, the email is free again', async () => {
    const user = await addUser(cloud, tenant);

    const response = await cloud.api(`/users/${user.id}`, { method: 'DELETE', token: tenant.admin.token });

    expect(response.status).toBe(204);
    expect(await cloud.api('/auth/me', { token: user.token })).toEqual({ status: 401, body: { error: 'ERR_SESSION_EXPIRED' } });
    expect((await cloud.api(`/users/${user.id}`, { token: tenant.admin.token })).status).toBe(404);
    expect(await canSignIn(user.email)).toBe(false);
    const again = await cloud.api('/users', { method: 'POST', token: tenant.admin.token, body: userBody({ email: user.email }) });
    expect(again.status).toBe(201);
  });

  it('refuses deleting oneself, plain users deleting, and another company\'s user alike with a missing one', async () => {
    const plain = await addUser(cloud, tenant);

    const self = await cloud.api(`/users/${tenant.admin.id}`, { method: 'DELETE', token: tenant.admin.token });
    const byPlain = await cloud.api(`/users/${tenant.admin.id}`, { method: 'DELETE', token: plain.token });
    const foreign = await cloud.api(`/users/${other.admin.id}`, { method: 'DELETE', token: tenant.admin.token });

    expect(self.status).toBe(403);
    expect(byPlain).toEqual({ status: 403, body: { error: 'ERR_NO_PERMISSION' } });
    expect(foreign).toEqual({ status: 404, body: { error: 'ERR_NO_USER_FOUND' } });
    expect((await cloud.api('/auth/me', { token: other.admin.token })).status).toBe(200);
  });
});

describe('realtime', () => {
  it('tells the company about created, updated and deleted users', async () => {
    const socket = await listen(tenant.admin.token);
    try {
      const event = `company-${tenant.companyId}-user`;
      const created = await cloud.api('/users', { method: 'POST', token: tenant.admin.token, body: userBody() });
      const id = created.body.id;
      await cloud.api(`/users/${id}`, { method: 'PUT', token: tenant.admin.token, body: { name: 'Live update' } });
      await cloud.api(`/users/${id}`, { method: 'DELETE', token: tenant.admin.token });

      expect((await socket.waitFor((frame) => frame.event === event && frame.data.action === 'create')).data.user).toEqual(created.body);
      expect((await socket.waitFor((frame) => frame.event === event && frame.data.action === 'update')).data.user).toMatchObject({
        id,
        name: 'Live update',
      });
      expect((await socket.waitFor((frame) => frame.event === event && frame.data.action === 'delete')).data).toEqual({
        action: 'delete',
        userId: id,
      });
    } finally {
      socket.close();
    }
  });
});
