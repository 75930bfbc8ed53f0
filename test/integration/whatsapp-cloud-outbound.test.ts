/**
 * Sending through a Cloud API connection (issue 32) on the local cloud, against the fake Graph API of the
 * harness (test/support/fake-graph.ts): an agent's reply within the customer's 24-hour window goes to
 * Meta as a text on the `cloud-commands` queue and gets Meta's id, and the acks of Meta's statuses follow;
 * outside the window a free-form text is refused before anything is stored, while an approved template
 * (synced from Meta, page by page) goes with its variables and is stored as its filled text; Meta's
 * throttling is retried and sends once; a final refusal marks the message with Meta's reason. The access
 * token never appears in an answer, a realtime frame or a log line.
 *
 * The customer's messages and Meta's statuses come as Meta posts them: signed webhooks of the connection
 * (test/support/cloud-webhooks.ts). A private cloud: the Graph API root is an environment variable of the
 * whole process.
 */
import { QueryCommand, UpdateCommand } from '@aws-sdk/lib-dynamodb';
import { ulid } from 'ulid';
import WebSocket from 'ws';
import { dynamo } from '../../functions/core/aws/clients';
import { kickSender } from '../../functions/core/campaigns/start-campaign';
import { readShipping } from '../../functions/core/repositories/campaign-shipping';
import { setCampaignFields } from '../../functions/core/repositories/campaigns';
import { getContactByNumber } from '../../functions/core/repositories/contacts';
import { keys } from '../../functions/core/repositories/keys';
import { getMessage, readMessages } from '../../functions/core/repositories/messages';
import { getTicket } from '../../functions/core/repositories/tickets';
import { handleDueMessage } from '../../functions/workers/schedule-due';
import { handleWhatsAppEvent } from '../../functions/workers/wa-events';
import { ENV } from '../../infra/resources/environment';
import { postForm } from './isolation/messages';
import { startFakeGraph, type FakeGraph } from '../support/fake-graph';
import { messageText } from '../support/frame-text';
import { listen, type Frame, type Listener } from '../support/listen';
import { atLogLevel, logLinesOf } from '../support/log-lines';
import { startTestCloud, type TestCloud } from '../support/local-cloud';
import { cloudMessage, cloudNotification, cloudStatus, createCloudConnection, postCloudWebhook, type CloudConnection } from '../support/cloud-webhooks';
import { markConnected } from '../support/connections';
import { drainCommands } from '../support/session-commands';
import { until } from '../support/until';
import { ifAssigned } from '../support/teardown';
import { addUser, createTenant, type SignedInUser, type Tenant } from '../support/tenants';

let cloud: TestCloud;
let graph: FakeGraph;
let tenant: Tenant;
let agent: SignedInUser;
let socket: Listener;
let connection: CloudConnection;

beforeAll(async () => {
  graph = await startFakeGraph();
  cloud = await startTestCloud();
  // After the cloud's start, which points the backend at its own Graph API simulator: this file's calls
  // go to the fake, whose recorded calls and failure switches the tests read.
  process.env[ENV.whatsappCloudApiUrl] = graph.baseUrl;
  tenant = await createTenant(cloud, { connections: 10 });
  agent = await addUser(cloud, tenant, 'user', [tenant.queueId]);
  socket = await listen(cloud, tenant.admin.token);
  connection = await connectedCloudConnection('Oficial');
}, 60_000);

afterAll(async () => {
  ifAssigned(socket)?.close();
  await ifAssigned(cloud)?.stop();
  await ifAssigned(graph)?.stop();
  process.env[ENV.whatsappCloudApiUrl] = '';
});

/** A cloud connection of the file's company, in its queue, started. */
async function connectedCloudConnection(name: string): Promise<CloudConnection> {
  const made = await createCloudConnection(cloud, graph, tenant, { name, queueIds: [tenant.queueId] });
  const started = await cloud.api(`/whatsappsession/${made.id}`, { method: 'POST', token: tenant.admin.token });
  if (started.body.status !== 'CONNECTED') throw new Error(`the cloud connection did not connect: ${JSON.stringify(started.body)}`);
  return made;
}

const newNumber = () => `55119${String(Date.now() % 1e8).padStart(8, '0')}`;

/** Meta posts the connection's webhook, signed with its app secret. */
async function metaPosts(parts: Parameters<typeof cloudNotification>[1]): Promise<void> {
  const posted = await postCloudWebhook(cloud, connection.id, cloudNotification(connection.number.phoneNumberId, parts), connection.appSecret);
  if (posted.status !== 200) throw new Error(`the webhook answered ${posted.status}`);
}

/**
 * The customer writes: through Meta's signed webhook on the cloud connection, as the host hands it on for
 * another (`whatsappId`); answers the ticket's id once it exists.
 */
async function customerWrites(from: string, body: string, whatsappId = connection.id): Promise<string> {
  if (whatsappId === connection.id) {
    await metaPosts({ messages: [cloudMessage({ from, name: 'Maria' }, 'text', { text: { body } })], names: { [from]: 'Maria' } });
  } else {
    await handleWhatsAppEvent({
      type: 'message',
      companyId: tenant.companyId,
      whatsappId,
      chat: { id: from, isGroup: false },
      whatsappMessageId: `wamid.IN${ulid()}`,
      fromMe: false,
      pushName: 'Maria',
      timestamp: Date.now(),
      mediaType: 'chat',
      body,
      media: null,
      quotedWhatsappMessageId: null,
    });
  }
  return until(`the ticket of ${from}`, async () => {
    const list = await cloud.api('/tickets?status=pending&showAll=true', { token: tenant.admin.token });
    return (list.body.tickets as { id: string; contact: { number: string } }[]).find((found) => found.contact.number === from)?.id;
  });
}

