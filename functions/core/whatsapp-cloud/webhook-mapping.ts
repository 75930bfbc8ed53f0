/**
 * Meta's WhatsApp Cloud API webhook (`object: 'whatsapp_business_account'`, `entry[].changes[]` whose
 * `field` is 'messages' and whose `value` carries `metadata.phone_number_id`, `contacts[]`, `messages[]`
 * and `statuses[]`) turned into the WhatsAppEvents the session host emits (core/sessions/events.ts), so
 * the inbound worker, the bots, AI and integrations treat a cloud connection's traffic as a Baileys one's.
 * Pure: media is only named here (its Graph id); receive-webhook.ts downloads it before publishing.
 *
 * Read leniently, each piece on its own, so one odd item never loses the rest (§1.7):
 * - text, image, audio, video, document, sticker (an image, as Baileys' stickers are), location
 *   (shared/whatsapp-content.ts locationBody), contacts (vCards, several joined as the host does), the
 *   replies to buttons and lists (their title as text); `context.id` is the message replied to;
 * - any other type, or a known type whose content does not parse, is kept as a text that says so
 *   (UNSUPPORTED_BODY), never dropped, never a crash;
 * - reactions are not stored, as on the Baileys path (its mapping drops them too): the model has no
 *   place for them and a text per emoji would bury the conversation;
 * - statuses: sent → ack 2, delivered → 3, read → 4 (the acks Baileys reports for the same steps);
 *   failed → a `failed` event with Meta's error code and its title (or message) as the reason; other
 *   statuses are not acks. A status names the customer's number as its chat.
 * - changes for another phone number than the connection's are not ours: left out and reported, so the
 *   caller logs them (a business account whose webhook goes to this connection's address has others).
 * The Cloud API has no groups: every chat is the customer's number (wa_id digits).
 */
import { z } from 'zod';
import type { MediaType } from '../../../shared/messages';
import { locationBody, vcardBody } from '../../../shared/whatsapp-content';
import type { MessageEvent, WhatsAppEvent } from '../sessions/events';

/** The body of a message of a type we do not read, so the agent knows something came. */
export const UNSUPPORTED_BODY = (type: string): string => `[Mensagem não suportada pelo WhatsApp Cloud API: ${type}]`;

/** A reason for a failed status when Meta sent no words of its own. */
export const FAILED_WITHOUT_REASON = 'Falha no envio (WhatsApp Cloud API)';

const text = (max: number) => z.string().max(max);
/** A wa_id or phone number id: digits. */
const digits = z.string().regex(/^\d{3,64}$/);
/** Meta's message ids ('wamid.' and base64): letters, digits and a few signs, never a path. */
const metaId = z.string().regex(/^[\w.=+:/-]{1,256}$/);
/** Meta's media ids (digits): what a Graph path may hold (graph-api.ts). */
const mediaId = z.string().regex(/^[\w.-]{1,128}$/);

export const CloudWebhookEnvelope = z.object({
  object: z.string().max(64),
  entry: z
    .array(z.object({ id: z.string().max(64).optional(), changes: z.array(z.object({ field: z.string().max(64), value: z.unknown() })).max(100) }))
    .max(100),
});
export type CloudWebhookEnvelope = z.output<typeof CloudWebhookEnvelope>;

const ChangeValue = z.object({
  metadata: z.object({ phone_number_id: z.string().max(64), display_phone_number: z.string().max(64).optional() }),
  contacts: z.array(z.unknown()).max(1000).optional(),
  messages: z.array(z.unknown()).max(1000).optional(),
  statuses: z.array(z.unknown()).max(1000).optional(),
});

const ContactProfile = z.object({ wa_id: digits, profile: z.object({ name: text(1024).optional() }).optional() });

const MessageBase = z.object({
  from: digits,
  id: metaId,
  timestamp: z.string().regex(/^\d{1,12}$/).optional(),
  type: z.string().min(1).max(64),
  context: z.object({ id: metaId.optional(), forwarded: z.boolean().optional() }).optional(),
});

const MediaContent = z.object({ id: mediaId, mime_type: text(255).optional(), caption: text(65536).optional(), filename: text(1024).optional() });

