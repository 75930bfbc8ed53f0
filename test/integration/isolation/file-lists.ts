/**
 * Tenant isolation of the file-list routes: A lists, reads, changes, deletes and uploads to its own lists
 * only; B's ids answer as ones that do not exist, whatever `companyId` A sends, and B's list and its
 * file stay as they were.
 */
import type { RouteKeyOf } from '../../../infra/resources/http-routes';
import type { TestCloud } from '../../support/local-cloud';
import type { Tenant } from '../../support/tenants';
import { PNG_BYTES } from './announcements';
import { postForm } from './messages';
import type { Probe } from './probe';

interface ListOfB {
  readonly id: string;
  readonly optionId: string;
  readonly updatedAt: string;
}

/** A list of B with one option holding a PNG. */
async function listOfB(cloud: TestCloud, b: Tenant): Promise<ListOfB> {
  const created = await cloud.api('/files', {
    method: 'POST',
    token: b.admin.token,
    body: { name: 'Arquivos de B', message: 'Mensagem de B', options: [{ name: 'Catálogo' }] },
  });
  expect(created.status).toBe(201);
  const optionId = String(created.body.options[0].id);
  const uploaded = await postForm(cloud, `/files/uploadList/${created.body.id}`, b.admin.token, [{ field: 'files', name: 'catalogo b.png', bytes: PNG_BYTES }], {
    id: [optionId],
  });
  expect(uploaded.status).toBe(200);
  return { id: String(created.body.id), optionId, updatedAt: String(uploaded.body.updatedAt) };
}

const noList = { status: 404, body: { error: 'ERR_NO_FILE_FOUND' } };

async function bStillHas(cloud: TestCloud, b: Tenant, list: ListOfB): Promise<void> {
  const response = await cloud.api(`/files/${list.id}`, { token: b.admin.token });
  expect(response.status).toBe(200);
  expect(response.body).toMatchObject({
    name: 'Arquivos de B',
    message: 'Mensagem de B',
    updatedAt: list.updatedAt,
    options: [{ id: list.optionId, name: 'Catálogo', path: 'catalogo_b.png', mediaType: 'image' }],
  });
  const download = await fetch(String(response.body.options[0].mediaUrl));
  expect(Buffer.from(await download.arrayBuffer())).toEqual(PNG_BYTES);
}

export const fileListsProbes: Record<RouteKeyOf<'files'>, Probe> = {
  'GET /files': async ({ cloud, a, b }) => {
    const list = await listOfB(cloud, b);

    const response = await cloud.api(`/files?companyId=${b.companyId}&searchParam=Arquivos%20de%20B`, { token: a.admin.token });

    expect(response.status).toBe(200);
    expect(response.body.files.map((file: { id: string }) => file.id)).not.toContain(list.id);
  },

  'GET /files/{id}': async ({ cloud, a, b }) => {
    const list = await listOfB(cloud, b);

    expect(await cloud.api(`/files/${list.id}?companyId=${b.companyId}`, { token: a.admin.token })).toEqual(noList);
  },

  'POST /files': async ({ cloud, a, b }) => {
    const response = await cloud.api(`/files?companyId=${b.companyId}`, {
      method: 'POST',
      token: a.admin.token,
      body: { name: 'Arquivos de A', message: 'De A', companyId: b.companyId, options: [] },
    });

    expect(response.status).toBe(201);
    expect(response.body.companyId).toBe(a.companyId);
    expect(await cloud.api(`/files/${response.body.id}`, { token: b.admin.token })).toEqual(noList);
  },

  'PUT /files/{id}': async ({ cloud, a, b }) => {
    const list = await listOfB(cloud, b);

    const response = await cloud.api(`/files/${list.id}`, {
      method: 'PUT',
      token: a.admin.token,
      body: { name: 'Tomada', message: 'Tomada', companyId: b.companyId, options: [] },
    });

    expect(response).toEqual(noList);
    await bStillHas(cloud, b, list);
  },

  'DELETE /files/{id}': async ({ cloud, a, b }) => {
    const list = await listOfB(cloud, b);

    expect(await cloud.api(`/files/${list.id}?companyId=${b.companyId}`, { method: 'DELETE', token: a.admin.token })).toEqual(noList);
    await bStillHas(cloud, b, list);
  },

  'POST /files/uploadList/{id}': async ({ cloud, a, b }) => {
    const list = await listOfB(cloud, b);

    const response = await postForm(cloud, `/files/uploadList/${list.id}?companyId=${b.companyId}`, a.admin.token, [
      { field: 'files', name: 'intruso.pdf', bytes: Buffer.from('%PDF-1.4 intruso') },
    ], { fileId: list.id, typeArch: 'fileList', id: [list.optionId], companyId: b.companyId });

    expect(response).toEqual(noList);
    await bStillHas(cloud, b, list);
  },
};