/** A conversation the agent has accepted, the customer having written just now. */
async function attendedConversation(): Promise<{ ticketId: string; from: string }> {
  const from = newNumber();
  const ticketId = await customerWrites(from, 'Oi, preciso de ajuda');
  const accepted = await cloud.api(`/tickets/${ticketId}`, { method: 'PUT', token: tenant.admin.token, body: { status: 'open' } });
  if (accepted.status !== 200) throw new Error(`accept answered ${accepted.status}: ${JSON.stringify(accepted.body)}`);
  return { ticketId, from };
}

const sentTo = (to: string) => graph.sent.filter((sent) => sent.json.to === to);
const reply = (ticketId: string, body: Record<string, unknown>) => cloud.api(`/messages/${ticketId}`, { method: 'POST', token: tenant.admin.token, body });
const messagesOf = async (ticketId: string) => (await readMessages(tenant.companyId, ticketId, 100)).messages;

/** A socket of the admin's with the ticket's conversation open (joinChatBox), hearing its message updates. */
async function chatBox(ticketId: string): Promise<{ readonly frames: Frame[]; close(): void }> {
  const minted = await cloud.api('/realtime/ticket', { method: 'POST', token: tenant.admin.token });
  const ws = new WebSocket(`${cloud.config.wsUrl}?ticket=${encodeURIComponent(minted.body.ticket)}`);
  const frames: Frame[] = [];
  ws.on('message', (data) => frames.push(JSON.parse(messageText(data)) as Frame));
  await new Promise((resolve) => ws.once('open', resolve));
  ws.send(JSON.stringify({ action: 'joinChatBox', ticketId }));
  const room = keys.roomPrefix(tenant.companyId, `ticket:${ticketId}`);
  await until('the chat box joined', async () => {
    const { Items = [] } = await dynamo().send(new QueryCommand({ TableName: cloud.tableName, KeyConditionExpression: 'PK = :pk', ExpressionAttributeValues: { ':pk': room.PK } }));
    return Items.length > 0;
  });
  return { frames, close: () => ws.close() };
}

/** The customer last wrote `hours` ago, as if the time had passed. */
async function customerWroteHoursAgo(ticketId: string, hours: number): Promise<void> {
  await dynamo().send(
    new UpdateCommand({
      TableName: cloud.tableName,
      Key: keys.ticket(tenant.companyId, ticketId),
      UpdateExpression: 'SET customerMessageAt = :at',
      ExpressionAttributeValues: { ':at': new Date(Date.now() - hours * 3_600_000).toISOString() },
    }),
  );
}

