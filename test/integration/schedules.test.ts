/**
 * Scheduled messages on the local cloud (spec 2 Schedules; docs/architecture.md §8): the API (plan flag,
 * validation, send times, the connection rule, the image, paging, live events), then sending through a
 * real one-shot entry of the local scheduler, the schedule-due queue and its worker, to a phone of the
 * simulated network: once, on the chosen connection, with the variables filled; a repeated delivery
 * sends nothing more; a connection whose session is not running ends ERRO with the reason.
 */
import { getTicket } from '../../functions/core/repositories/tickets';
import type { SessionHost } from '../../functions/sessions/host';
import { handleDueMessage } from '../../functions/workers/schedule-due';
import { PNG_BYTES } from './isolation/announcements';
import { contactOf } from './isolation/schedules';
import { postForm } from './isolation/messages';
import { listen, type Listener } from '../support/listen';
import type { TestCloud } from '../support/local-cloud';
import { sharedTestCloud } from '../support/shared-cloud';
import { connectSimulated, createSimulatedConnection, sentTo, startSimulatorHost } from '../support/simulated-whatsapp';
import { until } from '../support/until';
import { ifAssigned } from '../support/teardown';
import { createTenant, type Tenant } from '../support/tenants';

let cloud: TestCloud;
let tenant: Tenant;
let host: SessionHost;
/** CONNECTED on the simulator; the company's default (the first one made). */
let defaultConnection: string;
/** A second CONNECTED connection, chosen explicitly. */
let chosenConnection: string;
/** Never started: its session is not running. */
let idleConnection: string;
let listener: Listener;

const DAY = 24 * 3600_000;
const ahead = (ms: number) => new Date(Date.now() + ms).toISOString();

// `any`: like cloud.api, each test asserts on the shape it expects.
// eslint-disable-next-line @typescript-eslint/no-explicit-any
const post = (body: Record<string, unknown>, token = tenant.admin.token): Promise<{ status: number; body: any }> =>
  cloud.api('/schedules', { method: 'POST', token, body });
const show = async (id: string) => (await cloud.api(`/schedules/${id}`, { token: tenant.admin.token })).body;

beforeAll(async () => {
  cloud = await sharedTestCloud();
  tenant = await createTenant(cloud);
  host = startSimulatorHost();
  defaultConnection = await createSimulatedConnection(cloud, tenant, 'Principal');
  chosenConnection = await createSimulatedConnection(cloud, tenant, 'Vendas');
  idleConnection = await createSimulatedConnection(cloud, tenant, 'Parada');
  await connectSimulated(cloud, tenant, defaultConnection, '5511900000010');
  await connectSimulated(cloud, tenant, chosenConnection, '5511900000020');
  listener = await listen(cloud, tenant.admin.token);
}, 90_000);

afterAll(async () => {
  ifAssigned(listener)?.close();
  await ifAssigned(host)?.stop();
  await ifAssigned(cloud)?.stop();
});

