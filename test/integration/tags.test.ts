/**
 * Tags through the HTTP API on the local cloud: CRUD with the spec's field messages, search and paging,
 * the ticket counter, the kanban flag reserved to admins and supervisors, deletion reserved to
 * administrators, the kanban board's lanes gated by the plan, and the `tag` events of the company.
 */
import { UpdateCommand } from '@aws-sdk/lib-dynamodb';
import { ulid } from 'ulid';
import { dynamo } from '../../functions/core/aws/clients';
import { keys } from '../../functions/core/repositories/keys';
import { listen, type Frame } from '../support/listen';
import type { TestCloud } from '../support/local-cloud';
import { sharedTestCloud } from '../support/shared-cloud';
import { addUser, createTenant, type SignedInUser, type Tenant } from '../support/tenants';
import { ifAssigned } from '../support/teardown';

let cloud: TestCloud;
let a: Tenant;
let plainUser: SignedInUser;
let supervisor: SignedInUser;

beforeAll(async () => {
  cloud = await sharedTestCloud();
  a = await createTenant(cloud);
  plainUser = await addUser(cloud, a, 'user', [a.queueId]);
  supervisor = await addUser(cloud, a, 'supervisor', [a.queueId]);
});

afterAll(async () => {
  await ifAssigned(cloud)?.stop();
});

let counter = 0;
const uniqueName = (prefix: string) => `${prefix} ${(counter += 1)} ${ulid().slice(-6)}`;

const createTag = (token: string, body: unknown) => cloud.api('/tags', { method: 'POST', token, body });
const updateTag = (token: string, id: string, body: unknown) => cloud.api(`/tags/${id}`, { method: 'PUT', token, body });

async function newTag(token: string, fields: Record<string, unknown> = {}) {
  const response = await createTag(token, { name: uniqueName('Tag'), color: '#0f766e', ...fields });
  expect(response.status).toBe(201);
  return response.body as { id: string; name: string; color: string; kanban: 0 | 1; ticketsCount: number };
}

describe('POST /tags and GET /tags/{id}', () => {
  it('creates a tag of the caller with a ticket counter at 0, readable by id', async () => {
    const response = await createTag(plainUser.token, { name: 'Cliente VIP', color: '#a855f7' });

    expect(response.status).toBe(201);
    expect(response.body).toEqual({
      id: expect.any(String),
      name: 'Cliente VIP',
      color: '#a855f7',
      kanban: 0,
      userId: plainUser.id,
      ticketsCount: 0,
      createdAt: expect.any(String),
      updatedAt: expect.any(String),
    });
    expect(await cloud.api(`/tags/${response.body.id}`, { token: a.admin.token })).toEqual({ status: 200, body: response.body });
  });

  it.each([
    ['no name', { color: '#ffffff' }, 'name', 'Obrigatório'],
    ['an empty name', { name: '', color: '#ffffff' }, 'name', 'Obrigatório'],
    ['a 2-character name', { name: 'ab', color: '#ffffff' }, 'name', 'Mensagem muito curta'],
    ['a 101-character name', { name: 'x'.repeat(101), color: '#ffffff' }, 'name', 'Mensagem muito longa'],
    ['no colour', { name: 'Valid name' }, 'color', 'Obrigatório'],
    ['a colour name', { name: 'Valid name', color: 'red' }, 'color', 'Cor inválida'],
    ['a 11-character colour', { name: 'Valid name', color: '#1234567890' }, 'color', 'Cor inválida'],
    ['kanban 2', { name: 'Valid name', color: '#fff', kanban: 2 }, 'kanban', 'Kanban deve ser 0 ou 1'],
  ])('refuses %s with 400 ERR_VALIDATION: %s %s', async (_case, body, path, message) => {
    const response = await createTag(a.admin.token, body);

    expect(response.status).toBe(400);
    expect(response.body).toMatchObject({ error: 'ERR_VALIDATION', fields: [{ path, message }] });
  });

  it('answers 404 ERR_NO_TAG_FOUND for an unknown id and 400 for a malformed one', async () => {
    expect(await cloud.api(`/tags/${ulid()}`, { token: a.admin.token })).toEqual({ status: 404, body: { error: 'ERR_NO_TAG_FOUND' } });
    expect(await cloud.api('/tags/not-an-id', { token: a.admin.token })).toMatchObject({
      status: 400,
      body: { error: 'ERR_VALIDATION', fields: [{ path: 'id' }] },
    });
  });
});

