/**
 * Contacts through the HTTP API on the local cloud: CRUD with the contact form's messages, numbers
 * normalised and unique per company (also under concurrency), the company's contact counter, search by
 * name (accents aside) and by number prefix with cursor paging and creation-date filters, the options
 * list, the CSV export, the .xlsx/.csv import (legacy .xls, zip bombs, sheets past the row limit and
 * files over 4 MB refused, keeping what is stored), delete reserved to admins, and the
 * `contact` realtime events.
 */
import { ulid } from 'ulid';
import { xlsxOf } from '../support/xlsx';
import { listen as listenAs } from '../support/listen';
import type { Contact } from '../../functions/core/repositories/contacts';
import { putNewContact } from '../../functions/core/repositories/contacts';
import { readDays } from '../../functions/core/repositories/dashboard';
import { companyDay } from '../../shared/company-time';
import { ticketItem, type Ticket } from '../../functions/core/repositories/tickets';
import { dynamo } from '../../functions/core/aws/clients';
import { PutCommand } from '@aws-sdk/lib-dynamodb';
import type { TestCloud } from '../support/local-cloud';
import { sharedTestCloud } from '../support/shared-cloud';
import { addUser, createTenant, type SignedInUser, type Tenant } from '../support/tenants';
import { postContactsFile } from './isolation/contacts';
import { largeLegalSheet, lyingZerosBomb } from '../support/spreadsheet-bombs';
import { CONTACTS_IMPORT_MAX_BYTES } from '../../shared/contacts';
import { ifAssigned } from '../support/teardown';

let cloud: TestCloud;
let a: Tenant;
let plainUser: SignedInUser;

beforeAll(async () => {
  cloud = await sharedTestCloud();
  a = await createTenant(cloud);
  plainUser = await addUser(cloud, a, 'user', [a.queueId]);
});

afterAll(async () => {
  await ifAssigned(cloud)?.stop();
});

/** Distinct Brazilian mobile numbers as a user types them ('11 9xxxx-xxxx'), and their stored form. */
let sequence = Date.now() % 10_000_000;
function newPhone(): { typed: string; stored: string } {
  sequence += 1;
  const rest = String(sequence).padStart(8, '0').slice(-8);
  return { typed: `(11) 9${rest.slice(0, 4)}-${rest.slice(4)}`, stored: `55119${rest}` };
}

const create = (token: string, body: unknown) => cloud.api('/contacts', { method: 'POST', token, body });

async function newContact(token: string, fields: Record<string, unknown> = {}) {
  const response = await create(token, { name: `Contato ${ulid().slice(-6)}`, number: newPhone().typed, ...fields });
  expect(response.status).toBe(201);
  return response.body as { id: string; name: string; number: string; email: string };
}

const countOf = async (token: string): Promise<number> => (await cloud.api('/contacts', { token })).body.count;

const listen = (token: string) => listenAs(cloud, token);