describe('a reply on a cloud connection', () => {
  it("goes as a text within the customer's window, gets Meta's id, and Meta's statuses move its ack", async () => {
    const { ticketId, from } = await attendedConversation();
    const ticket = await cloud.api(`/tickets/${ticketId}`, { token: tenant.admin.token });
    expect(Date.now() - Date.parse(ticket.body.customerMessageAt)).toBeLessThan(60_000);

    const response = await reply(ticketId, { body: 'Olá Maria, como posso ajudar?' });

    expect(response).toMatchObject({ status: 201, body: { ack: 0, failureReason: null } });
    const sent = await until('the text at Meta', async () => sentTo(from).find((found) => found.json.type === 'text' && found.json.text.body === 'Olá Maria, como posso ajudar?'));
    expect(sent.json).toEqual({ messaging_product: 'whatsapp', recipient_type: 'individual', to: from, type: 'text', text: { preview_url: false, body: 'Olá Maria, como posso ajudar?' } });
    const stored = await until('the message sent', async () => {
      const found = await getMessage(tenant.companyId, response.body.id, true);
      return found?.ack === 1 ? found : undefined;
    });
    expect(stored.whatsappMessageId).toBe(sent.id);
    // Nothing went to a session host.
    expect(await drainCommands(cloud)).toEqual([]);

    const box = await chatBox(ticketId);
    await metaPosts({ statuses: [cloudStatus(sent.id, from, 'delivered')] });
    await until('delivered', async () => (await getMessage(tenant.companyId, response.body.id, true))?.ack === 3);
    await until('the ack heard', async () => box.frames.some((frame) => frame.event.endsWith('-appMessage') && frame.data.message?.id === response.body.id && frame.data.message.ack === 3));
    await metaPosts({ statuses: [cloudStatus(sent.id, from, 'read')] });
    await until('read', async () => (await getMessage(tenant.companyId, response.body.id, true))?.ack === 4);
    box.close();
  });

  it("is marked with Meta's reason when Meta's status says it failed after taking it", async () => {
    const { ticketId, from } = await attendedConversation();
    const response = await reply(ticketId, { body: 'Aceita, depois recusada' });
    const stored = await until('the message sent', async () => {
      const found = await getMessage(tenant.companyId, response.body.id, true);
      return found?.ack === 1 ? found : undefined;
    });

    await metaPosts({ statuses: [cloudStatus(String(stored.whatsappMessageId), from, 'failed', { code: 131047, title: 'Re-engagement message' })] });

    const failed = await until('the failure recorded', async () => {
      const found = await getMessage(tenant.companyId, response.body.id, true);
      return found?.failureReason ? found : undefined;
    });
    expect(failed).toMatchObject({ failureReason: 'Re-engagement message', ack: 1 });
  });

  it('is refused outside the window with ERR_OUTSIDE_REPLY_WINDOW, nothing stored nor sent', async () => {
    const { ticketId, from } = await attendedConversation();
    await customerWroteHoursAgo(ticketId, 25);
    const before = await messagesOf(ticketId);
    const sentBefore = sentTo(from).length;

    const refused = await reply(ticketId, { body: 'Ainda está aí?' });

    expect(refused).toMatchObject({ status: 409, body: { error: 'ERR_OUTSIDE_REPLY_WINDOW' } });
    expect(await messagesOf(ticketId)).toEqual(before);
    await new Promise((resolve) => setTimeout(resolve, 300));
    expect(sentTo(from)).toHaveLength(sentBefore);
    // Within the window again (the customer wrote 23 h ago), it goes.
    await customerWroteHoursAgo(ticketId, 23);
    expect((await reply(ticketId, { body: 'Ainda está aí?' })).status).toBe(201);
  });

  it('is refused outside the window for a scheduled message (ERRO) and the external API too, and goes within it', async () => {
    const { ticketId, from } = await attendedConversation();
    await customerWroteHoursAgo(ticketId, 25);
    const contactId = (await getTicket(tenant.companyId, ticketId))?.contactId;
    const scheduled = await cloud.api('/schedules', {
      method: 'POST',
      token: tenant.admin.token,
      body: { body: 'Lembrete agendado', contactId, sendAt: new Date(Date.now() + 24 * 3_600_000).toISOString(), whatsappId: connection.id },
    });
    expect(scheduled.status).toBe(201);
    const before = await messagesOf(ticketId);

    await handleDueMessage({ kind: 'scheduledMessage', companyId: tenant.companyId, scheduleId: scheduled.body.id, sendAt: scheduled.body.sendAt });
    const viaApi = await cloud.api('/api/messages/send', { method: 'POST', token: connection.apiToken, body: { number: from, body: 'Pelo sistema' } });

    expect((await cloud.api(`/schedules/${scheduled.body.id}`, { token: tenant.admin.token })).body).toMatchObject({ status: 'ERRO', error: 'ERR_OUTSIDE_REPLY_WINDOW' });
    expect(viaApi).toMatchObject({ status: 409, body: { error: 'ERR_OUTSIDE_REPLY_WINDOW' } });
    expect(await messagesOf(ticketId)).toEqual(before);
    // A number that never wrote has no window: refused before its contact or ticket is made.
    const stranger = newNumber();
    expect(await cloud.api('/api/messages/send', { method: 'POST', token: connection.apiToken, body: { number: stranger, body: 'Olá' } })).toMatchObject({
      status: 409,
      body: { error: 'ERR_OUTSIDE_REPLY_WINDOW' },
    });
    expect(await getContactByNumber(tenant.companyId, stranger)).toBeUndefined();

    await customerWroteHoursAgo(ticketId, 1);
    expect((await cloud.api('/api/messages/send', { method: 'POST', token: connection.apiToken, body: { number: from, body: 'Pelo sistema' } })).status).toBe(201);
    await until('the API send at Meta', async () => sentTo(from).some((found) => found.json.text?.body === 'Pelo sistema'));
  });

  it("goes on a ticket opened by hand within the window the customer opened on an earlier ticket of the connection", async () => {
    const { ticketId, from } = await attendedConversation();
    const contactId = (await getTicket(tenant.companyId, ticketId))?.contactId;
    expect((await cloud.api(`/tickets/${ticketId}`, { method: 'PUT', token: tenant.admin.token, body: { status: 'closed' } })).status).toBe(200);

    const opened = await cloud.api('/tickets', { method: 'POST', token: tenant.admin.token, body: { contactId, whatsappId: connection.id, queueId: tenant.queueId, status: 'open' } });

    expect(opened.status).toBe(201);
    expect(opened.body.customerMessageAt).toBe((await getTicket(tenant.companyId, ticketId))?.customerMessageAt);
    expect((await reply(opened.body.id, { body: 'Continuando por aqui' })).status).toBe(201);
    await until('the text at Meta', async () => sentTo(from).some((found) => found.json.text?.body === 'Continuando por aqui'));
  });

  it('is retried after Meta throttles it, and reaches the customer once', async () => {
    const { ticketId, from } = await attendedConversation();
    graph.failNext('throttled', 'messages');

    const response = await reply(ticketId, { body: 'Mensagem após limite' });

    // Its `sent` event stores Meta's id, then the ack: both, or the read falls between the two writes.
    const stored = await until('the message sent after its retry', async () => {
      const found = await getMessage(tenant.companyId, response.body.id, true);
      return found?.whatsappMessageId && found.ack >= 1 ? found : undefined;
    }, 400, 50);
    const sent = sentTo(from).filter((found) => found.json.text?.body === 'Mensagem após limite');
    expect(sent).toHaveLength(1);
    expect(stored).toMatchObject({ whatsappMessageId: sent[0]?.id, ack: 1 });
    expect(stored.failureReason).toBeUndefined();
    expect(graph.calls.filter((call) => call.path === `/${connection.number.phoneNumberId}/messages` && call.json?.text?.body === 'Mensagem após limite')).toHaveLength(2);
  });

  it("is marked with Meta's reason when Meta refuses it for good, its ack kept, and agents hear it", async () => {
    const { ticketId } = await attendedConversation();
    const box = await chatBox(ticketId);
    graph.failNext('undeliverable', 'messages');

    const response = await reply(ticketId, { body: 'Para um número sem WhatsApp' });

    const stored = await until('the failure recorded', async () => {
      const found = await getMessage(tenant.companyId, response.body.id, true);
      return found?.failureReason ? found : undefined;
    });
    expect(stored).toMatchObject({ failureReason: 'Message undeliverable', ack: 0, whatsappMessageId: null });
    await until('the failure heard', async () =>
      box.frames.some((frame) => frame.event.endsWith('-appMessage') && frame.data.action === 'update' && frame.data.message?.id === response.body.id && frame.data.message.failureReason === 'Message undeliverable'),
    );
    box.close();
    const page = await cloud.api(`/messages/${ticketId}`, { token: tenant.admin.token });
    expect(page.body.messages.find((message: { id: string }) => message.id === response.body.id)).toMatchObject({ failureReason: 'Message undeliverable', ack: 0 });
  });

  it('sends a file after uploading it to Meta, by its media id', async () => {
    const { ticketId, from } = await attendedConversation();
    const pdf = Buffer.from('%PDF-1.4\n1 0 obj\n<<>>\nendobj\n');
    const posted = await postForm(cloud, `/messages/${ticketId}`, tenant.admin.token, [{ name: 'contrato.pdf', bytes: pdf }], { body: 'Segue o contrato' });
    expect(posted.status).toBe(201);

    const sent = await until('the document at Meta', async () => sentTo(from).find((found) => found.json.type === 'document'));
    expect(sent.json.document).toEqual({ id: expect.stringMatching(/^\d+$/), caption: 'Segue o contrato', filename: 'contrato.pdf' });
    expect(graph.media.get(sent.json.document.id)?.bytes).toEqual(pdf);
  });
});

