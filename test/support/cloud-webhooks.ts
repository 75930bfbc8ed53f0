/**
 * Meta's side of a Cloud API connection's webhook, for tests: the bodies Meta posts (the documented
 * `whatsapp_business_account` notification with one change for a phone number) and the POST itself,
 * signed as Meta signs it (`X-Hub-Signature-256: sha256=` HMAC-SHA256 of the raw body with the app's
 * secret), or signed wrongly, or not at all; and a cloud connection to post them to.
 */
import { randomBytes } from 'node:crypto';
import { webhookSignature } from '../../functions/core/whatsapp-cloud/webhook-signature';
import type { FakeGraph, GraphPhoneNumber } from './fake-graph';
import type { TestCloud } from './local-cloud';
import type { Tenant } from './tenants';

export interface CloudConnection {
  readonly id: string;
  /** Its number at the fake Graph API. */
  readonly number: GraphPhoneNumber;
  readonly appSecret: string;
  readonly verifyToken: string;
  /** Its token for the external messaging API. */
  readonly apiToken: string;
}

/** A cloud connection of `owner`'s company on a new number of `graph`, made through `POST /whatsapp` (not yet started). */
export async function createCloudConnection(
  cloud: TestCloud,
  graph: FakeGraph,
  owner: Tenant,
  fields: { readonly name: string; readonly queueIds?: readonly string[] },
): Promise<CloudConnection> {
  const number = graph.addPhoneNumber();
  const appSecret = randomBytes(16).toString('hex');
  const created = await cloud.api('/whatsapp', {
    method: 'POST',
    token: owner.admin.token,
    body: {
      ...fields,
      provider: 'cloud',
      cloudPhoneNumberId: number.phoneNumberId,
      cloudBusinessAccountId: number.businessAccountId,
      cloudAccessToken: graph.accessToken,
      cloudAppSecret: appSecret,
    },
  });
  if (created.status !== 201) throw new Error(`POST /whatsapp answered ${created.status}: ${JSON.stringify(created.body)}`);
  return { id: String(created.body.id), number, appSecret, verifyToken: String(created.body.webhookVerifyToken), apiToken: String(created.body.token) };
}

/** A WhatsApp message id as Meta makes them. */
export const wamid = (): string => `wamid.${randomBytes(24).toString('base64')}`;

export interface CloudMessageFields {
  readonly from: string;
  readonly id?: string;
  readonly name?: string;
  /** Seconds, as Meta writes it. */
  readonly timestamp?: number;
  /** The message replied to. */
  readonly replyTo?: string;
}

/** One message of Meta's `messages[]`: its envelope and the type's own object (`{ text: { body } }` …). */
export function cloudMessage(fields: CloudMessageFields, type: string, content: Record<string, unknown>): Record<string, unknown> {
  return {
    from: fields.from,
    id: fields.id ?? wamid(),
    timestamp: String(fields.timestamp ?? Math.floor(Date.now() / 1000)),
    type,
    ...(fields.replyTo ? { context: { from: '15550000000', id: fields.replyTo } } : {}),
    ...content,
  };
}

/** One status of Meta's `statuses[]`. */
export function cloudStatus(id: string, recipient: string, status: 'sent' | 'delivered' | 'read' | 'failed', error?: { code: number; title: string }): Record<string, unknown> {
  return {
    id,
    status,
    timestamp: String(Math.floor(Date.now() / 1000)),
    recipient_id: recipient,
    ...(error ? { errors: [{ ...error, message: error.title, error_data: { details: error.title } }] } : {}),
  };
}

/** The notification Meta posts for a phone number: the messages (with their senders' profiles) and statuses. */
export function cloudNotification(
  phoneNumberId: string,
  parts: { messages?: Record<string, unknown>[]; statuses?: Record<string, unknown>[]; names?: Record<string, string> },
): string {
  const value: Record<string, unknown> = {
    messaging_product: 'whatsapp',
    metadata: { display_phone_number: '15550000000', phone_number_id: phoneNumberId },
  };
  if (parts.messages) {
    const senders = [...new Set(parts.messages.map((message) => String(message.from)))];
    value.contacts = senders.map((waId) => ({ profile: { name: parts.names?.[waId] ?? 'Cliente' }, wa_id: waId }));
    value.messages = parts.messages;
  }
  if (parts.statuses) value.statuses = parts.statuses;
  return JSON.stringify({ object: 'whatsapp_business_account', entry: [{ id: '102290129340398', changes: [{ value, field: 'messages' }] }] });
}

/** POSTs `body` to the connection's webhook, signed with `appSecret` (or with the signature given, or none: null). */
export function postCloudWebhook(cloud: TestCloud, connectionId: string, body: string, appSecret: string | null, signature?: string) {
  const header = signature ?? (appSecret === null ? undefined : webhookSignature(body, appSecret));
  return cloud.api(`/webhooks/whatsapp-cloud/${connectionId}`, {
    method: 'POST',
    body,
    headers: { 'content-type': 'application/json', ...(header === undefined ? {} : { 'x-hub-signature-256': header }) },
  });
}

/** Meta's verification handshake: GET with the mode, the verify token and a challenge to echo. */
export function cloudHandshake(cloud: TestCloud, connectionId: string, verifyToken: string, challenge = String(Date.now())) {
  const query = new URLSearchParams({ 'hub.mode': 'subscribe', 'hub.verify_token': verifyToken, 'hub.challenge': challenge });
  return cloud.api(`/webhooks/whatsapp-cloud/${connectionId}?${query.toString()}`);
}
