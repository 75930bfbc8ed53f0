/**
 * The WhatsApp path end to end on the local cloud, with the session host running in-process on the
 * simulator provider: a connection is started and its QR code scanned, a simulated contact writes, the
 * inbound worker makes the ticket and the bot answers with the greeting and the queue menu, the contact
 * picks a queue, an agent answers and the answer reaches the simulated phone with its acks. Then the
 * pipeline's guarantees: redeliveries, fifty messages at once, and a crashed host whose sessions another
 * host takes over.
 */
import { ulid } from 'ulid';
import { listSimulatedOutbound, putSimulatedInbound, putSimulatedScan } from '../../functions/sessions/stores/simulator';
import { keys } from '../../functions/core/repositories/keys';
import { updateExistingItem } from '../../functions/core/repositories/table';
import type { MessageEvent } from '../../functions/core/sessions/events';
import type { SessionHost } from '../../functions/sessions/host';
import type { WhatsAppProvider } from '../../functions/sessions/providers/provider';
import { handleWhatsAppEvent } from '../../functions/workers/wa-events';
import { metrics } from '../../functions/core/metrics';
import { emittedMetrics, withMetricsPublished } from '../support/emf';
import { logLinesOf } from '../support/log-lines';
import { listen, type Listener } from '../support/listen';
import type { TestCloud } from '../support/local-cloud';
import { forgetSessionsOf } from '../support/connections';
import { sharedTestCloud } from '../support/shared-cloud';
import { createTenant, type Tenant } from '../support/tenants';
import { ifAssigned } from '../support/teardown';
import { startSimulatorHost, testSimulatorProvider } from '../support/simulated-whatsapp';
import { until } from '../support/until';

let cloud: TestCloud;
let tenant: Tenant;
let secondQueueId: string;
let connectionId: string;
let admin: Listener;
const hosts: SessionHost[] = [];

/** The simulated network has no profile pictures; this contact has one, as a real phone's would. */
const PICTURED = { number: '5511944443333', url: 'https://pps.whatsapp.net/v/t61.24694-24/avatar.jpg' };

function withPicture(provider: WhatsAppProvider): WhatsAppProvider {
  return {
    ...provider,
    clearPairing: (context) => provider.clearPairing(context),
    async open(context, listener) {
      const session = await provider.open(context, listener);
      return {
        sendMessage: (message) => session.sendMessage(message),
        deleteMessage: (chat, id) => session.deleteMessage(chat, id),
        markRead: (chat, ids) => session.markRead(chat, ids),
        checkNumber: (number) => session.checkNumber(number),
        profilePictureUrl: async (chat) => (chat.id === PICTURED.number ? PICTURED.url : session.profilePictureUrl(chat)),
        logout: () => session.logout(),
        close: () => session.close(),
      };
    },
  };
}

const startHost = () => {
  const host = startSimulatorHost(withPicture(testSimulatorProvider()));
  hosts.push(host);
  return host;
};


const connection = async () => (await cloud.api(`/whatsapp/${connectionId}`, { token: tenant.admin.token })).body;
const pendingTickets = async () => (await cloud.api('/tickets?status=pending&showAll=true', { token: tenant.admin.token })).body.tickets as { id: string; contact: { number: string }; queueId: string | null }[];
const messagesOf = async (ticketId: string) =>
  ((await cloud.api(`/messages/${ticketId}`, { token: tenant.admin.token })).body.messages as { body: string; fromMe: boolean; ack: number }[]);
const ticketOf = async (number: string) => (await pendingTickets()).find((ticket) => ticket.contact.number === number);
const write = (from: string, body: string) =>
  putSimulatedInbound(tenant.companyId, connectionId, ulid(), { kind: 'message', from, name: 'Maria Silva', whatsappMessageId: `T${ulid()}`, mediaType: 'chat', body });

beforeAll(async () => {
  cloud = await sharedTestCloud();
  tenant = await createTenant(cloud);
  const queue = await cloud.api('/queue', { method: 'POST', token: tenant.admin.token, body: { name: 'Financeiro', color: '#1d4ed8', greetingMessage: 'Financeiro aqui.' } });
  secondQueueId = queue.body.id;
  const created = await cloud.api('/whatsapp', {
    method: 'POST',
    token: tenant.admin.token,
    body: { name: 'Simulado', provider: 'simulator', greetingMessage: '{{ms}}, {{firstName}}! Escolha um setor:', queueIds: [tenant.queueId, secondQueueId] },
  });
  expect(created.status).toBe(201);
  connectionId = created.body.id;
  admin = await listen(cloud, tenant.admin.token);
  startHost();
}, 60_000);

