/**
 * Campaigns on the local cloud (spec 2 §2-§9; issue 28): the dialog's fields with the spec's rules,
 * drafts and scheduled ones, search and paging, the edit rule, live `campaign` events, the attachment;
 * then the whole send path through the simulator: recipients from a contact list or a tag, one text
 * each in turn with its variables filled, the file attached and a file list's files after it, paced
 * by the company's settings, stopped
 * and restarted without sending anyone twice, a sender cut off midway finishing without doubling, and
 * the report's recipient list.
 */
import { GetCommand, UpdateCommand } from '@aws-sdk/lib-dynamodb';
import { decodeTime, ulid } from 'ulid';
import { dynamo } from '../../functions/core/aws/clients';
import { OPT_OUT_CONFIRMATION } from '../../functions/core/campaigns/opt-out';
import { recoverCampaigns } from '../../functions/core/campaigns/recover-campaigns';
import { kickSender } from '../../functions/core/campaigns/start-campaign';
import { keys } from '../../functions/core/repositories/keys';
import { putSetting } from '../../functions/core/repositories/settings';
import type { SessionHost } from '../../functions/sessions/host';
import { putSimulatedInbound } from '../../functions/sessions/stores/simulator';
import { postForm } from './isolation/messages';
import { listen, type Listener } from '../support/listen';
import type { TestCloud } from '../support/local-cloud';
import { sharedTestCloud } from '../support/shared-cloud';
import { connectSimulated, createSimulatedConnection, sentTo, startSimulatorHost } from '../support/simulated-whatsapp';
import { until } from '../support/until';
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
const event = (channel: string, match: (data: Record<string, unknown>) => boolean) =>
  listener.waitFor((frame) => frame.event === `company-${tenant.companyId}-${channel}` && match(frame.data));

/** A PNG's signature and header: enough bytes for the type to be told by them. */
const PNG = Buffer.from('89504e470d0a1a0a0000000d49484452000000010000000108060000001f15c489', 'hex');
const PDF = Buffer.from('%PDF-1.4\n% tabela\n');

beforeAll(async () => {
  cloud = await sharedTestCloud();
  tenant = await createTenant(cloud);
  agent = await addUser(cloud, tenant, 'user', [tenant.queueId]);
  listener = await listen(cloud, agent.token);
}, 60_000);

afterAll(() => {
  ifAssigned(listener)?.close();
});

