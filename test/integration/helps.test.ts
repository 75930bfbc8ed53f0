/**
 * Help videos through the HTTP API on the local cloud: every signed-in user reads them (search, pages,
 * the full list); only the super user writes them, and a help holds a video code, never a URL.
 */
import { DEMO_LOGIN, startTestCloud, type TestCloud } from '../support/local-cloud';
import { createTenant, type Tenant } from '../support/tenants';
import { ifAssigned } from '../support/teardown';

let cloud: TestCloud;
let superToken: string;
let tenant: Tenant;

beforeAll(async () => {
  cloud = await startTestCloud();
  superToken = (await cloud.signIn(DEMO_LOGIN.email, DEMO_LOGIN.password)).accessToken;
  tenant = await createTenant(cloud);
});

afterAll(async () => {
  await ifAssigned(cloud)?.stop();
});

const postHelp = (body: unknown) => cloud.api('/helps', { method: 'POST', token: superToken, body });

describe('super user help administration', () => {
  it('creates, changes and deletes a help video', async () => {
    const created = await postHelp({ title: 'Conectando o WhatsApp', video: 'dQw4w9WgXcQ', description: 'Leia o QR code.' });

    expect(created.status).toBe(201);
    expect(created.body).toEqual({
      id: expect.any(String),
      title: 'Conectando o WhatsApp',
      video: 'dQw4w9WgXcQ',
      description: 'Leia o QR code.',
      createdAt: expect.any(String),
      updatedAt: expect.any(String),
    });

    const changed = await cloud.api(`/helps/${created.body.id}`, { method: 'PUT', token: superToken, body: { title: 'Conectando' } });
    expect(changed.status).toBe(200);
    expect(changed.body).toMatchObject({ id: created.body.id, title: 'Conectando', video: 'dQw4w9WgXcQ', description: 'Leia o QR code.' });
    expect((await cloud.api('/helps/list', { token: tenant.admin.token })).body).toContainEqual(changed.body);

    const deleted = await cloud.api(`/helps/${created.body.id}`, { method: 'DELETE', token: superToken });
    expect(deleted.status).toBe(204);
    expect((await cloud.api('/helps/list', { token: tenant.admin.token })).body.map((help: { id: string }) => help.id)).not.toContain(created.body.id);
  });

  it('answers 404 ERR_NO_HELP_FOUND for a help that does not exist', async () => {
    const put = await cloud.api('/helps/01J0000000000000000000NONE', { method: 'PUT', token: superToken, body: { title: 'Ghost' } });
    const del = await cloud.api('/helps/01J0000000000000000000NONE', { method: 'DELETE', token: superToken });

    expect(put).toEqual({ status: 404, body: { error: 'ERR_NO_HELP_FOUND' } });
    expect(del).toEqual({ status: 404, body: { error: 'ERR_NO_HELP_FOUND' } });
  });

  it.each([
    ['no title', { video: 'dQw4w9WgXcQ' }, 'title', 'Required'],
    ['a 101-character title', { title: 'x'.repeat(101), video: 'dQw4w9WgXcQ' }, 'title', 'Too Long!'],
    ['no video', { title: 'Vídeo' }, 'video', 'Required'],
    ['a video URL', { title: 'Vídeo', video: 'https://www.youtube.com/watch?v=dQw4w9WgXcQ' }, 'video', 'Invalid video code'],
    ['a script', { title: 'Vídeo', video: 'javascript:alert(1)' }, 'video', 'Invalid video code'],
    ['markup', { title: 'Vídeo', video: '"><img src=x>' }, 'video', 'Invalid video code'],
    ['a 2001-character description', { title: 'Vídeo', video: 'dQw4w9WgXcQ', description: 'x'.repeat(2001) }, 'description', 'Too Long!'],
  ])('refuses %s with 400 and the field message', async (_label, body, path, message) => {
    const response = await postHelp(body);

    expect(response.status).toBe(400);
    expect(response.body.error).toBe('ERR_VALIDATION');
    expect(response.body.fields).toContainEqual({ path, message });
  });

  it('refuses a video URL on change too, and keeps the help as it was', async () => {
    const created = (await postHelp({ title: 'Filas', video: 'abcdefghijk' })).body;

    const response = await cloud.api(`/helps/${created.id}`, { method: 'PUT', token: superToken, body: { video: 'https://evil.test/x.js' } });

    expect(response.status).toBe(400);
    expect(response.body.fields).toEqual([{ path: 'video', message: 'Invalid video code' }]);
    expect((await cloud.api('/helps/list', { token: superToken })).body).toContainEqual(created);
  });

  it('refuses every write to a company admin with 403 ERR_NO_PERMISSION, changing nothing', async () => {
    const created = (await postHelp({ title: 'Tags', video: 'tagsVideo01' })).body;
    const before = (await cloud.api('/helps/list', { token: superToken })).body;

    const responses = [
      await cloud.api('/helps', { method: 'POST', token: tenant.admin.token, body: { title: 'Mine', video: 'dQw4w9WgXcQ' } }),
      await cloud.api(`/helps/${created.id}`, { method: 'PUT', token: tenant.admin.token, body: { title: 'Mine' } }),
      await cloud.api(`/helps/${created.id}`, { method: 'DELETE', token: tenant.admin.token }),
    ];

    expect(responses).toEqual(Array(3).fill({ status: 403, body: { error: 'ERR_NO_PERMISSION' } }));
    expect((await cloud.api('/helps/list', { token: superToken })).body).toEqual(before);
  });
});

describe('reading help videos', () => {
  it('lets any signed-in user search and page through the helps, and refuses callers without a session', async () => {
    for (let index = 1; index <= 21; index += 1) {
      expect((await postHelp({ title: `Aula ${index}`, video: `aulaVideo${String(index).padStart(2, '0')}`, description: 'Módulo básico' })).status).toBe(201);
    }
    await postHelp({ title: 'Relatórios', video: 'relatorios1', description: 'Exportação de dados' });

    const first = await cloud.api('/helps?pageNumber=1', { token: tenant.admin.token });
    const second = await cloud.api('/helps?pageNumber=2', { token: tenant.admin.token });
    const search = await cloud.api(`/helps?searchParam=${encodeURIComponent('RELATORIOS')}`, { token: tenant.admin.token });
    const anonymous = await cloud.api('/helps');

    expect(first.status).toBe(200);
    expect(first.body.helps).toHaveLength(20);
    expect(first.body.hasMore).toBe(true);
    expect(second.body.hasMore).toBe(false);
    expect(search.body).toEqual({ helps: [expect.objectContaining({ title: 'Relatórios', video: 'relatorios1' })], hasMore: false });
    expect(anonymous.status).toBe(401);
  });

  it('refuses a malformed page number with 400', async () => {
    const response = await cloud.api('/helps?pageNumber=0', { token: tenant.admin.token });

    expect(response.status).toBe(400);
    expect(response.body.fields).toContainEqual({ path: 'pageNumber', message: 'Invalid page' });
  });
});