const Status = z.object({
  id: metaId,
  status: z.string().max(32),
  recipient_id: digits,
  errors: z.array(z.object({ code: z.number().int().optional(), title: text(1024).optional(), message: text(1024).optional() })).optional(),
});

/** A file a message names, to download before the event goes out (receive-webhook.ts). */
export interface CloudMediaRef {
  readonly mediaId: string;
  /** What Meta said the file is (the bytes decide once downloaded). */
  readonly mimeType: string;
  /** The sender's file name (documents); undefined for photos, voice notes, stickers, videos. */
  readonly fileName?: string;
}

export interface CloudInbound {
  readonly event: WhatsAppEvent;
  /** Set on a message whose file is still at Meta; its event's `media` is null until downloaded. */
  readonly media?: CloudMediaRef;
}

export interface CloudWebhookTarget {
  readonly companyId: string;
  readonly whatsappId: string;
  /** The connection's phone number id: changes naming another one are not this connection's. */
  readonly phoneNumberId: string;
}

export interface CloudWebhookMapping {
  readonly items: CloudInbound[];
  /** Phone number ids of changes left out because they are not the connection's. */
  readonly foreignNumbers: string[];
  /** How many messages or statuses could not be read at all (no sender, no id) and were left out. */
  readonly unreadable: number;
}

const FILE_TYPES: Readonly<Record<string, { mediaType: MediaType; fallbackMime: string }>> = {
  image: { mediaType: 'image', fallbackMime: 'image/jpeg' },
  sticker: { mediaType: 'image', fallbackMime: 'image/webp' },
  video: { mediaType: 'video', fallbackMime: 'video/mp4' },
  audio: { mediaType: 'audio', fallbackMime: 'audio/ogg' },
  document: { mediaType: 'application', fallbackMime: 'application/octet-stream' },
};

const ACKS: Readonly<Record<string, 2 | 3 | 4>> = { sent: 2, delivered: 3, read: 4 };

interface Content {
  readonly mediaType: MediaType;
  readonly body: string;
  readonly media?: CloudMediaRef;
}

/** What a message says, or undefined for what is not stored (reactions). */
function contentOf(type: string, raw: Record<string, unknown>): Content | undefined {
  if (type === 'reaction') return undefined;
  const file = FILE_TYPES[type];
  if (file) {
    const media = MediaContent.safeParse(raw[type]);
    if (!media.success) return undefined;
    const { id, mime_type: mimeType, caption, filename } = media.data;
    return {
      mediaType: file.mediaType,
      body: caption ?? '',
      media: { mediaId: id, mimeType: mimeType || file.fallbackMime, ...(filename ? { fileName: filename } : {}) },
    };
  }
  switch (type) {
    case 'text': {
      const parsed = z.object({ body: text(65536) }).safeParse(raw.text);
      return parsed.success ? { mediaType: 'chat', body: parsed.data.body } : undefined;
    }
    case 'location': {
      const parsed = z
        .object({ latitude: z.number().min(-90).max(90), longitude: z.number().min(-180).max(180), name: text(1024).optional(), address: text(1024).optional() })
        .safeParse(raw.location);
      if (!parsed.success) return undefined;
      const { latitude, longitude, name, address } = parsed.data;
      return { mediaType: 'locationMessage', body: locationBody({ latitude, longitude, description: [name, address].filter((part) => part).join('\n') }) };
    }
    case 'contacts': {
      const parsed = z
        .array(z.object({ name: z.object({ formatted_name: text(1024).optional() }).optional(), phones: z.array(z.object({ phone: text(64).optional(), wa_id: text(64).optional() })).optional() }))
        .min(1)
        .max(50)
        .safeParse(raw.contacts);
      if (!parsed.success) return undefined;
      // Several cards are kept as one text of vCards, as the host keeps them (shared/whatsapp-content.ts reads the first).
      const cards = parsed.data.map((card) => {
        const phone = card.phones?.[0];
        const number = (phone?.wa_id ?? phone?.phone ?? '').replace(/\D/g, '');
        return vcardBody({ name: card.name?.formatted_name ?? number, number });
      });
      return { mediaType: 'vcard', body: cards.join('\n') };
    }
    case 'button': {
      const parsed = z.object({ text: text(4096) }).safeParse(raw.button);
      return parsed.success ? { mediaType: 'chat', body: parsed.data.text } : undefined;
    }
    case 'interactive': {
      const reply = z.object({ title: text(4096) });
      const parsed = z.object({ button_reply: reply.optional(), list_reply: reply.optional() }).safeParse(raw.interactive);
      const title = parsed.success ? (parsed.data.button_reply ?? parsed.data.list_reply)?.title : undefined;
      return title === undefined ? undefined : { mediaType: 'chat', body: title };
    }
    default:
      return undefined;
  }
}

