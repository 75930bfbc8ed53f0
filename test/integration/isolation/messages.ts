/**
 * Tenant isolation of the message routes: A never reads, sends to, deletes from or uploads into a
 * conversation of B, whatever ticket or message ids and `companyId` it sends; B's conversation stays
 * exactly as it was. Also the helpers the conversation tests share: tickets and contacts written
 * straight to the table (the tickets and contacts modules are tested on their own), inbound messages
 * stored as the WhatsApp worker will store them, and multipart posts.
 */
import { randomUUID } from 'node:crypto';
import { PutCommand } from '@aws-sdk/lib-dynamodb';
import { ulid } from 'ulid';
import type { RouteKeyOf } from '../../../infra/resources/http-routes';
import type { TicketStatus } from '../../../shared/tickets';
import { dynamo } from '../../../functions/core/aws/clients';
import { contactItem, type Contact } from '../../../functions/core/repositories/contacts';
import { messageIdOf, type StoredMessage } from '../../../functions/core/repositories/messages';
import { getTicket, ticketItem, type Ticket } from '../../../functions/core/repositories/tickets';
import { storeMessage } from '../../../functions/core/conversations/store-message';
import { markConnected } from '../../support/connections';
import type { TestCloud } from '../../support/local-cloud';
import type { Tenant } from '../../support/tenants';
import type { Probe } from './probe';

export interface Conversation {
  readonly ticket: Ticket;
  readonly contact: Contact;
}

export interface ConversationOptions {
  readonly status?: TicketStatus;
  /** The assigned user; the tenant's admin unless said otherwise (null: nobody). */
  readonly userId?: string | null;
  /** The tenant's first queue unless said otherwise (null: no queue). */
  readonly queueId?: string | null;
  readonly whatsappId?: string | null;
  /** Another ticket of this contact; a new contact unless said otherwise. */
  readonly contact?: Contact;
}

let sequence = 0;

/** A contact (or the one given) and an open ticket of the tenant, written as the contacts and tickets modules write them. */
export async function seedConversation(tenant: Tenant, options: ConversationOptions = {}): Promise<Conversation> {
  sequence += 1;
  const at = new Date().toISOString();
  const contact: Contact = options.contact ?? {
    id: ulid(),
    companyId: tenant.companyId,
    name: `Cliente ${sequence}`,
    number: `55119${String(Date.now() % 1e8).padStart(8, '0')}${sequence}`,
    email: '',
    profilePicUrl: null,
    extraInfo: [],
    isGroup: false,
    createdAt: at,
    updatedAt: at,
  };
  const userId = options.userId === undefined ? tenant.admin.id : options.userId;
  const ticket: Ticket = {
    id: ulid(),
    uuid: randomUUID(),
    companyId: tenant.companyId,
    status: options.status ?? 'open',
    contactId: contact.id,
    userId,
    userName: userId ? 'Agente' : null,
    queueId: options.queueId === undefined ? tenant.queueId : options.queueId,
    whatsappId: options.whatsappId ?? null,
    tagIds: [],
    isGroup: false,
    chatbot: false,
    useIntegration: false,
    promptId: null,
    integrationId: null,
    lastMessage: '',
    unreadMessages: 0,
    createdAt: at,
    updatedAt: at,
  };
  if (!options.contact) await dynamo().send(new PutCommand({ TableName: process.env.TABLE_NAME, Item: contactItem(contact) }));
  await dynamo().send(new PutCommand({ TableName: process.env.TABLE_NAME, Item: ticketItem(ticket) }));
  // A conversation on a connection is one the agent can send on: its session runs.
  if (ticket.whatsappId) await markConnected(tenant.companyId, ticket.whatsappId);
  return { ticket, contact };
}

/** A message from the contact, stored as the inbound worker stores it (unread, counted on the ticket). */
export async function seedInbound(ticket: Ticket, body: string, whatsappMessageId: string | null = `WA${ulid()}`): Promise<StoredMessage> {
  const at = new Date().toISOString();
  const message: StoredMessage = {
    id: messageIdOf(ticket.id, ulid()),
    companyId: ticket.companyId,
    ticketId: ticket.id,
    contactId: ticket.contactId,
    body,
    fromMe: false,
    mediaType: 'chat',
    mediaKey: null,
    mediaName: null,
    mediaContentType: null,
    quotedMsg: null,
    isDeleted: false,
    isEdited: false,
    ack: 0,
    read: false,
    bot: false,
    userId: null,
    whatsappMessageId,
    createdAt: at,
    updatedAt: at,
  };
  const current = (await getTicket(ticket.companyId, ticket.id, true)) ?? ticket;
  await storeMessage(message, current, { countsAsUnread: true });
  return message;
}

export interface FormFile {
  readonly name: string;
  readonly bytes: Uint8Array;
  readonly type?: string;
  readonly field?: string;
}

