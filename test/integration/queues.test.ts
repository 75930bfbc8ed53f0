/**
 * Queues and their option menus through the HTTP API on the local cloud: the company's list, defaults,
 * colour uniqueness, the greeting rule, the plan's queue limit, what a deletion cleans up, the option
 * tree, who may write, bad input on every route, and the realtime `queue` events.
 */
import { randomBytes } from 'node:crypto';
import { GetCommand, TransactWriteCommand } from '@aws-sdk/lib-dynamodb';
import { ulid } from 'ulid';
import { listen as listenAs } from '../support/listen';
import { defaultQueueSchedule } from '../../shared/schedules';
import { dynamo } from '../../functions/core/aws/clients';
import { createAccount } from '../../functions/core/aws/cognito-accounts';
import { keys } from '../../functions/core/repositories/keys';
import { identityItem, uniqueEmailItem, userItem, type User } from '../../functions/core/repositories/users';
import type { TestCloud } from '../support/local-cloud';
import { sharedTestCloud } from '../support/shared-cloud';
import { createTenant, TEST_PASSWORD, type SignedInUser, type Tenant } from '../support/tenants';
import { ifAssigned } from '../support/teardown';

let cloud: TestCloud;

beforeAll(async () => {
  cloud = await sharedTestCloud();
});

afterAll(async () => {
  await ifAssigned(cloud)?.stop();
});

const randomColor = () => `#${randomBytes(3).toString('hex')}`;

/**
 * A plain user of the tenant, written straight to the table and the pool (this file tests queues, not
 * POST /users; the users module has its own tests).
 */
async function plainUser(tenant: Tenant, queueIds: string[] = []): Promise<SignedInUser & { readonly user: User }> {
  const email = `agent.${ulid().toLowerCase()}@queues.test`;
  const sub = await createAccount(email, TEST_PASSWORD);
  const now = new Date().toISOString();
  const user: User = {
    id: ulid(),
    companyId: tenant.companyId,
    cognitoSub: sub,
    name: 'Agent',
    email,
    profile: 'user',
    super: false,
    allTicket: 'desabled',
    whatsappId: null,
    queueIds,
    online: false,
    createdAt: now,
    updatedAt: now,
  };
  const identity = { sub, userId: user.id, companyId: tenant.companyId };
  await dynamo().send(
    new TransactWriteCommand({
      TransactItems: [
        { Put: { TableName: cloud.tableName, Item: userItem(user) } },
        { Put: { TableName: cloud.tableName, Item: identityItem(identity) } },
        { Put: { TableName: cloud.tableName, Item: uniqueEmailItem(email, identity) } },
      ],
    }),
  );
  const { accessToken } = await cloud.signIn(email, TEST_PASSWORD);
  return { id: user.id, email, token: accessToken, user };
}

async function stored(key: { PK: string; SK: string }): Promise<Record<string, unknown> | undefined> {
  const { Item } = await dynamo().send(new GetCommand({ TableName: cloud.tableName, Key: key, ConsistentRead: true }));
  return Item;
}

const queuesCount = async (tenant: Tenant) => (await stored(keys.company(tenant.companyId)))?.queuesCount;

async function createQueue(tenant: Tenant, body: Record<string, unknown> = {}) {
  const response = await cloud.api('/queue', {
    method: 'POST',
    token: tenant.admin.token,
    body: { name: `Queue ${ulid().slice(-6)}`, color: randomColor(), greetingMessage: 'Olá! Escolha uma opção.', ...body },
  });
  if (response.status !== 201) throw new Error(`POST /queue answered ${response.status}: ${JSON.stringify(response.body)}`);
  return response.body;
}

async function createOption(tenant: Tenant, body: Record<string, unknown>) {
  const response = await cloud.api('/queue-options', { method: 'POST', token: tenant.admin.token, body });
  if (response.status !== 201) throw new Error(`POST /queue-options answered ${response.status}: ${JSON.stringify(response.body)}`);
  return response.body;
}

const listOptions = (tenant: Tenant, queueId: string, parentId: string | number = -1) =>
  cloud.api(`/queue-options?queueId=${queueId}&parentId=${parentId}`, { token: tenant.admin.token });

