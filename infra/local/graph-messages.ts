/**
 * Meta's Cloud API message shapes as the Graph simulator (graph-simulator.ts) reads and writes them: the
 * body of `POST /{phone-number-id}/messages` (a message, or a read receipt), the control API's simulated
 * customer messages, and the webhook payloads (Meta's envelope, inbound messages, statuses).
 *
 * Validation follows Meta's documented rules closely enough that a product sending what Meta would refuse
 * is refused here too, with Meta's error codes: 131008 (a required parameter is missing), 131009 (a value
 * is not valid), 100 (anything else about the request).
 */
import { createHash } from 'node:crypto';
import { z } from 'zod';
import type { StoredAccount } from './graph-simulator-store';

/** A phone number as Meta reads `to` and `from`: digits, formatting characters dropped. */
const phoneNumber = z
  .string()
  .transform((value) => value.replace(/[\s()+.-]/g, ''))
  .pipe(z.string().regex(/^\d{8,20}$/, 'Not a phone number (8 to 20 digits)'));

const latitude = z.coerce.number().min(-90).max(90);
const longitude = z.coerce.number().min(-180).max(180);

/** A medium to send: one uploaded (`id`) or one Meta downloads (`link`; the simulator records it, never fetches it). */
const MediaObject = z
  .object({
    id: z.string().regex(/^\d{1,30}$/, 'A media id is digits').optional(),
    link: z.url({ protocol: /^https?$/ }).optional(),
    caption: z.string().max(1024).optional(),
    filename: z.string().min(1).max(240).optional(),
  })
  .refine((media) => (media.id === undefined) !== (media.link === undefined), 'Give exactly one of id and link');
export type MediaObject = z.output<typeof MediaObject>;

const ContactCard = z.looseObject({
  name: z.looseObject({ formatted_name: z.string().min(1).max(256) }),
  phones: z.array(z.looseObject({ phone: z.string().min(1).max(40), type: z.string().optional(), wa_id: z.string().optional() })).optional(),
});

const Interactive = z.object({
  type: z.enum(['button', 'list', 'cta_url', 'product', 'product_list', 'flow', 'location_request_message', 'address_message']),
  header: z.looseObject({ type: z.string() }).optional(),
  body: z.object({ text: z.string().min(1).max(1024) }).optional(),
  footer: z.object({ text: z.string().min(1).max(60) }).optional(),
  action: z.looseObject({}),
});

const TemplateComponent = z.looseObject({
  // Meta's examples write component types in lower case; upper case is taken as well.
  type: z.string().transform((type) => type.toLowerCase()).pipe(z.enum(['header', 'body', 'button', 'footer'])),
  parameters: z.array(z.looseObject({ type: z.string(), text: z.string().max(1024).optional() })).default([]),
});

const TemplateSend = z.object({
  name: z.string().min(1).max(512),
  language: z.object({ code: z.string().min(2).max(10), policy: z.literal('deterministic').optional() }),
  components: z.array(TemplateComponent).default([]),
});

export const MESSAGE_TYPES = ['text', 'image', 'audio', 'video', 'document', 'sticker', 'location', 'contacts', 'interactive', 'template', 'reaction'] as const;
export type MessageType = (typeof MESSAGE_TYPES)[number];

/** A message the business sends (`POST /{phone-number-id}/messages` without `status`). */
export const SendMessageBody = z
  .object({
    messaging_product: z.literal('whatsapp'),
    recipient_type: z.literal('individual').optional(),
    to: phoneNumber,
    type: z.enum(MESSAGE_TYPES).default('text'),
    context: z.object({ message_id: z.string().min(1).max(256) }).optional(),
    biz_opaque_callback_data: z.string().max(512).optional(),
    text: z.object({ body: z.string().min(1).max(4096), preview_url: z.boolean().optional() }).optional(),
    image: MediaObject.optional(),
    audio: MediaObject.optional(),
    video: MediaObject.optional(),
    document: MediaObject.optional(),
    sticker: MediaObject.optional(),
    location: z.object({ latitude, longitude, name: z.string().max(1000).optional(), address: z.string().max(1000).optional() }).optional(),
    contacts: z.array(ContactCard).min(1).max(257).optional(),
    interactive: Interactive.optional(),
    template: TemplateSend.optional(),
    reaction: z.object({ message_id: z.string().min(1).max(256), emoji: z.string().max(16) }).optional(),
  })
  .superRefine((body, context) => {
    // The object named by `type` carries the message; Meta calls its absence a missing parameter.
    if (body[body.type] === undefined) context.addIssue({ code: 'custom', path: [body.type], message: `Required for a ${body.type} message`, input: undefined });
  });
export type SendMessageBody = z.output<typeof SendMessageBody>;

/** The business marks a customer's message as read (`POST /{phone-number-id}/messages` with `status: 'read'`). */
export const ReadReceiptBody = z.object({
  messaging_product: z.literal('whatsapp'),
  status: z.literal('read'),
  message_id: z.string().min(1).max(256),
  typing_indicator: z.object({ type: z.literal('text') }).optional(),
});

/** A simulated customer opens the chat and reads what the business sent (`POST /_simulator/accounts/{id}/read`). */
export const CustomerReadBody = z.object({ from: phoneNumber });

/** The media kinds a simulated customer sends. */
export const INBOUND_MEDIA_KINDS = ['image', 'video', 'audio', 'document', 'sticker'] as const;
export type InboundMediaKind = (typeof INBOUND_MEDIA_KINDS)[number];

/** What a simulated customer may attach: 16 MB (Meta's cap for audio and video). */
export const INBOUND_MEDIA_MAX_BYTES = 16 * 1024 * 1024;

