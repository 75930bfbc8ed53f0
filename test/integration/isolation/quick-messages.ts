/**
 * Tenant isolation of the quick-message routes: A never reads, changes, deletes or attaches to a quick
 * message of B, shared or not, whatever ids and `companyId`/`userId` it sends; what A creates lands in
 * A. Afterwards B's admin reads B's quick message exactly as before.
 */
import type { RouteKeyOf } from '../../../infra/resources/http-routes';
import type { TestCloud } from '../../support/local-cloud';
import type { Tenant } from '../../support/tenants';
import { PNG_BYTES } from './announcements';
import { postForm } from './messages';
import type { Probe } from './probe';

interface StoredQuickMessage {
  readonly id: string;
  readonly shortcode: string;
  readonly message: string;
  readonly mediaName: string | null;
  readonly updatedAt: string;
}

let counter = 0;

/** A shared quick message of B with an attachment: the most exposed kind. */
async function quickMessageOfB(cloud: TestCloud, b: Tenant): Promise<StoredQuickMessage> {
  counter += 1;
  const response = await cloud.api('/quick-messages', {
    method: 'POST',
    token: b.admin.token,
    body: { shortcode: `bqm${counter}${Date.now().toString(36)}`, message: 'Texto de B', geral: true },
  });
  expect(response.status).toBe(201);
  const upload = await postForm(cloud, `/quick-messages/${response.body.id}/media-upload`, b.admin.token, [
    { field: 'file', name: 'b.png', bytes: PNG_BYTES },
  ]);
  expect(upload.status).toBe(200);
  return upload.body;
}

async function expectUnchanged(cloud: TestCloud, b: Tenant, quickMessage: StoredQuickMessage): Promise<void> {
  const response = await cloud.api(`/quick-messages/${quickMessage.id}`, { token: b.admin.token });
  expect(response.status).toBe(200);
  expect(response.body).toMatchObject({
    shortcode: quickMessage.shortcode,
    message: quickMessage.message,
    mediaName: quickMessage.mediaName,
    updatedAt: quickMessage.updatedAt,
  });
}

const notFound = { status: 404, body: { error: 'ERR_NO_QUICKMESSAGE_FOUND' } };

export const quickMessagesProbes: Record<RouteKeyOf<'quick-messages'>, Probe> = {
  'GET /quick-messages': async ({ cloud, a, b }) => {
    const quickMessage = await quickMessageOfB(cloud, b);

    const response = await cloud.api(`/quick-messages?companyId=${b.companyId}&searchParam=${quickMessage.shortcode}`, { token: a.user.token });

    expect(response).toEqual({ status: 200, body: { records: [], hasMore: false } });
    await expectUnchanged(cloud, b, quickMessage);
  },

  'GET /quick-messages/list': async ({ cloud, a, b }) => {
    const quickMessage = await quickMessageOfB(cloud, b);

    const response = await cloud.api(`/quick-messages/list?companyId=${b.companyId}&userId=${b.admin.id}`, { token: a.user.token });

    expect(response.status).toBe(200);
    expect(response.body.map((record: { id: string }) => record.id)).not.toContain(quickMessage.id);
    await expectUnchanged(cloud, b, quickMessage);
  },

  'GET /quick-messages/{id}': async ({ cloud, a, b }) => {
    const quickMessage = await quickMessageOfB(cloud, b);

    expect(await cloud.api(`/quick-messages/${quickMessage.id}?companyId=${b.companyId}`, { token: a.admin.token })).toEqual(notFound);
    await expectUnchanged(cloud, b, quickMessage);
  },

  'POST /quick-messages': async ({ cloud, a, b }) => {
    const response = await cloud.api(`/quick-messages?companyId=${b.companyId}`, {
      method: 'POST',
      token: a.user.token,
      body: { shortcode: `aqm${Date.now().toString(36)}`, message: 'De A', geral: true, companyId: b.companyId, userId: b.admin.id },
    });

    expect(response.status).toBe(201);
    expect(response.body.userId).toBe(a.user.id);
    expect((await cloud.api(`/quick-messages/${response.body.id}`, { token: a.admin.token })).status).toBe(200);
    expect(await cloud.api(`/quick-messages/${response.body.id}`, { token: b.admin.token })).toEqual(notFound);
    const listOfB = await cloud.api('/quick-messages/list', { token: b.admin.token });
    expect(listOfB.body.map((record: { id: string }) => record.id)).not.toContain(response.body.id);
  },

  'PUT /quick-messages/{id}': async ({ cloud, a, b }) => {
    const quickMessage = await quickMessageOfB(cloud, b);

    const response = await cloud.api(`/quick-messages/${quickMessage.id}?companyId=${b.companyId}`, {
      method: 'PUT',
      token: a.admin.token,
      body: { shortcode: 'tomado', message: 'Tomado', companyId: b.companyId },
    });

    expect(response).toEqual(notFound);
    await expectUnchanged(cloud, b, quickMessage);
  },

  'DELETE /quick-messages/{id}': async ({ cloud, a, b }) => {
    const quickMessage = await quickMessageOfB(cloud, b);

    expect(await cloud.api(`/quick-messages/${quickMessage.id}?companyId=${b.companyId}`, { method: 'DELETE', token: a.admin.token })).toEqual(notFound);
    await expectUnchanged(cloud, b, quickMessage);
  },

  'POST /quick-messages/{id}/media-upload': async ({ cloud, a, b }) => {
    const quickMessage = await quickMessageOfB(cloud, b);

    const response = await postForm(cloud, `/quick-messages/${quickMessage.id}/media-upload?companyId=${b.companyId}`, a.admin.token, [
      { field: 'file', name: 'a.png', bytes: PNG_BYTES },
    ]);

    expect(response).toEqual(notFound);
    await expectUnchanged(cloud, b, quickMessage);
  },

  'DELETE /quick-messages/{id}/media-upload': async ({ cloud, a, b }) => {
    const quickMessage = await quickMessageOfB(cloud, b);

    const response = await cloud.api(`/quick-messages/${quickMessage.id}/media-upload?companyId=${b.companyId}`, {
      method: 'DELETE',
      token: a.admin.token,
    });

    expect(response).toEqual(notFound);
    await expectUnchanged(cloud, b, quickMessage);
  },
};
