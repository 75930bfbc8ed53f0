/**
 * Announcements on the local cloud: the super user's CRUD, what everyone else may read, the image upload
 * to the private bucket with its presigned URL, bad input on every route, and the platform-wide
 * `company-announcement` event reaching sockets of every company.
 */
import { ListObjectsV2Command } from '@aws-sdk/client-s3';
import { listen as listenAs, type Listener } from '../support/listen';
import { s3 } from '../../functions/core/aws/clients';
import { startTestCloud, type TestCloud } from '../support/local-cloud';
import { createTenant, type Tenant } from '../support/tenants';
import { PNG_BYTES, postAnnouncementFile, superToken } from './isolation/announcements';
import { ifAssigned } from '../support/teardown';

/** Only the first bytes are checked, as for any upload: a JPEG signature, then filler. */
const JPEG_BYTES = Buffer.from([0xff, 0xd8, 0xff, 0xe0, 0x00, 0x10, 0x4a, 0x46, 0x49, 0x46, 0x00, 0x01, 0xff, 0xd9]);

let cloud: TestCloud;
let superUser: string;
/** A company admin without the super flag, and a second company for the realtime test. */
let tenant: Tenant;
let other: Tenant;

beforeAll(async () => {
  cloud = await startTestCloud();
  superUser = await superToken(cloud);
  [tenant, other] = [await createTenant(cloud), await createTenant(cloud)];
});

afterAll(async () => {
  await ifAssigned(cloud)?.stop();
});

let counter = 0;
const uniqueMarker = () => `m${Date.now().toString(36)}x${(counter += 1)}`;

// `any`: the answer's shape is what the tests assert; a created announcement is compared whole.
// eslint-disable-next-line @typescript-eslint/no-explicit-any
async function create(body: Record<string, unknown> = {}): Promise<Record<string, any>> {
  const response = await cloud.api('/announcements', {
    method: 'POST',
    token: superUser,
    body: { title: `Aviso ${uniqueMarker()}`, text: 'Sistema em manutenção às 22h', ...body },
  });
  expect(response.status).toBe(201);
  return response.body;
}

/** Test-only: the keys stored under an announcement's prefix in the media bucket. */
async function storedKeys(id: string): Promise<string[]> {
  const { Contents = [] } = await s3().send(new ListObjectsV2Command({ Bucket: cloud.mediaBucket, Prefix: `announcements/${id}/` }));
  return Contents.map((object) => object.Key ?? '');
}

const ANNOUNCEMENT_FIELDS = ['createdAt', 'id', 'mediaName', 'mediaPath', 'mediaUrl', 'priority', 'status', 'text', 'title', 'updatedAt'];

