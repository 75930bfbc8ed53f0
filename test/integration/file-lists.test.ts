/**
 * File lists of campaigns on the local cloud (spec 2 §2, §3, §5, §7; checklist O-068, O-069, O-082,
 * O-144 to O-146): create, read, change and delete a list with its options; search and paging answered
 * as `files, hasMore`; the upload of the options' files (safe names, typed by their bytes, private behind
 * signed links); files deleted with the options and lists that held them; live `file` events; reads for
 * every user and writes for administrators, behind the campaigns gate; bad input refused with nothing
 * changed.
 */
import { putSetting } from '../../functions/core/repositories/settings';
import { PNG_BYTES } from './isolation/announcements';
import { postForm, type FormFile } from './isolation/messages';
import { listen, type Listener } from '../support/listen';
import type { TestCloud } from '../support/local-cloud';
import { sharedTestCloud } from '../support/shared-cloud';
import { ifAssigned } from '../support/teardown';
import { addUser, createTenant, type SignedInUser, type Tenant } from '../support/tenants';

let cloud: TestCloud;
let tenant: Tenant;
let agent: SignedInUser;
let listener: Listener;

// `any`: like cloud.api, each test asserts on the shape it expects.
// eslint-disable-next-line @typescript-eslint/no-explicit-any
type Answer = { status: number; body: any };
interface Option {
  id: string;
  name: string;
  path: string | null;
  mediaType: string | null;
  mediaUrl: string | null;
}
interface FileListBody {
  id: string;
  name: string;
  message: string;
  options: Option[];
  userId: string;
  companyId: string;
  createdAt: string;
  updatedAt: string;
}

const PDF_BYTES = Buffer.from('%PDF-1.4\n% tabela\n');
const MISSING_ID = '01ARZ3NDEKTSV4RRFFQ69G5FAV';

const call = (path: string, init: { method?: string; body?: unknown } = {}, token = tenant.admin.token): Promise<Answer> =>
  cloud.api(path, { ...init, token });
const newList = async (name: string, options: readonly string[] = [], message = 'Confira nossos arquivos') => {
  const response = await call('/files', { method: 'POST', body: { name, message, options: options.map((option) => ({ name: option })) } });
  expect(response.status).toBe(201);
  return response.body as FileListBody;
};
const show = async (id: string) => (await call(`/files/${id}`)).body as FileListBody;
const upload = (listId: string, files: readonly FormFile[], fields: Readonly<Record<string, string | readonly string[]>>, token = tenant.admin.token) =>
  postForm(cloud, `/files/uploadList/${listId}`, token, files, fields);
/** The spec's form: fileId, typeArch=fileList, and per file its option's id, name and the browser's type. */
const uploadTo = (list: FileListBody, files: readonly (FormFile & { optionId: string })[]) =>
  upload(
    list.id,
    files.map((file) => ({ ...file, field: 'files' })),
    { fileId: list.id, typeArch: 'fileList', id: files.map((file) => file.optionId), name: files.map((file) => file.name), mediaType: files.map((file) => file.type ?? '') },
  );
const download = async (url: string | null) => {
  const response = await fetch(String(url));
  return { status: response.status, type: response.headers.get('content-type'), bytes: Buffer.from(await response.arrayBuffer()) };
};
const event = (match: (data: Record<string, unknown>) => boolean) =>
  listener.waitFor((frame) => frame.event === `company-${tenant.companyId}-file` && match(frame.data));

beforeAll(async () => {
  cloud = await sharedTestCloud();
  tenant = await createTenant(cloud);
  agent = await addUser(cloud, tenant, 'user', [tenant.queueId]);
  listener = await listen(cloud, agent.token);
}, 60_000);

afterAll(() => {
  ifAssigned(listener)?.close();
});

