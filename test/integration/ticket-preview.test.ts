/**
 * The ticket's list preview (`lastMessage`) on the local cloud, through the real inbound worker and the
 * HTTP API: it shows what the customer (or an agent) wrote, never the server's automatic answers while
 * there is such a message, and it follows the deletion of the message it shows, whether the agent
 * deletes it or the contact revokes it on WhatsApp, and the contact's edit of it on WhatsApp; the lists
 * and notifications hear it in the ticket's `update` event.
 */
import { ulid } from 'ulid';
import WebSocket from 'ws';
import type { MessageDto } from '../../shared/messages';
import { DELETED_MESSAGE_PREVIEW } from '../../shared/ticket-rules';
import type { TicketDto } from '../../shared/tickets';
import type { WhatsAppEvent } from '../../functions/core/sessions/events';
import { handleWhatsAppEvent } from '../../functions/workers/wa-events';
import { messageText } from '../support/frame-text';
import type { TestCloud } from '../support/local-cloud';
import { sharedTestCloud } from '../support/shared-cloud';
import { createTenant, type Tenant } from '../support/tenants';
import { ifAssigned } from '../support/teardown';
import { seedConversation } from './isolation/messages';

let cloud: TestCloud;
let tenant: Tenant;
let connectionId: string;
let numbers = 0;

const GREETING = 'Olá! Bem-vindo.';
const REQUEST = 'Preciso de ajuda com meu pedido';

beforeAll(async () => {
  cloud = await sharedTestCloud();
  tenant = await createTenant(cloud);
  const created = await cloud.api('/whatsapp', {
    method: 'POST',
    token: tenant.admin.token,
    body: { name: 'Prévia', provider: 'simulator', greetingMessage: GREETING, queueIds: [tenant.queueId] },
  });
  expect(created.status).toBe(201);
  connectionId = created.body.id;
}, 60_000);

afterAll(async () => {
  await ifAssigned(cloud)?.stop();
});

/** A number no other test uses: a contact WhatsApp has just introduced. */
const newNumber = () => `55119600${String((numbers += 1)).padStart(5, '0')}`;

function inbound(from: string, body: string, whatsappMessageId = `P${ulid()}`): WhatsAppEvent {
  return {
    type: 'message',
    companyId: tenant.companyId,
    whatsappId: connectionId,
    chat: { id: from, isGroup: false },
    whatsappMessageId,
    fromMe: false,
    pushName: 'Joana',
    timestamp: Date.now(),
    mediaType: 'chat',
    body,
    media: null,
    quotedWhatsappMessageId: null,
  };
}

async function pendingTicketOf(number: string): Promise<TicketDto> {
  const { body } = await cloud.api('/tickets?status=pending&showAll=true', { token: tenant.admin.token });
  const ticket = (body.tickets as TicketDto[]).find((candidate) => candidate.contact.number === number);
  if (!ticket) throw new Error(`no pending ticket of ${number}`);
  return ticket;
}

/** The ticket's own messages, oldest first. */
async function messagesOf(ticketId: string): Promise<MessageDto[]> {
  const { body } = await cloud.api(`/messages/${ticketId}`, { token: tenant.admin.token });
  return (body.messages as MessageDto[]).filter((message) => message.ticketId === ticketId).reverse();
}

interface Frame {
  readonly event: string;
  readonly data: { readonly action: string; readonly ticket?: TicketDto };
}

/** The admin's socket in the notification room (which hears every ticket of the company), once joined. */
async function notificationListener(): Promise<{ frames: Frame[]; close: () => void }> {
  const minted = await cloud.api('/realtime/ticket', { method: 'POST', token: tenant.admin.token });
  const socket = new WebSocket(`${cloud.config.wsUrl}?ticket=${encodeURIComponent(minted.body.ticket)}`);
  const frames: Frame[] = [];
  socket.on('message', (data) => frames.push(JSON.parse(messageText(data)) as Frame));
  await new Promise((resolve) => socket.once('open', resolve));
  socket.send(JSON.stringify({ action: 'joinNotification' }));
  await waitFor(() => frames.some((frame) => frame.event === 'joined'));
  return { frames, close: () => socket.close() };
}

async function waitFor(check: () => boolean | Promise<boolean>, attempts = 150): Promise<void> {
  for (let attempt = 0; attempt < attempts; attempt += 1) {
    if (await check()) return;
    await new Promise((resolve) => setTimeout(resolve, 40));
  }
  throw new Error('condition not reached');
}

const ticketUpdates = (frames: readonly Frame[], ticketId: string) =>
  frames.filter((frame) => frame.event === `company-${tenant.companyId}-ticket` && frame.data.action === 'update' && frame.data.ticket?.id === ticketId);