describe('POST /contacts and GET /contacts/{id}', () => {
  it('creates a contact with the number as digits with country code, readable by id with its custom fields', async () => {
    const phone = newPhone();

    const response = await create(plainUser.token, {
      name: '  Maria da Silva ',
      number: phone.typed,
      email: 'Maria@Example.COM',
      extraInfo: [{ name: 'CPF', value: '123.456.789-00' }],
      companyId: ulid(),
    });

    expect(response.status).toBe(201);
    expect(response.body).toEqual({
      id: expect.any(String),
      name: 'Maria da Silva',
      number: phone.stored,
      email: 'maria@example.com',
      extraInfo: [{ name: 'CPF', value: '123.456.789-00' }],
      profilePicUrl: null,
      isGroup: false,
      whatsapp: null,
      createdAt: expect.any(String),
      updatedAt: expect.any(String),
    });
    expect(await cloud.api(`/contacts/${response.body.id}`, { token: a.admin.token })).toEqual({ status: 200, body: response.body });
  });

  it('keeps a number written with + as it is, and gives 55 to a Brazilian landline without country code', async () => {
    const digits = newPhone().stored.slice(-7);

    const international = await newContact(a.admin.token, { number: `+1 415 555 ${digits.slice(-4)}` });
    const landline = await newContact(a.admin.token, { number: `(21) 3${digits}` });

    expect(international.number).toBe(`1415555${digits.slice(-4)}`);
    expect(landline.number).toBe(`55213${digits}`);
  });

  it.each([
    ['no name', { number: '11999990000' }, 'name', 'Obrigatório'],
    ['a 1-character name', { name: 'A', number: '11999990000' }, 'name', 'Muito pequeno!'],
    ['a 51-character name', { name: 'x'.repeat(51), number: '11999990000' }, 'name', 'Muito longo!'],
    ['no number', { name: 'Maria' }, 'number', 'Obrigatório'],
    ['a 7-character number', { name: 'Maria', number: '1234567' }, 'number', 'Muito pequeno!'],
    ['a 51-character number', { name: 'Maria', number: '1'.repeat(51) }, 'number', 'Muito longo!'],
    ['a number without digits', { name: 'Maria', number: 'abcdefghij' }, 'number', 'Número inválido'],
    ['an invalid email', { name: 'Maria', number: '11999990000', email: 'x@' }, 'email', 'Email inválido'],
    ['a custom field without name', { name: 'Maria', number: '11999990000', extraInfo: [{ name: '', value: 'v' }] }, 'extraInfo.0.name', 'Obrigatório'],
    [
      '21 custom fields',
      { name: 'Maria', number: '11999990000', extraInfo: Array.from({ length: 21 }, (_, index) => ({ name: `f${index}`, value: 'v' })) },
      'extraInfo',
      'Máximo de 20 campos',
    ],
  ])('refuses %s with 400 ERR_VALIDATION: %s %s', async (_case, body, path, message) => {
    const response = await create(a.admin.token, body);

    expect(response.status).toBe(400);
    expect(response.body).toMatchObject({ error: 'ERR_VALIDATION', fields: [{ path, message }] });
  });

  it('refuses a number the company already has, however it is written, with 409 ERR_DUPLICATED_CONTACT', async () => {
    const phone = newPhone();
    await newContact(a.admin.token, { number: phone.typed });

    const again = await create(a.admin.token, { name: 'Outra Pessoa', number: `+${phone.stored}` });

    expect(again).toEqual({ status: 409, body: { error: 'ERR_DUPLICATED_CONTACT' } });
  });

  it('creates one contact out of ten simultaneous creations of one number, and counts it once', async () => {
    const tenant = await createTenant(cloud);
    const phone = newPhone();

    const responses = await Promise.all(
      Array.from({ length: 10 }, (_, index) => create(tenant.admin.token, { name: `Corrida ${index}`, number: phone.typed })),
    );

    expect(responses.map((response) => response.status).sort()).toEqual([201, ...Array(9).fill(409)]);
    const listed = await cloud.api(`/contacts?searchParam=${phone.stored}`, { token: tenant.admin.token });
    expect(listed.body).toMatchObject({ count: 1, hasMore: false });
    expect(listed.body.contacts).toHaveLength(1);
  });

  it('answers 404 ERR_NO_CONTACT_FOUND for an unknown id and 400 for a malformed one', async () => {
    expect(await cloud.api(`/contacts/${ulid()}`, { token: a.admin.token })).toEqual({ status: 404, body: { error: 'ERR_NO_CONTACT_FOUND' } });
    expect(await cloud.api('/contacts/not%20an%20id', { token: a.admin.token })).toMatchObject({
      status: 400,
      body: { error: 'ERR_VALIDATION', fields: [{ path: 'id' }] },
    });
  });
});

