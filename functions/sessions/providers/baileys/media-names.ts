/**
 * A file name for media sent without one (photos, videos, voice notes, stickers): the type, the
 * message id and the extension of its mimetype. The host sanitises every name before use.
 */
import type { MediaType } from '../../../../shared/messages';

/** Mimetype subtypes whose usual extension differs from the subtype. */
const EXTENSIONS: Readonly<Record<string, string>> = {
  'image/jpeg': 'jpg',
  'image/svg+xml': 'svg',
  'audio/mpeg': 'mp3',
  'audio/mp4': 'm4a',
  'audio/x-m4a': 'm4a',
  'audio/aac': 'aac',
  'video/quicktime': 'mov',
  'video/3gpp': '3gp',
  'text/plain': 'txt',
  'application/octet-stream': 'bin',
  'application/msword': 'doc',
  'application/vnd.ms-excel': 'xls',
  'application/vnd.openxmlformats-officedocument.wordprocessingml.document': 'docx',
  'application/vnd.openxmlformats-officedocument.spreadsheetml.sheet': 'xlsx',
  'application/vnd.openxmlformats-officedocument.presentationml.presentation': 'pptx',
};

/** The extension of a mimetype ('audio/ogg; codecs=opus' -> 'ogg'), or 'bin' when it has no usable one. */
export function extensionOf(mimeType: string): string {
  const essence = mimeType.split(';')[0]?.trim().toLowerCase() ?? '';
  const known = EXTENSIONS[essence];
  if (known !== undefined) return known;
  const subtype = essence.split('/')[1] ?? '';
  return /^[a-z0-9]{1,5}$/.test(subtype) ? subtype : 'bin';
}

export function mediaFileName(mediaType: MediaType, mimeType: string, whatsappMessageId: string): string {
  return `${mediaType}-${whatsappMessageId}.${extensionOf(mimeType)}`;
}