describe("a cloud connection's templates", () => {
  it('are synced from Meta page by page, replacing the stored set, and listed to every user of the company', async () => {
    const made = await connectedCloudConnection('Modelos');
    for (let index = 0; index < 120; index += 1) graph.addTemplate(made.number.businessAccountId, `aviso_${String(index).padStart(3, '0')}`, `Aviso ${index} para {{1}}`);
    graph.addTemplate(made.number.businessAccountId, 'em_analise', 'Ainda em análise', { status: 'PENDING', category: 'MARKETING' });
    const callsBefore = graph.calls.length;

    const synced = await cloud.api(`/whatsapp/${made.id}/templates/sync`, { method: 'POST', token: tenant.admin.token });

    expect(synced.status).toBe(200);
    expect(synced.body.records).toHaveLength(121);
    expect(synced.body.syncedAt).toEqual(expect.any(String));
    const pages = graph.calls.slice(callsBefore).filter((call) => call.path === `/${made.number.businessAccountId}/message_templates`);
    expect(pages.map((call) => [call.query.get('fields'), call.query.get('limit'), call.query.has('after')])).toEqual([
      ['name,language,status,category,components', '100', false],
      ['name,language,status,category,components', '100', true],
    ]);
    expect(synced.body.records.find((template: { name: string }) => template.name === 'aviso_007')).toEqual({
      id: expect.any(String),
      name: 'aviso_007',
      language: 'pt_BR',
      status: 'APPROVED',
      category: 'UTILITY',
      header: null,
      body: 'Aviso 7 para {{1}}',
      footer: null,
      variables: 1,
    });
    const listed = await cloud.api(`/whatsapp/${made.id}/templates`, { token: agent.token });
    expect(listed).toEqual({ status: 200, body: synced.body });

    // Meta no longer has most of them: the next sync keeps only what Meta answers.
    graph.templates.set(made.number.businessAccountId, (graph.templates.get(made.number.businessAccountId) ?? []).slice(0, 2));
    const again = await cloud.api(`/whatsapp/${made.id}/templates/sync`, { method: 'POST', token: tenant.admin.token });
    expect(again.body.records.map((template: { name: string }) => template.name)).toEqual(['aviso_000', 'aviso_001']);
    expect((await cloud.api(`/whatsapp/${made.id}/templates`, { token: agent.token })).body.records).toHaveLength(2);
  });

  it('answer ERR_WAPP_CLOUD_API and change nothing when Meta fails; a plain user may not sync; a Baileys connection has none', async () => {
    const made = await connectedCloudConnection('Modelos com falha');
    graph.addTemplate(made.number.businessAccountId, 'boas_vindas', 'Bem-vindo, {{1}}!');
    await cloud.api(`/whatsapp/${made.id}/templates/sync`, { method: 'POST', token: tenant.admin.token });
    const before = await cloud.api(`/whatsapp/${made.id}/templates`, { token: agent.token });
    graph.addTemplate(made.number.businessAccountId, 'outro', 'Outro');
    graph.failNext('serverError', 'templates');

    const failed = await cloud.api(`/whatsapp/${made.id}/templates/sync`, { method: 'POST', token: tenant.admin.token });

    expect(failed).toMatchObject({ status: 502, body: { error: 'ERR_WAPP_CLOUD_API' } });
    expect(await cloud.api(`/whatsapp/${made.id}/templates`, { token: agent.token })).toEqual(before);
    expect((await cloud.api(`/whatsapp/${made.id}/templates/sync`, { method: 'POST', token: agent.token })).status).toBe(403);
    const baileys = await cloud.api('/whatsapp', { method: 'POST', token: tenant.admin.token, body: { name: 'Baileys' } });
    for (const response of [
      await cloud.api(`/whatsapp/${baileys.body.id}/templates`, { token: agent.token }),
      await cloud.api(`/whatsapp/${baileys.body.id}/templates/sync`, { method: 'POST', token: tenant.admin.token }),
    ]) {
      expect(response).toMatchObject({ status: 400, body: { error: 'ERR_VALIDATION', fields: [{ path: 'provider' }] } });
    }
  });
});

