/**
 * The n8n and webhook integrations: each customer message is one delivery on the `webhooks` queue
 * (workers/integration-webhooks.ts), POSTed as JSON to the integration's `urlN8N`:
 *
 *   POST <urlN8N>
 *   content-type: application/json
 *   x-atende-signature: sha256=<HMAC-SHA256 of the body with the integration's secret, hex>
 *   x-atende-delivery: <the message's id: the same on every retry of one message>
 *   { "event": "message", "deliveryId", "sentAt", "integration": { id, type, name },
 *     "ticket": { id, number, queueId }, "contact": { id, name, number }, "connection": { id, name },
 *     "message": { id, body, mediaType, mediaUrl (a link to its file valid 15 minutes, or null),
 *                  whatsappMessageId, createdAt } }
 *
 * A 2xx answer is a success. Its text goes back to the customer: a JSON string; an object's `text`,
 * `message`, `reply`, `answer` or `output` (the first that is text); an array of those (n8n answers its
 * items as one); or a `text/plain` body. Anything else (empty, 204, other JSON) sends nothing. A failed
 * POST (no answer in 10 s, or a status other than 2xx) is tried again WEBHOOK_TRIES times in all, after
 * growing pauses, then parked in the queue's dead-letter queue (workers/integration-webhooks.ts). The
 * answer is sent only while the ticket still waits for an agent and still talks to this integration,
 * under ids derived from the delivery, so a delivery run twice sends it once (send-message.ts `fixedId`).
 */
import { createHash } from 'node:crypto';
import { SendMessageCommand } from '@aws-sdk/client-sqs';
import { encodeTime } from 'ulid';
import { z } from 'zod';
import { WEBHOOK_DELIVERY_HEADER, WEBHOOK_INTEGRATION_TYPES, WEBHOOK_SIGNATURE_HEADER } from '../../../shared/queue-integrations';
import { WEBHOOKS_QUEUE_ID } from '../../../infra/resources/queues';
import { sqs } from '../aws/clients';
import { config } from '../config';
import { DOWNLOAD_URL_SECONDS, presignedDownloadUrl } from '../media/storage';
import { getContact, type Contact } from '../repositories/contacts';
import { getQueueIntegration } from '../repositories/queue-integrations';
import { getTicket } from '../repositories/tickets';
import { sendOnTicket } from '../conversations/send-message';
import { REPLY_MESSAGES_MAX, REPLY_TEXT_MAX, waitsForAgent } from './integration-replies';
import type { IntegrationTurn } from './integration-turn';
import { jsonOf, OutboundCallError, postOutbound, type OutboundAnswer } from '../http/outbound-http';
import { webhookSignature } from './webhook-signature';
import { BUSINESS_METRICS } from '../../../infra/resources/metrics';
import { countMetric } from '../metrics';

const id = z.string().min(1).max(200);
const text = z.string().max(70_000);

/** What travels on the `webhooks` queue: everything the POST says but the media link, signed when it is sent. */
export const WebhookDelivery = z.object({
  /** Which try this is: 1 for the first; each retry is a new queue message carrying the next. */
  attempt: z.number().int().min(1).max(100).default(1),
  companyId: id,
  integrationId: id,
  deliveryId: id,
  sentAt: z.string().max(40),
  ticket: z.object({ id, number: z.number().int().nullable(), queueId: id.nullable() }),
  contact: z.object({ id, name: text, number: z.string().max(100) }),
  connection: z.object({ id, name: text }),
  message: z.object({
    id,
    body: text,
    mediaType: z.string().max(40),
    mediaKey: z.string().max(1024).nullable(),
    mediaContentType: z.string().max(255).nullable(),
    whatsappMessageId: z.string().max(200).nullable(),
    createdAt: z.string().max(40),
  }),
});
export type WebhookDelivery = z.output<typeof WebhookDelivery>;

/** Puts the customer's message on the webhooks queue (the inbound pipeline does not wait for the POST). */
export async function enqueueWebhookDelivery(turn: IntegrationTurn): Promise<void> {
  const { ticket, contact, connection, message, integration } = turn;
  const delivery: WebhookDelivery = {
    attempt: 1,
    companyId: ticket.companyId,
    integrationId: integration.id,
    deliveryId: message.id,
    sentAt: turn.now.toISOString(),
    ticket: { id: ticket.id, number: ticket.number ?? null, queueId: ticket.queueId },
    contact: { id: contact.id, name: contact.name, number: contact.number },
    connection: { id: connection.id, name: connection.name },
    message: {
      id: message.id,
      body: message.body,
      mediaType: message.mediaType,
      mediaKey: message.mediaKey,
      mediaContentType: message.mediaContentType,
      whatsappMessageId: message.whatsappMessageId,
      createdAt: message.createdAt,
    },
  };
  await sendDelivery(delivery, 0);
}

/** Tries of one delivery before it is parked in the dead-letter queue. */
export const WEBHOOK_TRIES = 4;
/** SQS's longest delay. */
const MAX_DELAY_SECONDS = 900;

/** The pause before the try after `attempt`: INTEGRATION_RETRY_BASE_SECONDS x 2^(attempt - 1), in whole seconds. */
export const retryPauseSeconds = (attempt: number): number =>
  Math.min(MAX_DELAY_SECONDS, Math.max(1, Math.round(config.integrationRetryBaseSeconds() * 2 ** Math.max(0, attempt - 1))));