describe('super user CRUD', () => {
  it('creates an announcement with priority 3 and active by default, and reads it back with exactly the API fields', async () => {
    const created = await create({ title: '  Manutenção programada  ' });

    expect(created).toEqual({
      id: expect.stringMatching(/^[0-9A-Z]{26}$/),
      title: 'Manutenção programada',
      text: 'Sistema em manutenção às 22h',
      priority: 3,
      status: true,
      mediaPath: null,
      mediaName: null,
      mediaUrl: null,
      createdAt: expect.any(String),
      updatedAt: created.createdAt,
    });
    const read = await cloud.api(`/announcements/${created.id}`, { token: superUser });
    expect(read).toEqual({ status: 200, body: created });
  });

  it('keeps the priority and status it is given, and ignores mediaPath, mediaName and companyId in the body', async () => {
    const created = await create({ priority: 1, status: false, mediaPath: 'elsewhere/x.png', mediaName: 'x.png', companyId: tenant.companyId });

    expect(created).toMatchObject({ priority: 1, status: false, mediaPath: null, mediaName: null });
    expect(Object.keys(created).sort()).toEqual(ANNOUNCEMENT_FIELDS);
  });

  it('lists newest first, searching title and text without regard to accents or case, 20 per page with hasMore', async () => {
    const marker = uniqueMarker();
    const ids: string[] = [];
    for (let index = 0; index < 21; index += 1) ids.push((await create({ title: `Lote ${marker} ${index}` })).id);
    const byText = await create({ text: `Atenção ${marker.toUpperCase()} no texto` });

    const first = await cloud.api(`/announcements?searchParam=${marker}`, { token: superUser });
    const second = await cloud.api(`/announcements?searchParam=${marker}&pageNumber=2`, { token: superUser });
    const accents = await cloud.api(`/announcements?searchParam=ATENCAO%20${marker}`, { token: superUser });

    expect(first.status).toBe(200);
    expect(first.body.hasMore).toBe(true);
    const listed = [...first.body.records, ...second.body.records].map((record: { id: string }) => record.id);
    expect(listed).toEqual([byText.id, ...ids.reverse()]);
    expect(second.body).toMatchObject({ hasMore: false });
    expect(accents.body.records.map((record: { id: string }) => record.id)).toEqual([byText.id]);
  });

  it('updates title, text, priority and status, leaving out what is not sent', async () => {
    const created = await create({ priority: 2 });

    const updated = await cloud.api(`/announcements/${created.id}`, {
      method: 'PUT',
      token: superUser,
      body: { title: 'Novo título', text: 'Novo texto', status: false },
    });

    expect(updated.status).toBe(200);
    expect(updated.body).toMatchObject({ id: created.id, title: 'Novo título', text: 'Novo texto', priority: 2, status: false, createdAt: created.createdAt });
    expect((await cloud.api(`/announcements/${created.id}`, { token: superUser })).body).toEqual(updated.body);
  });

  it('answers 404 ERR_NO_ANNOUNCEMENT_FOUND for an unknown id on every route and creates nothing', async () => {
    const unknown = '01ARZ3NDEKTSV4RRFFQ69G5FAV';
    const notFound = { status: 404, body: expect.objectContaining({ error: 'ERR_NO_ANNOUNCEMENT_FOUND' }) };

    expect(await cloud.api(`/announcements/${unknown}`, { token: superUser })).toEqual(notFound);
    expect(await cloud.api(`/announcements/${unknown}`, { method: 'PUT', token: superUser, body: { title: 'a', text: 'b' } })).toEqual(notFound);
    expect(await cloud.api(`/announcements/${unknown}`, { method: 'DELETE', token: superUser })).toEqual(notFound);
    expect(await postAnnouncementFile(cloud, unknown, superUser, { name: 'a.png', bytes: PNG_BYTES })).toEqual(notFound);
    expect(await cloud.api(`/announcements/${unknown}/media-upload`, { method: 'DELETE', token: superUser })).toEqual(notFound);
    expect(await cloud.api(`/announcements/${unknown}`, { token: superUser })).toEqual(notFound);
    expect(await storedKeys(unknown)).toEqual([]);
  });

  it('deletes an announcement: it is gone, and a second delete answers 404', async () => {
    const created = await create();

    const deleted = await cloud.api(`/announcements/${created.id}`, { method: 'DELETE', token: superUser });

    expect(deleted.status).toBe(204);
    expect((await cloud.api(`/announcements/${created.id}`, { token: superUser })).status).toBe(404);
    expect((await cloud.api(`/announcements/${created.id}`, { method: 'DELETE', token: superUser })).status).toBe(404);
  });
});

describe('bad input', () => {
  const fieldsOf = (body: { fields?: { path: string; message: string }[] }) =>
    Object.fromEntries((body.fields ?? []).map((field) => [field.path, field.message]));

  it('requires title and text on create, with the spec messages', async () => {
    const response = await cloud.api('/announcements', { method: 'POST', token: superUser, body: { title: '   ' } });

    expect(response.status).toBe(400);
    expect(response.body.error).toBe('ERR_VALIDATION');
    expect(fieldsOf(response.body)).toEqual({ title: 'Required', text: 'Required' });
  });

  it('refuses a title or text too long, a priority out of 1 to 3, a status that is not a boolean', async () => {
    const response = await cloud.api('/announcements', {
      method: 'POST',
      token: superUser,
      body: { title: 'x'.repeat(151), text: 'y'.repeat(4001), priority: 4, status: 'yes' },
    });

    expect(response.status).toBe(400);
    expect(fieldsOf(response.body)).toEqual({ title: 'Too Long!', text: 'Too Long!', priority: 'Invalid priority', status: 'Invalid status' });
  });

  it('refuses a malformed JSON body', async () => {
    const response = await cloud.api('/announcements', { method: 'POST', token: superUser, body: '{"title":' });

    expect(response).toEqual({ status: 400, body: expect.objectContaining({ error: 'ERR_VALIDATION' }) });
  });

  it('requires title and text on update too', async () => {
    const created = await create();

    const response = await cloud.api(`/announcements/${created.id}`, { method: 'PUT', token: superUser, body: { priority: 1 } });

    expect(response.status).toBe(400);
    expect(fieldsOf(response.body)).toEqual({ title: 'Required', text: 'Required' });
    expect((await cloud.api(`/announcements/${created.id}`, { token: superUser })).body).toEqual(created);
  });

  it('refuses a malformed id on every route with an id, and a bad page number', async () => {
    const invalidId = { status: 400, body: expect.objectContaining({ error: 'ERR_VALIDATION', message: 'Invalid id' }) };

    expect(await cloud.api('/announcements/not-an-id', { token: superUser })).toEqual(invalidId);
    expect(await cloud.api('/announcements/not-an-id', { method: 'PUT', token: superUser, body: { title: 'a', text: 'b' } })).toEqual(invalidId);
    expect(await cloud.api('/announcements/not-an-id', { method: 'DELETE', token: superUser })).toEqual(invalidId);
    expect(await postAnnouncementFile(cloud, 'not-an-id', superUser, { name: 'a.png', bytes: PNG_BYTES })).toEqual(invalidId);
    expect(await cloud.api('/announcements/not-an-id/media-upload', { method: 'DELETE', token: superUser })).toEqual(invalidId);
    expect(await cloud.api('/announcements?pageNumber=0', { token: superUser })).toEqual({
      status: 400,
      body: expect.objectContaining({ error: 'ERR_VALIDATION', message: 'Invalid page' }),
    });
  });

  it('requires a signed-in user on every route', async () => {
    expect((await cloud.api('/announcements')).status).toBe(401);
    expect((await cloud.api('/announcements', { method: 'POST', body: { title: 'a', text: 'b' } })).status).toBe(401);
  });
});