describe('GET /tags', () => {
  it('pages the search 20 tags at a time with hasMore, sorted by name', async () => {
    const tenant = await createTenant(cloud);
    for (let index = 1; index <= 23; index += 1) {
      await newTag(tenant.admin.token, { name: `Etiqueta ${String(index).padStart(2, '0')}` });
    }

    const first = await cloud.api('/tags?pageNumber=1', { token: tenant.admin.token });
    const second = await cloud.api('/tags?pageNumber=2', { token: tenant.admin.token });

    expect(first.status).toBe(200);
    expect(first.body.hasMore).toBe(true);
    expect(first.body.tags).toHaveLength(20);
    expect(first.body.tags[0]).toMatchObject({ name: 'Etiqueta 01', ticketsCount: 0 });
    expect(second.body).toEqual({ tags: expect.any(Array), hasMore: false });
    expect(second.body.tags.map((tag: { name: string }) => tag.name)).toEqual(['Etiqueta 21', 'Etiqueta 22', 'Etiqueta 23']);
  });

  it('finds tags by name ignoring accents and case', async () => {
    const tag = await newTag(a.admin.token, { name: `Promoção ${ulid().slice(-6)}` });

    const response = await cloud.api(`/tags?searchParam=${encodeURIComponent('PROMOCAO')}`, { token: plainUser.token });

    expect(response.status).toBe(200);
    expect(response.body.tags.map((found: { id: string }) => found.id)).toContain(tag.id);
    expect(response.body.tags.every((found: { name: string }) => found.name.startsWith('Promoção'))).toBe(true);
  });

  it('shows the ticket counter kept by ticket tagging, and an update leaves it alone', async () => {
    const tag = await newTag(a.admin.token);
    // What ticket tagging (a later issue) does when two tickets get the tag.
    await dynamo().send(
      new UpdateCommand({
        TableName: cloud.tableName,
        Key: keys.tag(a.companyId, tag.id),
        UpdateExpression: 'ADD ticketsCount :two',
        ExpressionAttributeValues: { ':two': 2 },
      }),
    );

    const renamed = await updateTag(a.admin.token, tag.id, { name: `${tag.name} renamed`, color: '#000000' });
    const listed = await cloud.api(`/tags?searchParam=${encodeURIComponent(`${tag.name} renamed`)}`, { token: a.admin.token });

    expect(renamed.body.ticketsCount).toBe(2);
    expect(listed.body.tags).toEqual([expect.objectContaining({ id: tag.id, ticketsCount: 2 })]);
  });

  it.each([
    ['page 0', 'pageNumber=0'],
    ['a page that is not a number', 'pageNumber=abc'],
    ['a 201-character search', `searchParam=${'x'.repeat(201)}`],
  ])('refuses %s with 400', async (_case, query) => {
    const response = await cloud.api(`/tags?${query}`, { token: a.admin.token });

    expect(response).toMatchObject({ status: 400, body: { error: 'ERR_VALIDATION' } });
  });
});

describe('GET /tags/list', () => {
  it("answers every tag of the company with id, name, colour and kanban only", async () => {
    const tag = await newTag(a.admin.token);

    const response = await cloud.api('/tags/list', { token: plainUser.token });

    expect(response.status).toBe(200);
    expect(response.body).toContainEqual({ id: tag.id, name: tag.name, color: tag.color, kanban: 0 });
    for (const item of response.body) expect(Object.keys(item).sort()).toEqual(['color', 'id', 'kanban', 'name']);
  });
});

