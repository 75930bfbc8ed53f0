/**
 * Announcements are platform data, not tenant data: there is no "company B's announcement". The probes
 * prove what a company user must never do with them: write any (403, nothing changed), read an inactive
 * one (404, as if missing), or change anything by sending a `companyId` (ignored). Afterwards B's admin
 * reads the announcement exactly as before.
 */
import type { RouteKeyOf } from '../../../infra/resources/http-routes';
import { DEMO_LOGIN, type TestCloud } from '../../support/local-cloud';
import type { IsolationContext, Probe } from './probe';

/** The smallest valid PNG: a 1x1 transparent pixel. */
export const PNG_BYTES = Buffer.from(
  'iVBORw0KGgoAAAANSUhEUgAAAAEAAAABCAYAAAAfFcSJAAAADUlEQVR42mNk+M9QDwADhgGAWjR9awAAAABJRU5ErkJggg==',
  'base64',
);

export interface UploadedForm {
  readonly field?: string;
  readonly name: string;
  readonly bytes: Uint8Array;
  readonly type?: string;
}

/** POST /announcements/{id}/media-upload as a browser sends it: multipart/form-data with one file. */
export async function postAnnouncementFile(
  cloud: TestCloud,
  id: string,
  token: string,
  file: UploadedForm,
  query = '',
  // `any`: like cloud.api, each test asserts on the shape of the body it expects.
  // eslint-disable-next-line @typescript-eslint/no-explicit-any
): Promise<{ status: number; body: any }> {
  const form = new FormData();
  form.append(file.field ?? 'file', new Blob([new Uint8Array(file.bytes)], { type: file.type ?? 'application/octet-stream' }), file.name);
  const response = await fetch(`${cloud.config.apiUrl}/announcements/${id}/media-upload${query}`, {
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

const superTokens = new WeakMap<TestCloud, Promise<string>>();

/** The seeded platform super user's token, signed in once per cloud. */
export function superToken(cloud: TestCloud): Promise<string> {
  let token = superTokens.get(cloud);
  if (!token) {
    token = cloud.signIn(DEMO_LOGIN.email, DEMO_LOGIN.password).then(({ accessToken }) => accessToken);
    superTokens.set(cloud, token);
  }
  return token;
}

let counter = 0;

/** An announcement written by the super user, active unless said otherwise, with an image if asked. */
async function announcement({ cloud }: IsolationContext, options: { status?: boolean; image?: boolean; marker?: string } = {}) {
  counter += 1;
  const token = await superToken(cloud);
  const marker = options.marker ?? `probe${Date.now().toString(36)}x${counter}`;
  const response = await cloud.api('/announcements', {
    method: 'POST',
    token,
    body: { title: `Aviso ${marker}`, text: 'Manutenção às 22h', priority: 1, status: options.status ?? true },
  });
  expect(response.status).toBe(201);
  if (options.image) {
    const upload = await postAnnouncementFile(cloud, response.body.id, token, { name: 'aviso.png', bytes: PNG_BYTES });
    expect(upload.status).toBe(200);
  }
  return { id: String(response.body.id), marker };
}

/** Reads the announcement as B's admin (active) or as the super user (inactive), without the URL that changes. */
async function readBack({ cloud, b }: IsolationContext, id: string, asSuper = false) {
  const token = asSuper ? await superToken(cloud) : b.admin.token;
  const response = await cloud.api(`/announcements/${id}`, { token });
  expect(response.status).toBe(200);
  const { mediaUrl, ...rest } = response.body;
  return { ...rest, hasMediaUrl: typeof mediaUrl === 'string' };
}

const expectRefused = (response: { status: number; body: unknown }) =>
  expect(response).toEqual({ status: 403, body: expect.objectContaining({ error: 'ERR_NO_PERMISSION' }) });

export const announcementsProbes: Record<RouteKeyOf<'announcements'>, Probe> = {
  'GET /announcements': async (context) => {
    const { cloud, a, b } = context;
    const active = await announcement(context);
    const inactive = await announcement(context, { status: false, marker: active.marker });

    const asA = await cloud.api(`/announcements?searchParam=${active.marker}&companyId=${b.companyId}&pageNumber=1`, { token: a.user.token });

    expect(asA.status).toBe(200);
    expect(asA.body.records.map((record: { id: string }) => record.id)).toEqual([active.id]);
    const asSuper = await cloud.api(`/announcements?searchParam=${active.marker}`, { token: await superToken(cloud) });
    expect(asSuper.body.records.map((record: { id: string }) => record.id)).toEqual([inactive.id, active.id]);
    const asB = await cloud.api(`/announcements?searchParam=${active.marker}`, { token: b.admin.token });
    expect(asB.body.records.map((record: { id: string }) => record.id)).toEqual([active.id]);
  },

  'GET /announcements/{id}': async (context) => {
    const { cloud, a, b } = context;
    const inactive = await announcement(context, { status: false });

    const response = await cloud.api(`/announcements/${inactive.id}?companyId=${b.companyId}`, { token: a.user.token });

    expect(response).toEqual({ status: 404, body: expect.objectContaining({ error: 'ERR_NO_ANNOUNCEMENT_FOUND' }) });
    expect((await cloud.api(`/announcements/${inactive.id}`, { token: b.admin.token })).status).toBe(404);
    expect(await readBack(context, inactive.id, true)).toMatchObject({ status: false });
  },

  'POST /announcements': async (context) => {
    const { cloud, a, b } = context;
    const title = `Intruso ${Date.now().toString(36)}`;

    const response = await cloud.api(`/announcements?companyId=${b.companyId}`, {
      method: 'POST',
      token: a.admin.token,
      body: { title, text: 'x', companyId: b.companyId },
    });

    expectRefused(response);
    const asSuper = await cloud.api(`/announcements?searchParam=${title}`, { token: await superToken(cloud) });
    expect(asSuper.body.records).toEqual([]);
  },

  'PUT /announcements/{id}': async (context) => {
    const { cloud, a, b } = context;
    const target = await announcement(context);
    const before = await readBack(context, target.id);

    const response = await cloud.api(`/announcements/${target.id}?companyId=${b.companyId}`, {
      method: 'PUT',
      token: a.admin.token,
      body: { title: 'Alterado', text: 'Alterado', status: false, companyId: b.companyId },
    });

    expectRefused(response);
    expect(await readBack(context, target.id)).toEqual(before);
  },

  'DELETE /announcements/{id}': async (context) => {
    const { cloud, a, b } = context;
    const target = await announcement(context, { image: true });
    const before = await readBack(context, target.id);

    const response = await cloud.api(`/announcements/${target.id}?companyId=${b.companyId}`, { method: 'DELETE', token: a.admin.token });

    expectRefused(response);
    expect(await readBack(context, target.id)).toEqual(before);
  },

  'POST /announcements/{id}/media-upload': async (context) => {
    const { cloud, a, b } = context;
    const target = await announcement(context);
    const before = await readBack(context, target.id);

    const response = await postAnnouncementFile(cloud, target.id, a.admin.token, { name: 'intruso.png', bytes: PNG_BYTES }, `?companyId=${b.companyId}`);

    expectRefused(response);
    expect(await readBack(context, target.id)).toEqual(before);
    expect(before).toMatchObject({ mediaPath: null, hasMediaUrl: false });
  },

  'DELETE /announcements/{id}/media-upload': async (context) => {
    const { cloud, a, b } = context;
    const target = await announcement(context, { image: true });
    const before = await readBack(context, target.id);

    const response = await cloud.api(`/announcements/${target.id}/media-upload?companyId=${b.companyId}`, {
      method: 'DELETE',
      token: a.admin.token,
    });

    expectRefused(response);
    expect(await readBack(context, target.id)).toEqual(before);
    expect(before).toMatchObject({ mediaName: 'aviso.png', hasMediaUrl: true });
  },
};