describe('queues', () => {
  it('creates a queue with the default schedule, after the existing queues, and answers it by id', async () => {
    const tenant = await createTenant(cloud);

    const response = await cloud.api('/queue', {
      method: 'POST',
      token: tenant.admin.token,
      body: { name: 'Vendas', color: '#2563eb', greetingMessage: 'Bem-vindo!' },
    });

    expect(response.status).toBe(201);
    expect(response.body).toEqual({
      id: expect.any(String),
      name: 'Vendas',
      color: '#2563eb',
      orderQueue: 2,
      greetingMessage: 'Bem-vindo!',
      outOfHoursMessage: '',
      schedules: defaultQueueSchedule(),
      promptId: null,
      integrationId: null,
      createdAt: expect.any(String),
      updatedAt: expect.any(String),
    });
    expect(await cloud.api(`/queue/${response.body.id}`, { token: tenant.admin.token })).toEqual({ status: 200, body: response.body });
    expect(await queuesCount(tenant)).toBe(2);
  });

  it("lists only the caller's company queues, by orderQueue then name, whatever companyId is asked for", async () => {
    const [tenant, other] = [await createTenant(cloud), await createTenant(cloud)];
    await createQueue(tenant, { name: 'Zeta', orderQueue: 0 });
    await createQueue(tenant, { name: 'Beta', orderQueue: 5 });
    await createQueue(tenant, { name: 'alfa', orderQueue: 5 });

    const response = await cloud.api(`/queue?companyId=${other.companyId}`, { token: tenant.admin.token });

    expect(response.status).toBe(200);
    expect(response.body.map((queue: { name: string }) => queue.name)).toEqual(['Zeta', 'Atendimento', 'alfa', 'Beta']);
    expect(response.body.map((queue: { id: string }) => queue.id)).not.toContain(other.queueId);
  });

  it('updates the fields sent, keeps the others, and stores work hours and the prompt and integration links', async () => {
    const tenant = await createTenant(cloud);
    const queue = await createQueue(tenant, { outOfHoursMessage: 'Fechado' });
    const schedules = [
      { weekdayEn: 'monday', startTime: '09:00', endTime: '17:30' },
      { weekdayEn: 'sunday', startTime: '00:00', endTime: '00:00' },
    ];
    const prompt = await cloud.api('/prompt', {
      method: 'POST',
      token: tenant.admin.token,
      body: { name: 'Assistente', prompt: 'Você é a assistente do suporte de nível dois e responde com calma e precisão.', apiKey: 'sk-x', queueId: queue.id },
    });
    const promptId = String(prompt.body.id);
    expect(await cloud.api(`/queue/${queue.id}`, { method: 'PUT', token: tenant.admin.token, body: { promptId: ulid() } })).toEqual({
      status: 404,
      body: { error: 'ERR_NO_PROMPT_FOUND' },
    });

    const response = await cloud.api(`/queue/${queue.id}`, {
      method: 'PUT',
      token: tenant.admin.token,
      body: { name: 'Suporte N2', schedules, promptId, integrationId: null, orderQueue: 7 },
    });

    expect(response.status).toBe(200);
    expect(response.body).toMatchObject({
      name: 'Suporte N2',
      color: queue.color,
      greetingMessage: queue.greetingMessage,
      outOfHoursMessage: 'Fechado',
      orderQueue: 7,
      promptId,
      integrationId: null,
      schedules: [
        { weekday: 'Segunda-feira', weekdayEn: 'monday', startTime: '09:00', endTime: '17:30' },
        { weekday: 'Domingo', weekdayEn: 'sunday', startTime: '00:00', endTime: '00:00' },
      ],
    });
    expect((await cloud.api(`/queue/${queue.id}`, { token: tenant.admin.token })).body).toEqual(response.body);
  });

  it('answers ERR_NO_QUEUE_FOUND for an unknown id on read, change and delete', async () => {
    const tenant = await createTenant(cloud);
    const id = ulid();

    const answers = [
      await cloud.api(`/queue/${id}`, { token: tenant.admin.token }),
      await cloud.api(`/queue/${id}`, { method: 'PUT', token: tenant.admin.token, body: { name: 'Nada' } }),
      await cloud.api(`/queue/${id}`, { method: 'DELETE', token: tenant.admin.token }),
    ];

    expect(answers.map(({ status, body }) => [status, body.error])).toEqual([
      [404, 'ERR_NO_QUEUE_FOUND'],
      [404, 'ERR_NO_QUEUE_FOUND'],
      [404, 'ERR_NO_QUEUE_FOUND'],
    ]);
  });
});

