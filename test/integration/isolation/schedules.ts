/**
 * Tenant isolation of the scheduled-message routes: A never reads, changes, deletes or attaches to a
 * schedule of B, nor schedules a message to a contact of B, whatever ids and `companyId` it sends; what
 * A creates lands in A. Afterwards B's admin reads B's schedule exactly as before.
 */
import { ulid } from 'ulid';
import type { RouteKeyOf } from '../../../infra/resources/http-routes';
import type { TestCloud } from '../../support/local-cloud';
import type { Tenant } from '../../support/tenants';
import { PNG_BYTES } from './announcements';
import { postForm } from './messages';
import type { Probe } from './probe';

interface StoredSchedule {
  readonly id: string;
  readonly body: string;
  readonly contactId: string;
  readonly sendAt: string;
  readonly mediaName: string | null;
  readonly updatedAt: string;
}

let counter = 0;

/** A contact of the tenant, created by its admin. */
export async function contactOf(cloud: TestCloud, tenant: Tenant, name = `Contato ${ulid().slice(-8)}`): Promise<{ id: string; name: string; number: string }> {
  counter += 1;
  const number = `55118${String((Date.now() + counter) % 100_000_000).padStart(8, '0')}`;
  const response = await cloud.api('/contacts', { method: 'POST', token: tenant.admin.token, body: { name, number: `+${number}` } });
  expect(response.status).toBe(201);
  return response.body;
}

/** A schedule of B a day ahead, with an image: the most exposed kind. */
async function scheduleOfB(cloud: TestCloud, b: Tenant): Promise<StoredSchedule> {
  const contact = await contactOf(cloud, b);
  const sendAt = new Date(Date.now() + 24 * 3600_000).toISOString();
  const response = await cloud.api('/schedules', { method: 'POST', token: b.admin.token, body: { body: 'Mensagem de B', contactId: contact.id, sendAt } });
  expect(response.status).toBe(201);
  const upload = await postForm(cloud, `/schedules/${response.body.id}/media-upload`, b.admin.token, [{ field: 'file', name: 'b.png', bytes: PNG_BYTES }]);
  expect(upload.status).toBe(200);
  return upload.body;
}

async function expectUnchanged(cloud: TestCloud, b: Tenant, schedule: StoredSchedule): Promise<void> {
  const response = await cloud.api(`/schedules/${schedule.id}`, { token: b.admin.token });
  expect(response.status).toBe(200);
  expect(response.body).toMatchObject({
    body: schedule.body,
    contactId: schedule.contactId,
    sendAt: schedule.sendAt,
    mediaName: schedule.mediaName,
    updatedAt: schedule.updatedAt,
  });
}

const notFound = { status: 404, body: { error: 'ERR_NO_SCHEDULE_FOUND' } };
const later = () => new Date(Date.now() + 2 * 24 * 3600_000).toISOString();

export const schedulesProbes: Record<RouteKeyOf<'schedules'>, Probe> = {
  'GET /schedules': async ({ cloud, a, b }) => {
    const schedule = await scheduleOfB(cloud, b);

    const response = await cloud.api(`/schedules?companyId=${b.companyId}&searchParam=${encodeURIComponent(schedule.body)}`, { token: a.user.token });

    expect(response).toEqual({ status: 200, body: { schedules: [], hasMore: false } });
    await expectUnchanged(cloud, b, schedule);
  },

  'GET /schedules/{id}': async ({ cloud, a, b }) => {
    const schedule = await scheduleOfB(cloud, b);

    expect(await cloud.api(`/schedules/${schedule.id}?companyId=${b.companyId}`, { token: a.admin.token })).toEqual(notFound);
    await expectUnchanged(cloud, b, schedule);
  },

  'POST /schedules': async ({ cloud, a, b }) => {
    const contactOfB = await contactOf(cloud, b);
    const refused = await cloud.api(`/schedules?companyId=${b.companyId}`, {
      method: 'POST',
      token: a.user.token,
      body: { body: 'Para o contato de B', contactId: contactOfB.id, sendAt: later(), companyId: b.companyId },
    });
    expect(refused).toMatchObject({ status: 404, body: { error: 'ERR_NO_CONTACT_FOUND' } });

    const contactOfA = await contactOf(cloud, a);
    const response = await cloud.api(`/schedules?companyId=${b.companyId}`, {
      method: 'POST',
      token: a.user.token,
      body: { body: 'Para o contato de A', contactId: contactOfA.id, sendAt: later(), companyId: b.companyId, userId: b.admin.id },
    });
    expect(response.status).toBe(201);
    expect(response.body.userId).toBe(a.user.id);
    expect((await cloud.api(`/schedules/${response.body.id}`, { token: a.admin.token })).status).toBe(200);
    expect(await cloud.api(`/schedules/${response.body.id}`, { token: b.admin.token })).toEqual(notFound);
  },

  'PUT /schedules/{id}': async ({ cloud, a, b }) => {
    const schedule = await scheduleOfB(cloud, b);
    const contactOfA = await contactOf(cloud, a);

    const response = await cloud.api(`/schedules/${schedule.id}?companyId=${b.companyId}`, {
      method: 'PUT',
      token: a.admin.token,
      body: { body: 'Tomado por A', contactId: contactOfA.id, sendAt: later(), companyId: b.companyId },
    });

    expect(response).toEqual(notFound);
    await expectUnchanged(cloud, b, schedule);
  },

  'DELETE /schedules/{id}': async ({ cloud, a, b }) => {
    const schedule = await scheduleOfB(cloud, b);

    expect(await cloud.api(`/schedules/${schedule.id}?companyId=${b.companyId}`, { method: 'DELETE', token: a.admin.token })).toEqual(notFound);
    await expectUnchanged(cloud, b, schedule);
  },

  'POST /schedules/{id}/media-upload': async ({ cloud, a, b }) => {
    const schedule = await scheduleOfB(cloud, b);

    const response = await postForm(cloud, `/schedules/${schedule.id}/media-upload?companyId=${b.companyId}`, a.admin.token, [
      { field: 'file', name: 'a.png', bytes: PNG_BYTES },
    ]);

    expect(response).toEqual(notFound);
    await expectUnchanged(cloud, b, schedule);
  },

  'DELETE /schedules/{id}/media-upload': async ({ cloud, a, b }) => {
    const schedule = await scheduleOfB(cloud, b);

    expect(await cloud.api(`/schedules/${schedule.id}/media-upload?companyId=${b.companyId}`, { method: 'DELETE', token: a.admin.token })).toEqual(notFound);
    await expectUnchanged(cloud, b, schedule);
  },
};