describe('the schedules API', () => {
  it('refuses listing and creating schedules to a company whose plan has none', async () => {
    const other = await createTenant(cloud, { useSchedules: false });
    const contact = await contactOf(cloud, other);

    expect((await cloud.api('/schedules', { token: other.admin.token })).status).toBe(403);
    const created = await cloud.api('/schedules', { method: 'POST', token: other.admin.token, body: { body: 'Olá mundo', contactId: contact.id, sendAt: ahead(DAY) } });
    expect(created).toMatchObject({ status: 403, body: { error: 'ERR_NO_PERMISSION' } });
  });

  it("answers the spec's messages for a short body, a missing contact and a missing send time", async () => {
    const contact = await contactOf(cloud, tenant);

    const short = await post({ body: 'oi', contactId: contact.id, sendAt: ahead(DAY) });
    const noContact = await post({ body: 'Olá, tudo bem?', sendAt: ahead(DAY) });
    const noTime = await post({ body: 'Olá, tudo bem?', contactId: contact.id, sendAt: '' });
    const badTime = await post({ body: 'Olá, tudo bem?', contactId: contact.id, sendAt: '2026-02-30 10:00:00' });

    expect(short).toMatchObject({ status: 400, body: { error: 'ERR_VALIDATION', fields: [{ path: 'body', message: 'Mensagem muito curta' }] } });
    expect(noContact).toMatchObject({ status: 400, body: { fields: [{ path: 'contactId', message: 'Obrigatório' }] } });
    expect(noTime).toMatchObject({ status: 400, body: { fields: [{ path: 'sendAt', message: 'Obrigatório' }] } });
    expect(badTime).toMatchObject({ status: 400, body: { fields: [{ path: 'sendAt', message: 'Data inválida' }] } });
  });

  it('answers 400 to malformed input on every route, and ERR_NO_SCHEDULE_FOUND to an unknown id', async () => {
    const token = tenant.admin.token;
    const contact = await contactOf(cloud, tenant);
    const { body: schedule } = await post({ body: 'Entrada ruim', contactId: contact.id, sendAt: ahead(DAY) });
    const valid = { body: 'Entrada boa', contactId: contact.id, sendAt: ahead(DAY) };
    const unknown = '01JZZZZZZZZZZZZZZZZZZZZZZZ';

    const answers = [
      await cloud.api('/schedules?pageNumber=abc', { token }),
      await cloud.api('/schedules/nope', { token }),
      await post({ ...valid, body: 42 }),
      await post({ ...valid, whatsappId: { $ne: null } }),
      await cloud.api('/schedules', { method: 'POST', token, body: 'not json' }),
      await cloud.api('/schedules/nope', { method: 'PUT', token, body: valid }),
      await cloud.api(`/schedules/${schedule.id}`, { method: 'PUT', token, body: { ...valid, sendAt: 'amanhã' } }),
      await cloud.api('/schedules/nope', { method: 'DELETE', token }),
      await postForm(cloud, '/schedules/nope/media-upload', token, [{ field: 'file', name: 'a.png', bytes: PNG_BYTES }]),
      await postForm(cloud, `/schedules/${schedule.id}/media-upload`, token, [{ field: 'other', name: 'a.png', bytes: PNG_BYTES }]),
      await cloud.api('/schedules/nope/media-upload', { method: 'DELETE', token }),
    ];

    expect(answers.map((answer) => answer.status)).toEqual(answers.map(() => 400));
    expect(await show(schedule.id)).toMatchObject({ body: 'Entrada ruim', sendAt: schedule.sendAt, mediaName: null });
    const missing = { status: 404, body: { error: 'ERR_NO_SCHEDULE_FOUND' } };
    expect(await cloud.api(`/schedules/${unknown}`, { token })).toEqual(missing);
    expect(await cloud.api(`/schedules/${unknown}`, { method: 'PUT', token, body: valid })).toEqual(missing);
    expect(await cloud.api(`/schedules/${unknown}`, { method: 'DELETE', token })).toEqual(missing);
    expect(await cloud.api(`/schedules/${unknown}/media-upload`, { method: 'DELETE', token })).toEqual(missing);
  });

  it("reads 'YYYY-MM-DD HH:mm:ss' on the company's clock (Brasília) and ISO 8601 with its offset", async () => {
    const contact = await contactOf(cloud, tenant);

    const local = await post({ body: 'Horário local', contactId: contact.id, sendAt: '2030-05-01 10:00:00' });
    const withOffset = await post({ body: 'Com deslocamento', contactId: contact.id, sendAt: '2030-05-01T10:00:00+02:00' });

    expect(local).toMatchObject({ status: 201, body: { sendAt: '2030-05-01T13:00:00.000Z', status: 'PENDENTE', sentAt: null } });
    expect(withOffset).toMatchObject({ status: 201, body: { sendAt: '2030-05-01T08:00:00.000Z' } });
  });

  it("sends through the contact's latest ticket's connection by default, else the company's default one, else the one chosen", async () => {
    const withTicket = await contactOf(cloud, tenant);
    const ticket = await cloud.api('/tickets', { method: 'POST', token: tenant.admin.token, body: { contactId: withTicket.id, status: 'open', queueId: tenant.queueId, whatsappId: chosenConnection } });
    expect(ticket.status).toBe(201);
    const without = await contactOf(cloud, tenant);

    expect((await post({ body: 'Pelo último ticket', contactId: withTicket.id, sendAt: ahead(DAY) })).body.whatsappId).toBe(chosenConnection);
    expect((await post({ body: 'Pela conexão padrão', contactId: without.id, sendAt: ahead(DAY) })).body.whatsappId).toBe(defaultConnection);
    expect((await post({ body: 'Pela escolhida', contactId: without.id, sendAt: ahead(DAY), whatsappId: idleConnection })).body.whatsappId).toBe(idleConnection);
    expect(await post({ body: 'Conexão que não existe', contactId: without.id, sendAt: ahead(DAY), whatsappId: '01JUNKNOWNCONNECTION000000' })).toMatchObject({
      status: 404,
      body: { error: 'ERR_NO_WAPP_FOUND' },
    });
  });

  it('attaches a png or jpeg image, refuses other files, and removes the image', async () => {
    const contact = await contactOf(cloud, tenant);
    const { body: schedule } = await post({ body: 'Com imagem', contactId: contact.id, sendAt: ahead(DAY) });

    const pdf = await postForm(cloud, `/schedules/${schedule.id}/media-upload`, tenant.admin.token, [{ field: 'file', name: 'nota.pdf', bytes: Buffer.from('%PDF-1.4\n%...') }]);
    const png = await postForm(cloud, `/schedules/${schedule.id}/media-upload`, tenant.admin.token, [{ field: 'file', name: 'foto do pedido.png', bytes: PNG_BYTES }]);
    expect(pdf).toMatchObject({ status: 400, body: { error: 'ERR_VALIDATION' } });
    expect(png).toMatchObject({ status: 200, body: { mediaName: 'foto_do_pedido.png' } });
    expect(png.body.mediaUrl).toEqual(expect.any(String));

    const removed = await cloud.api(`/schedules/${schedule.id}/media-upload`, { method: 'DELETE', token: tenant.admin.token });
    expect(removed).toMatchObject({ status: 200, body: { mediaName: null, mediaPath: null, mediaUrl: null } });
  });

  it('searches by text and contact name and pages twenty at a time', async () => {
    const contact = await contactOf(cloud, tenant, 'Paginação Teste');
    for (let index = 0; index < 21; index += 1) {
      expect((await post({ body: `Lembrete número ${index}`, contactId: contact.id, sendAt: ahead(2 * DAY + index * 60_000) })).status).toBe(201);
    }

    const first = await cloud.api('/schedules?searchParam=paginacao', { token: tenant.admin.token });
    const second = await cloud.api('/schedules?searchParam=paginacao&pageNumber=2', { token: tenant.admin.token });
    const byText = await cloud.api('/schedules?searchParam=Lembrete%20n%C3%BAmero%2020', { token: tenant.admin.token });

    expect(first.body.schedules).toHaveLength(20);
    expect(first.body.hasMore).toBe(true);
    expect(first.body.schedules[0]).toMatchObject({ body: 'Lembrete número 20', contact: { id: contact.id, name: 'Paginação Teste' } });
    expect(second.body).toMatchObject({ hasMore: false, schedules: [{ body: 'Lembrete número 0' }] });
    expect(byText.body.schedules.map((schedule: { body: string }) => schedule.body)).toEqual(['Lembrete número 20']);
  });

  it('announces creations, edits and deletions to the company as `schedule` events', async () => {
    const contact = await contactOf(cloud, tenant);
    const { body: schedule } = await post({ body: 'Ao vivo', contactId: contact.id, sendAt: ahead(DAY) });
    const edited = await cloud.api(`/schedules/${schedule.id}`, { method: 'PUT', token: tenant.admin.token, body: { body: 'Ao vivo, editado', contactId: contact.id, sendAt: ahead(DAY) } });
    expect(edited.status).toBe(200);
    expect((await cloud.api(`/schedules/${schedule.id}`, { method: 'DELETE', token: tenant.admin.token })).status).toBe(204);

    const event = `company-${tenant.companyId}-schedule`;
    await listener.waitFor((frame) => frame.event === event && frame.data.action === 'create' && frame.data.schedule.id === schedule.id);
    await listener.waitFor((frame) => frame.event === event && frame.data.action === 'update' && frame.data.schedule.body === 'Ao vivo, editado');
    await listener.waitFor((frame) => frame.event === event && frame.data.action === 'delete' && frame.data.scheduleId === schedule.id);
    expect(await cloud.api(`/schedules/${schedule.id}`, { token: tenant.admin.token })).toMatchObject({ status: 404, body: { error: 'ERR_NO_SCHEDULE_FOUND' } });
  });
});