describe('queue colour', () => {
  it('refuses a colour another queue of the company has, in any case, and writes nothing', async () => {
    const tenant = await createTenant(cloud);

    const response = await cloud.api('/queue', {
      method: 'POST',
      token: tenant.admin.token,
      body: { name: 'Copia', color: '#0F766E', greetingMessage: 'Oi' },
    });

    expect(response).toMatchObject({ status: 409, body: { error: 'ERR_QUEUE_COLOR_ALREADY_EXISTS' } });
    expect((await cloud.api('/queue', { token: tenant.admin.token })).body).toHaveLength(1);
    expect(await queuesCount(tenant)).toBe(1);
  });

  it('lets another company use the same colour', async () => {
    const [tenant, other] = [await createTenant(cloud), await createTenant(cloud)];
    const queue = await createQueue(tenant);

    const response = await cloud.api('/queue', {
      method: 'POST',
      token: other.admin.token,
      body: { name: 'Mesma cor', color: queue.color, greetingMessage: 'Oi' },
    });

    expect(response.status).toBe(201);
  });

  it('refuses changing to a taken colour and leaves the queue as it was', async () => {
    const tenant = await createTenant(cloud);
    const queue = await createQueue(tenant);

    const response = await cloud.api(`/queue/${queue.id}`, {
      method: 'PUT',
      token: tenant.admin.token,
      body: { name: 'Outro nome', color: '#0f766e' },
    });

    expect(response).toMatchObject({ status: 409, body: { error: 'ERR_QUEUE_COLOR_ALREADY_EXISTS' } });
    expect((await cloud.api(`/queue/${queue.id}`, { token: tenant.admin.token })).body).toEqual(queue);
  });

  it('frees the old colour when a queue changes colour, and takes the new one', async () => {
    const tenant = await createTenant(cloud);
    const queue = await createQueue(tenant);
    const newColor = randomColor();

    const changed = await cloud.api(`/queue/${queue.id}`, { method: 'PUT', token: tenant.admin.token, body: { color: newColor } });
    const reused = await cloud.api('/queue', {
      method: 'POST',
      token: tenant.admin.token,
      body: { name: 'Reuso', color: queue.color, greetingMessage: 'Oi' },
    });
    const taken = await cloud.api('/queue', {
      method: 'POST',
      token: tenant.admin.token,
      body: { name: 'Tomada', color: newColor, greetingMessage: 'Oi' },
    });

    expect(changed).toMatchObject({ status: 200, body: { color: newColor } });
    expect(reused.status).toBe(201);
    expect(taken).toMatchObject({ status: 409, body: { error: 'ERR_QUEUE_COLOR_ALREADY_EXISTS' } });
  });

  it('frees the colour of a deleted queue', async () => {
    const tenant = await createTenant(cloud);
    const queue = await createQueue(tenant);

    await cloud.api(`/queue/${queue.id}`, { method: 'DELETE', token: tenant.admin.token });
    const reused = await cloud.api('/queue', {
      method: 'POST',
      token: tenant.admin.token,
      body: { name: 'Reuso', color: queue.color, greetingMessage: 'Oi' },
    });

    expect(reused.status).toBe(201);
  });
});

describe('greeting rule', () => {
  it('refuses a new queue without a greeting when the company would have more than one queue', async () => {
    const tenant = await createTenant(cloud);

    const response = await cloud.api('/queue', {
      method: 'POST',
      token: tenant.admin.token,
      body: { name: 'Sem saudação', color: randomColor(), greetingMessage: '   ' },
    });

    expect(response).toMatchObject({ status: 400, body: { error: 'ERR_WAPP_GREETING_REQUIRED' } });
    expect(await queuesCount(tenant)).toBe(1);
  });

  it('refuses removing the greeting of a queue while the company has more than one queue', async () => {
    const tenant = await createTenant(cloud);
    const queue = await createQueue(tenant);

    const response = await cloud.api(`/queue/${queue.id}`, { method: 'PUT', token: tenant.admin.token, body: { greetingMessage: '' } });

    expect(response).toMatchObject({ status: 400, body: { error: 'ERR_WAPP_GREETING_REQUIRED' } });
    expect((await cloud.api(`/queue/${queue.id}`, { token: tenant.admin.token })).body.greetingMessage).toBe(queue.greetingMessage);
  });

  it('lets the only queue of a company be saved without a greeting', async () => {
    const tenant = await createTenant(cloud);

    const response = await cloud.api(`/queue/${tenant.queueId}`, { method: 'PUT', token: tenant.admin.token, body: { name: 'Geral' } });

    expect(response).toMatchObject({ status: 200, body: { name: 'Geral', greetingMessage: '' } });
  });
});