describe('a pending ticket of a new contact', () => {
  it("shows the customer's request as its preview, not the greeting the connection answered with, which is flagged automatic", async () => {
    const number = newNumber();

    await handleWhatsAppEvent(inbound(number, REQUEST));

    const ticket = await pendingTicketOf(number);
    expect(ticket.lastMessage).toBe(REQUEST);
    expect((await messagesOf(ticket.id)).map((message) => [message.body, message.fromMe, message.bot])).toEqual([
      [REQUEST, false, false],
      [GREETING, true, true],
    ]);
  });

  it("carries the customer's request in every ticket update the lists and notifications hear, also the one of the greeting", async () => {
    const listener = await notificationListener();
    const number = newNumber();

    await handleWhatsAppEvent(inbound(number, REQUEST));
    const ticket = await pendingTicketOf(number);
    await waitFor(() => ticketUpdates(listener.frames, ticket.id).length >= 2);
    listener.close();

    expect(ticketUpdates(listener.frames, ticket.id).map((frame) => frame.data.ticket?.lastMessage)).toEqual([REQUEST, REQUEST]);
  });
});

describe('a deleted message', () => {
  it('turns the preview into the deletion when the contact revokes the request the preview shows, and publishes the ticket update', async () => {
    const number = newNumber();
    const whatsappMessageId = `P${ulid()}`;
    await handleWhatsAppEvent(inbound(number, REQUEST, whatsappMessageId));
    const { id: ticketId } = await pendingTicketOf(number);
    const listener = await notificationListener();

    await handleWhatsAppEvent({ type: 'revoke', companyId: tenant.companyId, whatsappId: connectionId, chat: { id: number, isGroup: false }, whatsappMessageId });
    await waitFor(() => ticketUpdates(listener.frames, ticketId).length >= 1);
    listener.close();

    expect((await pendingTicketOf(number)).lastMessage).toBe(DELETED_MESSAGE_PREVIEW);
    expect(ticketUpdates(listener.frames, ticketId).map((frame) => frame.data.ticket?.lastMessage)).toEqual([DELETED_MESSAGE_PREVIEW]);
  });

  it("turns the preview into the deletion when the agent deletes the message it shows, and publishes the ticket update", async () => {
    const { ticket } = await seedConversation(tenant, { whatsappId: `W${ulid()}` });
    const sent = await cloud.api(`/messages/${ticket.id}`, { method: 'POST', token: tenant.admin.token, body: { body: 'Enviei para o cliente errado' } });
    expect(sent.status).toBe(201);
    const listener = await notificationListener();

    expect((await cloud.api(`/messages/${sent.body.id}`, { method: 'DELETE', token: tenant.admin.token })).status).toBe(200);
    await waitFor(() => ticketUpdates(listener.frames, ticket.id).length >= 1);
    listener.close();

    expect((await cloud.api(`/tickets/${ticket.id}`, { token: tenant.admin.token })).body.lastMessage).toBe(DELETED_MESSAGE_PREVIEW);
    expect(ticketUpdates(listener.frames, ticket.id).map((frame) => frame.data.ticket?.lastMessage)).toEqual([DELETED_MESSAGE_PREVIEW]);
  });
});

describe('an edited message', () => {
  const edit = (number: string, whatsappMessageId: string, body: string): WhatsAppEvent => ({
    type: 'edit',
    companyId: tenant.companyId,
    whatsappId: connectionId,
    chat: { id: number, isGroup: false },
    whatsappMessageId,
    body,
    timestamp: Date.now(),
  });

  it('shows its new text in the preview when the contact edits the message the preview shows, and publishes the ticket update', async () => {
    const number = newNumber();
    const whatsappMessageId = `P${ulid()}`;
    await handleWhatsAppEvent(inbound(number, REQUEST, whatsappMessageId));
    const { id: ticketId, updatedAt } = await pendingTicketOf(number);
    const listener = await notificationListener();

    await handleWhatsAppEvent(edit(number, whatsappMessageId, 'Preciso de ajuda com meu pedido 123'));
    await waitFor(() => ticketUpdates(listener.frames, ticketId).length >= 1);
    listener.close();

    const after = await pendingTicketOf(number);
    expect([after.lastMessage, after.updatedAt]).toEqual(['Preciso de ajuda com meu pedido 123', updatedAt]);
    expect(ticketUpdates(listener.frames, ticketId).map((frame) => frame.data.ticket?.lastMessage)).toEqual(['Preciso de ajuda com meu pedido 123']);
  });

  it('leaves the preview on the newer message when the contact edits an earlier one', async () => {
    const number = newNumber();
    const first = `P${ulid()}`;
    await handleWhatsAppEvent(inbound(number, REQUEST, first));
    await handleWhatsAppEvent(inbound(number, 'É o pedido 123'));

    await handleWhatsAppEvent(edit(number, first, 'Preciso de ajuda com meu pedido, por favor'));

    const ticket = await pendingTicketOf(number);
    expect(ticket.lastMessage).toBe('É o pedido 123');
    expect((await messagesOf(ticket.id)).find((message) => message.body.startsWith('Preciso'))).toMatchObject({
      body: 'Preciso de ajuda com meu pedido, por favor',
      isEdited: true,
    });
  });
});
