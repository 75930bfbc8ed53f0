/**
 * How a ticket list item writes its time and its last message (spec 1 §2.4, §9): plain functions, so
 * the rules are unit tested without a browser.
 */
import { DELETED_MESSAGE_PREVIEW } from '../../../shared/ticket-rules';
import { dateLabel, timeLabel } from '../i18n/dates';
import type { Language } from '../i18n/language';
import { CALL_LOG_BODIES, parseLocationBody } from '../../../shared/whatsapp-content';
import { parseWhatsAppFormat, plainText } from './conversation/whatsapp-format';

/**
 * The item's time: the hour (HH:mm) when the ticket changed today, otherwise the date (DD/MM/YYYY, in
 * the interface language's order: MM/DD/YYYY in English), both in the browser's time zone. An
 * unreadable date shows nothing rather than 'NaN'.
 */
export function ticketTime(updatedAt: string, language: Language, now: Date = new Date()): string {
  const at = new Date(updatedAt);
  if (Number.isNaN(at.getTime())) return '';
  const sameDay = at.getFullYear() === now.getFullYear() && at.getMonth() === now.getMonth() && at.getDate() === now.getDate();
  return sameDay ? timeLabel(at) : dateLabel(at, language);
}

/**
 * What the last message is, when it is not text to show as it is: the server keeps a location, a
 * contact card and a call log as their stored bodies, a file without a caption as its media type, and a
 * deleted message as a marker (DELETED_MESSAGE_PREVIEW).
 */
export type LastMessageKind =
  | 'text'
  | 'location'
  | 'contactCard'
  | 'voiceCall'
  | 'videoCall'
  | 'image'
  | 'audio'
  | 'video'
  | 'document'
  | 'deleted';

const MEDIA_KINDS: Readonly<Record<string, LastMessageKind>> = {
  image: 'image',
  audio: 'audio',
  video: 'video',
  application: 'document',
  locationMessage: 'location',
  vcard: 'contactCard',
  call_log: 'voiceCall',
};

export function lastMessageKind(lastMessage: string): LastMessageKind {
  const text = lastMessage.trim();
  if (parseLocationBody(text) !== null) return 'location';
  if (/^BEGIN:VCARD/i.test(text)) return 'contactCard';
  if (text === CALL_LOG_BODIES.voice) return 'voiceCall';
  if (text === CALL_LOG_BODIES.video) return 'videoCall';
  if (text === DELETED_MESSAGE_PREVIEW) return 'deleted';
  return MEDIA_KINDS[text] ?? 'text';
}

/**
 * The last message as the list item's one line shows it: without WhatsApp's formatting markers (`*bold*`,
 * `_italic_`, `~strike~`, ```mono```), read as the conversation reads them, so a marker inside a word
 * (`file_name`, `2*3`) or one left open stays as typed.
 */
export function previewText(lastMessage: string): string {
  return plainText(parseWhatsAppFormat(lastMessage));
}

/**
 * Black or white, whichever reads better on a background colour (queue and tag colours are the
 * company's choice); colours that are not #rgb or #rrggbb get the theme's text (undefined).
 */
export function readableTextColor(background: string): '#000000' | '#ffffff' | undefined {
  const hex = /^#([0-9a-f]{3}|[0-9a-f]{6})$/i.exec(background.trim())?.[1];
  if (hex === undefined) return undefined;
  const full = hex.length === 3 ? hex.replace(/./g, (digit) => digit + digit) : hex;
  const [r, g, b] = [0, 2, 4].map((start) => parseInt(full.slice(start, start + 2), 16) / 255) as [number, number, number];
  // Relative luminance (WCAG): above the middle, dark text keeps the better contrast.
  const linear = (channel: number) => (channel <= 0.03928 ? channel / 12.92 : ((channel + 0.055) / 1.055) ** 2.4);
  const luminance = 0.2126 * linear(r) + 0.7152 * linear(g) + 0.0722 * linear(b);
  return luminance > 0.179 ? '#000000' : '#ffffff';
}