describe("the plan's queue limit", () => {
  it('refuses a queue beyond the limit with ERR_QUEUE_LIMIT_REACHED, and allows one again after a deletion', async () => {
    const tenant = await createTenant(cloud, { queues: 2 });
    const second = await createQueue(tenant);

    const refused = await cloud.api('/queue', {
      method: 'POST',
      token: tenant.admin.token,
      body: { name: 'Terceira', color: randomColor(), greetingMessage: 'Oi' },
    });
    await cloud.api(`/queue/${second.id}`, { method: 'DELETE', token: tenant.admin.token });
    const allowed = await cloud.api('/queue', {
      method: 'POST',
      token: tenant.admin.token,
      body: { name: 'Terceira', color: randomColor(), greetingMessage: 'Oi' },
    });

    expect(refused).toMatchObject({ status: 403, body: { error: 'ERR_QUEUE_LIMIT_REACHED' } });
    expect(allowed.status).toBe(201);
    expect(await queuesCount(tenant)).toBe(2);
  });

  it('allows no queue beyond the existing ones on a plan whose limit is 0', async () => {
    const tenant = await createTenant(cloud, { queues: 0 });

    const response = await cloud.api('/queue', {
      method: 'POST',
      token: tenant.admin.token,
      body: { name: 'Nenhuma', color: randomColor(), greetingMessage: 'Oi' },
    });

    expect(response).toMatchObject({ status: 403, body: { error: 'ERR_QUEUE_LIMIT_REACHED' } });
  });
});

describe('deleting a queue', () => {
  it("removes the queue, its colour item, its whole menu, and its id from the users' queues", async () => {
    const tenant = await createTenant(cloud);
    const queue = await createQueue(tenant);
    const top = await createOption(tenant, { queueId: queue.id, parentId: -1, title: 'Comercial', message: 'Fale com vendas' });
    const child = await createOption(tenant, { queueId: queue.id, parentId: top.id, title: 'Planos' });
    const agent = await plainUser(tenant, [tenant.queueId, queue.id]);

    const response = await cloud.api(`/queue/${queue.id}`, { method: 'DELETE', token: tenant.admin.token });

    expect(response.status).toBe(204);
    expect(await cloud.api(`/queue/${queue.id}`, { token: tenant.admin.token })).toMatchObject({ status: 404 });
    expect(await stored(keys.uniqueQueueColor(tenant.companyId, queue.color))).toBeUndefined();
    expect(await stored(keys.queueOption(tenant.companyId, top.id))).toBeUndefined();
    expect(await stored(keys.queueOption(tenant.companyId, child.id))).toBeUndefined();
    expect((await stored(keys.user(tenant.companyId, agent.id)))?.queueIds).toEqual([tenant.queueId]);
    expect((await stored(keys.user(tenant.companyId, tenant.admin.id)))?.queueIds).toEqual([tenant.queueId]);
    expect(await queuesCount(tenant)).toBe(1);
  });
});

