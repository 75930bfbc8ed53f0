/**
 * Quick messages through the HTTP API on the local cloud: CRUD with search and paging, the usable list
 * of the message input, personal versus shared (who sees and who changes what), the attachment, bad
 * input, and the live `quickmessage` events.
 */
import { ulid } from 'ulid';
import { listen as listenAs } from '../support/listen';
import type { TestCloud } from '../support/local-cloud';
import { sharedTestCloud } from '../support/shared-cloud';
import { addUser, createTenant, type SignedInUser, type Tenant } from '../support/tenants';
import { PNG_BYTES } from './isolation/announcements';
import { postForm } from './isolation/messages';
import { ifAssigned } from '../support/teardown';

let cloud: TestCloud;
let a: Tenant;
let agent: SignedInUser;
let colleague: SignedInUser;

beforeAll(async () => {
  cloud = await sharedTestCloud();
  a = await createTenant(cloud);
  agent = await addUser(cloud, a, 'user', [a.queueId]);
  colleague = await addUser(cloud, a, 'user', [a.queueId]);
});

afterAll(async () => {
  await ifAssigned(cloud)?.stop();
});

let counter = 0;
const unique = (prefix: string) => `${prefix}${(counter += 1)}${ulid().slice(-5).toLowerCase()}`;

const create = (token: string, body: unknown) => cloud.api('/quick-messages', { method: 'POST', token, body });
const update = (token: string, id: string, body: unknown) => cloud.api(`/quick-messages/${id}`, { method: 'PUT', token, body });
const remove = (token: string, id: string) => cloud.api(`/quick-messages/${id}`, { method: 'DELETE', token });
const show = (token: string, id: string) => cloud.api(`/quick-messages/${id}`, { token });
const usable = async (token: string): Promise<string[]> =>
  (await cloud.api('/quick-messages/list?companyId=x&userId=y', { token })).body.map((record: { shortcode: string }) => record.shortcode);

async function newQuickMessage(token: string, fields: Record<string, unknown> = {}) {
  const response = await create(token, { shortcode: unique('qm'), message: 'Olá {{name}}, tudo bem?', ...fields });
  expect(response.status).toBe(201);
  return response.body as { id: string; shortcode: string; geral: boolean; updatedAt: string };
}

describe('POST /quick-messages and GET /quick-messages/{id}', () => {
  it('creates a personal, active quick message of the caller without attachment', async () => {
    const response = await create(agent.token, { shortcode: 'saudacao', message: 'Bom dia!', userId: colleague.id, companyId: 'x' });

    expect(response.status).toBe(201);
    expect(response.body).toEqual({
      id: expect.stringMatching(/^[0-9A-Z]{26}$/),
      shortcode: 'saudacao',
      message: 'Bom dia!',
      geral: false,
      status: true,
      userId: agent.id,
      mediaPath: null,
      mediaName: null,
      isMedia: false,
      mediaUrl: null,
      createdAt: expect.any(String),
      updatedAt: expect.any(String),
    });
    expect(await show(agent.token, response.body.id)).toEqual({ status: 200, body: response.body });
  });

  it.each([
    ['no shortcode', { message: 'x' }, 'shortcode', 'Obrigatório'],
    ['a blank shortcode', { shortcode: '   ' }, 'shortcode', 'Obrigatório'],
    ['a shortcode too long', { shortcode: 'x'.repeat(101) }, 'shortcode', 'Muito longo!'],
    ['a message too long', { shortcode: 'x', message: 'x'.repeat(4097) }, 'message', 'Muito longo!'],
    ['a geral that is no boolean', { shortcode: 'x', geral: 'sim' }, 'geral', 'geral deve ser verdadeiro ou falso'],
  ])('refuses %s with 400 on the field', async (_label, body, path, message) => {
    const response = await create(agent.token, body);

    expect(response.status).toBe(400);
    expect(response.body.fields).toContainEqual({ path, message });
  });

  it('answers ERR_NO_QUICKMESSAGE_FOUND for an unknown id and 400 for a malformed one', async () => {
    expect(await show(agent.token, ulid())).toEqual({ status: 404, body: { error: 'ERR_NO_QUICKMESSAGE_FOUND' } });
    expect((await show(agent.token, 'nope')).status).toBe(400);
  });
});