describe('the kanban flag', () => {
  it('refuses a kanban tag from a plain user and creates nothing', async () => {
    const name = uniqueName('Lane');

    const response = await createTag(plainUser.token, { name, color: '#22c55e', kanban: 1 });

    expect(response).toEqual({ status: 403, body: { error: 'ERR_NO_PERMISSION' } });
    const list = await cloud.api('/tags/list', { token: a.admin.token });
    expect(list.body.map((tag: { name: string }) => tag.name)).not.toContain(name);
  });

  it.each([
    ['a supervisor', () => supervisor],
    ['an admin', () => a.admin],
  ])('lets %s create a kanban tag and switch the flag', async (_profile, caller) => {
    const tag = await newTag(caller().token, { kanban: 1 });

    const switched = await updateTag(caller().token, tag.id, { name: tag.name, color: tag.color, kanban: 0 });

    expect(tag.kanban).toBe(1);
    expect(switched).toMatchObject({ status: 200, body: { id: tag.id, kanban: 0 } });
  });

  it('refuses a plain user who changes the flag, and leaves the tag as it was', async () => {
    const tag = await newTag(supervisor.token, { kanban: 1 });

    const response = await updateTag(plainUser.token, tag.id, { name: `${tag.name} x`, color: tag.color, kanban: 0 });

    expect(response).toEqual({ status: 403, body: { error: 'ERR_NO_PERMISSION' } });
    expect((await cloud.api(`/tags/${tag.id}`, { token: a.admin.token })).body).toMatchObject({ name: tag.name, kanban: 1 });
  });

  it('lets a plain user rename a kanban tag, sending the flag unchanged or not at all', async () => {
    const tag = await newTag(a.admin.token, { kanban: 1 });

    const same = await updateTag(plainUser.token, tag.id, { name: `${tag.name} a`, color: '#111111', kanban: 1 });
    const without = await updateTag(plainUser.token, tag.id, { name: `${tag.name} b`, color: '#222222' });

    expect(same).toMatchObject({ status: 200, body: { name: `${tag.name} a`, color: '#111111', kanban: 1 } });
    expect(without).toMatchObject({ status: 200, body: { name: `${tag.name} b`, color: '#222222', kanban: 1 } });
  });
});

describe('GET /tags/kanban', () => {
  it('answers the kanban tags of the company as `lista`', async () => {
    const lane = await newTag(a.admin.token, { kanban: 1 });
    const plain = await newTag(a.admin.token);

    const response = await cloud.api('/tags/kanban', { token: plainUser.token });

    expect(response.status).toBe(200);
    const ids = response.body.lista.map((tag: { id: string }) => tag.id);
    expect(ids).toContain(lane.id);
    expect(ids).not.toContain(plain.id);
    expect(response.body.lista.every((tag: { kanban: number }) => tag.kanban === 1)).toBe(true);
  });

  it("is refused with 403 ERR_NO_PERMISSION when the company's plan has no kanban", async () => {
    const tenant = await createTenant(cloud, { useKanban: false });
    await newTag(tenant.admin.token, { kanban: 1 });

    const response = await cloud.api('/tags/kanban', { token: tenant.admin.token });

    expect(response).toEqual({ status: 403, body: { error: 'ERR_NO_PERMISSION' } });
  });
});