describe('file lists', () => {
  it('creates a list with its options and no files yet, answers it whole by id, and tells the company', async () => {
    const list = await newList('  Catálogo de verão  ', ['Fotos', 'Tabela']);

    expect(list).toEqual({
      id: expect.stringMatching(/^[0-9A-Z]{26}$/),
      name: 'Catálogo de verão',
      message: 'Confira nossos arquivos',
      options: [
        { id: expect.any(String), name: 'Fotos', path: null, mediaType: null, mediaUrl: null },
        { id: expect.any(String), name: 'Tabela', path: null, mediaType: null, mediaUrl: null },
      ],
      userId: tenant.admin.id,
      companyId: tenant.companyId,
      createdAt: expect.any(String),
      updatedAt: list.createdAt,
    });
    expect(await call(`/files/${list.id}`, {}, agent.token)).toEqual({ status: 200, body: list });
    await event((data) => data.action === 'create' && (data.record as FileListBody).id === list.id);
  });

  it('saves a list whole: renames it, keeps options by id, adds new ones, and tells the company', async () => {
    const list = await newList('Promoções', ['Folheto', 'Vídeo']);
    const [leaflet] = list.options;

    const saved = await call(`/files/${list.id}`, {
      method: 'PUT',
      body: { name: 'Promoções de inverno', message: 'Novas ofertas', options: [{ id: leaflet?.id, name: 'Folheto novo' }, { name: 'Cupom' }] },
    });

    expect(saved.status).toBe(200);
    expect(saved.body).toMatchObject({ name: 'Promoções de inverno', message: 'Novas ofertas', createdAt: list.createdAt });
    expect(saved.body.options.map((option: Option) => option.name)).toEqual(['Folheto novo', 'Cupom']);
    expect(saved.body.options[0].id).toBe(leaflet?.id);
    expect(saved.body.options[1].id).not.toBe(list.options[1]?.id);
    expect(await show(list.id)).toEqual(saved.body);
    await event((data) => data.action === 'update' && (data.record as FileListBody).name === 'Promoções de inverno');
  });

  it('keeps a list’s options and their files on a save without options', async () => {
    const list = await newList('Sem opções no corpo', ['Guia']);
    const uploaded = await uploadTo(list, [{ optionId: list.options[0]?.id ?? '', name: 'guia.pdf', bytes: PDF_BYTES }]);

    const saved = await call(`/files/${list.id}`, { method: 'PUT', body: { name: 'Renomeada', message: 'Nova mensagem' } });

    expect(saved.status).toBe(200);
    expect(saved.body.options.map((option: Option) => [option.id, option.name, option.path])).toEqual([[list.options[0]?.id, 'Guia', 'guia.pdf']]);
    expect((await download(uploaded.body.options[0].mediaUrl)).bytes).toEqual(PDF_BYTES);
  });

  it('deletes a list, which then answers ERR_NO_FILE_FOUND, and tells the company', async () => {
    const list = await newList('Descartável');

    expect((await call(`/files/${list.id}`, { method: 'DELETE' })).status).toBe(204);

    expect(await call(`/files/${list.id}`)).toEqual({ status: 404, body: { error: 'ERR_NO_FILE_FOUND' } });
    expect(await call(`/files/${list.id}`, { method: 'DELETE' })).toEqual({ status: 404, body: { error: 'ERR_NO_FILE_FOUND' } });
    await event((data) => data.action === 'delete' && data.id === list.id);
  });

  it.each([
    ['a missing name', { message: 'Oi' }, 'name', 'Obrigatório'],
    ['a name of two letters', { name: 'ab', message: 'Oi' }, 'name', 'nome muito curto'],
    ['a missing message', { name: 'Sem mensagem' }, 'message', 'Obrigatório'],
    ['a message of blanks', { name: 'Em branco', message: ' \n ' }, 'message', 'Obrigatório'],
    ['an option without a name', { name: 'Opções', message: 'Oi', options: [{ name: ' ' }] }, 'options.0.name', 'Obrigatório'],
    ['eleven options', { name: 'Opções demais', message: 'Oi', options: Array.from({ length: 11 }, (_, index) => ({ name: `Opção ${index}` })) }, 'options', 'No máximo 10 opções'],
  ])('refuses %s with the field’s message and creates nothing', async (_case, body, path, message) => {
    const before = (await call('/files?searchParam=Opções')).body.files.length;

    const refused = await call('/files', { method: 'POST', body });

    expect(refused.status).toBe(400);
    expect(refused.body).toMatchObject({ error: 'ERR_VALIDATION' });
    expect(refused.body.fields).toContainEqual({ path, message });
    expect((await call('/files?searchParam=Opções')).body.files).toHaveLength(before);
  });

  it('finds lists by name without regard to accents or case, 20 a page, as files and hasMore', async () => {
    for (let index = 0; index < 23; index += 1) await newList(`Página ${String(index).padStart(2, '0')}`);
    await newList('Outra coisa');

    const first = await call('/files?searchParam=PAGINA', {}, agent.token);
    const second = await call('/files?searchParam=pagina&pageNumber=2', {}, agent.token);

    expect(first.status).toBe(200);
    expect(Object.keys(first.body).toSorted()).toEqual(['files', 'hasMore']);
    expect(first.body.files).toHaveLength(20);
    expect(first.body.hasMore).toBe(true);
    expect(first.body.files[0].name).toBe('Página 00');
    expect(second.body.hasMore).toBe(false);
    expect(second.body.files.map((file: FileListBody) => file.name)).toEqual(['Página 20', 'Página 21', 'Página 22']);
  });
});