describe('PUT /contacts/{id}', () => {
  it('changes the fields sent and keeps the others', async () => {
    const contact = await newContact(a.admin.token, { email: 'antes@example.com' });

    const response = await cloud.api(`/contacts/${contact.id}`, {
      method: 'PUT',
      token: plainUser.token,
      body: { name: 'Nome Novo', extraInfo: [{ name: 'Empresa', value: 'ACME' }] },
    });

    expect(response.status).toBe(200);
    expect(response.body).toMatchObject({ id: contact.id, name: 'Nome Novo', number: contact.number, email: 'antes@example.com', extraInfo: [{ name: 'Empresa', value: 'ACME' }] });
    expect((await cloud.api(`/contacts/${contact.id}`, { token: a.admin.token })).body).toEqual(response.body);
  });

  it('moves the number: the old one is free again, a taken one is refused with 409', async () => {
    const contact = await newContact(a.admin.token);
    const other = await newContact(a.admin.token);
    const fresh = newPhone();

    const moved = await cloud.api(`/contacts/${contact.id}`, { method: 'PUT', token: a.admin.token, body: { number: fresh.typed } });
    const reused = await create(a.admin.token, { name: 'Reusa Número', number: `+${contact.number}` });
    const taken = await cloud.api(`/contacts/${contact.id}`, { method: 'PUT', token: a.admin.token, body: { number: `+${other.number}` } });

    expect(moved.body.number).toBe(fresh.stored);
    expect(reused.status).toBe(201);
    expect(taken).toEqual({ status: 409, body: { error: 'ERR_DUPLICATED_CONTACT' } });
    expect((await cloud.api(`/contacts/${contact.id}`, { token: a.admin.token })).body.number).toBe(fresh.stored);
  });

  it('takes the number as the edit modal shows it (without 55) as no change', async () => {
    const contact = await newContact(a.admin.token);

    const response = await cloud.api(`/contacts/${contact.id}`, { method: 'PUT', token: a.admin.token, body: { number: contact.number.slice(2) } });

    expect(response.status).toBe(200);
    expect(response.body.number).toBe(contact.number);
  });

  it('refuses bad input with the form messages, and an unknown id with 404', async () => {
    const contact = await newContact(a.admin.token);

    const short = await cloud.api(`/contacts/${contact.id}`, { method: 'PUT', token: a.admin.token, body: { name: 'A', email: 'x@' } });
    const unknown = await cloud.api(`/contacts/${ulid()}`, { method: 'PUT', token: a.admin.token, body: { name: 'Alguém' } });

    expect(short).toMatchObject({
      status: 400,
      body: { error: 'ERR_VALIDATION', fields: [{ path: 'name', message: 'Muito pequeno!' }, { path: 'email', message: 'Email inválido' }] },
    });
    expect(unknown).toEqual({ status: 404, body: { error: 'ERR_NO_CONTACT_FOUND' } });
  });
});

describe('DELETE /contacts/{id}', () => {
  it('is refused to a plain user with 403 and leaves the contact', async () => {
    const contact = await newContact(a.admin.token);

    const response = await cloud.api(`/contacts/${contact.id}`, { method: 'DELETE', token: plainUser.token });

    expect(response).toMatchObject({ status: 403, body: { error: 'ERR_NO_PERMISSION' } });
    expect((await cloud.api(`/contacts/${contact.id}`, { token: a.admin.token })).status).toBe(200);
  });

  it('deletes for an admin: gone, its number free again, one fewer on the count', async () => {
    const tenant = await createTenant(cloud);
    const contact = await newContact(tenant.admin.token);
    await newContact(tenant.admin.token);

    const response = await cloud.api(`/contacts/${contact.id}`, { method: 'DELETE', token: tenant.admin.token });

    expect(response.status).toBe(204);
    expect(await cloud.api(`/contacts/${contact.id}`, { token: tenant.admin.token })).toEqual({ status: 404, body: { error: 'ERR_NO_CONTACT_FOUND' } });
    expect(await countOf(tenant.admin.token)).toBe(1);
    expect((await create(tenant.admin.token, { name: 'De Volta', number: `+${contact.number}` })).status).toBe(201);
    expect(await cloud.api(`/contacts/${contact.id}`, { method: 'DELETE', token: tenant.admin.token })).toEqual({
      status: 404,
      body: { error: 'ERR_NO_CONTACT_FOUND' },
    });
  });

  it('refuses while the contact has a pending ticket, with 409 ERR_OTHER_OPEN_TICKET', async () => {
    const contact = await newContact(a.admin.token);
    const at = new Date().toISOString();
    const ticket: Ticket = {
      id: ulid(),
      uuid: ulid(),
      companyId: a.companyId,
      status: 'pending',
      contactId: contact.id,
      userId: null,
      userName: null,
      queueId: null,
      whatsappId: null,
      tagIds: [],
      isGroup: false,
      chatbot: false,
      useIntegration: false,
      promptId: null,
      integrationId: null,
      lastMessage: 'Olá',
      unreadMessages: 1,
      createdAt: at,
      updatedAt: at,
    };
    await dynamo().send(new PutCommand({ TableName: cloud.tableName, Item: ticketItem(ticket) }));

    const refused = await cloud.api(`/contacts/${contact.id}`, { method: 'DELETE', token: a.admin.token });
    await dynamo().send(new PutCommand({ TableName: cloud.tableName, Item: ticketItem({ ...ticket, status: 'closed' }) }));
    const allowed = await cloud.api(`/contacts/${contact.id}`, { method: 'DELETE', token: a.admin.token });

    expect(refused).toEqual({ status: 409, body: { error: 'ERR_OTHER_OPEN_TICKET' } });
    expect(allowed.status).toBe(204);
  });
});