describe('a template send', () => {
  beforeAll(async () => {
    graph.addTemplate(connection.number.businessAccountId, 'retomar_atendimento', 'Olá {{1}}, podemos continuar seu atendimento {{2}}?', {
      components: [
        { type: 'HEADER', format: 'TEXT', text: 'Atende' },
        { type: 'BODY', text: 'Olá {{1}}, podemos continuar seu atendimento {{2}}?' },
        { type: 'FOOTER', text: 'Responda SAIR para não receber mais' },
      ],
    });
    graph.addTemplate(connection.number.businessAccountId, 'promocao', 'Promoção', { status: 'REJECTED', category: 'MARKETING' });
    const synced = await cloud.api(`/whatsapp/${connection.id}/templates/sync`, { method: 'POST', token: tenant.admin.token });
    if (synced.status !== 200) throw new Error(`sync answered ${synced.status}`);
  });

  it("goes outside the window as Meta's template JSON, stored as its filled text", async () => {
    const { ticketId, from } = await attendedConversation();
    await customerWroteHoursAgo(ticketId, 30);

    const response = await reply(ticketId, { body: '', template: { name: 'retomar_atendimento', language: 'pt_BR', variables: ['Maria', 'hoje'] } });

    expect(response.status).toBe(201);
    expect(response.body.body).toBe('Atende\n\nOlá Maria, podemos continuar seu atendimento hoje?\n\nResponda SAIR para não receber mais');
    const sent = await until('the template at Meta', async () => sentTo(from).find((found) => found.json.type === 'template'));
    expect(sent.json).toEqual({
      messaging_product: 'whatsapp',
      recipient_type: 'individual',
      to: from,
      type: 'template',
      template: {
        name: 'retomar_atendimento',
        language: { code: 'pt_BR' },
        components: [{ type: 'body', parameters: [{ type: 'text', text: 'Maria' }, { type: 'text', text: 'hoje' }] }],
      },
    });
    await until('the template sent', async () => (await getMessage(tenant.companyId, response.body.id, true))?.whatsappMessageId === sent.id);
    expect((await getTicket(tenant.companyId, ticketId))?.lastMessage).toContain('Olá Maria');
  });

  it('is refused for a template not approved or not synced, a wrong number of variables, bad input, a file, or a Baileys ticket; nothing stored', async () => {
    const { ticketId } = await attendedConversation();
    const before = await messagesOf(ticketId);
    const send = (template: unknown, extra: Record<string, unknown> = {}) => reply(ticketId, { body: '', template, ...extra });

    expect(await send({ name: 'nao_existe', language: 'pt_BR', variables: [] })).toMatchObject({ status: 404, body: { error: 'ERR_NO_TEMPLATE_FOUND' } });
    expect(await send({ name: 'promocao', language: 'pt_BR', variables: [] })).toMatchObject({ status: 404, body: { error: 'ERR_NO_TEMPLATE_FOUND' } });
    expect(await send({ name: 'retomar_atendimento', language: 'en_US', variables: ['a', 'b'] })).toMatchObject({ status: 404, body: { error: 'ERR_NO_TEMPLATE_FOUND' } });
    expect(await send({ name: 'retomar_atendimento', language: 'pt_BR', variables: ['só um'] })).toMatchObject({
      status: 400,
      body: { error: 'ERR_VALIDATION', fields: [{ path: 'template.variables' }] },
    });
    for (const bad of [{ name: 'Com Espaço', language: 'pt_BR' }, { name: 'ok', language: 'portugues' }, { name: 'ok', language: 'pt_BR', variables: [''] }, { name: 'ok', language: 'pt_BR', variables: 'Maria' }, 'retomar_atendimento']) {
      expect(await send(bad)).toMatchObject({ status: 400, body: { error: 'ERR_VALIDATION' } });
    }
    expect(await send({ name: 'retomar_atendimento', language: 'pt_BR', variables: ['a', 'b'] }, { mediaKey: `companies/${tenant.companyId}/tickets/${ticketId}/x` })).toMatchObject({
      status: 400,
      body: { error: 'ERR_VALIDATION', fields: [{ path: 'template' }] },
    });
    expect(await messagesOf(ticketId)).toEqual(before);

    // A Baileys connection's ticket has no templates.
    const baileys = await cloud.api('/whatsapp', { method: 'POST', token: tenant.admin.token, body: { name: 'Baileys para modelo', queueIds: [tenant.queueId] } });
    await markConnected(tenant.companyId, baileys.body.id);
    const baileysTicket = await customerWrites(newNumber(), 'Oi pelo Baileys', baileys.body.id);
    await cloud.api(`/tickets/${baileysTicket}`, { method: 'PUT', token: tenant.admin.token, body: { status: 'open' } });
    expect(await reply(baileysTicket, { body: '', template: { name: 'retomar_atendimento', language: 'pt_BR', variables: ['a', 'b'] } })).toMatchObject({
      status: 400,
      body: { error: 'ERR_VALIDATION', fields: [{ path: 'template' }] },
    });
    // ... and no reply window: a free-form text goes however long ago the customer wrote.
    await customerWroteHoursAgo(baileysTicket, 48);
    expect((await reply(baileysTicket, { body: 'Texto livre no Baileys' })).status).toBe(201);
  });
});