describe('campaigns', () => {
  it('saves a draft as INATIVA with the spec’s placeholders, tells the company, and refuses names outside 2 to 50 characters', async () => {
    const created = await call('/campaigns', { method: 'POST', body: { name: ' Black Friday ', message1: 'Oi {nome}', scheduledAt: null, tagListId: 'Nenhuma' } });

    expect(created.status).toBe(201);
    expect(created.body).toMatchObject({
      name: 'Black Friday',
      status: 'INATIVA',
      message1: 'Oi {nome}',
      message2: '',
      scheduledAt: null,
      completedAt: null,
      tagListId: 'Nenhuma',
      contactList: null,
      whatsapp: null,
      progress: { recipients: 0, delivered: 0, skipped: 0 },
    });
    await event('campaign', (data) => data.action === 'create' && (data.record as { id: string }).id === created.body.id);
    for (const [name, message] of [['', 'Required'], ['A', 'Too Short!'], ['x'.repeat(51), 'Too Long!']]) {
      const refused = await call('/campaigns', { method: 'POST', body: { name } });
      expect(refused).toMatchObject({ status: 400, body: { error: 'ERR_VALIDATION', message } });
    }
  });

  it('takes the spec’s date format on the company clock, and refuses a schedule that could not send', async () => {
    const list = (await call('/contact-lists', { method: 'POST', body: { name: 'Agendada' } })).body;
    const connection = await createSimulatedConnection(cloud, tenant, 'Agenda');

    const noConnection = await call('/campaigns', { method: 'POST', body: { name: 'Sem conexão', message1: 'Oi', scheduledAt: '2999-05-01 10:00:00', contactListId: list.id } });
    const noTarget = await call('/campaigns', { method: 'POST', body: { name: 'Sem alvo', message1: 'Oi', scheduledAt: '2999-05-01 10:00:00', whatsappId: connection } });
    const noText = await call('/campaigns', {
      method: 'POST',
      body: { name: 'Sem texto', scheduledAt: '2999-05-01 10:00:00', whatsappId: connection, contactListId: list.id },
    });
    const both = await call('/campaigns', { method: 'POST', body: { name: 'Dois alvos', contactListId: list.id, tagListId: tenant.queueId } });
    const badDate = await call('/campaigns', { method: 'POST', body: { name: 'Data ruim', scheduledAt: '2999-02-30 10:00:00' } });
    const scheduled = await call('/campaigns', {
      method: 'POST',
      body: { name: 'Programada', message3: 'Olá', scheduledAt: '2999-05-01 10:00:00', whatsappId: connection, contactListId: list.id },
    });

    expect(noConnection.body).toMatchObject({ error: 'ERR_VALIDATION', fields: [{ path: 'whatsappId' }] });
    expect(noTarget.body).toMatchObject({ error: 'ERR_VALIDATION', fields: [{ path: 'contactListId' }] });
    expect(noText.body).toMatchObject({ error: 'ERR_VALIDATION', fields: [{ path: 'message1' }] });
    expect(both.body).toMatchObject({ error: 'ERR_VALIDATION', fields: [{ path: 'tagListId' }] });
    expect(badDate.body).toMatchObject({ error: 'ERR_VALIDATION', message: 'Data inválida' });
    expect(scheduled.status).toBe(201);
    expect(scheduled.body).toMatchObject({
      status: 'PROGRAMADA',
      scheduledAt: '2999-05-01T13:00:00.000Z',
      contactList: { id: list.id, name: 'Agendada', contactsCount: 0 },
      whatsapp: { id: connection, name: 'Agenda' },
    });
  });

  it('edits a campaign while it is a draft or more than an hour ahead, and refuses it within the hour', async () => {
    const list = (await call('/contact-lists', { method: 'POST', body: { name: 'Edição' } })).body;
    const connection = await createSimulatedConnection(cloud, tenant, 'Edição');
    const body = { name: 'Editável', message1: 'Oi', whatsappId: connection, contactListId: list.id };
    const later = new Date(Date.now() + 2 * 60 * 60_000).toISOString();
    const soon = new Date(Date.now() + 30 * 60_000).toISOString();
    const campaign = (await call('/campaigns', { method: 'POST', body: { ...body, scheduledAt: later } })).body;

    const edited = await call(`/campaigns/${campaign.id}`, { method: 'PUT', body: { ...body, name: 'Editada', scheduledAt: soon } });
    const locked = await call(`/campaigns/${campaign.id}`, { method: 'PUT', body: { ...body, name: 'De novo', scheduledAt: later } });

    expect(edited.status).toBe(200);
    expect(edited.body).toMatchObject({ name: 'Editada', status: 'PROGRAMADA', scheduledAt: soon });
    await event('campaign', (data) => data.action === 'update' && (data.record as { name: string }).name === 'Editada');
    expect(locked).toEqual({ status: 409, body: { error: 'ERR_CAMPAIGN_NOT_EDITABLE' } });
    expect((await call(`/campaigns/${campaign.id}`)).body.name).toBe('Editada');
  });

  it('searches by name and pages, newest first, and deletes with an event', async () => {
    const ids: string[] = [];
    for (let index = 1; index <= 3; index += 1) ids.push((await call('/campaigns', { method: 'POST', body: { name: `Páscoa ${index}` } })).body.id);

    const found = await call('/campaigns?searchParam=pascoa');
    const first = await call('/campaigns?pageNumber=1');

    expect(found.body.records.map((campaign: { name: string }) => campaign.name)).toEqual(['Páscoa 3', 'Páscoa 2', 'Páscoa 1']);
    expect(first.body.records[0].id).toBe(ids[2]);
    expect(typeof first.body.hasMore).toBe('boolean');

    expect((await call(`/campaigns/${ids[0]}`, { method: 'DELETE' })).status).toBe(204);
    await event('campaign', (data) => data.action === 'delete' && data.id === ids[0]);
    expect(await call(`/campaigns/${ids[0]}`)).toEqual({ status: 404, body: { error: 'ERR_NO_CAMPAIGN_FOUND' } });
  });

  it('attaches a file told by its bytes with its name made safe, and removes it', async () => {
    const campaign = (await call('/campaigns', { method: 'POST', body: { name: 'Com arquivo' } })).body;

    const uploaded = await postForm(cloud, `/campaigns/${campaign.id}/media-upload`, tenant.admin.token, [{ field: 'file', name: 'foto da loja.png', bytes: PNG }]);
    expect(uploaded.status).toBe(200);
    expect(uploaded.body).toMatchObject({ mediaName: 'foto_da_loja.png', mediaPath: 'foto_da_loja.png' });

    const removed = await call(`/campaigns/${campaign.id}/media-upload`, { method: 'DELETE' });
    expect(removed.body).toMatchObject({ mediaName: null, mediaPath: null });
  });

  it('refuses cancel of a campaign not running and restart of one not cancelled', async () => {
    const campaign = (await call('/campaigns', { method: 'POST', body: { name: 'Parada' } })).body;

    expect(await call(`/campaigns/${campaign.id}/cancel`, { method: 'POST' })).toEqual({ status: 409, body: { error: 'ERR_CAMPAIGN_NOT_RUNNING' } });
    expect(await call(`/campaigns/${campaign.id}/restart`, { method: 'POST' })).toEqual({ status: 409, body: { error: 'ERR_CAMPAIGN_NOT_CANCELLED' } });
  });
});

