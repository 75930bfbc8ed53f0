/**
 * What a message shows (spec 1 §2.5): its media kind decides the renderer; text-like bodies of
 * locations, contact cards and call logs are read from their stored forms (shared/whatsapp-content.ts).
 * A received file whose download from WhatsApp failed (`mediaMissing`) says so, with its caption; any
 * other media message whose file is not available (no URL) falls back to its text so nothing is hidden.
 */
import type { MessageDto } from '../../../../shared/messages';
import {
  CALL_LOG_BODIES,
  parseLocationBody,
  parseVcard,
  type ContactCard,
  type LocationContent,
} from '../../../../shared/whatsapp-content';

export type MessageContent =
  | { readonly kind: 'text'; readonly text: string }
  | { readonly kind: 'image' | 'video' | 'audio'; readonly url: string; readonly caption: string }
  | { readonly kind: 'document'; readonly url: string; readonly name: string; readonly caption: string }
  | { readonly kind: 'location'; readonly location: LocationContent }
  | { readonly kind: 'vcard'; readonly card: ContactCard }
  | { readonly kind: 'call'; readonly video: boolean }
  | { readonly kind: 'missingMedia'; readonly caption: string };

/** A caption worth showing: WhatsApp clients often put the file name in the body of a document. */
function captionOf(message: MessageDto): string {
  const body = message.body.trim();
  return body === '' || body === message.mediaName ? '' : message.body;
}

export function messageContent(message: MessageDto): MessageContent {
  if (message.mediaMissing) return { kind: 'missingMedia', caption: captionOf(message) };
  switch (message.mediaType) {
    case 'call_log':
      return { kind: 'call', video: message.body === CALL_LOG_BODIES.video };
    case 'locationMessage': {
      const location = parseLocationBody(message.body);
      return location ? { kind: 'location', location } : { kind: 'text', text: message.body };
    }
    case 'vcard':
      return { kind: 'vcard', card: parseVcard(message.body) };
    case 'image':
    case 'video':
    case 'audio':
      return message.mediaUrl ? { kind: message.mediaType, url: message.mediaUrl, caption: captionOf(message) } : { kind: 'text', text: message.body };
    case 'application':
      return message.mediaUrl
        ? { kind: 'document', url: message.mediaUrl, name: message.mediaName ?? '', caption: captionOf(message) }
        : { kind: 'text', text: message.body };
    case 'chat':
      return { kind: 'text', text: message.body };
  }
}