afterAll(async () => {
  ifAssigned(admin)?.close();
  await Promise.all(hosts.map((host) => host.stop()));
  // The worker's next files share this cloud: their session hosts must not reopen this file's session.
  if (ifAssigned(tenant)) await forgetSessionsOf(tenant.companyId);
  await ifAssigned(cloud)?.stop();
});

describe('a simulated customer from the first message to the agent answer', () => {
  it('shows a QR code once the session is started, and connects when the simulate command scans it', async () => {
    expect((await cloud.api(`/whatsappsession/${connectionId}`, { method: 'POST', token: tenant.admin.token })).status).toBe(200);

    const qr = await until('a QR code', async () => {
      const current = await connection();
      return current.status === 'qrcode' ? (current.qrcode as string) : undefined;
    });
    await admin.waitFor((frame) => frame.event.endsWith('-whatsappSession') && frame.data.session.status === 'qrcode', 250);
    await putSimulatedScan(tenant.companyId, connectionId, qr, '5511900000001');

    await until('CONNECTED', async () => (await connection()).status === 'CONNECTED');
    expect(await connection()).toMatchObject({ status: 'CONNECTED', qrcode: '' });
  });

  it('makes a pending ticket for the first message and answers with the greeting and the queue menu', async () => {
    await write('5511988887777', 'Olá');

    const ticket = await until('the ticket', () => ticketOf('5511988887777'));
    const messages = await until('the bot answer', async () => {
      const all = await messagesOf(ticket.id);
      return all.length >= 2 ? all : undefined;
    });
    expect(messages.find((message) => !message.fromMe)?.body).toBe('Olá');
    const menu = messages.find((message) => message.fromMe);
    expect(menu?.body).toMatch(/^(Bom dia|Boa tarde|Boa noite), Maria! Escolha um setor:\n\n\*1\* - Atendimento\n\*2\* - Financeiro$/);
    const sent = await until('the menu at the phone', async () => (await listSimulatedOutbound(tenant.companyId, connectionId)).find((record) => record.to === '5511988887777'));
    expect(sent.body).toBe(menu?.body);
  });

  it('puts the ticket in the queue the contact picks', async () => {
    await write('5511988887777', '2');

    const ticket = await until('the queue', async () => {
      const found = await ticketOf('5511988887777');
      return found?.queueId === secondQueueId ? found : undefined;
    });
    const messages = await until('the queue greeting', async () => {
      const all = await messagesOf(ticket.id);
      return all.some((message) => message.body === 'Financeiro aqui.') ? all : undefined;
    });
    expect(messages.filter((message) => !message.fromMe).map((message) => message.body)).toEqual(['2', 'Olá']);
  });

  it("delivers an agent's answer to the simulated phone and shows its acks", async () => {
    const ticket = (await ticketOf('5511988887777'))!;
    expect((await cloud.api(`/tickets/${ticket.id}`, { method: 'PUT', token: tenant.admin.token, body: { status: 'open', userId: tenant.admin.id } })).status).toBe(200);

    const posted = await cloud.api(`/messages/${ticket.id}`, { method: 'POST', token: tenant.admin.token, body: { body: 'Como posso ajudar?' } });
    expect(posted.status).toBeLessThan(300);

    const atPhone = await until('the answer at the phone', async () =>
      (await listSimulatedOutbound(tenant.companyId, connectionId)).find((record) => record.body === 'Como posso ajudar?'),
    );
    expect(atPhone.to).toBe('5511988887777');
    const stored = await until('the delivered ack', async () => {
      const found = (await messagesOf(ticket.id)).find((message) => message.body === 'Como posso ajudar?');
      return found && found.ack >= 3 ? found : undefined;
    });
    expect(stored.ack).toBe(3);
  });
});

describe('a contact made by hand', () => {
  it('gets its profile picture from WhatsApp through the connected default connection, with the check of its number', async () => {
    const made = await cloud.api('/contacts', { method: 'POST', token: tenant.admin.token, body: { name: 'Rita', number: PICTURED.number, email: '' } });

    expect(made).toMatchObject({ status: 201, body: { profilePicUrl: PICTURED.url } });
    expect((await cloud.api(`/contacts/${made.body.id}`, { token: tenant.admin.token })).body.profilePicUrl).toBe(PICTURED.url);
  });
});

describe('a restart', () => {
  it('closes the socket and opens it again with its pairing, without a new QR code', async () => {
    await updateExistingItem(keys.connection(tenant.companyId, connectionId), { status: 'TIMEOUT' });
    const from = admin.frames.length;
    const statusesSince = () =>
      admin.frames
        .slice(from)
        .filter((frame) => frame.event.endsWith('-whatsappSession'))
        .map((frame) => frame.data.session.status as string);

    expect((await cloud.api(`/whatsappsession/${connectionId}`, { method: 'POST', token: tenant.admin.token })).status).toBe(200);

    await until('CONNECTED again', async () => statusesSince().includes('CONNECTED'));
    expect(statusesSince()).toContain('OPENING');
    expect(statusesSince()).not.toContain('qrcode');
    expect(await connection()).toMatchObject({ status: 'CONNECTED', qrcode: '' });
  });
});

