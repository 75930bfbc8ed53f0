/**
 * Tenant-isolation probes of the queues module: company A's admin (the strongest caller: a plain user
 * is refused writes anyway) calls each route with B's ids and B's companyId in query and body; the
 * answer is A's own data or the same 404 a missing id gets, and B's data reads back unchanged.
 */
import { randomBytes } from 'node:crypto';
import type { RouteKeyOf } from '../../../infra/resources/http-routes';
import type { TestCloud } from '../../support/local-cloud';
import type { Tenant } from '../../support/tenants';
import type { Probe } from './probe';

const randomColor = () => `#${randomBytes(3).toString('hex')}`;

const readQueue = (cloud: TestCloud, owner: Tenant, queueId: string) => cloud.api(`/queue/${queueId}`, { token: owner.admin.token });

const readOptions = (cloud: TestCloud, owner: Tenant, queueId: string) =>
  cloud.api(`/queue-options?queueId=${queueId}&parentId=-1`, { token: owner.admin.token });

/** A top-level option of B's first queue, made by B's admin. */
async function optionOfB(cloud: TestCloud, b: Tenant): Promise<{ id: string }> {
  const response = await cloud.api('/queue-options', {
    method: 'POST',
    token: b.admin.token,
    body: { queueId: b.queueId, title: `B menu ${randomBytes(3).toString('hex')}`, message: 'B' },
  });
  if (response.status !== 201) throw new Error(`POST /queue-options as B answered ${response.status}`);
  return response.body;
}

export const queuesProbes: Record<RouteKeyOf<'queues'>, Probe> = {
  'GET /queue': async ({ cloud, a, b }) => {
    const response = await cloud.api(`/queue?companyId=${b.companyId}`, { token: a.user.token });

    expect(response.status).toBe(200);
    const ids = response.body.map((queue: { id: string }) => queue.id);
    expect(ids).toContain(a.queueId);
    expect(ids).not.toContain(b.queueId);
  },

  'GET /queue/{id}': async ({ cloud, a, b }) => {
    const response = await cloud.api(`/queue/${b.queueId}?companyId=${b.companyId}`, { token: a.admin.token });

    expect(response).toMatchObject({ status: 404, body: { error: 'ERR_NO_QUEUE_FOUND' } });
  },

  'POST /queue': async ({ cloud, a, b }) => {
    const before = await cloud.api('/queue', { token: b.admin.token });

    const response = await cloud.api(`/queue?companyId=${b.companyId}`, {
      method: 'POST',
      token: a.admin.token,
      body: { companyId: b.companyId, name: 'Probe', color: randomColor(), greetingMessage: 'Oi' },
    });

    expect(response.status).toBe(201);
    expect((await readQueue(cloud, a, response.body.id)).status).toBe(200);
    expect(await cloud.api('/queue', { token: b.admin.token })).toEqual(before);
    await cloud.api(`/queue/${response.body.id}`, { method: 'DELETE', token: a.admin.token });
  },

  'PUT /queue/{id}': async ({ cloud, a, b }) => {
    const before = await readQueue(cloud, b, b.queueId);

    const response = await cloud.api(`/queue/${b.queueId}?companyId=${b.companyId}`, {
      method: 'PUT',
      token: a.admin.token,
      body: { companyId: b.companyId, name: 'Taken over', color: randomColor(), greetingMessage: 'Oi' },
    });

    expect(response).toMatchObject({ status: 404, body: { error: 'ERR_NO_QUEUE_FOUND' } });
    expect(await readQueue(cloud, b, b.queueId)).toEqual(before);
  },

  'DELETE /queue/{id}': async ({ cloud, a, b }) => {
    const before = await readQueue(cloud, b, b.queueId);

    const response = await cloud.api(`/queue/${b.queueId}?companyId=${b.companyId}`, { method: 'DELETE', token: a.admin.token });

    expect(response).toMatchObject({ status: 404, body: { error: 'ERR_NO_QUEUE_FOUND' } });
    expect(await readQueue(cloud, b, b.queueId)).toEqual(before);
  },

  'GET /queue-options': async ({ cloud, a, b }) => {
    const option = await optionOfB(cloud, b);

    const ofQueue = await cloud.api(`/queue-options?queueId=${b.queueId}&parentId=-1&companyId=${b.companyId}`, { token: a.admin.token });
    const underParent = await cloud.api(`/queue-options?queueId=${a.queueId}&parentId=${option.id}&companyId=${b.companyId}`, {
      token: a.admin.token,
    });

    expect(ofQueue).toMatchObject({ status: 404, body: { error: 'ERR_NO_QUEUE_FOUND' } });
    expect(underParent).toMatchObject({ status: 404, body: { error: 'ERR_NO_QUEUE_OPTION_FOUND' } });
  },

  'POST /queue-options': async ({ cloud, a, b }) => {
    const option = await optionOfB(cloud, b);
    const before = await readOptions(cloud, b, b.queueId);

    const inQueue = await cloud.api(`/queue-options?companyId=${b.companyId}`, {
      method: 'POST',
      token: a.admin.token,
      body: { companyId: b.companyId, queueId: b.queueId, title: 'Probe' },
    });
    const underParent = await cloud.api('/queue-options', {
      method: 'POST',
      token: a.admin.token,
      body: { companyId: b.companyId, queueId: a.queueId, parentId: option.id, title: 'Probe' },
    });

    expect(inQueue).toMatchObject({ status: 404, body: { error: 'ERR_NO_QUEUE_FOUND' } });
    expect(underParent).toMatchObject({ status: 404, body: { error: 'ERR_NO_QUEUE_OPTION_FOUND' } });
    expect(await readOptions(cloud, b, b.queueId)).toEqual(before);
  },

  'PUT /queue-options/{id}': async ({ cloud, a, b }) => {
    const option = await optionOfB(cloud, b);
    const before = await readOptions(cloud, b, b.queueId);

    const response = await cloud.api(`/queue-options/${option.id}?companyId=${b.companyId}`, {
      method: 'PUT',
      token: a.admin.token,
      body: { companyId: b.companyId, title: 'Taken over', option: 99 },
    });

    expect(response).toMatchObject({ status: 404, body: { error: 'ERR_NO_QUEUE_OPTION_FOUND' } });
    expect(await readOptions(cloud, b, b.queueId)).toEqual(before);
  },

  'DELETE /queue-options/{id}': async ({ cloud, a, b }) => {
    const option = await optionOfB(cloud, b);
    const before = await readOptions(cloud, b, b.queueId);

    const response = await cloud.api(`/queue-options/${option.id}?companyId=${b.companyId}`, { method: 'DELETE', token: a.admin.token });

    expect(response).toMatchObject({ status: 404, body: { error: 'ERR_NO_QUEUE_OPTION_FOUND' } });
    expect(await readOptions(cloud, b, b.queueId)).toEqual(before);
  },
};