describe('the files of a list', () => {
  it('stores two files under safe names, typed by their bytes, opened through signed links, and tells the company', async () => {
    const list = await newList('Loja', ['Foto', 'Tabela']);
    const [photo, table] = list.options as [Option, Option];

    const uploaded = await uploadTo(list, [
      // The browser's claims say otherwise: the bytes decide.
      { optionId: photo.id, name: 'foto da loja.png', bytes: PNG_BYTES, type: 'application/pdf' },
      { optionId: table.id, name: 'tabela de preços.pdf', bytes: PDF_BYTES, type: 'image/png' },
    ]);

    expect(uploaded.status).toBe(200);
    expect(uploaded.body.options).toEqual([
      { id: photo.id, name: 'Foto', path: 'foto_da_loja.png', mediaType: 'image', mediaUrl: expect.any(String) },
      { id: table.id, name: 'Tabela', path: 'tabela_de_precos.pdf', mediaType: 'application', mediaUrl: expect.any(String) },
    ]);
    expect(await download(uploaded.body.options[0].mediaUrl)).toEqual({ status: 200, type: 'image/png', bytes: PNG_BYTES });
    expect(await download(uploaded.body.options[1].mediaUrl)).toEqual({ status: 200, type: 'application/pdf', bytes: PDF_BYTES });
    expect((await show(list.id)).options.map((option) => [option.path, option.mediaType])).toEqual([
      ['foto_da_loja.png', 'image'],
      ['tabela_de_precos.pdf', 'application'],
    ]);
    const frame = await event((data) => data.action === 'update' && (data.record as FileListBody).options[0]?.path === 'foto_da_loja.png');
    // The event carries the list without the links, which are signed for whoever reads the list.
    expect(frame.data.record.options).toEqual([
      { id: photo.id, name: 'Foto', path: 'foto_da_loja.png', mediaType: 'image' },
      { id: table.id, name: 'Tabela', path: 'tabela_de_precos.pdf', mediaType: 'application' },
    ]);
  });

  it('takes ten files at once, one per option, with the spec’s fields beside each', async () => {
    const names = Array.from({ length: 10 }, (_, index) => `Opção ${index}`);
    const list = await newList('Dez arquivos', names);

    const uploaded = await uploadTo(list, list.options.map((option, index) => ({ optionId: option.id, name: `arquivo ${index}.png`, bytes: PNG_BYTES, type: 'image/png' })));

    expect(uploaded.status).toBe(200);
    expect(uploaded.body.options.map((option: Option) => option.path)).toEqual(names.map((_, index) => `arquivo_${index}.png`));
  });

  it('never serves a file as what its name claims when its bytes are unknown', async () => {
    const list = await newList('Disfarçado', ['Página']);

    const uploaded = await uploadTo(list, [{ optionId: list.options[0]?.id ?? '', name: 'pagina.png', bytes: Buffer.from('<html><script>alert(1)</script>'), type: 'image/png' }]);

    expect(uploaded.body.options[0]).toMatchObject({ path: 'pagina.png', mediaType: 'application' });
    expect((await download(uploaded.body.options[0].mediaUrl)).type).toBe('application/octet-stream');
  });

  it('replaces an option’s file, deleting the earlier one', async () => {
    const list = await newList('Troca', ['Arquivo']);
    const optionId = list.options[0]?.id ?? '';
    const first = await uploadTo(list, [{ optionId, name: 'antigo.pdf', bytes: PDF_BYTES }]);

    const second = await uploadTo(list, [{ optionId, name: 'novo.png', bytes: PNG_BYTES }]);

    expect(second.body.options[0]).toMatchObject({ path: 'novo.png', mediaType: 'image' });
    expect((await download(first.body.options[0].mediaUrl)).status).toBe(404);
    expect((await download(second.body.options[0].mediaUrl)).bytes).toEqual(PNG_BYTES);
  });

  it('deletes the file of an option a save leaves out, and keeps the others’', async () => {
    const list = await newList('Enxuta', ['Fica', 'Sai']);
    const [kept, dropped] = list.options as [Option, Option];
    const uploaded = await uploadTo(list, [
      { optionId: kept.id, name: 'fica.png', bytes: PNG_BYTES },
      { optionId: dropped.id, name: 'sai.pdf', bytes: PDF_BYTES },
    ]);

    const saved = await call(`/files/${list.id}`, { method: 'PUT', body: { name: 'Enxuta', message: 'Só uma', options: [{ id: kept.id, name: 'Fica' }] } });

    expect(saved.status).toBe(200);
    expect(saved.body.options).toEqual([{ id: kept.id, name: 'Fica', path: 'fica.png', mediaType: 'image', mediaUrl: expect.any(String) }]);
    expect((await download(uploaded.body.options[1].mediaUrl)).status).toBe(404);
    expect((await download(saved.body.options[0].mediaUrl)).bytes).toEqual(PNG_BYTES);
  });

  it('deletes a list’s files with it', async () => {
    const list = await newList('Apagada', ['Um', 'Dois']);
    const uploaded = await uploadTo(list, [
      { optionId: list.options[0]?.id ?? '', name: 'um.png', bytes: PNG_BYTES },
      { optionId: list.options[1]?.id ?? '', name: 'dois.pdf', bytes: PDF_BYTES },
    ]);

    expect((await call(`/files/${list.id}`, { method: 'DELETE' })).status).toBe(204);

    for (const option of uploaded.body.options as Option[]) expect((await download(option.mediaUrl)).status).toBe(404);
  });
});

