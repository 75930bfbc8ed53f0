/**
 * Baileys' inbound events to the provider's InboundEvent: messages.upsert (new messages, edits and
 * revokes, which Baileys delivers as protocol messages), messages.update (delivery status) and call
 * offers. No I/O of its own: identities resolve through a LidResolver and media download through the
 * injected function, so the mapping is tested with real Baileys message objects and no network.
 */
import { normalizeMessageContent, proto, toNumber, type WACallEvent, type WAMessage, type WAMessageUpdate } from 'baileys';
import type { MediaType } from '../../../../shared/messages';
import { locationBody } from '../../../../shared/whatsapp-content';
import type { AckUpdate, CallOffer, ChatAddress, InboundEvent, InboundMedia, InboundMessage } from '../provider';
import { addressOf, type LidResolver } from './jids';
import { mediaFileName } from './media-names';

export interface MappingDeps {
  readonly resolver: LidResolver;
  /** Downloads a media message's file (Baileys' downloadMediaMessage, with re-upload requests). */
  readonly download: (message: WAMessage) => Promise<Buffer>;
}

/** What a message's content is, before the envelope (chat, author, time) is added. */
type Content =
  | { readonly kind: 'message'; readonly mediaType: MediaType; readonly body: string; readonly file?: FileContent; readonly quotedId?: string }
  | { readonly kind: 'revoke'; readonly targetId: string }
  | { readonly kind: 'edit'; readonly targetId: string; readonly body: string; readonly timestampMs?: number };

interface FileContent {
  readonly mimeType: string;
  readonly fileName?: string;
}

const nonEmpty = (value: string | null | undefined): string | undefined => (value ? value : undefined);

/** The text of a message as an edit replaces it: text, or a file's caption. */
function textOf(message: proto.IMessage | null | undefined): string | undefined {
  const content = normalizeMessageContent(message);
  if (!content) return undefined;
  return (
    nonEmpty(content.conversation) ??
    nonEmpty(content.extendedTextMessage?.text) ??
    nonEmpty(content.imageMessage?.caption) ??
    nonEmpty(content.videoMessage?.caption) ??
    nonEmpty(content.documentMessage?.caption)
  );
}

/** The content of a message, or undefined for what we do not store (reactions, polls, stubs, keys ...). */
export function contentOf(message: proto.IMessage | null | undefined): Content | undefined {
  const content = normalizeMessageContent(message);
  if (!content) return undefined;
  const protocol = content.protocolMessage;
  if (protocol) {
    const targetId = protocol.key?.id;
    if (!targetId) return undefined;
    if (protocol.type === proto.Message.ProtocolMessage.Type.REVOKE) return { kind: 'revoke', targetId };
    if (protocol.type === proto.Message.ProtocolMessage.Type.MESSAGE_EDIT) {
      const body = textOf(protocol.editedMessage);
      if (body === undefined) return undefined;
      // protobufjs hands Long-shaped plain objects, not instances of Long; toNumber reads both.
      // eslint-disable-next-line @typescript-eslint/no-unsafe-class-instance-assignment -- see above
      const timestampMs = protocol.timestampMs ? toNumber(protocol.timestampMs) : undefined;
      return { kind: 'edit', targetId, body, timestampMs };
    }
    return undefined;
  }
  const message_ = (mediaType: MediaType, body: string | null | undefined, contextInfo?: proto.IContextInfo | null, file?: FileContent): Content => ({
    kind: 'message',
    mediaType,
    body: body ?? '',
    file,
    quotedId: nonEmpty(contextInfo?.stanzaId),
  });
  if (content.conversation) return message_('chat', content.conversation);
  if (content.extendedTextMessage) return message_('chat', content.extendedTextMessage.text, content.extendedTextMessage.contextInfo);
  const image = content.imageMessage;
  if (image) return message_('image', image.caption, image.contextInfo, { mimeType: image.mimetype || 'image/jpeg' });
  const sticker = content.stickerMessage;
  if (sticker) return message_('image', '', sticker.contextInfo, { mimeType: sticker.mimetype || 'image/webp' });
  const video = content.videoMessage ?? content.ptvMessage;
  if (video) return message_('video', video.caption, video.contextInfo, { mimeType: video.mimetype || 'video/mp4' });
  const audio = content.audioMessage;
  if (audio) return message_('audio', '', audio.contextInfo, { mimeType: audio.mimetype || 'audio/ogg' });
  const document = content.documentMessage;
  if (document) {
    return message_('application', document.caption, document.contextInfo, {
      mimeType: document.mimetype || 'application/octet-stream',
      fileName: nonEmpty(document.fileName) ?? nonEmpty(document.title),
    });
  }
  const location = content.locationMessage;
  if (location) {
    const description = [location.name, location.address].filter((part) => part).join('\n');
    return message_('locationMessage', locationBody({ latitude: location.degreesLatitude ?? 0, longitude: location.degreesLongitude ?? 0, description }), location.contextInfo);
  }
  const live = content.liveLocationMessage;
  if (live) {
    return message_('locationMessage', locationBody({ latitude: live.degreesLatitude ?? 0, longitude: live.degreesLongitude ?? 0, description: live.caption ?? '' }), live.contextInfo);
  }
  const contact = content.contactMessage;
  if (contact?.vcard) return message_('vcard', contact.vcard, contact.contextInfo);
  const contacts = content.contactsArrayMessage;
  const vcards = (contacts?.contacts ?? []).map((card) => card.vcard).filter((vcard): vcard is string => Boolean(vcard));
  // Several cards are kept as one text of vCards; the stored form reads the first (shared/whatsapp-content.ts).
  if (vcards.length > 0) return message_('vcard', vcards.join('\n'), contacts?.contextInfo);
  return undefined;
}

