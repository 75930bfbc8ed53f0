/**
 * The contract between the session host and the inbound worker (docs/architecture.md §3): what the host puts on
 * the `wa-events` FIFO queue. Grouped per chat (`<whatsappId>:<chat id>`), so one chat's events are
 * handled in order while chats run in parallel; de-duplicated by what makes each event unique (the
 * WhatsApp message id for messages), so a redelivery within SQS's 5-minute window is dropped by SQS and
 * a later one by the worker's idempotency item. The worker validates every event with `WhatsAppEvent`.
 *
 * Media never travels in an event: the host uploads it to the media bucket first and sends the key.
 */
import { SendMessageCommand } from '@aws-sdk/client-sqs';
import { createHash } from 'node:crypto';
import { z } from 'zod';
import { withoutControls } from '../../../shared/text';
import { MEDIA_TYPES } from '../../../shared/messages';
import { sqs } from '../aws/clients';
import { config } from '../config';

const id = z.string().min(1).max(128);
const waMessageId = z.string().min(1).max(256);

/** A chat as the host names it: phone digits (or a group id), with the privacy id when known. */
export const EventChat = z.object({
  id: z.string().regex(/^[\d-]{3,64}$/),
  isGroup: z.boolean(),
  lid: z.string().regex(/^\d{3,64}$/).optional(),
});
export type EventChat = z.output<typeof EventChat>;

const common = {
  companyId: id,
  whatsappId: id,
  chat: EventChat,
};

export const MessageEvent = z.object({
  type: z.literal('message'),
  ...common,
  whatsappMessageId: waMessageId,
  fromMe: z.boolean(),
  /** The contact's profile name; for a group, the group's subject when known. Agents read it: no control characters. */
  pushName: z.string().max(256).overwrite(withoutControls).optional(),
  participant: EventChat.extend({ name: z.string().max(256).overwrite(withoutControls).optional() }).optional(),
  /** The contact's profile picture when the host could fetch it (a short-lived WhatsApp URL). */
  profilePicUrl: z.url().max(2048).nullable().optional(),
  timestamp: z.number().int().nonnegative(),
  mediaType: z.enum(MEDIA_TYPES),
  body: z.string().max(65536),
  media: z
    .object({ key: z.string().min(1).max(1024), name: z.string().min(1).max(255), mimeType: z.string().min(1).max(255) })
    .nullable(),
  quotedWhatsappMessageId: waMessageId.nullable(),
});

export const AckEvent = z.object({ type: z.literal('ack'), ...common, whatsappMessageId: waMessageId, ack: z.number().int().min(1).max(5) });
export const EditEvent = z.object({ type: z.literal('edit'), ...common, whatsappMessageId: waMessageId, body: z.string().max(65536), timestamp: z.number().int() });
export const RevokeEvent = z.object({ type: z.literal('revoke'), ...common, whatsappMessageId: waMessageId });
export const CallEvent = z.object({ type: z.literal('call'), ...common, callId: z.string().min(1).max(256), isVideo: z.boolean(), timestamp: z.number().int() });

/** Our outgoing message left through the session: its WhatsApp id, for acks, replies and deletion. */
export const SentEvent = z.object({
  type: z.literal('sent'),
  ...common,
  messageId: id,
  ticketId: id,
  whatsappMessageId: waMessageId,
});

/**
 * An outgoing message WhatsApp will not deliver (issue 32: a Cloud API send refused for good, or a
 * `failed` status in Meta's webhook): named by our id when the send itself failed (no WhatsApp id yet),
 * else by WhatsApp's id. `reason` is Meta's title of the error, shown to agents.
 */
export const FailedEvent = z
  .object({
    type: z.literal('failed'),
    ...common,
    messageId: id.optional(),
    whatsappMessageId: waMessageId.optional(),
    code: z.number().int().nullable(),
    reason: z.string().min(1).max(300).overwrite(withoutControls),
  })
  .refine((event) => event.messageId !== undefined || event.whatsappMessageId !== undefined, 'messageId or whatsappMessageId');

/** What WhatsApp knows of a contact's number (answer to a refreshContact command). */
export const ContactEvent = z.object({
  type: z.literal('contact'),
  ...common,
  contactId: id,
  /** The refreshContact command answered, so that each refresh is one event. */
  refreshId: id,
  exists: z.boolean(),
  profilePicUrl: z.url().max(2048).nullable(),
});

/** Whether a contact list item's number is on WhatsApp (one per number of a checkListNumbers command); `chat` is the number's. */
export const ListNumberEvent = z.object({
  type: z.literal('listNumber'),
  ...common,
  itemId: id,
  /** The number asked, as the item had it: an answer about a number the item no longer has changes nothing. */
  number: z.string().regex(/^\d{8,20}$/),
  /** The checkListNumbers command answered. */
  checkId: id,
  exists: z.boolean(),
});

export const WhatsAppEvent = z.discriminatedUnion('type', [MessageEvent, AckEvent, EditEvent, RevokeEvent, CallEvent, SentEvent, FailedEvent, ContactEvent, ListNumberEvent]);
export type WhatsAppEvent = z.output<typeof WhatsAppEvent>;
export type MessageEvent = z.output<typeof MessageEvent>;
export type ContactEvent = z.output<typeof ContactEvent>;
export type ListNumberEvent = z.output<typeof ListNumberEvent>;

/** What makes an event unique; the FIFO deduplication id is its hash (SQS allows 128 characters). */
export function eventIdentity(event: WhatsAppEvent): string {
  const base = `${event.companyId}:${event.whatsappId}`;
  switch (event.type) {
    case 'message':
      return `${base}:message:${event.whatsappMessageId}`;
    case 'ack':
      return `${base}:ack:${event.whatsappMessageId}:${event.ack}`;
    case 'edit':
      return `${base}:edit:${event.whatsappMessageId}:${event.timestamp}`;
    case 'revoke':
      return `${base}:revoke:${event.whatsappMessageId}`;
    case 'call':
      return `${base}:call:${event.callId}`;
    case 'sent':
      return `${base}:sent:${event.messageId}`;
    case 'failed':
      return `${base}:failed:${event.messageId ?? event.whatsappMessageId ?? ''}`;
    case 'contact':
      return `${base}:contact:${event.refreshId}`;
    case 'listNumber':
      return `${base}:listNumber:${event.checkId}:${event.itemId}`;
  }
}

export const eventGroup = (event: Pick<WhatsAppEvent, 'whatsappId' | 'chat'>): string => `${event.whatsappId}:${event.chat.id}`;

export async function publishWhatsAppEvent(event: WhatsAppEvent): Promise<void> {
  const valid = WhatsAppEvent.parse(event);
  await sqs().send(
    new SendMessageCommand({
      QueueUrl: config.queueUrl('wa-events'),
      MessageBody: JSON.stringify(valid),
      MessageGroupId: eventGroup(valid),
      MessageDeduplicationId: createHash('sha256').update(eventIdentity(valid)).digest('hex'),
    }),
  );
}
