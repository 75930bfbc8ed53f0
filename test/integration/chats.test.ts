/**
 * Internal chat on the local cloud (spec 3 §2 Internal chat, §3-§8; checklist C-014, C-028, C-203,
 * C-212, A-051 to A-057, A-077, A-087, A-088, A-110, A-111, A-123): chats between users of a company
 * with their members only, each member's unread count and dot kept on write, messages newest first
 * behind a cursor, the owner's changes, live `chat` events to the members' own sockets and to nobody
 * else, a deleted user leaving their chats, the plan's gate, and bad input refused with nothing changed.
 */
import { PNG_BYTES } from './isolation/announcements';
import { postForm } from './isolation/messages';
import { listen, type Frame, type Listener } from '../support/listen';
import type { TestCloud } from '../support/local-cloud';
import { sharedTestCloud } from '../support/shared-cloud';
import { ifAssigned } from '../support/teardown';
import { addUser, createTenant, type SignedInUser, type Tenant } from '../support/tenants';

let cloud: TestCloud;
let tenant: Tenant;
/** A: the tenant's admin, who creates the chats. B and D: members. C: a colleague outside them. */
let b: SignedInUser;
let c: SignedInUser;
let d: SignedInUser;
const ears: Record<'a' | 'b' | 'c' | 'd', Listener> = {} as Record<'a' | 'b' | 'c' | 'd', Listener>;

// `any`: like cloud.api, each test asserts on the shape it expects.
// eslint-disable-next-line @typescript-eslint/no-explicit-any
type Answer = { status: number; body: any };
interface ChatBody {
  id: string;
  uuid: string;
  title: string;
  ownerId: string;
  lastMessage: string;
  updatedAt: string;
  createdAt: string;
  users: { userId: string; unreads: number | null; user: { id: string; name: string } }[];
}

const MISSING_ID = '01ARZ3NDEKTSV4RRFFQ69G5FAV';
const noChat = { status: 404, body: { error: 'ERR_NO_CHAT_FOUND' } };

const call = (path: string, init: { method?: string; body?: unknown } = {}, token = tenant.admin.token): Promise<Answer> =>
  cloud.api(path, { ...init, token });
const newChat = async (title: string, users: readonly SignedInUser[], token = tenant.admin.token) => {
  const response = await call('/chats', { method: 'POST', body: { title, users: users.map((user) => user.id) } }, token);
  expect(response.status).toBe(201);
  return response.body as ChatBody;
};
const post = async (chatId: string, message: string, token = tenant.admin.token) => {
  const response = await call(`/chats/${chatId}/messages`, { method: 'POST', body: { message } }, token);
  expect(response.status).toBe(201);
  return response.body as { id: string; message: string; createdAt: string };
};
const unreadsOf = (chat: ChatBody, user: { id: string }) => chat.users.find((member) => member.userId === user.id)?.unreads;
const chatEvent = (frame: Frame) => frame.event === `company-${tenant.companyId}-chat`;
const heard = (who: keyof typeof ears, match: (data: Record<string, unknown>) => boolean) => ears[who].waitFor((frame) => chatEvent(frame) && match(frame.data));

/**
 * Waits until the socket has heard an event of the company published now (a tag created), so whatever
 * was published before it has had its chance to arrive.
 */
async function settle(who: keyof typeof ears): Promise<void> {
  const tag = await call('/tags', { method: 'POST', body: { name: `Marca ${Date.now()}-${Math.random()}`, color: '#0f766e' } });
  expect(tag.status).toBe(201);
  await ears[who].waitFor((frame) => frame.event === `company-${tenant.companyId}-tag` && frame.data.tag?.id === tag.body.id);
}

/** Whether a socket heard any `chat` event about this chat, asked once it has settled. */
async function heardOf(who: keyof typeof ears, chatId: string): Promise<boolean> {
  await settle(who);
  return ears[who].frames.some((frame) => chatEvent(frame) && (frame.data.id === chatId || frame.data.record?.id === chatId));
}