describe('a template sent by the external API or a schedule', () => {
  const template = { name: 'retomar_atendimento', language: 'pt_BR', variables: ['Maria', 'hoje'] };
  const filled = 'Atende\n\nOlá Maria, podemos continuar seu atendimento hoje?\n\nResponda SAIR para não receber mais';
  const viaApi = (body: Record<string, unknown>, headers: Record<string, string> = {}, token = connection.apiToken) =>
    cloud.api('/api/messages/send', { method: 'POST', token, body, headers });
  const templatesAt = (to: string) => sentTo(to).filter((found) => found.json.type === 'template');
  const schedule = (body: Record<string, unknown>) =>
    cloud.api('/schedules', { method: 'POST', token: tenant.admin.token, body: { sendAt: new Date(Date.now() + 3_600_000).toISOString(), whatsappId: connection.id, ...body } });
  const due = (scheduled: { body: { id: string; sendAt: string } }) =>
    handleDueMessage({ kind: 'scheduledMessage', companyId: tenant.companyId, scheduleId: scheduled.body.id, sendAt: scheduled.body.sendAt });
  const scheduleOf = async (id: string) => (await cloud.api(`/schedules/${id}`, { token: tenant.admin.token })).body;

  beforeAll(async () => {
    // The templates of 'a template send' above, plus one to take away from Meta.
    graph.addTemplate(connection.number.businessAccountId, 'lembrete_consulta', 'Sua consulta é amanhã, {{1}}.');
    const synced = await cloud.api(`/whatsapp/${connection.id}/templates/sync`, { method: 'POST', token: tenant.admin.token });
    if (synced.status !== 200) throw new Error(`sync answered ${synced.status}`);
  });

  it("goes through the external API outside the window as Meta's template JSON, stored filled, and once for a repeated Idempotency-Key", async () => {
    const { ticketId, from } = await attendedConversation();
    await customerWroteHoursAgo(ticketId, 30);
    expect(await viaApi({ number: from, body: 'Texto livre' })).toMatchObject({ status: 409, body: { error: 'ERR_OUTSIDE_REPLY_WINDOW' } });

    const first = await viaApi({ number: from, template }, { 'Idempotency-Key': `tpl-${ulid()}` });
    const key = `tpl-${ulid()}`;
    const sent = await viaApi({ number: from, template, closeTicket: false }, { 'Idempotency-Key': key });
    const again = await viaApi({ number: from, template, closeTicket: false }, { 'Idempotency-Key': key });

    expect(first).toMatchObject({ status: 201, body: { ticketId, message: { body: filled, fromMe: true } } });
    expect(again).toEqual(sent);
    expect((await viaApi({ number: from, template: { ...template, variables: ['Ana', 'hoje'] } }, { 'Idempotency-Key': key })).body.error).toBe('ERR_IDEMPOTENCY_KEY_CONFLICT');
    const atMeta = await until('both templates at Meta', async () => (templatesAt(from).length >= 2 ? templatesAt(from) : undefined));
    expect(atMeta[0]?.json).toEqual({
      messaging_product: 'whatsapp',
      recipient_type: 'individual',
      to: from,
      type: 'template',
      template: { name: template.name, language: { code: 'pt_BR' }, components: [{ type: 'body', parameters: [{ type: 'text', text: 'Maria' }, { type: 'text', text: 'hoje' }] }] },
    });
    await new Promise((resolve) => setTimeout(resolve, 300));
    expect(templatesAt(from)).toHaveLength(2);
    expect((await messagesOf(ticketId)).filter((message) => message.body === filled)).toHaveLength(2);
  });

  it('is refused by the external API when it is not an approved template of the connection, on a Baileys connection, or beside a text; nothing made or stored', async () => {
    const { ticketId, from } = await attendedConversation();
    await customerWroteHoursAgo(ticketId, 30);
    const before = await messagesOf(ticketId);
    const stranger = newNumber();

    expect(await viaApi({ number: stranger, template: { ...template, name: 'nao_existe' } })).toMatchObject({ status: 404, body: { error: 'ERR_NO_TEMPLATE_FOUND' } });
    expect(await viaApi({ number: from, template: { name: 'promocao', language: 'pt_BR' } })).toMatchObject({ status: 404, body: { error: 'ERR_NO_TEMPLATE_FOUND' } });
    expect(await viaApi({ number: from, template: { ...template, variables: ['só um'] } })).toMatchObject({
      status: 400,
      body: { error: 'ERR_VALIDATION', fields: [{ path: 'template.variables' }] },
    });
    expect(await viaApi({ number: from, body: 'Texto junto', template })).toMatchObject({ status: 400, body: { error: 'ERR_VALIDATION', fields: [{ path: 'body' }] } });
    expect(await viaApi({ number: from, template: { name: 'Com Espaço', language: 'pt_BR' } })).toMatchObject({ status: 400, body: { error: 'ERR_VALIDATION' } });
    const baileys = await cloud.api('/whatsapp', { method: 'POST', token: tenant.admin.token, body: { name: 'Baileys da API', queueIds: [tenant.queueId] } });
    await markConnected(tenant.companyId, baileys.body.id);
    expect(await viaApi({ number: stranger, template }, {}, String(baileys.body.token))).toMatchObject({
      status: 400,
      body: { error: 'ERR_VALIDATION', fields: [{ path: 'template' }] },
    });

    expect(await messagesOf(ticketId)).toEqual(before);
    expect(await getContactByNumber(tenant.companyId, stranger)).toBeUndefined();
    await new Promise((resolve) => setTimeout(resolve, 300));
    expect(templatesAt(from)).toHaveLength(0);
  });

  it('goes from a schedule when due outside the window, stored as its filled text; without a template the schedule ends ERRO', async () => {
    const { ticketId, from } = await attendedConversation();
    const contactId = (await getTicket(tenant.companyId, ticketId))?.contactId;
    const withTemplate = await schedule({ contactId, template });
    const withText = await schedule({ contactId, body: 'Lembrete em texto livre' });
    expect(withTemplate).toMatchObject({ status: 201, body: { body: '', template, status: 'PENDENTE' } });
    await customerWroteHoursAgo(ticketId, 30);

    await due(withTemplate);
    await due(withText);

    expect(await scheduleOf(withTemplate.body.id)).toMatchObject({ status: 'ENVIADA', ticketId, error: null, template });
    expect(await scheduleOf(withText.body.id)).toMatchObject({ status: 'ERRO', error: 'ERR_OUTSIDE_REPLY_WINDOW' });
    const atMeta = await until('the scheduled template at Meta', async () => templatesAt(from)[0]);
    expect(atMeta.json.template).toEqual({
      name: template.name,
      language: { code: 'pt_BR' },
      components: [{ type: 'body', parameters: [{ type: 'text', text: 'Maria' }, { type: 'text', text: 'hoje' }] }],
    });
    expect((await messagesOf(ticketId)).filter((message) => message.body === filled)).toHaveLength(1);
    expect((await messagesOf(ticketId)).some((message) => message.body === 'Lembrete em texto livre')).toBe(false);
  });

  it('is refused when a schedule is saved with a template the connection lacks or on a Baileys connection, and ends ERRO when gone by its time', async () => {
    const { ticketId, from } = await attendedConversation();
    const contactId = (await getTicket(tenant.companyId, ticketId))?.contactId;
    expect(await schedule({ contactId, template: { ...template, name: 'nao_existe' } })).toMatchObject({ status: 404, body: { error: 'ERR_NO_TEMPLATE_FOUND' } });
    expect(await schedule({ contactId, template: { ...template, variables: [] } })).toMatchObject({ status: 400, body: { fields: [{ path: 'template.variables' }] } });
    expect(await schedule({ contactId, body: 'Texto junto', template })).toMatchObject({ status: 400, body: { fields: [{ path: 'body' }] } });
    const baileys = await cloud.api('/whatsapp', { method: 'POST', token: tenant.admin.token, body: { name: 'Baileys do agendamento', queueIds: [tenant.queueId] } });
    expect(await schedule({ contactId, whatsappId: baileys.body.id, template })).toMatchObject({ status: 400, body: { error: 'ERR_VALIDATION', fields: [{ path: 'template' }] } });

    const reminder = { name: 'lembrete_consulta', language: 'pt_BR', variables: ['Maria'] };
    const saved = await schedule({ contactId, template: reminder });
    expect(saved.status).toBe(201);
    // Meta no longer has it: the next sync drops it, and the schedule cannot send it.
    graph.templates.set(
      connection.number.businessAccountId,
      (graph.templates.get(connection.number.businessAccountId) ?? []).filter((found) => found.name !== 'lembrete_consulta'),
    );
    expect((await cloud.api(`/whatsapp/${connection.id}/templates/sync`, { method: 'POST', token: tenant.admin.token })).status).toBe(200);

    await due(saved);

    expect(await scheduleOf(saved.body.id)).toMatchObject({ status: 'ERRO', error: 'ERR_NO_TEMPLATE_FOUND' });
    await new Promise((resolve) => setTimeout(resolve, 300));
    expect(templatesAt(from)).toHaveLength(0);
  });
});

