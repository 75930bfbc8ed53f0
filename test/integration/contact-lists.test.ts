/**
 * Contact lists of campaigns on the local cloud (spec 2 §2, §3, §5, §6, §7; issue 28): lists with their
 * count, items with the contact form's rules and numbers normalised, each number once per list, paging
 * and search, the delete rule, live `ContactList` and `ContactListItem` events, and a list deleted with
 * its items; a spreadsheet upload with per-row errors and the import's bounds (legacy .xls, a zip bomb);
 * each number checked on WhatsApp through the company's connected session (the simulator).
 */
import { postForm } from './isolation/messages';
import { xlsxOf } from '../support/xlsx';
import { listen, type Listener } from '../support/listen';
import { lyingZerosBomb } from '../support/spreadsheet-bombs';
import type { SessionHost } from '../../functions/sessions/host';
import { connectSimulated, createSimulatedConnection, startSimulatorHost } from '../support/simulated-whatsapp';
import { until } from '../support/until';
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
const call = (path: string, init: { method?: string; body?: unknown } = {}, token = tenant.admin.token): Promise<Answer> =>
  cloud.api(path, { ...init, token });
const newList = async (name: string) => {
  const response = await call('/contact-lists', { method: 'POST', body: { name } });
  expect(response.status).toBe(201);
  return response.body as { id: string; name: string; contactsCount: number };
};
const addItem = (contactListId: string, fields: Record<string, unknown>, token?: string) =>
  call('/contact-list-items', { method: 'POST', body: { email: '', ...fields, contactListId } }, token);
const countOf = async (listId: string) => (await call(`/contact-lists/${listId}`)).body.contactsCount as number;
const event = (channel: string, match: (data: Record<string, unknown>) => boolean) =>
  listener.waitFor((frame) => frame.event === `company-${tenant.companyId}-${channel}` && match(frame.data));

beforeAll(async () => {
  cloud = await sharedTestCloud();
  tenant = await createTenant(cloud);
  agent = await addUser(cloud, tenant, 'user', [tenant.queueId]);
  listener = await listen(cloud, agent.token);
}, 60_000);

afterAll(() => {
  ifAssigned(listener)?.close();
});

describe('contact lists', () => {
  it('creates a list with no contacts, tells the company, and refuses names outside 2 to 50 characters', async () => {
    const list = await newList('  Clientes de março  ');

    expect(list).toMatchObject({ name: 'Clientes de março', contactsCount: 0, companyId: tenant.companyId });
    await event('ContactList', (data) => data.action === 'create' && (data.record as { id: string }).id === list.id);
    for (const [name, message] of [['', 'Required'], ['A', 'Too Short!'], ['x'.repeat(51), 'Too Long!']]) {
      const refused = await call('/contact-lists', { method: 'POST', body: { name } });
      expect(refused.status).toBe(400);
      expect(refused.body).toMatchObject({ error: 'ERR_VALIDATION', message });
    }
  });

  it('renames a list, keeping its count, and finds lists by name in pages and in the dialog summary', async () => {
    const list = await newList('Leads antigos');
    expect((await addItem(list.id, { name: 'Ana Souza', number: '5511988880101' })).status).toBe(201);

    const renamed = await call(`/contact-lists/${list.id}`, { method: 'PUT', body: { name: 'Leads de 2026' } });

    expect(renamed.status).toBe(200);
    expect(renamed.body).toMatchObject({ name: 'Leads de 2026', contactsCount: 1 });
    const found = await call('/contact-lists?searchParam=leads%20de');
    expect(found.body).toEqual({ records: [expect.objectContaining({ id: list.id })], hasMore: false });
    const summaries = await call('/contact-lists/list', {}, agent.token);
    expect(summaries.body).toContainEqual({ id: list.id, name: 'Leads de 2026', contactsCount: 1 });
    expect(await call('/contact-lists/01ARZ3NDEKTSV4RRFFQ69G5FAV')).toEqual({ status: 404, body: { error: 'ERR_NO_CONTACTLIST_FOUND' } });
  });
});