describe('queue options', () => {
  it('builds a menu tree: top-level options in position order, each with its children, positions assigned after the last sibling', async () => {
    const tenant = await createTenant(cloud);
    const first = await createOption(tenant, { queueId: tenant.queueId, parentId: null, title: 'Suporte', message: 'Qual produto?' });
    const second = await createOption(tenant, { queueId: tenant.queueId, title: 'Financeiro' });
    const early = await createOption(tenant, { queueId: tenant.queueId, parentId: '-1', title: 'Ouvidoria', option: 0 });
    const child = await createOption(tenant, { queueId: tenant.queueId, parentId: first.id, title: 'Aplicativo' });
    const grandchild = await createOption(tenant, { queueId: tenant.queueId, parentId: child.id, title: 'Android', message: 'Versão?' });

    const response = await listOptions(tenant, tenant.queueId);

    expect([first.option, second.option, early.option, child.option]).toEqual([1, 2, 0, 1]);
    expect(response.status).toBe(200);
    expect(response.body).toEqual([
      { ...early, children: [] },
      {
        ...first,
        children: [{ ...child, children: [grandchild] }],
      },
      { ...second, parentId: null, message: '', children: [] },
    ]);
  });

  it('lists the options under a given parent only', async () => {
    const tenant = await createTenant(cloud);
    const top = await createOption(tenant, { queueId: tenant.queueId, title: 'Vendas' });
    await createOption(tenant, { queueId: tenant.queueId, title: 'Suporte' });
    const a = await createOption(tenant, { queueId: tenant.queueId, parentId: top.id, title: 'Atacado', option: 2 });
    const b = await createOption(tenant, { queueId: tenant.queueId, parentId: top.id, title: 'Varejo', option: 1 });

    const response = await listOptions(tenant, tenant.queueId, top.id);

    expect(response.body.map((option: { id: string }) => option.id)).toEqual([b.id, a.id]);
  });

  it('changes title, message and position, and the list order follows the position', async () => {
    const tenant = await createTenant(cloud);
    const first = await createOption(tenant, { queueId: tenant.queueId, title: 'Um' });
    const second = await createOption(tenant, { queueId: tenant.queueId, title: 'Dois' });

    const response = await cloud.api(`/queue-options/${first.id}`, {
      method: 'PUT',
      token: tenant.admin.token,
      body: { title: 'Três', message: 'Agora por último', option: 3, queueId: ulid(), parentId: second.id },
    });

    expect(response).toMatchObject({
      status: 200,
      body: { id: first.id, title: 'Três', message: 'Agora por último', option: 3, queueId: tenant.queueId, parentId: null },
    });
    expect((await listOptions(tenant, tenant.queueId)).body.map((option: { id: string }) => option.id)).toEqual([second.id, first.id]);
  });

  it('deletes an option with its whole subtree and keeps its siblings', async () => {
    const tenant = await createTenant(cloud);
    const doomed = await createOption(tenant, { queueId: tenant.queueId, title: 'Sai' });
    const sibling = await createOption(tenant, { queueId: tenant.queueId, title: 'Fica' });
    const child = await createOption(tenant, { queueId: tenant.queueId, parentId: doomed.id, title: 'Filho' });
    const grandchild = await createOption(tenant, { queueId: tenant.queueId, parentId: child.id, title: 'Neto' });

    const response = await cloud.api(`/queue-options/${doomed.id}`, { method: 'DELETE', token: tenant.admin.token });

    expect(response.status).toBe(204);
    expect((await listOptions(tenant, tenant.queueId)).body.map((option: { id: string }) => option.id)).toEqual([sibling.id]);
    for (const id of [doomed.id, child.id, grandchild.id]) {
      expect(await stored(keys.queueOption(tenant.companyId, id))).toBeUndefined();
    }
    expect(await cloud.api(`/queue-options/${doomed.id}`, { method: 'DELETE', token: tenant.admin.token })).toMatchObject({
      status: 404,
      body: { error: 'ERR_NO_QUEUE_OPTION_FOUND' },
    });
  });

  it('refuses a parent option of another queue, and an unknown queue, with 404', async () => {
    const tenant = await createTenant(cloud);
    const otherQueue = await createQueue(tenant);
    const foreignParent = await createOption(tenant, { queueId: otherQueue.id, title: 'De outra fila' });

    const answers = [
      await cloud.api('/queue-options', {
        method: 'POST',
        token: tenant.admin.token,
        body: { queueId: tenant.queueId, parentId: foreignParent.id, title: 'Perdida' },
      }),
      await listOptions(tenant, tenant.queueId, foreignParent.id),
      await cloud.api('/queue-options', { method: 'POST', token: tenant.admin.token, body: { queueId: ulid(), title: 'Sem fila' } }),
      await listOptions(tenant, ulid()),
    ];

    expect(answers.map(({ status, body }) => [status, body.error])).toEqual([
      [404, 'ERR_NO_QUEUE_OPTION_FOUND'],
      [404, 'ERR_NO_QUEUE_OPTION_FOUND'],
      [404, 'ERR_NO_QUEUE_FOUND'],
      [404, 'ERR_NO_QUEUE_FOUND'],
    ]);
    expect((await listOptions(tenant, tenant.queueId)).body).toEqual([]);
  });
});