describe('GET /contacts', () => {
  it('finds contacts by the start of the name, accents and case aside', async () => {
    const marker = `Zé${ulid().slice(-5).toLowerCase()}`;
    const jose = await newContact(a.admin.token, { name: `${marker} Conceição` });
    const other = await newContact(a.admin.token, { name: `Outro ${marker}` });

    const folded = await cloud.api(`/contacts?searchParam=${encodeURIComponent(marker.replace('é', 'E').toUpperCase())}`, { token: plainUser.token });
    const accented = await cloud.api(`/contacts?searchParam=${encodeURIComponent(`${marker} Conceição`)}`, { token: plainUser.token });

    expect(folded.status).toBe(200);
    expect(folded.body.contacts.map((contact: { id: string }) => contact.id)).toEqual([jose.id]);
    expect(accented.body.contacts.map((contact: { id: string }) => contact.id)).toEqual([jose.id]);
    expect(folded.body.contacts.map((contact: { id: string }) => contact.id)).not.toContain(other.id);
  });

  it('finds contacts by the leading digits of the number, however the term is written', async () => {
    const contact = await newContact(a.admin.token);

    const digits = await cloud.api(`/contacts?searchParam=${contact.number.slice(0, 11)}`, { token: a.admin.token });
    const written = await cloud.api(`/contacts?searchParam=${encodeURIComponent(`+${contact.number.slice(0, 2)} (${contact.number.slice(2, 4)}) ${contact.number.slice(4, 11)}`)}`, {
      token: a.admin.token,
    });

    expect(digits.body.contacts.map((found: { id: string }) => found.id)).toContain(contact.id);
    expect(digits.body.contacts.every((found: { number: string }) => found.number.startsWith(contact.number.slice(0, 11)))).toBe(true);
    expect(written.body.contacts.map((found: { id: string }) => found.id)).toContain(contact.id);
  });

  it('pages 20 contacts at a time by name with an opaque cursor, and counts them all', async () => {
    const tenant = await createTenant(cloud);
    const names = Array.from({ length: 45 }, (_, index) => `Cliente ${String(index).padStart(2, '0')}`);
    for (const name of names) await newContact(tenant.admin.token, { name });

    const first = await cloud.api('/contacts?pageNumber=1', { token: tenant.admin.token });
    const second = await cloud.api(`/contacts?cursor=${first.body.nextCursor}`, { token: tenant.admin.token });
    const third = await cloud.api(`/contacts?cursor=${second.body.nextCursor}`, { token: tenant.admin.token });

    const namesOf = (page: { body: { contacts: { name: string }[] } }) => page.body.contacts.map((contact) => contact.name);
    expect(first.body).toMatchObject({ hasMore: true, count: 45, nextCursor: expect.any(String) });
    expect(namesOf(first)).toEqual(names.slice(0, 20));
    expect(namesOf(second)).toEqual(names.slice(20, 40));
    expect(third.body).toMatchObject({ hasMore: false, count: 45, nextCursor: null });
    expect(namesOf(third)).toEqual(names.slice(40));
  });

  it('filters by the company day of creation: date, dateStart and dateEnd', async () => {
    const tenant = await createTenant(cloud);
    const stored = (createdAt: string, name: string): Contact => ({
      id: ulid(),
      companyId: tenant.companyId,
      name,
      number: newPhone().stored,
      email: '',
      profilePicUrl: null,
      extraInfo: [],
      isGroup: false,
      createdAt,
      updatedAt: createdAt,
    });
    // Days in the company's time, Brasília (UTC-3).
    await putNewContact(stored('2024-03-10T02:59:59.999Z', 'Antes'));
    await putNewContact(stored('2024-03-10T03:00:00.000Z', 'Dia 10 cedo'));
    await putNewContact(stored('2024-03-11T02:00:00.000Z', 'Dia 10 tarde'));
    await putNewContact(stored('2024-03-12T15:00:00.000Z', 'Dia 12'));

    const namesFor = async (query: string) =>
      (await cloud.api(`/contacts?${query}`, { token: tenant.admin.token })).body.contacts.map((contact: { name: string }) => contact.name);

    expect(await namesFor('date=2024-03-10')).toEqual(['Dia 10 cedo', 'Dia 10 tarde']);
    expect(await namesFor('dateStart=2024-03-10')).toEqual(['Dia 10 cedo', 'Dia 10 tarde', 'Dia 12']);
    expect(await namesFor('dateEnd=2024-03-10')).toEqual(['Antes', 'Dia 10 cedo', 'Dia 10 tarde']);
    expect(await namesFor('dateStart=2024-03-11&dateEnd=2024-03-12')).toEqual(['Dia 12']);
  });

  it.each([
    ['page 2 (later pages go by cursor)', 'pageNumber=2', 'pageNumber'],
    ['a cursor that is not one', 'cursor=bm90IGEgY3Vyc29y', 'cursor'],
    ['a malformed day', 'date=10/03/2024', 'date'],
    ['a day that does not exist', 'dateStart=2024-02-30', 'dateStart'],
    ['a start after the end', 'dateStart=2024-03-12&dateEnd=2024-03-10', 'dateEnd'],
    ['a 201-character search', `searchParam=${'x'.repeat(201)}`, 'searchParam'],
  ])('refuses %s with 400', async (_case, query, path) => {
    const response = await cloud.api(`/contacts?${query}`, { token: a.admin.token });

    expect(response).toMatchObject({ status: 400, body: { error: 'ERR_VALIDATION', fields: [{ path }] } });
  });

  it('refuses the cursor of a name search for a number search', async () => {
    const tenant = await createTenant(cloud);
    for (let index = 0; index < 21; index += 1) await newContact(tenant.admin.token);
    const first = await cloud.api('/contacts', { token: tenant.admin.token });

    const response = await cloud.api(`/contacts?searchParam=55&cursor=${first.body.nextCursor}`, { token: tenant.admin.token });

    expect(response).toMatchObject({ status: 400, body: { error: 'ERR_VALIDATION', message: 'Cursor inválido' } });
  });
});