describe('who may do what', () => {
  it('lets a plain user read lists but not create, change, delete or upload, which leaves them as they were', async () => {
    const list = await newList('Só leitura', ['Arquivo']);

    expect((await call('/files?searchParam=leitura', {}, agent.token)).body.files).toEqual([list]);
    expect((await call(`/files/${list.id}`, {}, agent.token)).status).toBe(200);
    const refused = { status: 403, body: { error: 'ERR_NO_PERMISSION' } };
    expect(await call('/files', { method: 'POST', body: { name: 'Do agente', message: 'Oi' } }, agent.token)).toEqual(refused);
    expect(await call(`/files/${list.id}`, { method: 'PUT', body: { name: 'Mudada', message: 'Oi' } }, agent.token)).toEqual(refused);
    expect(await call(`/files/${list.id}`, { method: 'DELETE' }, agent.token)).toEqual(refused);
    const sent = await upload(list.id, [{ field: 'files', name: 'a.png', bytes: PNG_BYTES }], { id: [list.options[0]?.id ?? ''] }, agent.token);
    expect(sent).toEqual(refused);
    expect(await show(list.id)).toEqual(list);
    expect((await call('/files?searchParam=Do%20agente')).body.files).toEqual([]);
  });

  it('is refused to a company without campaigns, and open again when a super user enables them for it', async () => {
    const closed = await createTenant(cloud, { useCampaigns: false });
    await putSetting(closed.companyId, 'campaignsEnabled', 'false');
    const refused = { status: 403, body: { error: 'ERR_NO_PERMISSION' } };

    expect(await cloud.api('/files', { token: closed.admin.token })).toEqual(refused);
    expect(await cloud.api('/files', { method: 'POST', token: closed.admin.token, body: { name: 'Fechada', message: 'Oi' } })).toEqual(refused);

    await putSetting(closed.companyId, 'campaignsEnabled', 'true');
    expect(await cloud.api('/files', { token: closed.admin.token })).toEqual({ status: 200, body: { files: [], hasMore: false } });
  });
});

