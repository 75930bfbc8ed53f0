/**
 * A file a customer sent to a Cloud API connection, moved into the private media bucket before its
 * message goes to the inbound worker, as the session host does for Baileys (docs/architecture.md §3):
 * `GET /{media-id}` with the connection's token answers a short-lived `url` (and the size), the file is
 * downloaded from it with the same token, bounded by MESSAGE_MEDIA_MAX_BYTES, typed by its bytes (what
 * Meta said fills in only when the bytes do not tell), and stored under the connection's media prefix.
 *
 * The key is derived from the message's WhatsApp id, so a webhook Meta delivers again writes the same
 * object instead of a second one. A failure (Meta refuses, the file is too big, the download breaks)
 * keeps the message without its file: null, which the message shows as `mediaMissing`, as the host does.
 */
import { createHash } from 'node:crypto';
import { z } from 'zod';
import { MESSAGE_MEDIA_MAX_BYTES, type MediaType } from '../../../shared/messages';
import { logger } from '../logger';
import { contentTypeOf, objectKey, safeFileName, sniffMediaType, UNKNOWN_CONTENT_TYPE } from '../media/files';
import { putMediaObject } from '../media/storage';
import type { MessageEvent } from '../sessions/events';
import { graphCall, graphDownload } from './graph-api';
import type { CloudMediaRef } from './webhook-mapping';

const MediaInfo = z.object({
  url: z.string().min(1).max(4096),
  mime_type: z.string().max(255).optional(),
  file_size: z.union([z.number(), z.string()]).optional(),
});

export interface CloudMediaOwner {
  readonly companyId: string;
  readonly whatsappId: string;
  readonly accessToken: string;
}

/** The stored file of an inbound message (its event's `media`), or null when it could not be had. */
export async function storeCloudMedia(
  owner: CloudMediaOwner,
  message: { readonly whatsappMessageId: string; readonly mediaType: MediaType },
  media: CloudMediaRef,
): Promise<MessageEvent['media']> {
  try {
    const info = MediaInfo.parse(await graphCall('cloud media', owner.accessToken, `/${media.mediaId}`));
    if (Number(info.file_size ?? 0) > MESSAGE_MEDIA_MAX_BYTES) {
      logger.warn('inbound cloud media too large; stored without the file', { whatsappId: owner.whatsappId, bytes: Number(info.file_size) });
      return null;
    }
    const bytes = await graphDownload('cloud mediaDownload', owner.accessToken, info.url, MESSAGE_MEDIA_MAX_BYTES);
    const sniffed = sniffMediaType(bytes);
    const stem = createHash('sha256').update(message.whatsappMessageId).digest('hex').slice(0, 32);
    const name = safeFileName(media.fileName ?? `${message.mediaType}-${stem.slice(0, 12)}${sniffed?.extensions[0] ?? ''}`);
    // The bytes tell the type; what Meta said only fills in when they do not.
    const told = contentTypeOf(sniffed, name);
    const mimeType = told === UNKNOWN_CONTENT_TYPE ? (info.mime_type || media.mimeType) : told;
    const key = objectKey('companies', owner.companyId, 'whatsapp', owner.whatsappId, `${stem}-${name}`);
    await putMediaObject(key, bytes, mimeType);
    return { key, name, mimeType };
  } catch (error) {
    // Never the error object whole: the download address is a short-lived credential of its own.
    logger.warn('inbound cloud media not downloaded', { whatsappId: owner.whatsappId, reason: error instanceof Error ? error.message : 'unknown' });
    return null;
  }
}