describe('GET /contacts/list', () => {
  it('answers id and name only, by name, narrowed by a name prefix', async () => {
    const marker = `Lista${ulid().slice(-6)}`;
    const second = await newContact(a.admin.token, { name: `${marker} B` });
    const first = await newContact(a.admin.token, { name: `${marker} A` });

    const all = await cloud.api('/contacts/list', { token: plainUser.token });
    const narrowed = await cloud.api(`/contacts/list?searchParam=${marker.toLowerCase()}`, { token: plainUser.token });

    expect(all.status).toBe(200);
    expect(all.body).toContainEqual({ id: first.id, name: first.name });
    for (const option of all.body) expect(Object.keys(option).sort()).toEqual(['id', 'name']);
    expect(narrowed.body).toEqual([
      { id: first.id, name: first.name },
      { id: second.id, name: second.name },
    ]);
  });
});

describe('GET /contacts/export', () => {
  it('links contatos.csv: BOM, `;` separator, header name;number;email, cells safe for spreadsheets', async () => {
    const tenant = await createTenant(cloud);
    const plain = await newContact(tenant.admin.token, { name: 'Ana Júlia', email: 'ana@example.com' });
    const formula = await newContact(tenant.admin.token, { name: '=HYPERLINK("http://x")' });
    const separator = await newContact(tenant.admin.token, { name: 'Bar; Restaurante' });

    const response = await cloud.api('/contacts/export', { token: tenant.admin.token });
    const download = await fetch(response.body.url);
    const bytes = Buffer.from(await download.arrayBuffer());

    expect(response).toEqual({ status: 200, body: { url: expect.stringContaining('X-Amz-Signature='), fileName: 'contatos.csv', count: 3 } });
    expect(download.status).toBe(200);
    expect(download.headers.get('content-disposition')).toBe('attachment; filename="contatos.csv"');
    expect(download.headers.get('content-type')).toMatch(/^text\/csv/);
    expect([...bytes.subarray(0, 3)]).toEqual([0xef, 0xbb, 0xbf]);
    expect(bytes.subarray(3).toString('utf8').split('\r\n')).toEqual([
      'name;number;email',
      `"'=HYPERLINK(""http://x"")";${formula.number};`,
      `Ana Júlia;${plain.number};ana@example.com`,
      `"Bar; Restaurante";${separator.number};`,
      '',
    ]);
  });
});