describe('the inbound pipeline under redelivery and load', () => {
  const event = (from: string, whatsappMessageId: string, body: string): MessageEvent => ({
    type: 'message',
    companyId: tenant.companyId,
    whatsappId: connectionId,
    chat: { id: from, isGroup: false },
    whatsappMessageId,
    fromMe: false,
    pushName: 'Carlos',
    timestamp: Date.now(),
    mediaType: 'chat',
    body,
    media: null,
    quotedWhatsappMessageId: null,
  });

  it('stores a message delivered three times once', async () => {
    const once = event('5511977770001', `D${ulid()}`, 'Uma vez só');

    await Promise.all([handleWhatsAppEvent(once), handleWhatsAppEvent(once), handleWhatsAppEvent(once)]);

    const ticket = await until('the ticket', () => ticketOf('5511977770001'));
    const inbound = (await messagesOf(ticket.id)).filter((message) => !message.fromMe);
    expect(inbound.map((message) => message.body)).toEqual(['Uma vez só']);
  });

  it('counts a message delivered three times as one inbound message (the InboundMessages metric)', async () => {
    const once = event('5511977770009', `D${ulid()}`, 'Conta uma vez');
    // The earlier tests' calls of this process counted too, and nothing flushed them: dropped first (off Lambda a flush drops).
    metrics.publishStoredMetrics();

    // Flushed by hand: a Lambda's logMetrics middleware does it at the end of the worker's invocation.
    const lines = await withMetricsPublished(() =>
      logLinesOf(async () => {
        await Promise.all([handleWhatsAppEvent(once), handleWhatsAppEvent(once), handleWhatsAppEvent(once)]);
        metrics.publishStoredMetrics();
      }),
    );

    const inbound = emittedMetrics(lines).filter((metric) => metric.name === 'InboundMessages');
    expect(inbound.flatMap((metric) => metric.value)).toEqual([1]);
    expect(inbound[0]?.dimensions).not.toHaveProperty('companyId');
  });

  it('lists the messages a contact wrote within one second in the order written', async () => {
    const second = Math.floor(Date.now() / 1000) * 1000;
    const bodies = Array.from({ length: 8 }, (_, index) => `na ordem ${index}`);

    for (const body of bodies) await handleWhatsAppEvent({ ...event('5511977770003', `O${ulid()}`, body), timestamp: second });

    const ticket = await until('the ticket', () => ticketOf('5511977770003'));
    const inbound = (await messagesOf(ticket.id)).filter((message) => !message.fromMe).map((message) => message.body);
    expect(inbound).toEqual([...bodies].reverse());
  });

  it('gives fifty messages of one contact at once one ticket, losing and doubling none', async () => {
    const bodies = Array.from({ length: 50 }, (_, index) => `mensagem ${index}`);

    await Promise.all(bodies.map((body) => handleWhatsAppEvent(event('5511977770002', `F${ulid()}`, body))));

    const tickets = (await pendingTickets()).filter((ticket) => ticket.contact.number === '5511977770002');
    expect(tickets).toHaveLength(1);
    const all: string[] = [];
    let cursor: string | undefined;
    do {
      const page = await cloud.api(`/messages/${tickets[0]!.id}${cursor ? `?cursor=${encodeURIComponent(cursor)}` : ''}`, { token: tenant.admin.token });
      all.push(...(page.body.messages as { body: string; fromMe: boolean }[]).filter((message) => !message.fromMe).map((message) => message.body));
      cursor = page.body.cursor ?? undefined;
    } while (cursor);
    expect(all.sort()).toEqual([...bodies].sort());
  });
});

describe('a crashed session host', () => {
  it('loses its leases, and another host takes the sessions over', async () => {
    const [first] = hosts;
    first!.abandon();
    const second = startHost();

    await until('the takeover', async () => second.heldShards().length > 0, 250);
    await write('5511966660001', 'Depois da troca');

    const ticket = await until('the ticket after the takeover', () => ticketOf('5511966660001'), 250);
    // The ticket is stored before its first message (create-ticket.ts, then store-message.ts): the list may show it first.
    expect(await until('the message after the takeover', async () => (await messagesOf(ticket.id)).some((message) => message.body === 'Depois da troca'), 250)).toBe(true);
  });
});