function messageOf(raw: unknown, target: CloudWebhookTarget, names: ReadonlyMap<string, string>, receivedAt: number): CloudInbound | 'skipped' | undefined {
  const base = MessageBase.safeParse(raw);
  if (!base.success) return undefined;
  const { from, id, timestamp, type, context } = base.data;
  const known = contentOf(type, raw as Record<string, unknown>);
  if (known === undefined && type === 'reaction') return 'skipped';
  const content: Content = known ?? { mediaType: 'chat', body: UNSUPPORTED_BODY(type) };
  const pushName = names.get(from);
  const event: MessageEvent = {
    type: 'message',
    companyId: target.companyId,
    whatsappId: target.whatsappId,
    chat: { id: from, isGroup: false },
    whatsappMessageId: id,
    fromMe: false,
    ...(pushName ? { pushName: pushName.slice(0, 256) } : {}),
    timestamp: timestamp === undefined ? receivedAt : Number(timestamp) * 1000,
    mediaType: content.mediaType,
    body: content.body,
    media: null,
    quotedWhatsappMessageId: context?.id !== undefined && context.forwarded !== true ? context.id : null,
  };
  return content.media ? { event, media: content.media } : { event };
}

function statusOf(raw: unknown, target: CloudWebhookTarget): CloudInbound | 'skipped' | undefined {
  const parsed = Status.safeParse(raw);
  if (!parsed.success) return undefined;
  const { id, status, recipient_id: recipient, errors } = parsed.data;
  const common = { companyId: target.companyId, whatsappId: target.whatsappId, chat: { id: recipient, isGroup: false } };
  const ack = ACKS[status];
  if (ack !== undefined) return { event: { type: 'ack', ...common, whatsappMessageId: id, ack } };
  if (status !== 'failed') return 'skipped';
  const error = errors?.[0];
  const reason = (error?.title || error?.message || FAILED_WITHOUT_REASON).slice(0, 300);
  return { event: { type: 'failed', ...common, whatsappMessageId: id, code: error?.code ?? null, reason } };
}

/** The events of a webhook body already read as an envelope, for the connection `target`. */
export function mapCloudWebhook(envelope: CloudWebhookEnvelope, target: CloudWebhookTarget, receivedAt = Date.now()): CloudWebhookMapping {
  const items: CloudInbound[] = [];
  const foreignNumbers: string[] = [];
  let unreadable = 0;
  if (envelope.object !== 'whatsapp_business_account') return { items, foreignNumbers, unreadable };
  for (const change of envelope.entry.flatMap((entry) => entry.changes)) {
    if (change.field !== 'messages') continue;
    const value = ChangeValue.safeParse(change.value);
    if (!value.success) {
      unreadable += 1;
      continue;
    }
    if (value.data.metadata.phone_number_id !== target.phoneNumberId) {
      foreignNumbers.push(value.data.metadata.phone_number_id);
      continue;
    }
    const names = new Map<string, string>();
    for (const contact of value.data.contacts ?? []) {
      const parsed = ContactProfile.safeParse(contact);
      if (parsed.success && parsed.data.profile?.name) names.set(parsed.data.wa_id, parsed.data.profile.name);
    }
    for (const read of [
      ...(value.data.messages ?? []).map((raw) => messageOf(raw, target, names, receivedAt)),
      ...(value.data.statuses ?? []).map((raw) => statusOf(raw, target)),
    ]) {
      if (read === undefined) unreadable += 1;
      else if (read !== 'skipped') items.push(read);
    }
  }
  return { items, foreignNumbers, unreadable };
}