describe('a campaign on a cloud connection', () => {
  const admin = (path: string, init: { method?: string; body?: unknown } = {}) => cloud.api(path, { ...init, token: tenant.admin.token });
  const offer = { name: 'oferta_campanha', language: 'pt_BR', variables: ['{nome}', '{loja}'] };

  beforeAll(async () => {
    graph.addTemplate(connection.number.businessAccountId, 'oferta_campanha', 'Olá {{1}}, sua oferta na {{2}} chegou!');
    graph.addTemplate(connection.number.businessAccountId, 'campanha_em_analise', 'Olá {{1}}', { status: 'PENDING', category: 'MARKETING' });
    graph.addTemplate(connection.number.businessAccountId, 'campanha_pausavel', 'Aviso para {{1}}');
    expect((await admin(`/whatsapp/${connection.id}/templates/sync`, { method: 'POST' })).status).toBe(200);
    expect((await admin('/campaign-settings', { method: 'POST', body: { settings: { messageInterval: 0, longerIntervalAfter: 0, greaterInterval: 0, variables: [{ key: 'loja', value: 'Loja Centro' }] } } })).status).toBe(200);
  });

  async function listOf(name: string, people: readonly (readonly [string, string])[]): Promise<string> {
    const list = await admin('/contact-lists', { method: 'POST', body: { name } });
    for (const [person, number] of people) {
      expect((await admin('/contact-list-items', { method: 'POST', body: { name: person, number, email: '', contactListId: list.body.id } })).status).toBe(201);
    }
    return String(list.body.id);
  }

  const numbersOf = (count: number) => Array.from({ length: count }, (_, index) => `55118${String((Date.now() + index) % 1e8).padStart(8, '0')}`);
  const finished = (id: string) =>
    until(`campaign ${id} finished`, async () => {
      const campaign = await admin(`/campaigns/${id}`);
      return campaign.body.status === 'FINALIZADA' && campaign.body;
    });

  it("sends Meta's template to each contact exactly once with their own values, stored in their tickets, whether they wrote or not", async () => {
    const [wrote = '', never1 = '', never2 = ''] = numbersOf(3);
    const liveTicket = await customerWrites(wrote, 'Oi, quero saber das ofertas');
    const listId = await listOf('Clientes oficiais', [['Ana', wrote], ['Bruno', never1], ['Carla', never2]]);

    const created = await admin('/campaigns', {
      method: 'POST',
      body: { name: 'Oferta oficial', whatsappId: connection.id, contactListId: listId, scheduledAt: new Date().toISOString(), template: offer },
    });
    expect(created).toMatchObject({ status: 201, body: { status: 'PROGRAMADA', template: offer, message1: '' } });
    const done = await finished(created.body.id);

    expect(done.progress).toEqual({ recipients: 3, delivered: 3, skipped: 0 });
    const expected = { wrote: 'Ana', never1: 'Bruno', never2: 'Carla' };
    for (const [number, name] of [[wrote, expected.wrote], [never1, expected.never1], [never2, expected.never2]] as const) {
      const sent = await until(`the template at ${number}`, async () => sentTo(number).find((found) => found.json.type === 'template'));
      expect(sent.json).toEqual({
        messaging_product: 'whatsapp',
        recipient_type: 'individual',
        to: number,
        type: 'template',
        template: {
          name: 'oferta_campanha',
          language: { code: 'pt_BR' },
          components: [{ type: 'body', parameters: [{ type: 'text', text: name }, { type: 'text', text: 'Loja Centro' }] }],
        },
      });
    }
    const shipping = await readShipping(tenant.companyId, created.body.id, 0, 10, true);
    expect(shipping.map((item) => [item.number, item.status, item.messageIds.length])).toEqual([
      [wrote, 'delivered', 1],
      [never1, 'delivered', 1],
      [never2, 'delivered', 1],
    ]);
    // Ana wrote: the campaign goes into the ticket an agent has of her; the others get a closed one each.
    expect(shipping[0]?.ticketId).toBe(liveTicket);
    for (const item of shipping) {
      const message = await until(`the message of ${item.number} sent`, async () => {
        const stored = await getMessage(tenant.companyId, item.messageIds[0] ?? '', true);
        return stored?.whatsappMessageId ? stored : undefined;
      });
      expect(message).toMatchObject({ ticketId: item.ticketId, fromMe: true, bot: true, body: `Olá ${item.name}, sua oferta na Loja Centro chegou!` });
      expect(message.whatsappMessageId).toBe(sentTo(item.number).find((found) => found.json.type === 'template')?.id);
    }
    // Once each: every message has Meta's id, so every command has run.
    for (const number of [wrote, never1, never2]) expect(sentTo(number)).toHaveLength(1);
  });

  it('is refused without a template, with a template not approved or with the wrong variables, and with a template on a Baileys connection', async () => {
    const [someone = ''] = numbersOf(1);
    const listId = await listOf('Lista recusada', [['Davi', someone]]);
    const base = { name: 'Recusada', whatsappId: connection.id, contactListId: listId };
    const refusedOn = (path: string) => ({ status: 400, body: { error: 'ERR_VALIDATION', fields: [{ path }] } });

    expect(await admin('/campaigns', { method: 'POST', body: { ...base, message1: 'Texto livre para {nome}', scheduledAt: new Date().toISOString() } })).toMatchObject(refusedOn('template'));
    expect(await admin('/campaigns', { method: 'POST', body: base })).toMatchObject(refusedOn('template'));
    expect(await admin('/campaigns', { method: 'POST', body: { ...base, template: { name: 'campanha_em_analise', language: 'pt_BR', variables: ['{nome}'] } } })).toMatchObject(refusedOn('template'));
    expect(await admin('/campaigns', { method: 'POST', body: { ...base, template: { name: 'nao_sincronizado', language: 'pt_BR', variables: [] } } })).toMatchObject(refusedOn('template'));
    expect(await admin('/campaigns', { method: 'POST', body: { ...base, template: { ...offer, variables: ['{nome}'] } } })).toMatchObject(refusedOn('template.variables'));

    const baileys = await admin('/whatsapp', { method: 'POST', body: { name: 'Baileys de campanha', queueIds: [tenant.queueId] } });
    expect(await admin('/campaigns', { method: 'POST', body: { ...base, whatsappId: baileys.body.id, message1: 'Oi {nome}', template: offer } })).toMatchObject(refusedOn('template'));
    expect((await admin('/campaigns', { method: 'POST', body: { ...base, whatsappId: baileys.body.id, message1: 'Oi {nome}' } })).status).toBe(201);
    const names = ((await admin('/campaigns?searchParam=Recusada')).body.records as { whatsappId: string }[]).map((campaign) => campaign.whatsappId);
    expect(names).toEqual([baileys.body.id]);
  });

  it('skips a recipient as templateUnavailable when the template is no longer approved at its turn, sending nothing', async () => {
    const [someone = ''] = numbersOf(1);
    const listId = await listOf('Lista pausada', [['Eva', someone]]);
    const draft = await admin('/campaigns', {
      method: 'POST',
      body: { name: 'Pausada', whatsappId: connection.id, contactListId: listId, template: { name: 'campanha_pausavel', language: 'pt_BR', variables: ['{nome}'] } },
    });
    expect(draft.status).toBe(201);
    const paused = (graph.templates.get(connection.number.businessAccountId) ?? []).map((template) => (template.name === 'campanha_pausavel' ? { ...template, status: 'PAUSED' } : template));
    graph.templates.set(connection.number.businessAccountId, paused);
    expect((await admin(`/whatsapp/${connection.id}/templates/sync`, { method: 'POST' })).status).toBe(200);
    // Started as its time would start it (start-campaign.ts): an edit now would be refused for the paused template.
    const at = new Date();
    await setCampaignFields(tenant.companyId, draft.body.id, { status: 'EM_ANDAMENTO', startedAt: at.toISOString(), planned: null, position: 0, updatedAt: at.toISOString() });
    await kickSender(tenant.companyId, connection.id, [draft.body.id], at);

    expect((await finished(draft.body.id)).progress).toEqual({ recipients: 1, delivered: 0, skipped: 1 });
    const shipping = await admin(`/campaigns/${draft.body.id}/shipping`);
    expect(shipping.body.shipping).toMatchObject([{ name: 'Eva', status: 'skipped', reason: 'templateUnavailable' }]);
    expect(sentTo(someone)).toEqual([]);
  });
});