describe('who may write', () => {
  it('lets a plain user read queues and options but refuses every write with ERR_NO_PERMISSION, changing nothing', async () => {
    const tenant = await createTenant(cloud);
    const queue = await createQueue(tenant);
    const option = await createOption(tenant, { queueId: queue.id, title: 'Menu' });
    const agent = await plainUser(tenant, [queue.id]);

    const reads = [
      await cloud.api('/queue', { token: agent.token }),
      await cloud.api(`/queue/${queue.id}`, { token: agent.token }),
      await cloud.api(`/queue-options?queueId=${queue.id}&parentId=-1`, { token: agent.token }),
    ];
    const writes = [
      await cloud.api('/queue', { method: 'POST', token: agent.token, body: { name: 'Minha', color: randomColor(), greetingMessage: 'Oi' } }),
      await cloud.api(`/queue/${queue.id}`, { method: 'PUT', token: agent.token, body: { name: 'Mudada' } }),
      await cloud.api(`/queue/${queue.id}`, { method: 'DELETE', token: agent.token }),
      await cloud.api('/queue-options', { method: 'POST', token: agent.token, body: { queueId: queue.id, title: 'Nova' } }),
      await cloud.api(`/queue-options/${option.id}`, { method: 'PUT', token: agent.token, body: { title: 'Mudada' } }),
      await cloud.api(`/queue-options/${option.id}`, { method: 'DELETE', token: agent.token }),
    ];

    expect(reads.map(({ status }) => status)).toEqual([200, 200, 200]);
    expect(reads[0]?.body).toHaveLength(2);
    expect(writes.map(({ status, body }) => [status, body.error])).toEqual(Array(6).fill([403, 'ERR_NO_PERMISSION']));
    expect((await cloud.api(`/queue/${queue.id}`, { token: tenant.admin.token })).body).toEqual(queue);
    expect((await cloud.api('/queue', { token: tenant.admin.token })).body).toHaveLength(2);
    expect((await listOptions(tenant, queue.id)).body).toEqual([{ ...option, children: [] }]);
  });
});

