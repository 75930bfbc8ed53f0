/**
 * Tenant isolation of the contact routes: A never finds, reads, exports, changes or deletes a contact of
 * B, whatever ids, cursors and `companyId` it sends; what A creates or imports lands in A, and numbers
 * are unique per company, not across companies.
 */
import { ulid } from 'ulid';
import type { RouteKeyOf } from '../../../infra/resources/http-routes';
import type { TestCloud } from '../../support/local-cloud';
import type { Tenant } from '../../support/tenants';
import type { Probe } from './probe';

interface StoredContact {
  readonly id: string;
  readonly name: string;
  readonly number: string;
  readonly email: string;
}

export interface UploadedForm {
  readonly field?: string;
  readonly name: string;
  readonly bytes: Buffer;
}

/** POST /contacts/import with one file in a multipart body, as the contacts page sends it. */
export async function postContactsFile(
  cloud: TestCloud,
  token: string,
  file: UploadedForm,
  extraFields: Record<string, string> = {},
  query = '',
  // `any`: like cloud.api, each test asserts on the shape of the body it expects.
  // eslint-disable-next-line @typescript-eslint/no-explicit-any
): Promise<{ status: number; body: any }> {
  const form = new FormData();
  for (const [name, value] of Object.entries(extraFields)) form.append(name, value);
  form.append(file.field ?? 'file', new Blob([new Uint8Array(file.bytes)]), file.name);
  const response = await fetch(`${cloud.config.apiUrl}/contacts/import${query}`, {
    method: 'POST',
    headers: { authorization: `Bearer ${token}` },
    body: form,
  });
  const text = await response.text();
  try {
    return { status: response.status, body: JSON.parse(text) };
  } catch {
    return { status: response.status, body: text };
  }
}

let counter = 0;
/** A Brazilian mobile number not used before in this run, as stored. */
function uniqueNumber(): string {
  counter += 1;
  return `55119${String((Date.now() + counter) % 100_000_000).padStart(8, '0')}`;
}

/** A contact of B, created by B's admin, with a name no other probe uses. */
async function contactOfB(cloud: TestCloud, b: Tenant): Promise<StoredContact> {
  const response = await cloud.api('/contacts', {
    method: 'POST',
    token: b.admin.token,
    body: { name: `Bcontato ${ulid().slice(-8)}`, number: `+${uniqueNumber()}`, email: 'b@example.com' },
  });
  expect(response.status).toBe(201);
  return response.body;
}

/** B's admin reads the contact: still there, exactly as it was. */
async function expectUnchanged(cloud: TestCloud, b: Tenant, contact: StoredContact): Promise<void> {
  const response = await cloud.api(`/contacts/${contact.id}`, { token: b.admin.token });
  expect(response.status).toBe(200);
  expect(response.body).toMatchObject({ id: contact.id, name: contact.name, number: contact.number, email: contact.email });
}

const countOf = async (cloud: TestCloud, tenant: Tenant): Promise<number> =>
  (await cloud.api('/contacts', { token: tenant.admin.token })).body.count;

const ids = (contacts: readonly { id: string }[]) => contacts.map((contact) => contact.id);

