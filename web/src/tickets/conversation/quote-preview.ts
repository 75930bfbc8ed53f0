/** The one-line preview of a quoted message: its text without formatting, or its kind when it has none. */
import type { MediaType } from '../../../../shared/messages';
import { parseLocationBody, parseVcard } from '../../../../shared/whatsapp-content';
import { parseWhatsAppFormat, plainText } from './whatsapp-format';

export type QuoteKindLabel = 'image' | 'audio' | 'video' | 'document' | 'location' | 'contactCard' | 'call';

export type QuotePreview = { readonly text: string; readonly kind: QuoteKindLabel | null };

const KIND: Readonly<Partial<Record<MediaType, QuoteKindLabel>>> = {
  image: 'image',
  audio: 'audio',
  video: 'video',
  application: 'document',
  locationMessage: 'location',
  vcard: 'contactCard',
  call_log: 'call',
};

export function quotePreview(quoted: { readonly body: string; readonly mediaType: MediaType }): QuotePreview {
  const kind = KIND[quoted.mediaType] ?? null;
  if (quoted.mediaType === 'locationMessage') return { text: parseLocationBody(quoted.body)?.description ?? '', kind };
  if (quoted.mediaType === 'vcard') return { text: parseVcard(quoted.body).name, kind };
  if (quoted.mediaType === 'call_log') return { text: '', kind };
  return { text: plainText(parseWhatsAppFormat(quoted.body)).replace(/\s+/g, ' ').trim(), kind };
}