// eslint-disable-next-line @typescript-eslint/no-unsafe-class-instance-assignment -- protobufjs hands Long-shaped plain objects; toNumber reads both
const secondsToMs = (value: WAMessage['messageTimestamp']): number => (value ? toNumber(value) * 1000 : Date.now());

/** A person in a group: the author of a message. */
async function participantOf(message: WAMessage, deps: MappingDeps): Promise<(ChatAddress & { readonly name?: string }) | undefined> {
  const author = await addressOf(message.key.participant ?? message.participant, message.key.participantAlt, deps.resolver);
  if (author === null || author.isGroup) return undefined;
  const name = message.key.fromMe ? undefined : nonEmpty(message.pushName);
  return name === undefined ? author : { ...author, name };
}

/** One upserted message to an event, or null when it is nothing we store. */
export async function mapMessage(message: WAMessage, deps: MappingDeps): Promise<InboundEvent | null> {
  const whatsappMessageId = message.key.id;
  if (!whatsappMessageId || !message.message) return null;
  const content = contentOf(message.message);
  if (content === undefined) return null;
  const fromMe = Boolean(message.key.fromMe);
  // The alternative JID of a 1:1 chat names the sender; for our own messages that is us, not the chat.
  const chat = await addressOf(message.key.remoteJid, fromMe ? undefined : message.key.remoteJidAlt, deps.resolver);
  if (chat === null) return null;
  if (content.kind === 'revoke') return { kind: 'revoke', whatsappMessageId: content.targetId, chat };
  const timestamp = secondsToMs(message.messageTimestamp);
  if (content.kind === 'edit') {
    return { kind: 'edit', whatsappMessageId: content.targetId, chat, body: content.body, timestamp: content.timestampMs ?? timestamp };
  }
  const participant = chat.isGroup ? await participantOf(message, deps) : undefined;
  const pushName = chat.isGroup || fromMe ? undefined : nonEmpty(message.pushName);
  const media: InboundMedia | undefined =
    content.file === undefined
      ? undefined
      : {
          mimeType: content.file.mimeType,
          fileName: content.file.fileName ?? mediaFileName(content.mediaType, content.file.mimeType, whatsappMessageId),
          download: () => deps.download(message),
        };
  const inbound: InboundMessage = {
    kind: 'message',
    whatsappMessageId,
    chat,
    fromMe,
    timestamp,
    mediaType: content.mediaType,
    body: content.body,
    ...(pushName === undefined ? {} : { pushName }),
    ...(participant === undefined ? {} : { participant }),
    ...(media === undefined ? {} : { media }),
    ...(content.quotedId === undefined ? {} : { quotedWhatsappMessageId: content.quotedId }),
  };
  return inbound;
}

/**
 * messages.upsert: 'notify' is live traffic, 'append' holds what arrived while we were offline and
 * messages the paired phone itself sent; both are stored (the inbound pipeline is idempotent by id).
 */
export async function mapUpsert(upsert: { readonly messages: readonly WAMessage[] }, deps: MappingDeps): Promise<InboundEvent[]> {
  const events: InboundEvent[] = [];
  for (const message of upsert.messages) {
    const event = await mapMessage(message, deps);
    if (event !== null) events.push(event);
  }
  return events;
}

/**
 * Baileys' message status to our ack: the same numbers the spec uses (1 pending in the host, 2 taken
 * by the server, 3 delivered, 4 read, 5 played; 4 and 5 show as read). ERROR (0) is no ack.
 */
export function ackOf(status: number | null | undefined): AckUpdate['ack'] | undefined {
  switch (status) {
    case proto.WebMessageInfo.Status.PENDING:
      return 1;
    case proto.WebMessageInfo.Status.SERVER_ACK:
      return 2;
    case proto.WebMessageInfo.Status.DELIVERY_ACK:
      return 3;
    case proto.WebMessageInfo.Status.READ:
      return 4;
    case proto.WebMessageInfo.Status.PLAYED:
      return 5;
    default:
      return undefined;
  }
}

/**
 * messages.update: delivery status of the messages we sent. Edits and revokes also appear here, but
 * they were already taken from their protocol message in messages.upsert; read marks of received
 * messages (status of messages not fromMe) are not acks.
 */
export async function mapUpdates(updates: readonly WAMessageUpdate[], deps: MappingDeps): Promise<AckUpdate[]> {
  const acks: AckUpdate[] = [];
  for (const { key, update } of updates) {
    const ack = ackOf(update.status);
    if (ack === undefined || !key.fromMe || !key.id) continue;
    const chat = await addressOf(key.remoteJid, undefined, deps.resolver);
    if (chat !== null) acks.push({ kind: 'ack', whatsappMessageId: key.id, chat, ack });
  }
  return acks;
}

/** Incoming call offers of 1:1 chats (a group call is not a contact's call). */
export async function mapCalls(calls: readonly WACallEvent[], deps: MappingDeps): Promise<CallOffer[]> {
  const offers: CallOffer[] = [];
  for (const call of calls) {
    if (call.status !== 'offer' || call.isGroup) continue;
    const chat = await addressOf(call.from, call.callerPn, deps.resolver);
    if (chat === null || chat.isGroup) continue;
    offers.push({ kind: 'call', callId: call.id, chat, isVideo: Boolean(call.isVideo), timestamp: call.date.getTime() });
  }
  return offers;
}