/** A multipart/form-data POST as a browser sends it: files and text fields (a field with several values: each, in order). */
export async function postForm(
  cloud: TestCloud,
  path: string,
  token: string,
  files: readonly FormFile[],
  fields: Readonly<Record<string, string | readonly string[]>> = {},
  // `any`: like cloud.api, each test asserts on the shape of the body it expects.
  // eslint-disable-next-line @typescript-eslint/no-explicit-any
): Promise<{ status: number; body: any }> {
  const form = new FormData();
  for (const [name, value] of Object.entries(fields)) for (const each of typeof value === 'string' ? [value] : value) form.append(name, each);
  for (const file of files) {
    form.append(file.field ?? 'medias', new Blob([new Uint8Array(file.bytes)], { type: file.type ?? 'application/octet-stream' }), file.name);
  }
  const response = await fetch(`${cloud.config.apiUrl}${path}`, { method: 'POST', headers: { authorization: `Bearer ${token}` }, body: form });
  const text = await response.text();
  try {
    return { status: response.status, body: JSON.parse(text) };
  } catch {
    return { status: response.status, body: text };
  }
}

/** A conversation of B with one message from the contact and one from B's admin. */
async function conversationOfB(cloud: TestCloud, b: Tenant) {
  const conversation = await seedConversation(b, { userId: null });
  const inbound = await seedInbound(conversation.ticket, 'Mensagem do cliente de B');
  const sent = await cloud.api(`/messages/${conversation.ticket.id}`, { method: 'POST', token: b.admin.token, body: { body: 'Resposta de B' } });
  expect(sent.status).toBe(201);
  return { ...conversation, inbound, sentId: String(sent.body.id) };
}

/** B's admin reads the conversation: the same two messages, nothing deleted, nothing added. */
async function expectUnchanged(cloud: TestCloud, b: Tenant, ticketId: string): Promise<void> {
  const response = await cloud.api(`/messages/${ticketId}`, { token: b.admin.token });
  expect(response.status).toBe(200);
  expect(response.body.messages.map((message: { body: string; isDeleted: boolean }) => [message.body, message.isDeleted])).toEqual([
    ['Resposta de B', false],
    ['Mensagem do cliente de B', false],
  ]);
}

export const messagesProbes: Record<RouteKeyOf<'messages'>, Probe> = {
  'GET /messages/{id}': async ({ cloud, a, b }) => {
    const { ticket } = await conversationOfB(cloud, b);

    const response = await cloud.api(`/messages/${ticket.id}?companyId=${b.companyId}`, { token: a.admin.token });

    expect(response).toEqual({ status: 404, body: { error: 'ERR_NO_TICKET_FOUND' } });
    // Nor does a cursor naming B's message lead A's own conversation into B's.
    const own = await seedConversation(a);
    const { inbound } = await conversationOfB(cloud, b);
    const smuggled = await cloud.api(`/messages/${own.ticket.id}?cursor=${inbound.id}`, { token: a.admin.token });
    expect(smuggled.status).toBe(400);
    expect(smuggled.body.fields).toEqual([{ path: 'cursor', message: 'Invalid cursor' }]);
    await expectUnchanged(cloud, b, ticket.id);
    expect((await getTicket(b.companyId, ticket.id, true))?.unreadMessages).toBe(1);
  },

  'POST /messages/{id}': async ({ cloud, a, b }) => {
    const { ticket } = await conversationOfB(cloud, b);

    const response = await cloud.api(`/messages/${ticket.id}?companyId=${b.companyId}`, {
      method: 'POST',
      token: a.admin.token,
      body: { body: 'Intruso', companyId: b.companyId },
    });

    expect(response).toEqual({ status: 404, body: { error: 'ERR_NO_TICKET_FOUND' } });
    await expectUnchanged(cloud, b, ticket.id);
  },

  'DELETE /messages/{id}': async ({ cloud, a, b }) => {
    const { ticket, sentId } = await conversationOfB(cloud, b);

    const response = await cloud.api(`/messages/${sentId}?companyId=${b.companyId}`, { method: 'DELETE', token: a.admin.token });

    expect(response).toEqual({ status: 404, body: { error: 'ERR_NO_MESSAGE_FOUND' } });
    await expectUnchanged(cloud, b, ticket.id);
  },

  'GET /messages/{id}/media': async ({ cloud, a, b }) => {
    const { ticket, inbound } = await conversationOfB(cloud, b);

    const response = await cloud.api(`/messages/${inbound.id}/media?companyId=${b.companyId}`, { token: a.admin.token });

    expect(response).toEqual({ status: 404, body: { error: 'ERR_NO_MESSAGE_FOUND' } });
    await expectUnchanged(cloud, b, ticket.id);
  },

  'POST /messages/{id}/media-url': async ({ cloud, a, b }) => {
    const { ticket } = await conversationOfB(cloud, b);

    const response = await cloud.api(`/messages/${ticket.id}/media-url?companyId=${b.companyId}`, {
      method: 'POST',
      token: a.admin.token,
      body: { fileName: 'x.pdf', mimeType: 'application/pdf', size: 10, companyId: b.companyId },
    });

    expect(response).toEqual({ status: 404, body: { error: 'ERR_NO_TICKET_FOUND' } });
    // Nor can A name a key under B's prefix once it has one of its own: the key must be its ticket's.
    const own = await seedConversation(a);
    const smuggled = await cloud.api(`/messages/${own.ticket.id}`, {
      method: 'POST',
      token: a.admin.token,
      body: { body: 'x', mediaKey: `companies/${b.companyId}/tickets/${ticket.id}/${ulid()}-x.pdf` },
    });
    expect(smuggled.status).toBe(400);
    expect(smuggled.body.fields).toEqual([{ path: 'mediaKey', message: 'Invalid media' }]);
    await expectUnchanged(cloud, b, ticket.id);
  },
};