beforeAll(async () => {
  cloud = await sharedTestCloud();
  tenant = await createTenant(cloud);
  [b, c, d] = [await addUser(cloud, tenant), await addUser(cloud, tenant), await addUser(cloud, tenant)];
  [ears.a, ears.b, ears.c, ears.d] = await Promise.all([listen(cloud, tenant.admin.token), listen(cloud, b.token), listen(cloud, c.token), listen(cloud, d.token)]);
}, 60_000);

afterAll(() => {
  for (const ear of Object.values(ears)) ifAssigned(ear)?.close();
});

describe('internal chat', () => {
  it('creates a chat owned by the caller with the chosen users, nothing unread, and tells its members only', async () => {
    const chat = await newChat('  Escala de sábado  ', [b, { id: tenant.admin.id } as SignedInUser]);

    expect(chat).toEqual({
      id: expect.stringMatching(/^[0-9A-Z]{26}$/),
      uuid: chat.id,
      title: 'Escala de sábado',
      ownerId: tenant.admin.id,
      lastMessage: '',
      updatedAt: chat.createdAt,
      createdAt: expect.any(String),
      users: [
        { userId: tenant.admin.id, unreads: 0, user: { id: tenant.admin.id, name: expect.stringMatching(/^Admin /) } },
        { userId: b.id, unreads: null, user: { id: b.id, name: expect.stringMatching(/^User /) } },
      ],
    });
    const told = await heard('b', (data) => data.action === 'create' && (data.record as ChatBody).id === chat.id);
    expect(told.data.record.users.map((member: ChatBody['users'][number]) => member.unreads)).toEqual([0, 0]);
    await heard('a', (data) => data.action === 'create' && (data.record as ChatBody).id === chat.id);
    expect(await heardOf('c', chat.id)).toBe(false);
    expect((await call(`/chats/${chat.id}`, {}, b.token)).body).toMatchObject({ id: chat.id, users: [{ unreads: null }, { userId: b.id, unreads: 0 }] });
  });

  it('refuses a chat without a title or another user with the spec’s messages, and a user of no such id, creating nothing', async () => {
    const before = (await call('/chats')).body.records.length;

    expect(await call('/chats', { method: 'POST', body: { title: '  ', users: [b.id] } })).toMatchObject({
      status: 400,
      body: { error: 'ERR_VALIDATION', fields: [{ path: 'title', message: 'Por favor, preencha o título da conversa.' }] },
    });
    expect(await call('/chats', { method: 'POST', body: { title: 'Sozinho', users: [] } })).toMatchObject({
      status: 400,
      body: { fields: [{ path: 'users', message: 'Por favor, selecione pelo menos um usuário.' }] },
    });
    expect(await call('/chats', { method: 'POST', body: { title: 'Só eu', users: [tenant.admin.id] } })).toMatchObject({
      status: 400,
      body: { fields: [{ path: 'users', message: 'Por favor, selecione pelo menos um usuário.' }] },
    });
    expect(await call('/chats', { method: 'POST', body: { title: 'Fantasma', users: [MISSING_ID] } })).toEqual({ status: 404, body: { error: 'ERR_NO_USER_FOUND' } });
    expect((await call('/chats', { method: 'POST', body: { title: 'Caminho', users: ['../x'] } })).status).toBe(400);

    expect((await call('/chats')).body.records).toHaveLength(before);
  });

  it('counts a message as unread for every member but its sender, lights their dot, and tells the members live', async () => {
    const chat = await newChat('Plantão', [b, d]);

    const sent = await post(chat.id, 'Quem cobre o plantão de domingo?');

    expect(sent).toEqual({
      id: expect.stringMatching(/^[0-9A-Z]{26}$/),
      chatId: chat.id,
      senderId: tenant.admin.id,
      sender: { id: tenant.admin.id, name: expect.stringMatching(/^Admin /) },
      message: 'Quem cobre o plantão de domingo?',
      createdAt: expect.any(String),
      mediaUrl: null,
      mediaName: null,
      mediaType: null,
    });
    const bView = (await call('/chats', {}, b.token)).body.records.find((record: ChatBody) => record.id === chat.id) as ChatBody;
    expect(bView).toMatchObject({ lastMessage: 'Quem cobre o plantão de domingo?', updatedAt: sent.createdAt });
    expect(unreadsOf(bView, b)).toBe(1);
    expect(unreadsOf(bView, tenant.admin)).toBeNull();
    expect(unreadsOf((await call(`/chats/${chat.id}`)).body, tenant.admin)).toBe(0);
    expect((await call('/chats/unread', {}, b.token)).body).toEqual({ chats: 1 });
    expect((await call('/chats/unread', {}, c.token)).body).toEqual({ chats: 0 });

    const told = await heard('b', (data) => data.action === 'new-message' && (data.message as { id: string }).id === sent.id);
    expect(told.data.message).toEqual(sent);
    expect(told.data.record).toMatchObject({ id: chat.id, lastMessage: sent.message, updatedAt: sent.createdAt });
    await heard('a', (data) => data.action === 'new-message' && (data.message as { id: string }).id === sent.id);
    await heard('d', (data) => data.action === 'new-message' && (data.message as { id: string }).id === sent.id);
    expect(await heardOf('c', chat.id)).toBe(false);
  });

  it('marks a chat read for the caller only: their count and dot clear, their other sockets hear it', async () => {
    const chat = await newChat('Leitura', [b, d]);
    await post(chat.id, 'Primeira');
    await post(chat.id, 'Segunda');
    expect(unreadsOf((await call(`/chats/${chat.id}`, {}, b.token)).body, b)).toBe(2);

    expect((await call(`/chats/${chat.id}/read`, { method: 'POST', body: { userId: d.id } }, b.token)).status).toBe(204);

    expect(unreadsOf((await call(`/chats/${chat.id}`, {}, b.token)).body, b)).toBe(0);
    expect(unreadsOf((await call(`/chats/${chat.id}`, {}, d.token)).body, d)).toBe(2);
    await heard('b', (data) => data.action === 'read' && data.id === chat.id && data.userId === b.id && data.unreads === 0);
    const dEars = ears.d.frames.filter((frame) => chatEvent(frame) && frame.data.action === 'read' && frame.data.id === chat.id);
    expect(dEars).toEqual([]);
    // Answering reads the chat too: the sender's own count is 0 after their message.
    await post(chat.id, 'Vi sim', d.token);
    expect(unreadsOf((await call(`/chats/${chat.id}`, {}, d.token)).body, d)).toBe(0);
    expect(unreadsOf((await call(`/chats/${chat.id}`, {}, b.token)).body, b)).toBe(1);
  });

  it('keeps a member’s dot to the chats they have not read', async () => {
    const [first, second] = [await newChat('Ponto um', [d]), await newChat('Ponto dois', [d])];
    const before = (await call('/chats/unread', {}, d.token)).body.chats as number;
    await post(first.id, 'Um');
    await post(second.id, 'Dois');
    await post(second.id, 'Três');

    expect((await call('/chats/unread', {}, d.token)).body).toEqual({ chats: before + 2 });
    await call(`/chats/${second.id}/read`, { method: 'POST', body: {} }, d.token);
    expect((await call('/chats/unread', {}, d.token)).body).toEqual({ chats: before + 1 });
  });

  it('pages a chat’s messages newest first, by cursor and by page number', async () => {
    const chat = await newChat('Histórico', [b]);
    const sent: string[] = [];
    for (let index = 1; index <= 25; index += 1) sent.push((await post(chat.id, `Mensagem ${index}`, index % 2 === 0 ? b.token : tenant.admin.token)).id);

    const first = (await call(`/chats/${chat.id}/messages`, {}, b.token)).body;
    expect(first.records.map((record: { message: string }) => record.message)).toEqual(
      Array.from({ length: 20 }, (_, index) => `Mensagem ${25 - index}`),
    );
    expect(first).toMatchObject({ hasMore: true, cursor: sent[5] });
    expect(first.records[0].sender.id).toBe(tenant.admin.id);
    expect(first.records[1].sender.id).toBe(b.id);

    const older = (await call(`/chats/${chat.id}/messages?cursor=${first.cursor}`, {}, b.token)).body;
    expect(older.records.map((record: { message: string }) => record.message)).toEqual(['Mensagem 5', 'Mensagem 4', 'Mensagem 3', 'Mensagem 2', 'Mensagem 1']);
    expect(older).toMatchObject({ hasMore: false, cursor: null });

    expect((await call(`/chats/${chat.id}/messages?pageNumber=2`, {}, b.token)).body).toEqual(older);
    expect((await call(`/chats/${chat.id}/messages?pageNumber=3`, {}, b.token)).body).toEqual({ records: [], hasMore: false, cursor: null });
  });

  it('answers a colleague outside the chat as if it did not exist, on every route', async () => {
    const chat = await newChat('Reservado', [b]);
    await post(chat.id, 'Só entre nós');

    expect((await call('/chats', {}, c.token)).body.records.map((record: ChatBody) => record.id)).not.toContain(chat.id);
    expect(await call(`/chats/${chat.id}`, {}, c.token)).toEqual(noChat);
    expect(await call(`/chats/${chat.id}/messages`, {}, c.token)).toEqual(noChat);
    expect(await call(`/chats/${chat.id}/messages`, { method: 'POST', body: { message: 'Intruso' } }, c.token)).toEqual(noChat);
    expect(await call(`/chats/${chat.id}/read`, { method: 'POST', body: {} }, c.token)).toEqual(noChat);
    expect(await call(`/chats/${chat.id}`, { method: 'PUT', body: { title: 'Tomada', users: [c.id] } }, c.token)).toEqual(noChat);
    expect(await call(`/chats/${chat.id}`, { method: 'DELETE' }, c.token)).toEqual(noChat);
    expect(await call(`/chats/${MISSING_ID}`)).toEqual(noChat);

    const messages = (await call(`/chats/${chat.id}/messages`, {}, b.token)).body.records;
    expect(messages.map((record: { message: string }) => record.message)).toEqual(['Só entre nós']);
  });

  it('lets only the owner rename, change members or delete a chat', async () => {
    const chat = await newChat('Do dono', [b]);

    expect(await call(`/chats/${chat.id}`, { method: 'PUT', body: { title: 'Do B', users: [tenant.admin.id] } }, b.token)).toMatchObject({
      status: 403,
      body: { error: 'ERR_NO_PERMISSION' },
    });
    expect((await call(`/chats/${chat.id}`, { method: 'DELETE' }, b.token)).status).toBe(403);

    expect((await call(`/chats/${chat.id}`, {}, b.token)).body).toMatchObject({ title: 'Do dono', ownerId: tenant.admin.id });
  });

  it('changes the members: one who joins hears the chat and reads it, one who leaves loses it and its events at once', async () => {
    const chat = await newChat('Mudança', [b, d]);
    await post(chat.id, 'Antes da mudança');

    const saved = await call(`/chats/${chat.id}`, { method: 'PUT', body: { title: 'Mudança feita', users: [b.id, c.id] } });

    expect(saved.status).toBe(200);
    expect(saved.body).toMatchObject({ title: 'Mudança feita', lastMessage: 'Antes da mudança' });
    expect(saved.body.users.map((member: ChatBody['users'][number]) => member.userId)).toEqual([tenant.admin.id, b.id, c.id]);
    await heard('c', (data) => data.action === 'update' && (data.record as ChatBody).id === chat.id);
    await heard('b', (data) => data.action === 'update' && (data.record as ChatBody).title === 'Mudança feita');
    await heard('d', (data) => data.action === 'delete' && data.id === chat.id);
    expect((await call(`/chats/${chat.id}/messages`, {}, c.token)).body.records).toHaveLength(1);
    expect((await call('/chats?searchParam=mudanca', {}, c.token)).body.records.map((record: ChatBody) => record.id)).toEqual([chat.id]);
    expect(await call(`/chats/${chat.id}`, {}, d.token)).toEqual(noChat);
    expect((await call('/chats', {}, d.token)).body.records.map((record: ChatBody) => record.id)).not.toContain(chat.id);

    const after = await post(chat.id, 'Depois da mudança');
    await heard('c', (data) => data.action === 'new-message' && (data.message as { id: string }).id === after.id);
    await settle('d');
    expect(ears.d.frames.some((frame) => chatEvent(frame) && frame.data.message?.id === after.id)).toBe(false);
  });

  it('deletes a chat with its messages: gone for every member, who hear it', async () => {
    const chat = await newChat('Temporária', [b]);
    await post(chat.id, 'Vai sumir');

    expect((await call(`/chats/${chat.id}`, { method: 'DELETE' })).status).toBe(204);

    await heard('b', (data) => data.action === 'delete' && data.id === chat.id);
    expect(await call(`/chats/${chat.id}`, {}, b.token)).toEqual(noChat);
    expect(await call(`/chats/${chat.id}/messages`)).toEqual(noChat);
    expect((await call('/chats', {}, b.token)).body.records.map((record: ChatBody) => record.id)).not.toContain(chat.id);
    expect(await call(`/chats/${chat.id}`, { method: 'DELETE' })).toEqual(noChat);
  });

  it('sends a file in a chat, typed by its bytes, private behind a signed link, named in the list when it has no text', async () => {
    const chat = await newChat('Arquivos', [b]);

    const sent = await postForm(cloud, `/chats/${chat.id}/messages`, b.token, [{ field: 'file', name: 'escala maio.txt', bytes: PNG_BYTES, type: 'text/plain' }]);

    expect(sent.status).toBe(201);
    expect(sent.body).toMatchObject({ message: '', mediaName: 'escala_maio.txt', mediaType: 'image' });
    const download = await fetch(String(sent.body.mediaUrl));
    expect(Buffer.from(await download.arrayBuffer())).toEqual(PNG_BYTES);
    expect((await call(`/chats/${chat.id}`)).body.lastMessage).toBe('escala_maio.txt');

    const captioned = await postForm(cloud, `/chats/${chat.id}/messages`, b.token, [{ field: 'file', name: 'b.pdf', bytes: Buffer.from('%PDF-1.4 b') }], { message: 'Segue o PDF' });
    expect(captioned.body).toMatchObject({ message: 'Segue o PDF', mediaName: 'b.pdf', mediaType: 'application' });
    expect(await postForm(cloud, `/chats/${chat.id}/messages`, b.token, [{ field: 'file', name: 'big.bin', bytes: Buffer.alloc(4 * 1024 * 1024 + 1) }])).toMatchObject({
      status: 400,
      body: { error: 'ERR_VALIDATION' },
    });
  });

  it('lists the caller’s chats by latest activity, searched by title without regard to accents, in pages of 20', async () => {
    const own = await createTenant(cloud);
    const colleague = await addUser(cloud, own);
    const chats: ChatBody[] = [];
    for (let index = 1; index <= 21; index += 1) {
      const response = await cloud.api('/chats', { method: 'POST', token: own.admin.token, body: { title: `Sala ${index}`, users: [colleague.id] } });
      chats.push(response.body as ChatBody);
    }
    await cloud.api(`/chats/${chats[0]?.id}/messages`, { method: 'POST', token: colleague.token, body: { message: 'Subiu' } });

    const first = await cloud.api('/chats', { token: own.admin.token });
    expect(first.body.records).toHaveLength(20);
    expect(first.body.hasMore).toBe(true);
    expect(first.body.records[0]).toMatchObject({ id: chats[0]?.id, lastMessage: 'Subiu' });
    expect(first.body.records[1].id).toBe(chats[20]?.id);
    const second = await cloud.api('/chats?pageNumber=2', { token: own.admin.token });
    expect(second.body).toMatchObject({ records: [{ id: chats[1]?.id }], hasMore: false });
    const found = await cloud.api('/chats?searchParam=SALA%201', { token: own.admin.token });
    expect(found.body.records.map((record: ChatBody) => record.title).sort()).toEqual(
      ['Sala 1', 'Sala 10', 'Sala 11', 'Sala 12', 'Sala 13', 'Sala 14', 'Sala 15', 'Sala 16', 'Sala 17', 'Sala 18', 'Sala 19'].sort(),
    );
    expect((await cloud.api('/chats?searchParam=s%C3%A1la%2021', { token: own.admin.token })).body.records.map((record: ChatBody) => record.id)).toEqual([chats[20]?.id]);
  });

  it('writes every message of members posting at the same moment, each counted once', async () => {
    const chat = await newChat('Ao mesmo tempo', [b, d]);

    await Promise.all([post(chat.id, 'A1'), post(chat.id, 'B1', b.token), post(chat.id, 'A2'), post(chat.id, 'B2', b.token)]);

    const messages = (await call(`/chats/${chat.id}/messages`)).body.records.map((record: { message: string }) => record.message);
    expect([...messages].sort()).toEqual(['A1', 'A2', 'B1', 'B2']);
    expect(unreadsOf((await call(`/chats/${chat.id}`, {}, d.token)).body, d)).toBe(4);
  });

  it('takes a user who leaves the company out of their chats, handing a chat they owned to the next member', async () => {
    const own = await createTenant(cloud);
    const [leaving, staying] = [await addUser(cloud, own), await addUser(cloud, own)];
    const owned = await cloud.api('/chats', { method: 'POST', token: leaving.token, body: { title: 'Dele', users: [staying.id, own.admin.id] } });
    const alone = await cloud.api('/chats', { method: 'POST', token: leaving.token, body: { title: 'Só com o admin', users: [own.admin.id] } });
    await cloud.api(`/chats/${owned.body.id}/messages`, { method: 'POST', token: leaving.token, body: { message: 'Até mais' } });

    expect((await cloud.api(`/users/${leaving.id}`, { method: 'DELETE', token: own.admin.token })).status).toBe(204);

    const handed = await cloud.api(`/chats/${owned.body.id}`, { token: staying.token });
    expect(handed.body).toMatchObject({ ownerId: staying.id, users: [{ userId: staying.id }, { userId: own.admin.id }] });
    expect(handed.body.users).toHaveLength(2);
    const messages = await cloud.api(`/chats/${owned.body.id}/messages`, { token: staying.token });
    expect(messages.body.records[0]).toMatchObject({ message: 'Até mais', sender: { id: leaving.id, name: expect.stringMatching(/^User /) } });
    expect((await cloud.api(`/chats/${alone.body.id}`, { token: own.admin.token })).body.users.map((member: { userId: string }) => member.userId)).toEqual([
      own.admin.id,
    ]);
    expect((await cloud.api(`/chats/${owned.body.id}`, { method: 'PUT', token: staying.token, body: { title: 'Agora minha', users: [own.admin.id] } })).status).toBe(200);
  });

  it('is refused when the plan has no internal chat', async () => {
    const without = await createTenant(cloud, { useInternalChat: false });
    const colleague = await addUser(cloud, without);

    expect(await cloud.api('/chats', { token: without.admin.token })).toMatchObject({ status: 403, body: { error: 'ERR_NO_PERMISSION' } });
    expect((await cloud.api('/chats', { method: 'POST', token: without.admin.token, body: { title: 'Não', users: [colleague.id] } })).status).toBe(403);
    expect((await cloud.api('/chats/unread', { token: colleague.token })).status).toBe(403);
  });

  it('refuses bad ids, pages, cursors and messages with validation errors', async () => {
    const chat = await newChat('Entradas', [b]);

    expect((await call('/chats/not-an-id')).status).toBe(400);
    expect((await call('/chats?pageNumber=0')).status).toBe(400);
    expect((await call(`/chats/${chat.id}/messages?cursor=abc`)).status).toBe(400);
    expect((await call(`/chats/${chat.id}/messages`, { method: 'POST', body: { message: '   ' } })).status).toBe(400);
    expect((await call(`/chats/${chat.id}/messages`, { method: 'POST', body: { message: 'x'.repeat(4097) } })).status).toBe(400);
    expect((await call(`/chats/${chat.id}`, { method: 'PUT', body: { title: 'Sem ninguém', users: [] } })).status).toBe(400);

    expect((await call(`/chats/${chat.id}`)).body).toMatchObject({ title: 'Entradas', lastMessage: '' });
  });
});