describe('who may do what', () => {
  it('refuses every write to a company admin without the super flag with 403 and changes nothing', async () => {
    const created = await create();
    const refused = { status: 403, body: expect.objectContaining({ error: 'ERR_NO_PERMISSION' }) };
    const token = tenant.admin.token;
    const marker = uniqueMarker();

    expect(await cloud.api('/announcements', { method: 'POST', token, body: { title: marker, text: 'x' } })).toEqual(refused);
    expect(await cloud.api(`/announcements/${created.id}`, { method: 'PUT', token, body: { title: 'x', text: 'x' } })).toEqual(refused);
    expect(await cloud.api(`/announcements/${created.id}`, { method: 'DELETE', token })).toEqual(refused);
    expect(await postAnnouncementFile(cloud, created.id, token, { name: 'a.png', bytes: PNG_BYTES })).toEqual(refused);
    expect(await cloud.api(`/announcements/${created.id}/media-upload`, { method: 'DELETE', token })).toEqual(refused);

    expect((await cloud.api(`/announcements/${created.id}`, { token: superUser })).body).toEqual(created);
    expect((await cloud.api(`/announcements?searchParam=${marker}`, { token: superUser })).body.records).toEqual([]);
    expect(await storedKeys(created.id)).toEqual([]);
  });

  it('shows a company admin only the active announcements, in the list and by id', async () => {
    const marker = uniqueMarker();
    const active = await create({ title: `Ativo ${marker}` });
    const inactive = await create({ title: `Inativo ${marker}`, status: false });

    const list = await cloud.api(`/announcements?searchParam=${marker}`, { token: tenant.admin.token });
    const superList = await cloud.api(`/announcements?searchParam=${marker}`, { token: superUser });

    expect(list.body).toEqual({ records: [active], hasMore: false });
    expect(superList.body.records.map((record: { id: string }) => record.id)).toEqual([inactive.id, active.id]);
    expect(await cloud.api(`/announcements/${active.id}`, { token: tenant.admin.token })).toEqual({ status: 200, body: active });
    expect(await cloud.api(`/announcements/${inactive.id}`, { token: tenant.admin.token })).toEqual({
      status: 404,
      body: expect.objectContaining({ error: 'ERR_NO_ANNOUNCEMENT_FOUND' }),
    });
  });

  it('hides an announcement from company users once the super user makes it inactive', async () => {
    const created = await create();
    await cloud.api(`/announcements/${created.id}`, { method: 'PUT', token: superUser, body: { title: created.title, text: created.text, status: false } });

    expect((await cloud.api(`/announcements/${created.id}`, { token: tenant.admin.token })).status).toBe(404);
  });
});