describe('contact list items', () => {
  it('adds contacts with the number normalised, counts them, and tells the company', async () => {
    const list = await newList('Normalizados');

    const added = await addItem(list.id, { name: 'Bruno Lima', number: '+55 (11) 98888-0102', email: ' Bruno@Example.COM ' }, agent.token);

    expect(added.status).toBe(201);
    expect(added.body).toMatchObject({
      name: 'Bruno Lima',
      number: '5511988880102',
      email: 'bruno@example.com',
      isWhatsappValid: null,
      contactListId: list.id,
      companyId: tenant.companyId,
    });
    expect(await countOf(list.id)).toBe(1);
    await event('ContactListItem', (data) => data.action === 'create' && (data.record as { id: string }).id === added.body.id);
    await event('ContactList', (data) => data.action === 'update' && (data.record as { contactsCount: number; id: string }).id === list.id);
  });

  it('keeps each number once in a list, though another list may have it', async () => {
    const [first, second] = [await newList('Primeira'), await newList('Segunda')];
    expect((await addItem(first.id, { name: 'Carla Dias', number: '5511988880103' })).status).toBe(201);

    const again = await addItem(first.id, { name: 'Carla de novo', number: '55 11 98888 0103' });

    expect(again).toEqual({ status: 409, body: { error: 'ERR_DUPLICATED_CONTACTLISTITEM' } });
    expect(await countOf(first.id)).toBe(1);
    expect((await addItem(second.id, { name: 'Carla Dias', number: '5511988880103' })).status).toBe(201);
  });

  it.each([
    ['a name of one letter', { name: 'A', number: '5511988880104' }, 'name', 'Muito pequeno!'],
    ['a number of fewer than 8 characters', { name: 'Dario', number: '12345' }, 'number', 'Muito pequeno!'],
    ['an email that is not one', { name: 'Dario', number: '5511988880104', email: 'dario@' }, 'email', 'Email inválido'],
  ])('refuses %s with the form’s message and stores nothing', async (_case, fields, path, message) => {
    const list = await newList('Validação');

    const refused = await addItem(list.id, fields);

    expect(refused.status).toBe(400);
    expect(refused.body.fields).toContainEqual({ path, message });
    expect(await countOf(list.id)).toBe(0);
  });

  it('refuses an item for a list that does not exist', async () => {
    expect(await addItem('01ARZ3NDEKTSV4RRFFQ69G5FAV', { name: 'Elisa', number: '5511988880105' })).toEqual({
      status: 404,
      body: { error: 'ERR_NO_CONTACTLIST_FOUND' },
    });
  });

  it('pages a list’s items in the order they were added, 20 at a time, and searches name, number and email', async () => {
    const list = await newList('Paginada');
    for (let index = 0; index < 23; index += 1) {
      const suffix = String(index).padStart(2, '0');
      expect((await addItem(list.id, { name: `Cliente ${suffix}`, number: `55119777700${suffix}`, email: `c${suffix}@loja.com` })).status).toBe(201);
    }

    const first = await call(`/contact-list-items?contactListId=${list.id}`);
    const second = await call(`/contact-list-items?contactListId=${list.id}&pageNumber=2`);

    expect(first.body.contacts).toHaveLength(20);
    expect(first.body.hasMore).toBe(true);
    expect(first.body.contacts[0].name).toBe('Cliente 00');
    expect(second.body).toEqual({ contacts: expect.any(Array), hasMore: false });
    expect(second.body.contacts.map((item: { name: string }) => item.name)).toEqual(['Cliente 20', 'Cliente 21', 'Cliente 22']);
    const byNumber = await call(`/contact-list-items?contactListId=${list.id}&searchParam=5511977770007`);
    expect(byNumber.body.contacts.map((item: { name: string }) => item.name)).toEqual(['Cliente 07']);
    const byEmail = await call(`/contact-list-items?contactListId=${list.id}&searchParam=c22@`);
    expect(byEmail.body.contacts.map((item: { name: string }) => item.name)).toEqual(['Cliente 22']);
  });

  it('edits an item, moving its number, and refuses a number the list already has', async () => {
    const list = await newList('Edição');
    const kept = (await addItem(list.id, { name: 'Fabio', number: '5511988880106' })).body;
    const edited = (await addItem(list.id, { name: 'Gina', number: '5511988880107' })).body;

    const taken = await call(`/contact-list-items/${edited.id}`, { method: 'PUT', body: { name: 'Gina', number: kept.number, email: '' } });
    const moved = await call(`/contact-list-items/${edited.id}`, { method: 'PUT', body: { name: 'Gina Alves', number: '5511988880108', email: '' } });

    expect(taken).toEqual({ status: 409, body: { error: 'ERR_DUPLICATED_CONTACTLISTITEM' } });
    expect(moved.status).toBe(200);
    expect(moved.body).toMatchObject({ name: 'Gina Alves', number: '5511988880108' });
    // The old number is free again, the new one taken.
    expect((await addItem(list.id, { name: 'Outra', number: '5511988880107' })).status).toBe(201);
    expect((await addItem(list.id, { name: 'Outra', number: '5511988880108' })).status).toBe(409);
  });

  it('lets only profiles that may delete contacts delete an item, and counts it out', async () => {
    const list = await newList('Exclusão');
    const item = (await addItem(list.id, { name: 'Hugo', number: '5511988880109' })).body;

    expect(await call(`/contact-list-items/${item.id}`, { method: 'DELETE' }, agent.token)).toEqual({ status: 403, body: { error: 'ERR_NO_PERMISSION' } });
    expect(await countOf(list.id)).toBe(1);

    expect((await call(`/contact-list-items/${item.id}`, { method: 'DELETE' })).status).toBe(204);
    expect(await countOf(list.id)).toBe(0);
    expect(await call(`/contact-list-items/${item.id}`)).toEqual({ status: 404, body: { error: 'ERR_NO_CONTACTLISTITEM_FOUND' } });
    await event('ContactListItem', (data) => data.action === 'delete' && data.id === item.id && data.contactListId === list.id);
  });

  it('deletes a list with its items, whose numbers a new list may take again', async () => {
    const list = await newList('Descartável');
    const item = (await addItem(list.id, { name: 'Iris', number: '5511988880110' })).body;

    expect((await call(`/contact-lists/${list.id}`, { method: 'DELETE' })).status).toBe(204);

    expect(await call(`/contact-lists/${list.id}`)).toEqual({ status: 404, body: { error: 'ERR_NO_CONTACTLIST_FOUND' } });
    expect(await call(`/contact-list-items/${item.id}`)).toEqual({ status: 404, body: { error: 'ERR_NO_CONTACTLISTITEM_FOUND' } });
    expect(await call(`/contact-list-items?contactListId=${list.id}`)).toEqual({ status: 404, body: { error: 'ERR_NO_CONTACTLIST_FOUND' } });
    await event('ContactList', (data) => data.action === 'delete' && data.id === list.id);
  });
});

