/**
 * How a message leaves the backend: the stored fields the API shows, and its media as a fresh
 * short-lived presigned URL (never the bucket or the key), served with the type told by the file's
 * bytes; documents download under their name, other media open inline.
 */
import type { MediaType, MessageDto } from '../../../shared/messages';
import { presignedDownloadUrl } from '../media/storage';
import type { StoredMessage } from '../repositories/messages';

/** How long a message's media URL works: enough to render and play a page of a conversation. */
export const MESSAGE_MEDIA_URL_SECONDS = 10 * 60;

/** The message kind a content type is sent and shown as. */
export function mediaTypeOf(contentType: string): MediaType {
  if (contentType.startsWith('image/')) return 'image';
  if (contentType.startsWith('audio/')) return 'audio';
  if (contentType.startsWith('video/')) return 'video';
  return 'application';
}

export async function presentMessage(message: StoredMessage): Promise<MessageDto> {
  const mediaUrl = message.mediaKey
    ? await presignedDownloadUrl(message.mediaKey, MESSAGE_MEDIA_URL_SECONDS, {
        contentType: message.mediaContentType ?? undefined,
        attachmentName: message.mediaType === 'application' ? (message.mediaName ?? undefined) : undefined,
      })
    : null;
  return {
    id: message.id,
    ticketId: message.ticketId,
    body: message.body,
    fromMe: message.fromMe,
    mediaType: message.mediaType,
    mediaUrl,
    mediaName: message.mediaName,
    quotedMsg: message.quotedMsg,
    isDeleted: message.isDeleted,
    isEdited: message.isEdited,
    ack: message.ack,
    read: message.read,
    bot: message.bot,
    userId: message.userId,
    contactId: message.contactId,
    createdAt: message.createdAt,
  };
}