describe('bad input', () => {
  let tenant: Tenant;
  let optionId: string;

  beforeAll(async () => {
    tenant = await createTenant(cloud);
    optionId = (await createOption(tenant, { queueId: tenant.queueId, title: 'Menu' })).id;
  });

  const fieldsOf = (body: { error: string; fields: { path: string; message: string }[] }) =>
    Object.fromEntries(body.fields.map((field) => [field.path, field.message]));

  it.each([
    ['no name and no colour', {}, { name: 'Required', color: 'Required' }],
    ['a name and a colour too short', { name: 'a', color: '#1' }, { name: 'Too Short!', color: 'Too Short!' }],
    ['a name and a colour too long', { name: 'x'.repeat(51), color: '#1234567890' }, { name: 'Too Long!', color: 'Too Long!' }],
    ['a negative order', { name: 'Ok', color: '#abc', orderQueue: -1 }, { orderQueue: 'Must be 0 or more' }],
    ['a greeting too long', { name: 'Ok', color: '#abc', greetingMessage: 'x'.repeat(2001) }, { greetingMessage: 'Too Long!' }],
    [
      'a time not in HH:MM',
      { name: 'Ok', color: '#abc', schedules: [{ weekdayEn: 'monday', startTime: '8h', endTime: '18:00' }] },
      { 'schedules.0.startTime': 'Invalid time (HH:MM)' },
    ],
    [
      'hours that end before they start',
      { name: 'Ok', color: '#abc', schedules: [{ weekdayEn: 'monday', startTime: '18:00', endTime: '08:00' }] },
      { 'schedules.0.endTime': 'End time must not be before start time' },
    ],
    ['malformed prompt and integration ids', { name: 'Ok', color: '#abc', promptId: 'prompt-1', integrationId: 42 }, { promptId: 'Invalid id', integrationId: 'Invalid id' }],
  ])('POST /queue refuses %s with the field messages', async (_case, body, fields) => {
    const response = await cloud.api('/queue', { method: 'POST', token: tenant.admin.token, body });

    expect(response.status).toBe(400);
    expect(response.body.error).toBe('ERR_VALIDATION');
    expect(fieldsOf(response.body)).toEqual(fields);
  });

  it('PUT /queue/{id} refuses a malformed id and bad fields', async () => {
    const badId = await cloud.api('/queue/not-an-id', { method: 'PUT', token: tenant.admin.token, body: { name: 'Ok' } });
    const badBody = await cloud.api(`/queue/${tenant.queueId}`, { method: 'PUT', token: tenant.admin.token, body: { name: 'a', color: '' } });

    expect(fieldsOf(badId.body)).toEqual({ id: 'Invalid id' });
    expect(badBody.status).toBe(400);
    expect(fieldsOf(badBody.body)).toEqual({ name: 'Too Short!', color: 'Required' });
  });

  it('GET and DELETE /queue/{id} refuse a malformed id', async () => {
    const answers = [
      await cloud.api('/queue/x', { token: tenant.admin.token }),
      await cloud.api('/queue/x', { method: 'DELETE', token: tenant.admin.token }),
    ];

    expect(answers.map(({ status, body }) => [status, fieldsOf(body)])).toEqual([
      [400, { id: 'Invalid id' }],
      [400, { id: 'Invalid id' }],
    ]);
  });

  it('GET /queue-options requires a well-formed queueId and parentId', async () => {
    const missing = await cloud.api('/queue-options', { token: tenant.admin.token });
    const malformed = await cloud.api('/queue-options?queueId=1&parentId=abc', { token: tenant.admin.token });

    expect([missing.status, fieldsOf(missing.body)]).toEqual([400, { queueId: 'Required' }]);
    expect([malformed.status, fieldsOf(malformed.body)]).toEqual([400, { queueId: 'Invalid id', parentId: 'Invalid id' }]);
  });

  it('POST /queue-options requires a queue and a title', async () => {
    const empty = await cloud.api('/queue-options', { method: 'POST', token: tenant.admin.token, body: {} });
    const bad = await cloud.api('/queue-options', {
      method: 'POST',
      token: tenant.admin.token,
      body: { queueId: tenant.queueId, title: 'x'.repeat(101), option: 1.5, parentId: 'x' },
    });

    expect([empty.status, fieldsOf(empty.body)]).toEqual([400, { queueId: 'Required', title: 'Required' }]);
    expect([bad.status, fieldsOf(bad.body)]).toEqual([
      400,
      { title: 'Too Long!', option: 'Must be a whole number', parentId: 'Invalid id' },
    ]);
  });

  it('PUT and DELETE /queue-options/{id} refuse a malformed id and bad fields', async () => {
    const answers = [
      await cloud.api('/queue-options/x', { method: 'PUT', token: tenant.admin.token, body: { title: 'Ok' } }),
      await cloud.api(`/queue-options/${optionId}`, { method: 'PUT', token: tenant.admin.token, body: { title: ' ', option: -2 } }),
      await cloud.api('/queue-options/x', { method: 'DELETE', token: tenant.admin.token }),
    ];

    expect(answers.map(({ status, body }) => [status, fieldsOf(body)])).toEqual([
      [400, { id: 'Invalid id' }],
      [400, { title: 'Required', option: 'Must be 0 or more' }],
      [400, { id: 'Invalid id' }],
    ]);
  });

  it('refuses a body that is not JSON', async () => {
    const response = await cloud.api('/queue', { method: 'POST', token: tenant.admin.token, body: '{name:' });

    expect(response).toMatchObject({ status: 400, body: { error: 'ERR_VALIDATION' } });
  });
});

describe('realtime', () => {
  /** Opens a socket as the tenant's admin and collects the frames it receives. */
  const listen = (tenant: Tenant) => listenAs(cloud, tenant.admin.token);

  const waitFor = async (check: () => boolean): Promise<void> => {
    for (let attempt = 0; attempt < 100 && !check(); attempt += 1) await new Promise((resolve) => setTimeout(resolve, 20));
  };

  it("publishes queue create, update and delete to the company's room, and to no other company", async () => {
    const [tenant, other] = [await createTenant(cloud), await createTenant(cloud)];
    const mine = await listen(tenant);
    const theirs = await listen(other);

    const queue = await createQueue(tenant);
    const updated = (await cloud.api(`/queue/${queue.id}`, { method: 'PUT', token: tenant.admin.token, body: { name: 'Renomeada' } })).body;
    await cloud.api(`/queue/${queue.id}`, { method: 'DELETE', token: tenant.admin.token });
    await waitFor(() => mine.frames.length >= 3);

    const event = `company-${tenant.companyId}-queue`;
    expect(mine.frames).toEqual([
      { event, data: { action: 'create', queue } },
      { event, data: { action: 'update', queue: updated } },
      { event, data: { action: 'delete', queueId: queue.id } },
    ]);
    expect(theirs.frames).toEqual([]);
    mine.close();
    theirs.close();
  });
});