describe('image upload', () => {
  it('stores a png under the announcement and answers a presigned URL that downloads the same bytes', async () => {
    const created = await create();

    const response = await postAnnouncementFile(cloud, created.id, superUser, { name: 'Foto do Aviso.png', bytes: PNG_BYTES, type: 'image/png' });

    expect(response.status).toBe(200);
    expect(Object.keys(response.body).sort()).toEqual(ANNOUNCEMENT_FIELDS);
    expect(response.body).toMatchObject({
      id: created.id,
      mediaName: 'Foto_do_Aviso.png',
      mediaPath: `announcements/${created.id}/Foto_do_Aviso.png`,
      mediaUrl: expect.stringContaining('X-Amz-Signature='),
    });
    const url = new URL(response.body.mediaUrl);
    expect(url.searchParams.get('X-Amz-Expires')).toBe('900');
    const download = await fetch(url);
    expect(download.status).toBe(200);
    expect(download.headers.get('content-type')).toBe('image/png');
    expect(Buffer.from(await download.arrayBuffer()).equals(PNG_BYTES)).toBe(true);
    expect(await storedKeys(created.id)).toEqual([`announcements/${created.id}/Foto_do_Aviso.png`]);
  });

  it('lets company users see an active announcement image through a fresh presigned URL', async () => {
    const created = await create();
    await postAnnouncementFile(cloud, created.id, superUser, { name: 'aviso.png', bytes: PNG_BYTES });

    const read = await cloud.api(`/announcements/${created.id}`, { token: tenant.admin.token });

    expect(read.body).toMatchObject({ mediaName: 'aviso.png', mediaUrl: expect.stringContaining('X-Amz-Signature=') });
    const download = await fetch(read.body.mediaUrl);
    expect(Buffer.from(await download.arrayBuffer()).equals(PNG_BYTES)).toBe(true);
  });

  it('accepts a .jpeg sent in a `medias` field, and replacing the image deletes the earlier object', async () => {
    const created = await create();
    await postAnnouncementFile(cloud, created.id, superUser, { name: 'antes.png', bytes: PNG_BYTES });

    const response = await postAnnouncementFile(cloud, created.id, superUser, { field: 'medias', name: 'depois.JPEG', bytes: JPEG_BYTES });

    expect(response.status).toBe(200);
    expect(response.body).toMatchObject({ mediaName: 'depois.JPEG', mediaPath: `announcements/${created.id}/depois.JPEG` });
    expect(await storedKeys(created.id)).toEqual([`announcements/${created.id}/depois.JPEG`]);
    const download = await fetch(response.body.mediaUrl);
    expect(download.headers.get('content-type')).toBe('image/jpeg');
  });

  it('stores a name like "../../etc/passwd .png" as a plain name under the announcement prefix', async () => {
    const created = await create();

    const response = await postAnnouncementFile(cloud, created.id, superUser, { name: '../../etc/passwd .png', bytes: PNG_BYTES });

    expect(response.status).toBe(200);
    expect(response.body).toMatchObject({ mediaName: 'passwd_.png', mediaPath: `announcements/${created.id}/passwd_.png` });
    expect(await storedKeys(created.id)).toEqual([`announcements/${created.id}/passwd_.png`]);
  });

  it.each([
    ['an .exe', { name: 'setup.exe', bytes: Buffer.from('MZ\x90\x00 not an image') }, 'Only .png, .jpg and .jpeg images are accepted'],
    ['a .png whose bytes are not an image', { name: 'fake.png', bytes: Buffer.from('#!/bin/sh\necho hi\n') }, 'The file is not a .png image'],
    ['a .jpg whose bytes are a png', { name: 'mixed.jpg', bytes: PNG_BYTES }, 'The file is not a .jpg image'],
    ['a file without extension', { name: 'image', bytes: PNG_BYTES }, 'Only .png, .jpg and .jpeg images are accepted'],
    ['an empty file', { name: 'empty.png', bytes: Buffer.alloc(0) }, 'Required'],
    ['a file in another field', { field: 'photo', name: 'a.png', bytes: PNG_BYTES }, 'Required'],
  ])('refuses %s with 400 ERR_VALIDATION on the file field and stores nothing', async (_label, file, message) => {
    const created = await create();

    const response = await postAnnouncementFile(cloud, created.id, superUser, file);

    expect(response).toEqual({ status: 400, body: { error: 'ERR_VALIDATION', message, fields: [{ path: 'file', message }] } });
    expect(await storedKeys(created.id)).toEqual([]);
    expect((await cloud.api(`/announcements/${created.id}`, { token: superUser })).body).toEqual(created);
  });

  it('refuses a body that is not multipart, two files, and a file over 4 MB', async () => {
    const created = await create();
    const url = `${cloud.config.apiUrl}/announcements/${created.id}/media-upload`;
    const headers = { authorization: `Bearer ${superUser}` };
    const two = new FormData();
    two.append('file', new Blob([new Uint8Array(PNG_BYTES)]), 'a.png');
    two.append('file', new Blob([new Uint8Array(PNG_BYTES)]), 'b.png');
    const big = new Uint8Array(4 * 1024 * 1024 + 1);
    big.set(PNG_BYTES);

    const json = await cloud.api(`/announcements/${created.id}/media-upload`, { method: 'POST', token: superUser, body: { file: 'a.png' } });
    const twoFiles = await fetch(url, { method: 'POST', headers, body: two });
    const tooBig = await postAnnouncementFile(cloud, created.id, superUser, { name: 'big.png', bytes: big });

    expect(json).toEqual({ status: 400, body: expect.objectContaining({ error: 'ERR_VALIDATION', message: 'Expected multipart/form-data' }) });
    expect({ status: twoFiles.status, body: await twoFiles.json() }).toEqual({
      status: 400,
      body: expect.objectContaining({ error: 'ERR_VALIDATION', message: 'Send one file only' }),
    });
    expect(tooBig).toEqual({ status: 400, body: expect.objectContaining({ error: 'ERR_VALIDATION', message: expect.stringMatching(/^File too large/) }) });
    expect(await storedKeys(created.id)).toEqual([]);
  });

  it('removes the image on DELETE media-upload: the object is gone and the fields are cleared', async () => {
    const created = await create();
    const uploaded = await postAnnouncementFile(cloud, created.id, superUser, { name: 'aviso.png', bytes: PNG_BYTES });

    const response = await cloud.api(`/announcements/${created.id}/media-upload`, { method: 'DELETE', token: superUser });

    expect(response.status).toBe(200);
    expect(response.body).toMatchObject({ id: created.id, mediaPath: null, mediaName: null, mediaUrl: null });
    expect(await storedKeys(created.id)).toEqual([]);
    expect((await fetch(uploaded.body.mediaUrl)).status).toBe(404);
    const again = await cloud.api(`/announcements/${created.id}/media-upload`, { method: 'DELETE', token: superUser });
    expect(again.status).toBe(200);
  });

  it('deletes the image with its announcement', async () => {
    const created = await create();
    await postAnnouncementFile(cloud, created.id, superUser, { name: 'aviso.png', bytes: PNG_BYTES });

    await cloud.api(`/announcements/${created.id}`, { method: 'DELETE', token: superUser });

    expect(await storedKeys(created.id)).toEqual([]);
  });
});