const InboundMedia = z.object({
  base64: z.base64().max(Math.ceil((INBOUND_MEDIA_MAX_BYTES * 4) / 3) + 4),
  mime: z.string().regex(/^[\w.+-]+\/[\w.+-]+( *;.*)?$/, 'A MIME type'),
  filename: z.string().min(1).max(240).optional(),
});

/**
 * A simulated customer's message (`POST /_simulator/accounts/{phoneNumberId}/inbound`): text, one medium
 * (with `text` as its caption, except audio and stickers), a place or contact cards; optionally a reply to
 * a message of the conversation.
 */
export const InboundBody = z
  .object({
    from: phoneNumber,
    name: z.string().max(100).optional(),
    text: z.string().min(1).max(4096).optional(),
    image: InboundMedia.optional(),
    video: InboundMedia.optional(),
    audio: InboundMedia.optional(),
    document: InboundMedia.optional(),
    sticker: InboundMedia.optional(),
    location: z.object({ latitude, longitude, name: z.string().max(1000).optional(), address: z.string().max(1000).optional() }).optional(),
    contacts: z.array(z.object({ name: z.string().min(1).max(100), phone: phoneNumber })).min(1).max(10).optional(),
    replyTo: z.string().min(1).max(256).optional(),
  })
  .superRefine((body, context) => {
    const kinds = [...INBOUND_MEDIA_KINDS, 'location', 'contacts'] as const;
    const given = kinds.filter((kind) => body[kind] !== undefined);
    if (given.length > 1) context.addIssue({ code: 'custom', path: [], message: `One kind of content at a time, not ${given.join(' and ')}` });
    if (given.length === 0 && body.text === undefined) context.addIssue({ code: 'custom', path: ['text'], message: 'Say what the customer sends: text, a medium, a location or contacts' });
    const [kind] = given;
    if (body.text !== undefined && (kind === 'audio' || kind === 'sticker' || kind === 'location' || kind === 'contacts')) {
      context.addIssue({ code: 'custom', path: ['text'], message: `A ${kind} message has no caption` });
    }
  });
export type InboundBody = z.output<typeof InboundBody>;

/** Which of Meta's codes a validation issue is: a parameter missing (131008) or not valid (131009). */
export function metaCodeOfIssue(issue: z.core.$ZodIssue): 131008 | 131009 {
  return 'input' in issue && issue.input === undefined && (issue.code === 'invalid_type' || issue.code === 'custom') ? 131008 : 131009;
}

/** A line a person reads in the outbox: the text, a caption, a template's body filled, a place. */
export function summaryOf(body: SendMessageBody, filledTemplate: string | null): string {
  switch (body.type) {
    case 'text':
      return body.text?.body ?? '';
    case 'image':
    case 'audio':
    case 'video':
    case 'document':
    case 'sticker': {
      const media = body[body.type];
      const what = media?.filename ?? media?.id ?? media?.link ?? '';
      return [what, media?.caption].filter((part) => part !== undefined && part !== '').join(': ');
    }
    case 'location':
      return [body.location?.name, body.location?.address, `${body.location?.latitude},${body.location?.longitude}`].filter(Boolean).join(' ');
    case 'contacts':
      return (body.contacts ?? []).map((card) => card.name.formatted_name).join(', ');
    case 'interactive':
      return body.interactive?.body?.text ?? body.interactive?.type ?? '';
    case 'template':
      return filledTemplate ?? body.template?.name ?? '';
    case 'reaction':
      return `${body.reaction?.emoji ?? ''} to ${body.reaction?.message_id ?? ''}`;
  }
}

/** The display number's digits, as webhooks' `metadata.display_phone_number` and `context.from` write it. */
export const displayDigits = (account: StoredAccount): string => account.displayPhoneNumber.replace(/\D/g, '');

/** Meta's webhook envelope around one change of the account's `messages` field. */
export function webhookEnvelope(account: StoredAccount, value: Record<string, unknown>): Record<string, unknown> {
  return {
    object: 'whatsapp_business_account',
    entry: [
      {
        id: account.wabaId,
        changes: [
          {
            field: 'messages',
            value: {
              messaging_product: 'whatsapp',
              metadata: { display_phone_number: displayDigits(account), phone_number_id: account.phoneNumberId },
              ...value,
            },
          },
        ],
      },
    ],
  };
}

/** Meta's timestamps: Unix seconds as a string. */
export const metaTimestamp = (ms: number): string => String(Math.floor(ms / 1000));

export type DeliveryStatus = 'sent' | 'delivered' | 'read' | 'failed';

/** One entry of a status webhook's `statuses`. */
export function statusEntry(options: {
  readonly messageId: string;
  readonly status: DeliveryStatus;
  readonly at: number;
  readonly recipient: string;
  readonly category: string;
  readonly error?: { readonly code: number; readonly title: string; readonly details: string };
}): Record<string, unknown> {
  const { messageId, status, at, recipient, category, error } = options;
  const billed = status === 'sent' || status === 'delivered';
  return {
    id: messageId,
    status,
    timestamp: metaTimestamp(at),
    recipient_id: recipient,
    ...(billed
      ? {
          conversation: { id: conversationId(recipient, category), origin: { type: category } },
          pricing: { billable: true, pricing_model: 'CBP', category },
        }
      : {}),
    ...(error ? { errors: [{ code: error.code, title: error.title, message: error.title, error_data: { details: error.details } }] } : {}),
  };
}

/** A stable id per customer and category: the statuses of one conversation name the same one, as Meta's do. */
function conversationId(recipient: string, category: string): string {
  return createHash('sha256').update(`${recipient}:${category}`).digest('hex').slice(0, 32);
}