describe('uploading a spreadsheet to a list', () => {
  const upload = (listId: string, name: string, bytes: Buffer, token = tenant.admin.token) =>
    postForm(cloud, `/contact-lists/${listId}/upload`, token, [{ field: 'file', name, bytes }]);

  it('adds the rows of an .xlsx, skipping numbers repeated or already in the list and reporting bad rows, then tells the company to reload', async () => {
    const list = await newList('Planilha');
    expect((await addItem(list.id, { name: 'Já na lista', number: '5511966660001' })).status).toBe(201);
    const file = await xlsxOf([
      ['Nome', 'Número', 'E-mail'],
      ['Joana Planilha', '(11) 96666-0002', 'Joana@Example.com'],
      ['Numérico', 5511966660003, ''],
      ['A', '5511966660004', ''],
      ['Repetida', '5511966660002', ''],
      ['Já na lista', '5511966660001', ''],
      ['Email Ruim', '5511966660005', 'x@'],
    ]);

    const response = await upload(list.id, 'lista.xlsx', file, agent.token);

    expect(response).toEqual({
      status: 200,
      body: {
        created: 2,
        skipped: 2,
        errors: [
          { row: 4, field: 'name', message: 'Muito pequeno!' },
          { row: 7, field: 'email', message: 'Email inválido' },
        ],
      },
    });
    expect(await countOf(list.id)).toBe(3);
    const items = await call(`/contact-list-items?contactListId=${list.id}`);
    expect(items.body.contacts.map((item: { name: string; number: string; email: string }) => [item.name, item.number, item.email])).toEqual([
      ['Já na lista', '5511966660001', ''],
      ['Joana Planilha', '5511966660002', 'joana@example.com'],
      ['Numérico', '5511966660003', ''],
    ]);
    await event('ContactListItem', (data) => data.action === 'reload' && data.contactListId === list.id);
    await event('ContactList', (data) => data.action === 'update' && (data.record as { contactsCount: number }).contactsCount === 3);
  });

  it.each([
    ['a legacy .xls', 'lista.xls', () => Buffer.from('not really xls'), 'Arquivos .xls não são aceitos: salve a planilha como .xlsx e envie de novo'],
    ['a zip bomb whose sheet declares 278 bytes and inflates to 1 GB', 'lista.xlsx', () => lyingZerosBomb(), 'Não foi possível ler a planilha'],
    ['a sheet without name and number columns', 'lista.csv', () => Buffer.from('cliente;telefone\nAna;5511966660009\n'), 'A primeira linha da planilha precisa das colunas name (ou nome) e number (ou numero)'],
  ])('refuses %s with ERR_VALIDATION on the file field and keeps the list as it was', async (_case, name, bytes, message) => {
    const list = await newList('Recusada');
    expect((await addItem(list.id, { name: 'Ficou', number: '5511966660010' })).status).toBe(201);

    const response = await upload(list.id, name, bytes());

    expect(response).toEqual({ status: 400, body: { error: 'ERR_VALIDATION', message, fields: [{ path: 'file', message }] } });
    expect(await countOf(list.id)).toBe(1);
  });
});

