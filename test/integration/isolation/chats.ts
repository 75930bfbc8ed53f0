/**
 * Tenant isolation of the internal chat routes: A lists, reads, changes, deletes, posts to and reads
 * its own chats only; B's chat answers as one that does not exist, whatever `companyId` A sends, and
 * B's users cannot be made members of A's chat. B's chat stays as it was.
 */
import type { RouteKeyOf } from '../../../infra/resources/http-routes';
import type { TestCloud } from '../../support/local-cloud';
import type { Tenant } from '../../support/tenants';
import type { SignedInUser } from '../../support/tenants';
import { postForm } from './messages';
import type { Probe } from './probe';

type TenantWithUser = Tenant & { readonly user: SignedInUser };

/** A chat of B's admin with B's user, with one message. */
async function chatOfB(cloud: TestCloud, b: TenantWithUser): Promise<{ id: string; updatedAt: string }> {
  const created = await cloud.api('/chats', { method: 'POST', token: b.admin.token, body: { title: 'Conversa de B', users: [b.user.id] } });
  expect(created.status).toBe(201);
  const posted = await cloud.api(`/chats/${created.body.id}/messages`, { method: 'POST', token: b.admin.token, body: { message: 'Segredo de B' } });
  expect(posted.status).toBe(201);
  return { id: String(created.body.id), updatedAt: String(posted.body.createdAt) };
}

const noChat = { status: 404, body: { error: 'ERR_NO_CHAT_FOUND' } };

async function bStillHas(cloud: TestCloud, b: TenantWithUser, chat: { id: string; updatedAt: string }): Promise<void> {
  const shown = await cloud.api(`/chats/${chat.id}`, { token: b.user.token });
  expect(shown.status).toBe(200);
  expect(shown.body).toMatchObject({ title: 'Conversa de B', ownerId: b.admin.id, lastMessage: 'Segredo de B', updatedAt: chat.updatedAt });
  expect(shown.body.users.map((member: { userId: string }) => member.userId)).toEqual([b.admin.id, b.user.id]);
  expect(shown.body.users[1].unreads).toBe(1);
  const messages = await cloud.api(`/chats/${chat.id}/messages`, { token: b.user.token });
  expect(messages.body.records.map((message: { message: string }) => message.message)).toEqual(['Segredo de B']);
}

export const chatsProbes: Record<RouteKeyOf<'chats'>, Probe> = {
  'GET /chats': async ({ cloud, a, b }) => {
    const chat = await chatOfB(cloud, b);

    const response = await cloud.api(`/chats?companyId=${b.companyId}&searchParam=Conversa`, { token: a.admin.token });

    expect(response.status).toBe(200);
    expect(response.body.records.map((record: { id: string }) => record.id)).not.toContain(chat.id);
  },

  'GET /chats/unread': async ({ cloud, a, b }) => {
    await chatOfB(cloud, b);

    const response = await cloud.api(`/chats/unread?companyId=${b.companyId}`, { token: a.user.token });

    expect(response).toEqual({ status: 200, body: { chats: 0 } });
  },

  'POST /chats': async ({ cloud, a, b }) => {
    const withB = await cloud.api(`/chats?companyId=${b.companyId}`, {
      method: 'POST',
      token: a.admin.token,
      body: { title: 'Com B', users: [b.user.id], companyId: b.companyId },
    });
    expect(withB).toEqual({ status: 404, body: { error: 'ERR_NO_USER_FOUND' } });
    expect(await cloud.api('/chats', { token: b.user.token })).toMatchObject({ status: 200, body: { records: expect.not.arrayContaining([expect.objectContaining({ title: 'Com B' })]) } });

    const own = await cloud.api('/chats', { method: 'POST', token: a.admin.token, body: { title: 'De A', users: [a.user.id], companyId: b.companyId } });
    expect(own.status).toBe(201);
    expect(await cloud.api(`/chats/${own.body.id}`, { token: b.admin.token })).toEqual(noChat);
  },

  'GET /chats/{id}': async ({ cloud, a, b }) => {
    const chat = await chatOfB(cloud, b);

    expect(await cloud.api(`/chats/${chat.id}?companyId=${b.companyId}`, { token: a.admin.token })).toEqual(noChat);
  },

  'PUT /chats/{id}': async ({ cloud, a, b }) => {
    const chat = await chatOfB(cloud, b);

    const response = await cloud.api(`/chats/${chat.id}`, {
      method: 'PUT',
      token: a.admin.token,
      body: { title: 'Tomada', users: [a.user.id], companyId: b.companyId },
    });

    expect(response).toEqual(noChat);
    await bStillHas(cloud, b, chat);
  },

  'DELETE /chats/{id}': async ({ cloud, a, b }) => {
    const chat = await chatOfB(cloud, b);

    expect(await cloud.api(`/chats/${chat.id}?companyId=${b.companyId}`, { method: 'DELETE', token: a.admin.token })).toEqual(noChat);
    await bStillHas(cloud, b, chat);
  },

  'GET /chats/{id}/messages': async ({ cloud, a, b }) => {
    const chat = await chatOfB(cloud, b);

    expect(await cloud.api(`/chats/${chat.id}/messages?companyId=${b.companyId}`, { token: a.admin.token })).toEqual(noChat);
  },

  'POST /chats/{id}/messages': async ({ cloud, a, b }) => {
    const chat = await chatOfB(cloud, b);

    expect(await cloud.api(`/chats/${chat.id}/messages`, { method: 'POST', token: a.admin.token, body: { message: 'Intruso', companyId: b.companyId } })).toEqual(noChat);
    expect(await postForm(cloud, `/chats/${chat.id}/messages`, a.admin.token, [{ field: 'file', name: 'intruso.pdf', bytes: Buffer.from('%PDF-1.4 intruso') }])).toEqual(noChat);
    await bStillHas(cloud, b, chat);
  },

  'POST /chats/{id}/read': async ({ cloud, a, b }) => {
    const chat = await chatOfB(cloud, b);

    expect(await cloud.api(`/chats/${chat.id}/read`, { method: 'POST', token: a.user.token, body: { userId: b.user.id } })).toEqual(noChat);
    await bStillHas(cloud, b, chat);
  },
};