describe('POST /contacts/import', () => {
  it('creates contacts from an .xlsx, skipping known and repeated numbers and reporting bad rows', async () => {
    const tenant = await createTenant(cloud);
    const known = await newContact(tenant.admin.token);
    const [one, two] = [newPhone(), newPhone()];
    const file = await xlsxOf([
      ['Nome', 'Número', 'E-mail'],
      ['João Importado', one.typed, 'joao@example.com'],
      ['Numérico', Number(two.stored), ''],
      ['A', newPhone().typed, ''],
      ['Repetido', one.stored, ''],
      ['Já Existe', known.number, ''],
      ['Email Ruim', newPhone().typed, 'x@'],
    ]);

    const response = await postContactsFile(cloud, tenant.admin.token, { name: 'contatos.xlsx', bytes: file });

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
    const found = await cloud.api(`/contacts?searchParam=${encodeURIComponent('joao importado')}`, { token: tenant.admin.token });
    expect(found.body.contacts).toEqual([expect.objectContaining({ name: 'João Importado', number: one.stored, email: 'joao@example.com' })]);
    expect((await cloud.api(`/contacts?searchParam=${two.stored}`, { token: tenant.admin.token })).body.contacts).toHaveLength(1);
    expect(await countOf(tenant.admin.token)).toBe(3);
  });

  it.each([
    ['`;` with a BOM', (one: string, two: string) => `\uFEFFnome;numero;email\r\nJosé Csv;${one};jose@example.com\r\n"Silva; Maria";${two};\r\n`],
    ['`,` with quoted cells', (one: string, two: string) => `name,number,email\n"José Csv","${one}",jose@example.com\n"Silva; Maria",${two},\n`],
  ])('creates contacts from a .csv separated by %s', async (_case, content) => {
    const tenant = await createTenant(cloud);
    const [one, two] = [newPhone(), newPhone()];

    const response = await postContactsFile(cloud, tenant.admin.token, { name: 'contatos.csv', bytes: Buffer.from(content(one.typed, two.typed)) });

    expect(response).toEqual({ status: 200, body: { created: 2, skipped: 0, errors: [] } });
    const listed = await cloud.api('/contacts', { token: tenant.admin.token });
    expect(listed.body.contacts.map((contact: { name: string; number: string }) => [contact.name, contact.number])).toEqual([
      ['José Csv', one.stored],
      ['Silva; Maria', two.stored],
    ]);
  });

  it('reads a .csv saved in Windows-1252', async () => {
    const tenant = await createTenant(cloud);
    const phone = newPhone();

    const response = await postContactsFile(cloud, tenant.admin.token, {
      name: 'contatos.csv',
      bytes: Buffer.from(`nome;numero\nConceição;${phone.typed}\n`, 'latin1'),
    });

    expect(response.body).toEqual({ created: 1, skipped: 0, errors: [] });
    expect((await cloud.api('/contacts', { token: tenant.admin.token })).body.contacts[0].name).toBe('Conceição');
  });

  it.each([
    ['a legacy .xls', { name: 'contatos.xls', bytes: Buffer.from([0xd0, 0xcf, 0x11, 0xe0, 0xa1, 0xb1, 0x1a, 0xe1, 0, 0]) }, 'Arquivos .xls não são aceitos: salve a planilha como .xlsx e envie de novo'],
    ['an .xls renamed .xlsx', { name: 'contatos.xlsx', bytes: Buffer.from([0xd0, 0xcf, 0x11, 0xe0, 0xa1, 0xb1, 0x1a, 0xe1, 0, 0]) }, 'Arquivos .xls não são aceitos: salve a planilha como .xlsx e envie de novo'],
    ['a text file', { name: 'contatos.txt', bytes: Buffer.from('nome;numero\n') }, 'Envie uma planilha .xlsx ou .csv'],
    ['an .xlsx that is no zip', { name: 'contatos.xlsx', bytes: Buffer.from('nome;numero\n') }, 'Não foi possível ler a planilha'],
    ['a sheet without a number column', { name: 'contatos.csv', bytes: Buffer.from('nome;telefone fixo\nMaria;11999990000\n') }, 'A primeira linha da planilha precisa das colunas name (ou nome) e number (ou numero)'],
    [
      'more than 5000 rows',
      { name: 'contatos.csv', bytes: Buffer.from(`nome;numero\n${Array.from({ length: 5001 }, (_, index) => `Pessoa ${index};1199${String(index).padStart(7, '0')}`).join('\n')}`) },
      'A planilha tem mais de 5000 linhas: divida-a em partes menores',
    ],
    ['no file', { field: 'other', name: 'contatos.csv', bytes: Buffer.from('nome;numero\n') }, 'Required'],
  ])('refuses %s with 400 ERR_VALIDATION on the file field and creates nothing', async (_case, file, message) => {
    const tenant = await createTenant(cloud);

    const response = await postContactsFile(cloud, tenant.admin.token, file);

    expect(response).toEqual({ status: 400, body: { error: 'ERR_VALIDATION', message, fields: [{ path: 'file', message }] } });
    expect(await countOf(tenant.admin.token)).toBe(0);
  });

  it.each([
    ['a zip bomb whose sheet declares 278 bytes and inflates to 1 GB', lyingZerosBomb, 'Não foi possível ler a planilha'],
    ['a legal sheet of 520,000 rows', largeLegalSheet, 'A planilha tem mais de 5000 linhas: divida-a em partes menores'],
    ['a file over 4 MB', () => Buffer.alloc(CONTACTS_IMPORT_MAX_BYTES + 1, 'a'), `File too large (max ${CONTACTS_IMPORT_MAX_BYTES} bytes)`],
  ])('refuses %s with 400 ERR_VALIDATION on the file field and keeps the contacts already stored', async (_case, file, message) => {
    const tenant = await createTenant(cloud);
    await newContact(tenant.admin.token);
    const bytes = file();

    const response = await postContactsFile(cloud, tenant.admin.token, { name: 'contatos.xlsx', bytes });

    expect(response).toEqual({ status: 400, body: { error: 'ERR_VALIDATION', message, fields: [{ path: 'file', message }] } });
    expect(await countOf(tenant.admin.token)).toBe(1);
  });
});