describe('sending a scheduled message', () => {
  it('reaches the phone once, on the chosen connection, with its variables filled and its image, and is then sent', async () => {
    const contact = await contactOf(cloud, tenant, 'Maria Souza');
    const { body: schedule } = await post({
      body: 'Seu pedido chega hoje, {{firstName}}!',
      contactId: contact.id,
      sendAt: ahead(2_000),
      whatsappId: chosenConnection,
    });
    expect(schedule.whatsappId).toBe(chosenConnection);
    expect((await postForm(cloud, `/schedules/${schedule.id}/media-upload`, tenant.admin.token, [{ field: 'file', name: 'pedido.png', bytes: PNG_BYTES }])).status).toBe(200);

    const sent = await until('the schedule to be sent', async () => {
      const current = await show(schedule.id);
      return current.status === 'ENVIADA' ? current : undefined;
    });
    const outbound = await until('the phone to get it', async () => {
      const messages = await sentTo(tenant.companyId, chosenConnection, contact.number);
      return messages.length > 0 ? messages : undefined;
    });

    expect(sent).toMatchObject({ status: 'ENVIADA', error: null, sentAt: expect.any(String) });
    expect(outbound).toHaveLength(1);
    expect(outbound[0]).toMatchObject({ body: 'Seu pedido chega hoje, Maria!', mediaType: 'image', fileName: 'pedido.png' });
    expect(await sentTo(tenant.companyId, defaultConnection, contact.number)).toEqual([]);
    const ticket = await getTicket(tenant.companyId, sent.ticketId, true);
    expect(ticket).toMatchObject({ contactId: contact.id, whatsappId: chosenConnection });
    const conversation = await cloud.api(`/messages/${sent.ticketId}`, { token: tenant.admin.token });
    expect(conversation.body.messages).toEqual([expect.objectContaining({ body: 'Seu pedido chega hoje, Maria!', fromMe: true, mediaType: 'image' })]);
  });

  it('sends once when the same scheduler delivery arrives twice, and refuses to change it afterwards', async () => {
    const contact = await contactOf(cloud, tenant, 'Joana Dias');
    const { body: schedule } = await post({ body: 'Entrega única, {{name}}', contactId: contact.id, sendAt: ahead(DAY), whatsappId: defaultConnection });
    const due = { kind: 'scheduledMessage' as const, companyId: tenant.companyId, scheduleId: schedule.id, sendAt: schedule.sendAt };

    await Promise.all([handleDueMessage(due), handleDueMessage(due)]);
    await handleDueMessage(due);

    await until('the phone to get it', async () => (await sentTo(tenant.companyId, defaultConnection, contact.number)).length > 0);
    expect((await show(schedule.id)).status).toBe('ENVIADA');
    expect(await sentTo(tenant.companyId, defaultConnection, contact.number)).toEqual([expect.objectContaining({ body: 'Entrega única, Joana Dias' })]);
    const edit = await cloud.api(`/schedules/${schedule.id}`, { method: 'PUT', token: tenant.admin.token, body: { body: 'Mudar depois', contactId: contact.id, sendAt: ahead(DAY) } });
    expect(edit).toMatchObject({ status: 409, body: { error: 'ERR_SCHEDULE_ALREADY_SENT' } });
  });

  it('ignores the entry of a send time the schedule was moved away from', async () => {
    const contact = await contactOf(cloud, tenant);
    const { body: schedule } = await post({ body: 'Mudou de horário', contactId: contact.id, sendAt: ahead(DAY), whatsappId: defaultConnection });
    const moved = await cloud.api(`/schedules/${schedule.id}`, { method: 'PUT', token: tenant.admin.token, body: { body: 'Mudou de horário', contactId: contact.id, sendAt: ahead(2 * DAY) } });
    expect(moved.status).toBe(200);

    await handleDueMessage({ kind: 'scheduledMessage', companyId: tenant.companyId, scheduleId: schedule.id, sendAt: schedule.sendAt });

    expect(await show(schedule.id)).toMatchObject({ status: 'PENDENTE', sendAt: moved.body.sendAt });
  });

  it("ends ERRO with the reason when the connection's session is not running, and goes out once edited onto a running one", async () => {
    const contact = await contactOf(cloud, tenant);
    const { body: schedule } = await post({ body: 'Conexão parada', contactId: contact.id, sendAt: ahead(1_000), whatsappId: idleConnection });

    const failed = await until('the schedule to fail', async () => {
      const current = await show(schedule.id);
      return current.status === 'ERRO' ? current : undefined;
    });
    expect(failed).toMatchObject({ status: 'ERRO', error: 'ERR_WAPP_NOT_INITIALIZED', sentAt: null });
    expect(await sentTo(tenant.companyId, idleConnection, contact.number)).toEqual([]);

    const retried = await cloud.api(`/schedules/${schedule.id}`, {
      method: 'PUT',
      token: tenant.admin.token,
      body: { body: 'Conexão parada', contactId: contact.id, sendAt: failed.sendAt, whatsappId: defaultConnection },
    });
    expect(retried.body).toMatchObject({ status: 'PENDENTE', error: null });
    await until('the retried schedule to be sent', async () => (await show(schedule.id)).status === 'ENVIADA');
    await until('the phone to get it', async () => (await sentTo(tenant.companyId, defaultConnection, contact.number)).length > 0);
    expect(await sentTo(tenant.companyId, defaultConnection, contact.number)).toHaveLength(1);
  });
});