describe('sending a campaign through the simulator', () => {
  let host: SessionHost;
  let sender: Tenant;
  let connection: string;
  let phoneListener: Listener;
  const numbers = ['5511955550001', '5511955550002', '5511955550003'];

  const senderCall = (path: string, init: { method?: string; body?: unknown } = {}): Promise<Answer> => cloud.api(path, { ...init, token: sender.admin.token });

  beforeAll(async () => {
    host = startSimulatorHost();
    sender = await createTenant(cloud);
    connection = await createSimulatedConnection(cloud, sender, 'Disparos');
    await connectSimulated(cloud, sender, connection, '5511900000077');
    phoneListener = await listen(cloud, sender.admin.token);
  }, 60_000);

  afterAll(async () => {
    ifAssigned(phoneListener)?.close();
    await ifAssigned(host)?.stop();
  });

  async function settings(values: Record<string, unknown>): Promise<void> {
    expect((await senderCall('/campaign-settings', { method: 'POST', body: { settings: values } })).status).toBe(200);
  }

  async function listOf(name: string, people: readonly (readonly [string, string])[]): Promise<string> {
    const list = (await senderCall('/contact-lists', { method: 'POST', body: { name } })).body;
    for (const [person, number] of people) {
      expect((await senderCall('/contact-list-items', { method: 'POST', body: { name: person, number, email: `${person.toLowerCase()}@example.com`, contactListId: list.id } })).status).toBe(201);
    }
    return list.id as string;
  }

  const campaignOf = async (id: string) => (await senderCall(`/campaigns/${id}`)).body;
  const limits = (body: Record<string, unknown>) => senderCall(`/whatsapp/${connection}`, { method: 'PUT', body });
  const finished = (id: string) => until(`campaign ${id} finished`, async () => ((await campaignOf(id)).status === 'FINALIZADA' ? campaignOf(id) : undefined), 600);
  const receivedBy = async (number: string) => (await sentTo(sender.companyId, connection, number)).filter((record) => record.body.length > 0 || record.fileName);
  /** What the phone got, once it got something (a campaign is done when its messages are handed to the session, a moment before the phone has them). */
  const arrivedAt = (number: string) => until(`a message at ${number}`, async () => {
    const messages = await receivedBy(number);
    return messages.length > 0 && messages;
  });

  it('sends each contact one text in turn, filled in, with the file, at the configured pace, and reports it live', async () => {
    await settings({ messageInterval: 0, longerIntervalAfter: 1, greaterInterval: 1, variables: [{ key: 'loja', value: 'Loja Centro' }] });
    const listId = await listOf('Três clientes', [['Ana', numbers[0] ?? ''], ['Bruno', numbers[1] ?? ''], ['Carla', numbers[2] ?? '']]);
    const files = (await senderCall('/files', { method: 'POST', body: { name: 'Catálogo', message: 'Veja o catálogo', options: [{ name: 'Tabela' }] } })).body;
    const uploaded = await postForm(cloud, `/files/uploadList/${files.id}`, sender.admin.token, [{ field: 'files', name: 'tabela de preços.pdf', bytes: PDF }], {
      fileId: files.id,
      typeArch: 'fileList',
      id: [files.options[0].id],
      name: ['tabela de preços.pdf'],
      mediaType: ['application/pdf'],
    });
    expect(uploaded.status).toBe(200);
    const draft = (await senderCall('/campaigns', {
      method: 'POST',
      body: {
        name: 'Lançamento',
        message1: 'Oi {nome}, novidade na {loja}!',
        message2: 'Olá {nome} ({numero}), passe na {loja}',
        whatsappId: connection,
        contactListId: listId,
        fileListId: files.id,
      },
    })).body;
    expect((await postForm(cloud, `/campaigns/${draft.id}/media-upload`, sender.admin.token, [{ field: 'file', name: 'oferta.png', bytes: PNG }])).status).toBe(200);

    const started = await senderCall(`/campaigns/${draft.id}`, {
      method: 'PUT',
      body: { name: 'Lançamento', message1: draft.message1, message2: draft.message2, whatsappId: connection, contactListId: listId, fileListId: files.id, scheduledAt: new Date().toISOString() },
    });
    expect(started.body.status).toBe('PROGRAMADA');
    await phoneListener.waitFor(
      (frame) =>
        frame.event === `company-${sender.companyId}-campaign` &&
        (frame.data.record as { id: string; progress: { delivered: number } } | undefined)?.progress.delivered === 1,
      500,
    );
    const done = await finished(draft.id);

    expect(done).toMatchObject({ status: 'FINALIZADA', progress: { recipients: 3, delivered: 3, skipped: 0 } });
    expect(done.completedAt).toEqual(expect.any(String));
    const received = await Promise.all(
      numbers.map((number) =>
        until(`three messages at ${number}`, async () => {
          const messages = await receivedBy(number);
          return messages.length >= 3 && messages.sort((a, b) => a.sentAt.localeCompare(b.sentAt));
        }),
      ),
    );
    // Each recipient's parts, as sets: the local SQS stand-in does not lock a FIFO group, so the session
    // host may take a later command of the connection while an earlier one waits for a retry.
    const fileListParts = [['', 'tabela_de_precos.pdf'], ['Veja o catálogo', null]];
    const partsOf = (messages: readonly { body: string; fileName: string | null }[]) =>
      messages.map((message) => [message.body, message.fileName]).sort((a, b) => String(a[0]).localeCompare(String(b[0])));
    expect(received.map(partsOf)).toEqual([
      [...fileListParts.slice(0, 1), ['Oi Ana, novidade na Loja Centro!', 'oferta.png'], ...fileListParts.slice(1)],
      [...fileListParts.slice(0, 1), [`Olá Bruno (${numbers[1]}), passe na Loja Centro`, 'oferta.png'], ...fileListParts.slice(1)],
      [...fileListParts.slice(0, 1), ['Oi Carla, novidade na Loja Centro!', 'oferta.png'], ...fileListParts.slice(1)],
    ]);
    const times = received.map((messages) => Math.min(...messages.map((message) => Date.parse(message.sentAt))));
    // One message, then the longer pause of 1 s (after every message): each at least a second after the one before.
    expect((times[1] ?? 0) - (times[0] ?? 0)).toBeGreaterThanOrEqual(900);
    expect((times[2] ?? 0) - (times[1] ?? 0)).toBeGreaterThanOrEqual(900);

    const shipping = await senderCall(`/campaigns/${draft.id}/shipping?limit=2`);
    expect(shipping.body.shipping).toMatchObject([
      { position: 1, name: 'Ana', number: numbers[0], status: 'delivered', reason: null },
      { position: 2, name: 'Bruno', number: numbers[1], status: 'delivered', reason: null },
    ]);
    expect(shipping.body.shipping[0].deliveredAt).toEqual(expect.any(String));
    const rest = await senderCall(`/campaigns/${draft.id}/shipping?limit=2&cursor=${shipping.body.cursor}`);
    expect(rest.body).toMatchObject({ shipping: [{ position: 3, name: 'Carla' }], cursor: null });
  });

  it('keeps the message in the contact’s conversation on the connection, where agents see the answer', async () => {
    const contacts = (await senderCall(`/contacts?searchParam=${numbers[0]}`)).body.contacts as { id: string; name: string }[];
    expect(contacts).toMatchObject([{ name: 'Ana' }]);
    const tickets = (await senderCall(`/tickets?status=closed&showAll=true`)).body.tickets as { contactId: string; lastMessage: string; whatsappId: string }[];
    const ticket = tickets.find((candidate) => candidate.contactId === contacts[0]?.id);
    expect(ticket).toMatchObject({ lastMessage: 'tabela_de_precos.pdf', whatsappId: connection });
  });

  it('sends to the company’s contacts whose tickets carry the tag, each once', async () => {
    await settings({ messageInterval: 0, longerIntervalAfter: 0, greaterInterval: 0, variables: [] });
    const tag = (await senderCall('/tags', { method: 'POST', body: { name: 'VIP', color: '#aa00aa' } })).body;
    const tickets = (await senderCall('/tickets?status=closed&showAll=true')).body.tickets as { id: string; contact: { number: string } }[];
    const tagged = tickets.filter((ticket) => ticket.contact.number === numbers[0] || ticket.contact.number === numbers[2]);
    expect(tagged).toHaveLength(2);
    for (const ticket of tagged) {
      expect((await senderCall('/tags/sync', { method: 'POST', body: { ticketId: ticket.id, tags: [{ id: tag.id }] } })).status).toBeLessThan(300);
    }
    const before = await Promise.all(numbers.map(async (number) => (await receivedBy(number)).length));

    const campaign = (await senderCall('/campaigns', {
      method: 'POST',
      body: { name: 'Só VIP', message1: 'Oferta VIP para {nome}', whatsappId: connection, tagListId: tag.id, scheduledAt: new Date().toISOString() },
    })).body;
    const done = await finished(campaign.id);

    expect(done).toMatchObject({ tagListId: tag.id, contactList: null, progress: { recipients: 2, delivered: 2, skipped: 0 } });
    const vip = (number: string) => until(`the VIP offer at ${number}`, async () => {
      const messages = await receivedBy(number);
      return messages.some((message) => message.body.startsWith('Oferta VIP')) && messages;
    });
    expect((await vip(numbers[0] ?? '')).map((message) => message.body)).toContain('Oferta VIP para Ana');
    expect((await vip(numbers[2] ?? '')).map((message) => message.body)).toContain('Oferta VIP para Carla');
    expect(await receivedBy(numbers[0] ?? '')).toHaveLength((before[0] ?? 0) + 1);
    expect(await receivedBy(numbers[1] ?? '')).toHaveLength(before[1] ?? 0);
  });

  it('stops when cancelled and, restarted, sends the rest without sending anyone twice', async () => {
    await settings({ messageInterval: 0, longerIntervalAfter: 1, greaterInterval: 5, variables: [] });
    const people = [['Davi', '5511955550011'], ['Eva', '5511955550012'], ['Fabio', '5511955550013']] as const;
    const listId = await listOf('Parar e seguir', people);
    const campaign = (await senderCall('/campaigns', {
      method: 'POST',
      body: { name: 'Interrompida', message1: 'Oi {nome}', whatsappId: connection, contactListId: listId, scheduledAt: new Date().toISOString() },
    })).body;

    await until('the first message', async () => (await campaignOf(campaign.id)).progress.delivered === 1, 400);
    const cancelled = await senderCall(`/campaigns/${campaign.id}/cancel`, { method: 'POST' });
    expect(cancelled.body.status).toBe('CANCELADA');
    await new Promise((resolve) => setTimeout(resolve, 6_000));
    expect((await campaignOf(campaign.id)).progress.delivered).toBe(1);

    const restarted = await senderCall(`/campaigns/${campaign.id}/restart`, { method: 'POST' });
    expect(restarted.body.status).toBe('EM_ANDAMENTO');
    const done = await finished(campaign.id);

    expect(done.progress).toEqual({ recipients: 3, delivered: 3, skipped: 0 });
    for (const [, number] of people) expect(await arrivedAt(number)).toHaveLength(1);
  }, 60_000);

  it('opts out a contact who answers a stop word, confirms it once, and skips them in the next campaign', async () => {
    await settings({ messageInterval: 0, longerIntervalAfter: 0, greaterInterval: 0, variables: [] });
    const [, kai] = ['Kai', '5511955550041'] as const;
    const answer = (body: string) =>
      putSimulatedInbound(sender.companyId, connection, ulid(), { kind: 'message', from: kai, name: 'Kai', whatsappMessageId: `OPT${ulid()}`, mediaType: 'chat', body });

    await answer(' sair ');
    const confirmed = await until('the confirmation', async () => {
      const messages = await receivedBy(kai);
      return messages.length > 0 && messages;
    });
    expect(confirmed.map((message) => message.body)).toEqual([OPT_OUT_CONFIRMATION]);
    await answer('SAIR');
    await new Promise((resolve) => setTimeout(resolve, 1_500));
    expect(await receivedBy(kai)).toHaveLength(1);

    const listId = await listOf('Com quem saiu', [['Kai', kai], ['Lia', '5511955550042']]);
    const campaign = (await senderCall('/campaigns', {
      method: 'POST',
      body: { name: 'Depois do SAIR', message1: 'Oi {nome}', whatsappId: connection, contactListId: listId, scheduledAt: new Date().toISOString() },
    })).body;
    const done = await finished(campaign.id);

    expect(done.progress).toEqual({ recipients: 2, delivered: 1, skipped: 1 });
    expect((await senderCall(`/campaigns/${campaign.id}/shipping`)).body.shipping).toMatchObject([
      { name: 'Kai', status: 'skipped', reason: 'optedOut', deliveredAt: null },
      { name: 'Lia', status: 'delivered', reason: null },
    ]);
    expect(await arrivedAt('5511955550042')).toHaveLength(1);
    expect(await receivedBy(kai)).toHaveLength(1);
  }, 60_000);

  it('holds the connection’s daily cap and its sending window, waiting rather than skipping anyone', async () => {
    await settings({ messageInterval: 0, longerIntervalAfter: 0, greaterInterval: 0, variables: [] });
    // The connection has sent campaign messages today already: a cap of that many plus one lets one more
    // through. Read once the cursor rests (the earlier campaigns' last hop has counted its messages).
    const cursor = await until('the cursor at rest', async () => {
      const item = (await dynamo().send(new GetCommand({ TableName: cloud.tableName, Key: keys.campaignCursor(sender.companyId, connection), ConsistentRead: true }))).Item;
      return item && item.token === null && item;
    });
    const sentToday = Number(cursor.sentToday ?? 0);
    try {
      await capAndWindow(sentToday);
    } finally {
      // Whatever happened, the later tests send through this connection without limits.
      expect((await limits({ campaignDailyLimit: null, campaignSchedule: [] })).body).toMatchObject({ campaignDailyLimit: null, campaignSchedule: [] });
    }
  }, 60_000);

  async function capAndWindow(sentToday: number): Promise<void> {
    const runFor = async (name: string, people: readonly (readonly [string, string])[]) => {
      const listId = await listOf(name, people);
      return (await senderCall('/campaigns', {
        method: 'POST',
        body: { name, message1: 'Oi {nome}', whatsappId: connection, contactListId: listId, scheduledAt: new Date().toISOString() },
      })).body.id as string;
    };
    const stopped = async (id: string) => {
      await until('the start', async () => (await campaignOf(id)).status === 'EM_ANDAMENTO', 400);
      await new Promise((resolve) => setTimeout(resolve, 2_000));
      const campaign = await campaignOf(id);
      expect((await senderCall(`/campaigns/${id}/cancel`, { method: 'POST' })).status).toBe(200);
      return campaign;
    };
    const capped = await limits({ campaignDailyLimit: sentToday + 1 });
    expect(capped.body).toMatchObject({ campaignDailyLimit: sentToday + 1, campaignSchedule: [] });
    const overCap = await runFor('Teto diário', [['Mel', '5511955550051'], ['Noa', '5511955550052']]);
    await until('one message under the cap', async () => (await campaignOf(overCap)).progress.delivered === 1, 400);
    expect(await stopped(overCap)).toMatchObject({ status: 'EM_ANDAMENTO', progress: { delivered: 1, skipped: 0 } });

    const closedAllWeek = ['monday', 'tuesday', 'wednesday', 'thursday', 'friday', 'saturday', 'sunday'].map((weekdayEn) => ({ weekdayEn, startTime: '00:00', endTime: '00:00' }));
    expect((await limits({ campaignDailyLimit: null, campaignSchedule: closedAllWeek })).body.campaignSchedule).toHaveLength(7);
    const outside = await runFor('Fora da janela', [['Otto', '5511955550053']]);
    expect(await stopped(outside)).toMatchObject({ status: 'EM_ANDAMENTO', progress: { recipients: 0, delivered: 0 } });
    expect(await receivedBy('5511955550053')).toEqual([]);
  }

  it('takes a running campaign up again when the stack starts after a stop, sending nobody twice', async () => {
    await settings({ messageInterval: 0, longerIntervalAfter: 1, greaterInterval: 120, variables: [] });
    const people = [['Iris', '5511955550031'], ['Joel', '5511955550032']] as const;
    const listId = await listOf('Retomada', people);
    const campaign = (await senderCall('/campaigns', {
      method: 'POST',
      body: { name: 'Retomada', message1: 'Oi {nome}', whatsappId: connection, contactListId: listId, scheduledAt: new Date().toISOString() },
    })).body;
    await until('the first message', async () => (await campaignOf(campaign.id)).progress.delivered === 1, 400);

    // What `npm start` runs: the hop message waiting out the two-minute pause was in the queue the stop emptied.
    const recovered = await recoverCampaigns();
    const done = await finished(campaign.id);

    expect(recovered.resumed).toBeGreaterThanOrEqual(1);
    expect(done.progress).toEqual({ recipients: 2, delivered: 2, skipped: 0 });
    for (const [, number] of people) expect(await arrivedAt(number)).toHaveLength(1);
  }, 60_000);

  it('finishes a hop cut off after its message went out without sending it again', async () => {
    await settings({ messageInterval: 0, longerIntervalAfter: 0, greaterInterval: 0, variables: [] });
    const people = [['Gil', '5511955550021'], ['Hana', '5511955550022']] as const;
    const listId = await listOf('Corte', people);
    const campaign = (await senderCall('/campaigns', {
      method: 'POST',
      body: { name: 'Cortada', message1: 'Oi {nome}', whatsappId: connection, contactListId: listId, scheduledAt: new Date().toISOString() },
    })).body;
    await finished(campaign.id);

    // The state a sender leaves when it dies after Gil's message went out and before it recorded so:
    // Gil pending again, the campaign back at Gil, the cursor holding that work (taken on at the
    // instant Gil's message ids derive from).
    const table = cloud.tableName;
    const gil = (await dynamo().send(new GetCommand({ TableName: table, Key: keys.campaignShipping(sender.companyId, campaign.id, 0) }))).Item ?? {};
    const messageId = String((gil.messageIds as string[])[0]);
    const at = new Date(decodeTime(messageId.slice(messageId.lastIndexOf('.') + 1))).toISOString();
    await dynamo().send(new UpdateCommand({ TableName: table, Key: keys.campaignShipping(sender.companyId, campaign.id, 0), UpdateExpression: 'SET #s = :p', ExpressionAttributeNames: { '#s': 'status' }, ExpressionAttributeValues: { ':p': 'pending' } }));
    await dynamo().send(
      new UpdateCommand({
        TableName: table,
        Key: keys.campaign(sender.companyId, campaign.id),
        UpdateExpression: 'SET #s = :running, #p = :zero, delivered = :zero, skipped = :zero, completedAt = :none',
        ExpressionAttributeNames: { '#s': 'status', '#p': 'position' },
        ExpressionAttributeValues: { ':running': 'EM_ANDAMENTO', ':zero': 0, ':none': null },
      }),
    );
    await dynamo().send(
      new UpdateCommand({
        TableName: table,
        Key: keys.campaignCursor(sender.companyId, connection),
        UpdateExpression: 'SET #w = :work, holdBy = :dead, holdAt = :old',
        ExpressionAttributeNames: { '#w': 'work' },
        ExpressionAttributeValues: { ':work': { campaignId: campaign.id, from: 0, to: 1, at }, ':dead': 'a-dead-hop', ':old': '2000-01-01T00:00:00.000Z' },
      }),
    );

    await kickSender(sender.companyId, connection, [campaign.id], new Date());
    const done = await finished(campaign.id);

    expect(done.progress).toEqual({ recipients: 2, delivered: 2, skipped: 0 });
    for (const [, number] of people) expect(await arrivedAt(number)).toHaveLength(1);
    const gilAfter = (await dynamo().send(new GetCommand({ TableName: table, Key: keys.campaignShipping(sender.companyId, campaign.id, 0) }))).Item ?? {};
    expect(gilAfter).toMatchObject({ status: 'delivered', messageIds: [messageId] });
  }, 60_000);
});