describe('personal and shared', () => {
  it("shows a personal quick message to its owner only, and a shared one to everyone", async () => {
    const personal = await newQuickMessage(agent.token);
    const shared = await newQuickMessage(agent.token, { geral: true });

    expect(await show(colleague.token, personal.id)).toEqual({ status: 404, body: { error: 'ERR_NO_QUICKMESSAGE_FOUND' } });
    expect(await show(a.admin.token, personal.id)).toEqual({ status: 404, body: { error: 'ERR_NO_QUICKMESSAGE_FOUND' } });
    expect((await show(colleague.token, shared.id)).status).toBe(200);
    expect(await usable(colleague.token)).toContain(shared.shortcode);
    expect(await usable(colleague.token)).not.toContain(personal.shortcode);
    expect(await usable(agent.token)).toEqual(expect.arrayContaining([shared.shortcode, personal.shortcode]));
  });

  it('lets the author and admins change a shared one, and nobody else', async () => {
    const shared = await newQuickMessage(agent.token, { geral: true });

    const byColleague = await update(colleague.token, shared.id, { shortcode: 'tomado' });
    const deleteByColleague = await remove(colleague.token, shared.id);
    const byAuthor = await update(agent.token, shared.id, { shortcode: `${shared.shortcode}a` });
    const byAdmin = await update(a.admin.token, shared.id, { shortcode: `${shared.shortcode}b`, message: 'Atualizada' });

    expect(byColleague).toEqual({ status: 403, body: { error: 'ERR_NO_PERMISSION' } });
    expect(deleteByColleague).toEqual({ status: 403, body: { error: 'ERR_NO_PERMISSION' } });
    expect(byAuthor.body.shortcode).toBe(`${shared.shortcode}a`);
    expect(byAdmin.body).toMatchObject({ shortcode: `${shared.shortcode}b`, message: 'Atualizada', geral: true, userId: agent.id });
    expect((await remove(a.admin.token, shared.id)).status).toBe(204);
    expect((await show(agent.token, shared.id)).status).toBe(404);
  });

  it("keeps a personal one out of an admin's reach", async () => {
    const personal = await newQuickMessage(agent.token);

    expect(await update(a.admin.token, personal.id, { shortcode: 'x' })).toEqual({ status: 404, body: { error: 'ERR_NO_QUICKMESSAGE_FOUND' } });
    expect(await remove(a.admin.token, personal.id)).toEqual({ status: 404, body: { error: 'ERR_NO_QUICKMESSAGE_FOUND' } });
    expect((await show(agent.token, personal.id)).body.shortcode).toBe(personal.shortcode);
  });

  it('leaves inactive ones out of the usable list, but not out of the page', async () => {
    const inactive = await newQuickMessage(agent.token, { status: false });

    expect(await usable(agent.token)).not.toContain(inactive.shortcode);
    expect((await cloud.api(`/quick-messages?searchParam=${inactive.shortcode}`, { token: agent.token })).body.records).toHaveLength(1);
  });
});

describe('GET /quick-messages', () => {
  it('searches shortcode and text (accents and case aside) and pages by 20, sorted by shortcode', async () => {
    const tag = unique('pg');
    for (let index = 0; index < 22; index += 1) await newQuickMessage(colleague.token, { shortcode: `${tag}${String(index).padStart(2, '0')}` });
    await newQuickMessage(colleague.token, { shortcode: unique('zz'), message: `Promoção ${tag.toUpperCase()} válida` });

    const first = await cloud.api(`/quick-messages?searchParam=${tag}`, { token: colleague.token });
    const second = await cloud.api(`/quick-messages?searchParam=${tag}&pageNumber=2`, { token: colleague.token });
    const byText = await cloud.api(`/quick-messages?searchParam=${encodeURIComponent('promocao')}`, { token: colleague.token });

    expect([first.body.records.length, first.body.hasMore, first.body.records[0].shortcode]).toEqual([20, true, `${tag}00`]);
    expect([second.body.records.length, second.body.hasMore]).toEqual([3, false]);
    expect(byText.body.records.map((record: { message: string }) => record.message)).toContain(`Promoção ${tag.toUpperCase()} válida`);
    expect((await cloud.api(`/quick-messages?searchParam=${tag}`, { token: agent.token })).body).toEqual({ records: [], hasMore: false });
  });

  it('refuses a bad page number', async () => {
    const response = await cloud.api('/quick-messages?pageNumber=0', { token: agent.token });

    expect([response.status, response.body.fields]).toEqual([400, [{ path: 'pageNumber', message: 'Invalid page' }]]);
  });
});