describe('bad input on every route', () => {
  const BAD_ID = 'not-an-id';

  it.each([
    ['a page number of 0', 'GET', '/files?pageNumber=0', undefined],
    ['a list id that is no id', 'GET', `/files/${BAD_ID}`, undefined],
    ['a name that is not text', 'POST', '/files', { name: 5, message: 'Oi' }],
    ['options that are no list', 'POST', '/files', { name: 'Lista', message: 'Oi', options: 'Fotos' }],
    ['a save of a list id that is no id', 'PUT', `/files/${BAD_ID}`, { name: 'Lista', message: 'Oi' }],
    ['a save without a message', 'PUT', `/files/${MISSING_ID}`, { name: 'Lista' }],
    ['a delete of a list id that is no id', 'DELETE', `/files/${BAD_ID}`, undefined],
    ['an upload to a list id that is no id', 'POST', `/files/uploadList/${BAD_ID}`, undefined],
  ])('answers %s with 400 ERR_VALIDATION', async (_case, method, path, body) => {
    const response = await call(path, { method, ...(body === undefined ? {} : { body }) });

    expect(response.status).toBe(400);
    expect(response.body.error).toBe('ERR_VALIDATION');
  });

  it('refuses a save naming an option the list does not have, and keeps the list as it was', async () => {
    const list = await newList('Intacta', ['Fica']);
    const other = await newList('De outra', ['Alheia']);

    const refused = await call(`/files/${list.id}`, {
      method: 'PUT',
      body: { name: 'Mudada', message: 'Mudada', options: [{ id: other.options[0]?.id, name: 'Roubada' }] },
    });

    expect(refused.status).toBe(400);
    expect(refused.body.fields).toEqual([{ path: 'options.0.id', message: 'Opção não encontrada nesta lista' }]);
    expect(await show(list.id)).toEqual(list);
  });

  describe('an upload', () => {
    let list: FileListBody;
    let other: FileListBody;
    const megabytes = (count: number) => Buffer.concat([PNG_BYTES, Buffer.alloc(count * 1024 * 1024)]);

    beforeAll(async () => {
      list = await newList('Recusas', ['Primeira', 'Segunda']);
      other = await newList('Outra lista', ['Alheia']);
    });

    const optionIds = () => list.options.map((option) => option.id);
    const png = (name = 'foto.png'): FormFile => ({ field: 'files', name, bytes: PNG_BYTES });

    it.each([
      ['without files', () => [], () => ({ id: optionIds().slice(0, 1) }), 'files'],
      ['without the option ids', () => [png()], () => ({ fileId: list.id, typeArch: 'fileList' }), 'id'],
      ['with fewer option ids than files', () => [png('a.png'), png('b.png')], () => ({ id: optionIds().slice(0, 1) }), 'id'],
      ['with one option twice', () => [png('a.png'), png('b.png')], () => ({ id: [optionIds()[0] ?? '', optionIds()[0] ?? ''] }), 'id'],
      ['for an option of another list', () => [png()], () => ({ id: [other.options[0]?.id ?? ''] }), 'id.0'],
      ['for an option id that is no id', () => [png()], () => ({ id: ['opcao'] }), 'id.0'],
      ['naming another list in fileId', () => [png()], () => ({ fileId: other.id, id: optionIds().slice(0, 1) }), 'fileId'],
      ['of another kind than fileList', () => [png()], () => ({ typeArch: 'quickMessage', id: optionIds().slice(0, 1) }), 'typeArch'],
      ['of eleven files', () => Array.from({ length: 11 }, (_, index) => png(`f${index}.png`)), () => ({ id: optionIds() }), 'files'],
      ['of a file over 4 MB', () => [{ ...png(), bytes: megabytes(4) }], () => ({ id: optionIds().slice(0, 1) }), 'files'],
      ['of files over 4 MB together', () => [{ ...png('a.png'), bytes: megabytes(2) }, { ...png('b.png'), bytes: megabytes(2) }], () => ({ id: optionIds() }), 'files'],
    ])('%s answers 400 ERR_VALIDATION on that field and changes nothing', async (_case, files, fields, path) => {
      const response = await upload(list.id, files(), fields());

      expect(response.status).toBe(400);
      expect(response.body.error).toBe('ERR_VALIDATION');
      expect(response.body.fields[0].path).toBe(path);
      expect(await show(list.id)).toEqual(list);
    });
  });
});