describe('bad input on every route', () => {
  const BAD_ID = 'not-an-id';
  const SOME_ID = '01ARZ3NDEKTSV4RRFFQ69G5FAV';

  it.each([
    ['a page number of 0', 'GET', '/campaigns?pageNumber=0', undefined],
    ['a campaign id that is no id', 'GET', `/campaigns/${BAD_ID}`, undefined],
    ['a name that is not text', 'POST', '/campaigns', { name: 5 }],
    ['a message that is not text', 'POST', '/campaigns', { name: 'Texto', message1: 5 }],
    ['a connection id that is no id', 'POST', '/campaigns', { name: 'Conexão', whatsappId: BAD_ID }],
    ['a tag that is neither an id nor Nenhuma', 'POST', '/campaigns', { name: 'Tag', tagListId: 'Todas' }],
    ['a date that is no date', 'POST', '/campaigns', { name: 'Data', scheduledAt: 'amanhã' }],
    ['a change of a campaign id that is no id', 'PUT', `/campaigns/${BAD_ID}`, { name: 'Outra' }],
    ['a change without a name', 'PUT', `/campaigns/${SOME_ID}`, { message1: 'Oi' }],
    ['a delete of a campaign id that is no id', 'DELETE', `/campaigns/${BAD_ID}`, undefined],
    ['an upload to a campaign id that is no id', 'POST', `/campaigns/${BAD_ID}/media-upload`, undefined],
    ['a media removal of a campaign id that is no id', 'DELETE', `/campaigns/${BAD_ID}/media-upload`, undefined],
    ['a cancel of a campaign id that is no id', 'POST', `/campaigns/${BAD_ID}/cancel`, undefined],
    ['a restart of a campaign id that is no id', 'POST', `/campaigns/${BAD_ID}/restart`, undefined],
    ['a shipping page from a cursor that is no place', 'GET', `/campaigns/${SOME_ID}/shipping?cursor=abc`, undefined],
    ['a shipping page of 1000', 'GET', `/campaigns/${SOME_ID}/shipping?limit=1000`, undefined],
  ])('answers %s with 400 ERR_VALIDATION', async (_case, method, path, body) => {
    const response = await call(path, { method, ...(body === undefined ? {} : { body }) });

    expect(response.status).toBe(400);
    expect(response.body.error).toBe('ERR_VALIDATION');
  });

  it('refuses an upload without a file and keeps the campaign as it was', async () => {
    const campaign = (await call('/campaigns', { method: 'POST', body: { name: 'Sem arquivo', message1: 'Fica' } })).body;

    const response = await postForm(cloud, `/campaigns/${campaign.id}/media-upload`, tenant.admin.token, [], { note: 'nada' });

    expect(response.status).toBe(400);
    expect(response.body.error).toBe('ERR_VALIDATION');
    expect((await call(`/campaigns/${campaign.id}`)).body).toMatchObject({ name: 'Sem arquivo', message1: 'Fica', mediaName: null });
  });

  it('is refused to a company without campaigns', async () => {
    const closed = await createTenant(cloud, { useCampaigns: false });
    await putSetting(closed.companyId, 'campaignsEnabled', 'false');

    expect(await cloud.api('/campaigns', { token: closed.admin.token })).toEqual({ status: 403, body: { error: 'ERR_NO_PERMISSION' } });
    expect((await cloud.api('/campaigns', { method: 'POST', token: closed.admin.token, body: { name: 'Fechada' } })).status).toBe(403);
  });
});