describe('the WhatsApp check of list numbers', () => {
  let host: SessionHost;
  let connected: Tenant;

  beforeAll(async () => {
    host = startSimulatorHost();
    connected = await createTenant(cloud);
    const connection = await createSimulatedConnection(cloud, connected, 'Campanhas');
    await connectSimulated(cloud, connected, connection, '5511900000030');
  }, 60_000);

  afterAll(async () => {
    await ifAssigned(host)?.stop();
  });

  const itemsOf = async (listId: string) =>
    (await cloud.api(`/contact-list-items?contactListId=${listId}`, { token: connected.admin.token })).body.contacts as {
      name: string;
      isWhatsappValid: boolean | null;
    }[];

  it('marks a contact added by hand, and every contact of an upload, with what WhatsApp answers', async () => {
    const list = (await cloud.api('/contact-lists', { method: 'POST', token: connected.admin.token, body: { name: 'Verificada' } })).body;
    const added = await cloud.api('/contact-list-items', {
      method: 'POST',
      token: connected.admin.token,
      body: { name: 'Lia Manual', number: '5511944440001', email: '', contactListId: list.id },
    });
    expect(added.body.isWhatsappValid).toBeNull();
    const csv = Buffer.from('nome;numero\nMia Planilha;5511944440002\nNina Planilha;5511944440003\n');
    expect((await postForm(cloud, `/contact-lists/${list.id}/upload`, connected.admin.token, [{ field: 'file', name: 'l.csv', bytes: csv }])).status).toBe(200);

    const checked = await until('every number checked', async () => {
      const items = await itemsOf(list.id);
      return items.length === 3 && items.every((item) => item.isWhatsappValid !== null) && items;
    });

    expect(checked.map((item) => [item.name, item.isWhatsappValid])).toEqual([
      ['Lia Manual', true],
      ['Mia Planilha', true],
      ['Nina Planilha', true],
    ]);
  });
});

describe('bad input on every route', () => {
  const BAD_ID = 'not-an-id';

  it.each([
    ['a page number of 0', 'GET', '/contact-lists?pageNumber=0', undefined],
    ['a list id that is no id', 'GET', `/contact-lists/${BAD_ID}`, undefined],
    ['a name that is not text', 'POST', '/contact-lists', { name: 5 }],
    ['a rename of a list id that is no id', 'PUT', `/contact-lists/${BAD_ID}`, { name: 'Outra' }],
    ['a delete of a list id that is no id', 'DELETE', `/contact-lists/${BAD_ID}`, undefined],
    ['an upload to a list id that is no id', 'POST', `/contact-lists/${BAD_ID}/upload`, undefined],
    ['items without their list', 'GET', '/contact-list-items', undefined],
    ['an item id that is no id', 'GET', `/contact-list-items/${BAD_ID}`, undefined],
    ['an item for a list id that is no id', 'POST', '/contact-list-items', { name: 'Ana', number: '5511900000001', contactListId: BAD_ID }],
    ['an item change without a number', 'PUT', `/contact-list-items/01ARZ3NDEKTSV4RRFFQ69G5FAV`, { name: 'Ana' }],
    ['a delete of an item id that is no id', 'DELETE', `/contact-list-items/${BAD_ID}`, undefined],
  ])('answers %s with 400 ERR_VALIDATION', async (_case, method, path, body) => {
    const response = await call(path, { method, ...(body === undefined ? {} : { body }) });

    expect(response.status).toBe(400);
    expect(response.body.error).toBe('ERR_VALIDATION');
  });

  it('refuses an upload without a file and keeps the list as it was', async () => {
    const list = await newList('Sem arquivo');
    expect((await addItem(list.id, { name: 'Fica', number: '5511966660020' })).status).toBe(201);

    const response = await postForm(cloud, `/contact-lists/${list.id}/upload`, tenant.admin.token, [], { note: 'nada' });

    expect(response.status).toBe(400);
    expect(response.body.error).toBe('ERR_VALIDATION');
    expect(await countOf(list.id)).toBe(1);
  });
});