export const contactsProbes: Record<RouteKeyOf<'contacts'>, Probe> = {
  'GET /contacts': async ({ cloud, a, b }) => {
    const contact = await contactOfB(cloud, b);
    // A well-formed position in B's name list, as B's own page would give it.
    const bCursor = Buffer.from(
      JSON.stringify({
        PK: `C#${b.companyId}#CT#${contact.id}`,
        SK: 'CONTACT',
        GSI1PK: `C#${b.companyId}#CTNAME`,
        GSI1SK: `${contact.name.toLowerCase()}#${contact.id}`,
      }),
    ).toString('base64url');

    const byName = await cloud.api(`/contacts?companyId=${b.companyId}&searchParam=${encodeURIComponent(contact.name)}`, { token: a.user.token });
    const byNumber = await cloud.api(`/contacts?companyId=${b.companyId}&searchParam=${contact.number}`, { token: a.user.token });
    const withCursor = await cloud.api(`/contacts?companyId=${b.companyId}&cursor=${bCursor}`, { token: a.user.token });

    expect(byName).toEqual({ status: 200, body: { contacts: [], hasMore: false, count: await countOf(cloud, a), nextCursor: null } });
    expect(byNumber.body.contacts).toEqual([]);
    expect(withCursor).toMatchObject({ status: 400, body: { error: 'ERR_VALIDATION', message: 'Cursor inválido' } });
    await expectUnchanged(cloud, b, contact);
  },

  'GET /contacts/list': async ({ cloud, a, b }) => {
    const contact = await contactOfB(cloud, b);

    const response = await cloud.api(`/contacts/list?companyId=${b.companyId}&searchParam=bcontato`, { token: a.user.token });

    expect(response).toEqual({ status: 200, body: [] });
    expect(ids((await cloud.api('/contacts/list?searchParam=bcontato', { token: b.admin.token })).body)).toContain(contact.id);
  },

  'GET /contacts/export': async ({ cloud, a, b }) => {
    const contact = await contactOfB(cloud, b);

    const response = await cloud.api(`/contacts/export?companyId=${b.companyId}`, { token: a.user.token });
    const file = await (await fetch(response.body.url)).text();

    expect(response.status).toBe(200);
    expect(response.body.url).toContain(`/companies/${a.companyId}/exports/${a.user.id}/contatos.csv`);
    expect(file).not.toContain(contact.number);
    expect(file).not.toContain(contact.name);
    await expectUnchanged(cloud, b, contact);
  },

  'POST /contacts/import': async ({ cloud, a, b }) => {
    const contact = await contactOfB(cloud, b);
    const bCount = await countOf(cloud, b);
    const name = `Aimport ${ulid().slice(-8)}`;

    const response = await postContactsFile(
      cloud,
      a.user.token,
      { name: 'contatos.csv', bytes: Buffer.from(`nome;numero\n${name};+${contact.number}\n`) },
      { companyId: b.companyId },
      `?companyId=${b.companyId}`,
    );

    expect(response).toEqual({ status: 200, body: { created: 1, skipped: 0, errors: [] } });
    expect((await cloud.api(`/contacts?searchParam=${encodeURIComponent(name)}`, { token: a.admin.token })).body.contacts).toHaveLength(1);
    expect((await cloud.api(`/contacts?searchParam=${encodeURIComponent(name)}`, { token: b.admin.token })).body.contacts).toEqual([]);
    expect(await countOf(cloud, b)).toBe(bCount);
    await expectUnchanged(cloud, b, contact);
  },

  'GET /contacts/{id}': async ({ cloud, a, b }) => {
    const contact = await contactOfB(cloud, b);

    const response = await cloud.api(`/contacts/${contact.id}?companyId=${b.companyId}`, { token: a.admin.token });

    expect(response).toEqual({ status: 404, body: { error: 'ERR_NO_CONTACT_FOUND' } });
    await expectUnchanged(cloud, b, contact);
  },

  'POST /contacts': async ({ cloud, a, b }) => {
    const contact = await contactOfB(cloud, b);
    const bCount = await countOf(cloud, b);

    const response = await cloud.api(`/contacts?companyId=${b.companyId}`, {
      method: 'POST',
      token: a.user.token,
      body: { name: 'Mesmo Número', number: `+${contact.number}`, companyId: b.companyId },
    });

    expect(response.status).toBe(201);
    expect((await cloud.api(`/contacts/${response.body.id}`, { token: a.admin.token })).status).toBe(200);
    expect(await cloud.api(`/contacts/${response.body.id}`, { token: b.admin.token })).toEqual({ status: 404, body: { error: 'ERR_NO_CONTACT_FOUND' } });
    expect(await countOf(cloud, b)).toBe(bCount);
    await expectUnchanged(cloud, b, contact);
  },

  'PUT /contacts/{id}': async ({ cloud, a, b }) => {
    const contact = await contactOfB(cloud, b);

    const response = await cloud.api(`/contacts/${contact.id}?companyId=${b.companyId}`, {
      method: 'PUT',
      token: a.admin.token,
      body: { name: 'Tomado', number: `+${uniqueNumber()}`, companyId: b.companyId },
    });

    expect(response).toEqual({ status: 404, body: { error: 'ERR_NO_CONTACT_FOUND' } });
    await expectUnchanged(cloud, b, contact);
  },

  'DELETE /contacts/{id}': async ({ cloud, a, b }) => {
    const contact = await contactOfB(cloud, b);
    const bCount = await countOf(cloud, b);

    const response = await cloud.api(`/contacts/${contact.id}?companyId=${b.companyId}`, { method: 'DELETE', token: a.admin.token });

    expect(response).toEqual({ status: 404, body: { error: 'ERR_NO_CONTACT_FOUND' } });
    expect(await countOf(cloud, b)).toBe(bCount);
    await expectUnchanged(cloud, b, contact);
  },
};
