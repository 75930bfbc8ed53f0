/**
 * Tenant isolation of the contact-list routes: A lists, reads, changes and deletes only its own lists and
 * items; B's ids answer as ones that do not exist, whatever `companyId` A sends, and B's stay as they were.
 */
import type { RouteKeyOf } from '../../../infra/resources/http-routes';
import type { TestCloud } from '../../support/local-cloud';
import type { Tenant } from '../../support/tenants';
import { postForm } from './messages';
import type { Probe } from './probe';

let seq = 0;

async function listOf(cloud: TestCloud, tenant: Tenant, name: string): Promise<{ listId: string; itemId: string }> {
  seq += 1;
  const list = await cloud.api('/contact-lists', { method: 'POST', token: tenant.admin.token, body: { name } });
  expect(list.status).toBe(201);
  const number = `55119${String(70_000_000 + seq * 37).padStart(8, '0')}`;
  const item = await cloud.api('/contact-list-items', {
    method: 'POST',
    token: tenant.admin.token,
    body: { name: 'Cliente B', number, email: '', contactListId: list.body.id },
  });
  expect(item.status).toBe(201);
  return { listId: list.body.id, itemId: item.body.id };
}

const noList = { status: 404, body: { error: 'ERR_NO_CONTACTLIST_FOUND' } };
const noItem = { status: 404, body: { error: 'ERR_NO_CONTACTLISTITEM_FOUND' } };

async function bStillHas(cloud: TestCloud, b: Tenant, listId: string, itemId: string, name = 'Lista B'): Promise<void> {
  const list = await cloud.api(`/contact-lists/${listId}`, { token: b.admin.token });
  expect(list.status).toBe(200);
  expect(list.body).toMatchObject({ name, contactsCount: 1 });
  const item = await cloud.api(`/contact-list-items/${itemId}`, { token: b.admin.token });
  expect(item.status).toBe(200);
  expect(item.body.name).toBe('Cliente B');
}

export const contactListsProbes: Record<RouteKeyOf<'contact-lists'>, Probe> = {
  'GET /contact-lists': async ({ cloud, a, b }) => {
    await listOf(cloud, b, 'Lista B');

    const response = await cloud.api(`/contact-lists?companyId=${b.companyId}&searchParam=Lista%20B`, { token: a.admin.token });

    expect(response.status).toBe(200);
    expect(response.body.records).toEqual([]);
  },

  'GET /contact-lists/list': async ({ cloud, a, b }) => {
    const { listId } = await listOf(cloud, b, 'Lista B');

    const response = await cloud.api(`/contact-lists/list?companyId=${b.companyId}`, { token: a.admin.token });

    expect(response.status).toBe(200);
    expect(response.body.map((list: { id: string }) => list.id)).not.toContain(listId);
  },

  'GET /contact-lists/{id}': async ({ cloud, a, b }) => {
    const { listId } = await listOf(cloud, b, 'Lista B');

    expect(await cloud.api(`/contact-lists/${listId}?companyId=${b.companyId}`, { token: a.admin.token })).toEqual(noList);
  },

  'POST /contact-lists': async ({ cloud, a, b }) => {
    const response = await cloud.api(`/contact-lists?companyId=${b.companyId}`, {
      method: 'POST',
      token: a.admin.token,
      body: { name: 'Lista de A', companyId: b.companyId },
    });

    expect(response.status).toBe(201);
    expect(response.body.companyId).toBe(a.companyId);
    const ofB = await cloud.api('/contact-lists/list', { token: b.admin.token });
    expect(ofB.body.map((list: { id: string }) => list.id)).not.toContain(response.body.id);
  },

  'PUT /contact-lists/{id}': async ({ cloud, a, b }) => {
    const { listId, itemId } = await listOf(cloud, b, 'Lista B');

    const response = await cloud.api(`/contact-lists/${listId}`, { method: 'PUT', token: a.admin.token, body: { name: 'Tomada', companyId: b.companyId } });

    expect(response).toEqual(noList);
    await bStillHas(cloud, b, listId, itemId);
  },

  'DELETE /contact-lists/{id}': async ({ cloud, a, b }) => {
    const { listId, itemId } = await listOf(cloud, b, 'Lista B');

    expect(await cloud.api(`/contact-lists/${listId}`, { method: 'DELETE', token: a.admin.token })).toEqual(noList);
    await bStillHas(cloud, b, listId, itemId);
  },

  'POST /contact-lists/{id}/upload': async ({ cloud, a, b }) => {
    const { listId, itemId } = await listOf(cloud, b, 'Lista B');
    const csv = Buffer.from('nome;numero\nIntruso;5511912345678\n');

    const response = await postForm(cloud, `/contact-lists/${listId}/upload?companyId=${b.companyId}`, a.admin.token, [
      { field: 'file', name: 'lista.csv', bytes: csv },
    ]);

    expect(response).toEqual(noList);
    await bStillHas(cloud, b, listId, itemId);
  },

  'GET /contact-list-items': async ({ cloud, a, b }) => {
    const { listId } = await listOf(cloud, b, 'Lista B');

    expect(await cloud.api(`/contact-list-items?contactListId=${listId}&companyId=${b.companyId}`, { token: a.admin.token })).toEqual(noList);
  },

  'GET /contact-list-items/{id}': async ({ cloud, a, b }) => {
    const { itemId } = await listOf(cloud, b, 'Lista B');

    expect(await cloud.api(`/contact-list-items/${itemId}`, { token: a.admin.token })).toEqual(noItem);
  },

  'POST /contact-list-items': async ({ cloud, a, b }) => {
    const { listId, itemId } = await listOf(cloud, b, 'Lista B');

    const response = await cloud.api('/contact-list-items', {
      method: 'POST',
      token: a.admin.token,
      body: { name: 'Intruso', number: '5511912345678', email: '', contactListId: listId, companyId: b.companyId },
    });

    expect(response).toEqual(noList);
    await bStillHas(cloud, b, listId, itemId);
  },

  'PUT /contact-list-items/{id}': async ({ cloud, a, b }) => {
    const { listId, itemId } = await listOf(cloud, b, 'Lista B');

    const response = await cloud.api(`/contact-list-items/${itemId}`, {
      method: 'PUT',
      token: a.admin.token,
      body: { name: 'Trocado', number: '5511912345678', email: '' },
    });

    expect(response).toEqual(noItem);
    await bStillHas(cloud, b, listId, itemId);
  },

  'DELETE /contact-list-items/{id}': async ({ cloud, a, b }) => {
    const { listId, itemId } = await listOf(cloud, b, 'Lista B');

    expect(await cloud.api(`/contact-list-items/${itemId}`, { method: 'DELETE', token: a.admin.token })).toEqual(noItem);
    await bStillHas(cloud, b, listId, itemId);
  },
};