describe('PUT /tags/{id}', () => {
  it('changes name and colour and answers the tag', async () => {
    const tag = await newTag(plainUser.token);

    const response = await updateTag(plainUser.token, tag.id, { name: `${tag.name} 2`, color: '#ABCDEF' });

    expect(response).toMatchObject({ status: 200, body: { id: tag.id, name: `${tag.name} 2`, color: '#ABCDEF', kanban: 0 } });
    expect((await cloud.api(`/tags/${tag.id}`, { token: a.admin.token })).body).toEqual(response.body);
  });

  it.each([
    ['a 2-character name', { name: 'ab', color: '#ffffff' }, 'name', 'Mensagem muito curta'],
    ['no name', { color: '#ffffff' }, 'name', 'Obrigatório'],
    ['an empty colour', { name: 'Valid name', color: '' }, 'color', 'Obrigatório'],
    ["kanban '1' as text", { name: 'Valid name', color: '#ffffff', kanban: '1' }, 'kanban', 'Kanban deve ser 0 ou 1'],
  ])('refuses %s with 400 ERR_VALIDATION: %s %s', async (_case, body, path, message) => {
    const tag = await newTag(a.admin.token);

    const response = await updateTag(a.admin.token, tag.id, body);

    expect(response).toMatchObject({ status: 400, body: { error: 'ERR_VALIDATION', fields: [{ path, message }] } });
  });

  it('answers 404 ERR_NO_TAG_FOUND for an unknown id', async () => {
    const response = await updateTag(a.admin.token, ulid(), { name: 'Whatever', color: '#ffffff' });

    expect(response).toEqual({ status: 404, body: { error: 'ERR_NO_TAG_FOUND' } });
  });
});

describe('DELETE /tags/{id}', () => {
  it('deletes the tag for an administrator; it is then not found', async () => {
    const tag = await newTag(plainUser.token);

    const response = await cloud.api(`/tags/${tag.id}`, { method: 'DELETE', token: a.admin.token });

    expect(response.status).toBe(204);
    expect(await cloud.api(`/tags/${tag.id}`, { token: a.admin.token })).toEqual({ status: 404, body: { error: 'ERR_NO_TAG_FOUND' } });
    expect(await cloud.api(`/tags/${tag.id}`, { method: 'DELETE', token: a.admin.token })).toEqual({
      status: 404,
      body: { error: 'ERR_NO_TAG_FOUND' },
    });
  });

  it.each([
    ['plain user', () => plainUser],
    ['supervisor', () => supervisor],
  ])('refuses a %s with 403 ERR_NO_PERMISSION and keeps the tag', async (_who, caller) => {
    const tag = await newTag(caller().token);

    const response = await cloud.api(`/tags/${tag.id}`, { method: 'DELETE', token: caller().token });

    expect(response).toEqual({ status: 403, body: { error: 'ERR_NO_PERMISSION' } });
    expect((await cloud.api(`/tags/${tag.id}`, { token: a.admin.token })).status).toBe(200);
  });

  it('refuses a malformed id with 400', async () => {
    const response = await cloud.api('/tags/123', { method: 'DELETE', token: a.admin.token });

    expect(response).toMatchObject({ status: 400, body: { error: 'ERR_VALIDATION', fields: [{ path: 'id' }] } });
  });
});

describe('realtime', () => {
  it("tells the company's users about a tag created, changed and deleted, and no other company", async () => {
    const other = await createTenant(cloud);
    const colleague = await listen(cloud, plainUser.token);
    const stranger = await listen(cloud, other.admin.token);

    const tag = await newTag(supervisor.token);
    const renamed = await updateTag(supervisor.token, tag.id, { name: `${tag.name} novo`, color: '#123456' });
    expect(renamed.status).toBe(200);
    expect((await cloud.api(`/tags/${tag.id}`, { method: 'DELETE', token: a.admin.token })).status).toBe(204);
    await colleague.waitFor((frame) => frame.event.endsWith('-tag') && frame.data.action === 'delete');
    colleague.close();
    stranger.close();

    const tagFrames = (frames: readonly Frame[]) => frames.filter((frame) => frame.event.endsWith('-tag'));
    expect(tagFrames(colleague.frames)).toEqual([
      { event: `company-${a.companyId}-tag`, data: { action: 'create', tag } },
      { event: `company-${a.companyId}-tag`, data: { action: 'update', tag: renamed.body } },
      { event: `company-${a.companyId}-tag`, data: { action: 'delete', tagId: tag.id } },
    ]);
    expect(tagFrames(stranger.frames)).toEqual([]);
  });
});