async function sendDelivery(delivery: WebhookDelivery, delaySeconds: number): Promise<void> {
  await sqs().send(
    new SendMessageCommand({
      QueueUrl: config.queueUrl(WEBHOOKS_QUEUE_ID),
      MessageBody: JSON.stringify(WebhookDelivery.parse(delivery)),
      DelaySeconds: Math.min(MAX_DELAY_SECONDS, Math.max(0, Math.round(delaySeconds))),
    }),
  );
}

/** The next try of a failed delivery, after its pause (a new message: the queue's own redelivery would not wait). */
export async function retryWebhookDelivery(delivery: WebhookDelivery): Promise<number> {
  const pause = retryPauseSeconds(delivery.attempt);
  await sendDelivery({ ...delivery, attempt: delivery.attempt + 1 }, pause);
  countMetric(BUSINESS_METRICS.webhookRetries);
  return pause;
}

export type DeliveryOutcome = 'answered' | 'delivered' | 'dropped';

/** One try of a delivery; an OutboundCallError (or any other) means it is to be tried again. */
export async function deliverWebhook(delivery: WebhookDelivery): Promise<DeliveryOutcome> {
  const integration = await getQueueIntegration(delivery.companyId, delivery.integrationId);
  // Deleted, or no longer a webhook since: nobody to deliver to, and retrying cannot change that.
  if (!integration || !WEBHOOK_INTEGRATION_TYPES.includes(integration.type) || integration.secret === '' || integration.urlN8N === '') return 'dropped';
  const body = JSON.stringify(await requestBodyOf(delivery, integration));
  const answer = await postOutbound(integration.type, integration.urlN8N, body, {
    'content-type': 'application/json',
    'user-agent': 'atende-integrations/1',
    [WEBHOOK_SIGNATURE_HEADER]: webhookSignature(integration.secret, body),
    [WEBHOOK_DELIVERY_HEADER]: delivery.deliveryId,
  }, { publicOnly: true });
  if (answer.status < 200 || answer.status > 299) throw new OutboundCallError(integration.type, answer.status, 'refused');
  const texts = answerTexts(answer);
  if (texts.length === 0) return 'delivered';
  return (await sendAnswer(delivery, texts)) ? 'answered' : 'delivered';
}

async function requestBodyOf(delivery: WebhookDelivery, integration: { id: string; type: string; name: string }) {
  const { mediaKey, mediaContentType, ...message } = delivery.message;
  const mediaUrl = mediaKey ? await presignedDownloadUrl(mediaKey, DOWNLOAD_URL_SECONDS, { contentType: mediaContentType ?? undefined }) : null;
  return {
    event: 'message',
    deliveryId: delivery.deliveryId,
    sentAt: delivery.sentAt,
    integration: { id: integration.id, type: integration.type, name: integration.name },
    ticket: delivery.ticket,
    contact: delivery.contact,
    connection: delivery.connection,
    message: { ...message, mediaUrl },
  };
}

const TEXT_FIELDS = ['text', 'message', 'reply', 'answer', 'output'] as const;

function textOfValue(value: unknown): string | undefined {
  if (typeof value === 'string') return value;
  if (typeof value !== 'object' || value === null || Array.isArray(value)) return undefined;
  const record = value as Record<string, unknown>;
  for (const field of TEXT_FIELDS) {
    const found = record[field];
    if (typeof found === 'string') return found;
  }
  return undefined;
}

/** The texts an answer carries (see the file's comment), blank ones left out. */
export function answerTexts(answer: OutboundAnswer): string[] {
  const json = jsonOf(answer);
  const values = json === undefined ? (/^text\/plain\b/i.test(answer.contentType) ? [answer.text] : []) : Array.isArray(json) ? json : [json];
  return values
    .map(textOfValue)
    .filter((value): value is string => value !== undefined && value.trim() !== '')
    .slice(0, REPLY_MESSAGES_MAX)
    .map((value) => value.trim().slice(0, REPLY_TEXT_MAX));
}

const CROCKFORD = '0123456789ABCDEFGHJKMNPQRSTVWXYZ';

/**
 * The ids the delivery's answer number `part` is stored and sent under: derived from the delivery, so
 * every run of it derives the same (as a campaign's, campaigns/recipient-ids.ts), and timed a
 * millisecond per part after the message it answers, so it sorts right after it.
 */
export function answerIds(delivery: Pick<WebhookDelivery, 'deliveryId' | 'message'>, part: number): { ulid: string; whatsappMessageId: string } {
  const digest = createHash('sha256').update(`integration-answer:${delivery.deliveryId}:${part}`).digest();
  const random = Array.from(digest.subarray(0, 16), (byte) => CROCKFORD[byte % 32]).join('');
  const at = Date.parse(delivery.message.createdAt) || 0;
  return { ulid: `${encodeTime(at + 1 + part, 10)}${random}`, whatsappMessageId: `3EB0${digest.subarray(16, 32).toString('hex').toUpperCase()}` };
}

/** Sends the answer if the ticket still waits for an agent and still talks to this integration. */
async function sendAnswer(delivery: WebhookDelivery, texts: readonly string[]): Promise<boolean> {
  let contact: Contact | undefined;
  for (const [part, body] of texts.entries()) {
    const ticket = await getTicket(delivery.companyId, delivery.ticket.id, true);
    if (!ticket || !waitsForAgent(ticket) || !ticket.useIntegration || ticket.integrationId !== delivery.integrationId) return false;
    contact ??= await getContact(delivery.companyId, ticket.contactId);
    await sendOnTicket(ticket, { body, userId: null, bot: true, fixedId: answerIds(delivery, part), ...(contact ? { contact } : {}) }, new Date());
  }
  return true;
}