describe('attachment', () => {
  it('attaches a file under a safe name, downloads it through a signed URL, replaces and removes it', async () => {
    const quickMessage = await newQuickMessage(agent.token);

    const uploaded = await postForm(cloud, `/quick-messages/${quickMessage.id}/media-upload`, agent.token, [
      { field: 'file', name: 'tabela de preços.png', bytes: PNG_BYTES },
    ], { typeArch: 'quickMessage' });

    expect(uploaded.status).toBe(200);
    expect(uploaded.body).toMatchObject({ isMedia: true, mediaName: 'tabela_de_precos.png' });
    expect(uploaded.body.mediaPath).toMatch(new RegExp(`^companies/${a.companyId}/quick-messages/${quickMessage.id}/[0-9A-Z]{26}-tabela_de_precos\\.png$`));
    const download = await fetch(uploaded.body.mediaUrl);
    expect(Buffer.from(await download.arrayBuffer())).toEqual(PNG_BYTES);

    const replaced = await postForm(cloud, `/quick-messages/${quickMessage.id}/media-upload`, agent.token, [
      { field: 'file', name: 'nova.pdf', bytes: Buffer.from('%PDF-1.4 x') },
    ]);
    expect(replaced.body.mediaName).toBe('nova.pdf');
    expect((await fetch(uploaded.body.mediaUrl)).status).toBe(404);

    const cleared = await cloud.api(`/quick-messages/${quickMessage.id}/media-upload`, { method: 'DELETE', token: agent.token });
    expect(cleared.body).toMatchObject({ isMedia: false, mediaName: null, mediaPath: null, mediaUrl: null });
    expect((await fetch(replaced.body.mediaUrl)).status).toBe(404);
  });

  it("refuses an upload without file, and anyone else's upload to a personal one", async () => {
    const quickMessage = await newQuickMessage(agent.token);

    const none = await postForm(cloud, `/quick-messages/${quickMessage.id}/media-upload`, agent.token, [], { typeArch: 'quickMessage' });
    const foreign = await postForm(cloud, `/quick-messages/${quickMessage.id}/media-upload`, colleague.token, [{ field: 'file', name: 'a.png', bytes: PNG_BYTES }]);

    expect([none.status, none.body.fields]).toEqual([400, [{ path: 'file', message: 'Required' }]]);
    expect(foreign).toEqual({ status: 404, body: { error: 'ERR_NO_QUICKMESSAGE_FOUND' } });
    expect((await show(agent.token, quickMessage.id)).body.isMedia).toBe(false);
  });
});

describe('realtime', () => {
  it('tells the company about shared ones and only the owner about personal ones', async () => {
    const agentFrames = await listen(agent.token);
    const colleagueFrames = await listen(colleague.token);

    const personal = await newQuickMessage(agent.token);
    const shared = await newQuickMessage(agent.token, { geral: true });
    await update(agent.token, shared.id, { shortcode: shared.shortcode, geral: false });
    await waitFor(() => agentFrames.frames.length >= 4 && colleagueFrames.frames.length >= 2);
    agentFrames.close();
    colleagueFrames.close();

    const summary = (frames: Frame[]) => frames.map((frame) => [frame.data.action, frame.data.record?.id ?? frame.data.id]);
    expect(agentFrames.frames.every((frame) => frame.event === `company-${a.companyId}-quickmessage`)).toBe(true);
    expect(summary(agentFrames.frames)).toEqual([
      ['create', personal.id],
      ['create', shared.id],
      ['delete', shared.id],
      ['update', shared.id],
    ]);
    expect(summary(colleagueFrames.frames)).toEqual([
      ['create', shared.id],
      ['delete', shared.id],
    ]);
  });
});

interface Frame {
  readonly event: string;
  readonly data: { readonly action: string; readonly id?: string; readonly record?: { readonly id: string } };
}

/** A socket of the user, collecting the quickmessage frames it receives. */
async function listen(token: string): Promise<{ readonly frames: Frame[]; close: () => void }> {
  const listener = await listenAs(cloud, token);
  return {
    get frames() {
      return listener.frames.filter((frame): frame is Frame => frame.event.endsWith('-quickmessage'));
    },
    close: () => listener.close(),
  };
}

async function waitFor(check: () => boolean, attempts = 100): Promise<void> {
  for (let attempt = 0; attempt < attempts; attempt += 1) {
    if (check()) return;
    await new Promise((resolve) => setTimeout(resolve, 50));
  }
  throw new Error('condition not reached');
}