describe('realtime', () => {
  const listen = (token: string) => listenAs(cloud, token);

  const waitFor = async (check: () => boolean): Promise<void> => {
    for (let attempt = 0; attempt < 100 && !check(); attempt += 1) await new Promise((resolve) => setTimeout(resolve, 20));
    if (!check()) throw new Error('condition not reached');
  };

  const about = (listener: Listener, id: string) =>
    listener.frames.filter((frame) => frame.event === 'company-announcement' && (frame.data.record?.id ?? frame.data.id) === id);

  it('tells sockets of every company about create, update, image and delete; an inactive one only by its id', async () => {
    const listeners = [await listen(tenant.admin.token), await listen(other.admin.token), await listen(superUser)];
    try {
      const created = await create({ title: 'Ao vivo' });
      await postAnnouncementFile(cloud, created.id, superUser, { name: 'aviso.png', bytes: PNG_BYTES });
      await cloud.api(`/announcements/${created.id}`, { method: 'PUT', token: superUser, body: { title: 'Secreto', text: 'Rascunho', status: false } });
      await cloud.api(`/announcements/${created.id}`, { method: 'DELETE', token: superUser });

      for (const listener of listeners) {
        await waitFor(() => about(listener, created.id).length === 4);
        const [onCreate, onImage, onInactive, onDelete] = about(listener, created.id).map((frame) => frame.data);
        expect(onCreate).toEqual({ action: 'create', record: created });
        expect(onImage).toMatchObject({ action: 'update', record: { id: created.id, mediaName: 'aviso.png', mediaUrl: expect.stringContaining('X-Amz-Signature=') } });
        expect(onInactive).toEqual({ action: 'inactive', id: created.id });
        expect(onDelete).toEqual({ action: 'delete', id: created.id });
      }
    } finally {
      for (const listener of listeners) listener.close();
    }
  });
});