describe("a cloud connection's access token", () => {
  it('appears in no answer, realtime frame or log line of a send, a retry, a refusal or a sync', async () => {
    const from = socket.frames.length;
    const answers: unknown[] = [];
    const lines = await atLogLevel('debug', () =>
      logLinesOf(async () => {
        const { ticketId } = await attendedConversation();
        graph.failNext('throttled', 'messages');
        const retried = await reply(ticketId, { body: 'Com nova tentativa' });
        answers.push(retried.body);
        await until('the retried send', async () => (await getMessage(tenant.companyId, retried.body.id, true))?.whatsappMessageId ?? undefined);
        graph.failNext('undeliverable', 'messages');
        const refused = await reply(ticketId, { body: 'Recusada' });
        answers.push(refused.body);
        await until('the refusal', async () => (await getMessage(tenant.companyId, refused.body.id, true))?.failureReason ?? undefined);
        answers.push((await cloud.api(`/whatsapp/${connection.id}/templates/sync`, { method: 'POST', token: tenant.admin.token })).body);
        answers.push((await cloud.api(`/whatsapp/${connection.id}`, { token: tenant.admin.token })).body);
      }),
    );

    expect(lines.some((line) => line.message === 'cloud command will be tried again')).toBe(true);
    expect(lines.some((line) => line.message === 'cloud send refused')).toBe(true);
    const everything = JSON.stringify([answers, socket.frames.slice(from), lines]);
    expect(everything).not.toContain(graph.accessToken);
  });
});
