/**
 * Tenant isolation of the tag routes: A never reads, changes or deletes a tag of B, whatever ids and
 * `companyId` it sends; what A creates lands in A.
 */
import type { RouteKeyOf } from '../../../infra/resources/http-routes';
import type { TestCloud } from '../../support/local-cloud';
import type { Tenant } from '../../support/tenants';
import type { Probe } from './probe';

interface StoredTag {
  readonly id: string;
  readonly name: string;
  readonly color: string;
  readonly kanban: number;
}

/** A tag of B, created by B's admin; kanban so that it is also a lane of B's board. */
async function tagOfB(cloud: TestCloud, b: Tenant): Promise<StoredTag> {
  const response = await cloud.api('/tags', {
    method: 'POST',
    token: b.admin.token,
    body: { name: `B tag ${Date.now().toString(36)}`, color: '#b91c1c', kanban: 1 },
  });
  expect(response.status).toBe(201);
  return response.body;
}

/** B's admin reads the tag: still there, exactly as it was. */
async function expectUnchanged(cloud: TestCloud, b: Tenant, tag: StoredTag): Promise<void> {
  const response = await cloud.api(`/tags/${tag.id}`, { token: b.admin.token });
  expect(response.status).toBe(200);
  expect(response.body).toMatchObject({ id: tag.id, name: tag.name, color: tag.color, kanban: tag.kanban });
}

const ids = (tags: readonly { id: string }[]) => tags.map((tag) => tag.id);

export const tagsProbes: Record<RouteKeyOf<'tags'>, Probe> = {
  'GET /tags': async ({ cloud, a, b }) => {
    const tag = await tagOfB(cloud, b);

    const response = await cloud.api(`/tags?companyId=${b.companyId}&searchParam=${encodeURIComponent(tag.name)}`, {
      token: a.user.token,
    });

    expect(response).toEqual({ status: 200, body: { tags: [], hasMore: false } });
    await expectUnchanged(cloud, b, tag);
  },

  'GET /tags/list': async ({ cloud, a, b }) => {
    const tag = await tagOfB(cloud, b);

    const response = await cloud.api(`/tags/list?companyId=${b.companyId}`, { token: a.user.token });

    expect(response.status).toBe(200);
    expect(ids(response.body)).not.toContain(tag.id);
    await expectUnchanged(cloud, b, tag);
  },

  'GET /tags/kanban': async ({ cloud, a, b }) => {
    const tag = await tagOfB(cloud, b);

    const response = await cloud.api(`/tags/kanban?companyId=${b.companyId}`, { token: a.admin.token });

    expect(response.status).toBe(200);
    expect(ids(response.body.lista)).not.toContain(tag.id);
    await expectUnchanged(cloud, b, tag);
  },

  'GET /tags/{id}': async ({ cloud, a, b }) => {
    const tag = await tagOfB(cloud, b);

    const response = await cloud.api(`/tags/${tag.id}?companyId=${b.companyId}`, { token: a.admin.token });

    expect(response).toEqual({ status: 404, body: { error: 'ERR_NO_TAG_FOUND' } });
    await expectUnchanged(cloud, b, tag);
  },

  'POST /tags': async ({ cloud, a, b }) => {
    const name = `A tag ${Date.now().toString(36)}`;

    const response = await cloud.api(`/tags?companyId=${b.companyId}`, {
      method: 'POST',
      token: a.user.token,
      body: { name, color: '#1d4ed8', companyId: b.companyId, userId: b.admin.id },
    });

    expect(response.status).toBe(201);
    expect(response.body.userId).toBe(a.user.id);
    expect((await cloud.api(`/tags/${response.body.id}`, { token: a.admin.token })).status).toBe(200);
    expect(await cloud.api(`/tags/${response.body.id}`, { token: b.admin.token })).toEqual({
      status: 404,
      body: { error: 'ERR_NO_TAG_FOUND' },
    });
    expect(ids((await cloud.api('/tags/list', { token: b.admin.token })).body)).not.toContain(response.body.id);
  },

  'PUT /tags/{id}': async ({ cloud, a, b }) => {
    const tag = await tagOfB(cloud, b);

    const response = await cloud.api(`/tags/${tag.id}?companyId=${b.companyId}`, {
      method: 'PUT',
      token: a.admin.token,
      body: { name: 'Taken over', color: '#000000', kanban: 0, companyId: b.companyId },
    });

    expect(response).toEqual({ status: 404, body: { error: 'ERR_NO_TAG_FOUND' } });
    await expectUnchanged(cloud, b, tag);
  },

  'DELETE /tags/{id}': async ({ cloud, a, b }) => {
    const tag = await tagOfB(cloud, b);

    const response = await cloud.api(`/tags/${tag.id}?companyId=${b.companyId}`, { method: 'DELETE', token: a.admin.token });

    expect(response).toEqual({ status: 404, body: { error: 'ERR_NO_TAG_FOUND' } });
    await expectUnchanged(cloud, b, tag);
  },
};