describe('dashboard', () => {
  it("counts contacts created by the form and by an import as the day's new contacts, duplicates not", async () => {
    const tenant = await createTenant(cloud);
    const phone = newPhone();
    const before = companyDay(new Date());
    await newContact(tenant.admin.token, { number: phone.typed });
    await create(tenant.admin.token, { name: 'Repetido', number: phone.typed });
    await postContactsFile(cloud, tenant.admin.token, {
      name: 'c.csv',
      bytes: Buffer.from(`nome;numero\nUm;${newPhone().typed}\nDois;${newPhone().typed}\nTres;${phone.typed}\n`),
    });

    // Both days when the test runs across midnight.
    const days = await readDays(tenant.companyId, [...new Set([before, companyDay(new Date())])]);

    expect(days.reduce((sum, day) => sum + (day.company.newContacts ?? 0), 0)).toBe(3);
  });
});

describe('realtime', () => {
  it('tells the company of created, updated, deleted and imported contacts, and not another company', async () => {
    const other = await createTenant(cloud);
    const socket = await listen(plainUser.token);
    const stranger = await listen(other.admin.token);
    try {
      const contact = await newContact(a.admin.token, { name: 'Ao Vivo' });
      await cloud.api(`/contacts/${contact.id}`, { method: 'PUT', token: a.admin.token, body: { name: 'Ao Vivo 2' } });
      await cloud.api(`/contacts/${contact.id}`, { method: 'DELETE', token: a.admin.token });
      await postContactsFile(cloud, a.admin.token, { name: 'c.csv', bytes: Buffer.from(`nome;numero\nImportado Vivo;${newPhone().typed}\n`) });

      const event = `company-${a.companyId}-contact`;
      const created = await socket.waitFor((frame) => frame.event === event && frame.data.action === 'create' && frame.data.contact.id === contact.id);
      const updated = await socket.waitFor((frame) => frame.event === event && frame.data.action === 'update' && frame.data.contact.id === contact.id);
      const deleted = await socket.waitFor((frame) => frame.event === event && frame.data.action === 'delete');
      const reload = await socket.waitFor((frame) => frame.event === event && frame.data.action === 'reload');

      expect(created.data.contact).toEqual(contact);
      expect(updated.data.contact.name).toBe('Ao Vivo 2');
      expect(deleted.data).toEqual({ action: 'delete', contactId: contact.id });
      expect(reload.data).toEqual({ action: 'reload' });
      await expect(stranger.waitFor((frame) => frame.event.endsWith('-contact'))).rejects.toThrow('frame not received');
    } finally {
      socket.close();
      stranger.close();
    }
  });
});
