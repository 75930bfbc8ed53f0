/**
 * How a message leaves the backend: the stored fields the API shows, its contact (spec 1 §3) and its
 * media as a fresh short-lived presigned URL (never the bucket or the key), served with the type told by
 * the file's bytes; documents download under their name, other media open inline. A received file the
 * session host could not download (it forwards the message without it) is marked `mediaMissing`.
 */
import { FILE_MEDIA_TYPES, type MediaType, type MessageContactDto, type MessageDto } from '../../../shared/messages';
import { presignedDownloadUrl } from '../media/storage';
import { getContact, type Contact } from '../repositories/contacts';
import type { StoredMessage } from '../repositories/messages';
import type { Ticket } from '../repositories/tickets';

/** How long a message's media URL works: enough to render and play a page of a conversation. */
export const MESSAGE_MEDIA_URL_SECONDS = 10 * 60;

/** The message kind a content type is sent and shown as (a file list's option is sent the same way). */
export function mediaTypeOf(contentType: string): Extract<MediaType, 'image' | 'audio' | 'video' | 'application'> {
  if (contentType.startsWith('image/')) return 'image';
  if (contentType.startsWith('audio/')) return 'audio';
  if (contentType.startsWith('video/')) return 'video';
  return 'application';
}

/** Whether the message should carry a file and has none: its download from WhatsApp failed. */
export const mediaMissing = (message: Pick<StoredMessage, 'mediaType' | 'mediaKey'>): boolean =>
  FILE_MEDIA_TYPES.includes(message.mediaType) && message.mediaKey === null;

/** A fresh link to the message's file, or null when it has none. */
export async function mediaLink(message: Pick<StoredMessage, 'mediaKey' | 'mediaContentType' | 'mediaType' | 'mediaName'>): Promise<string | null> {
  if (!message.mediaKey) return null;
  return presignedDownloadUrl(message.mediaKey, MESSAGE_MEDIA_URL_SECONDS, {
    contentType: message.mediaContentType ?? undefined,
    attachmentName: message.mediaType === 'application' ? (message.mediaName ?? undefined) : undefined,
  });
}

export const messageContactOf = (contact: Pick<Contact, 'id' | 'name' | 'number' | 'profilePicUrl'>): MessageContactDto => ({
  id: contact.id,
  name: contact.name,
  number: contact.number,
  profilePicUrl: contact.profilePicUrl ?? null,
});

/**
 * The contact of a ticket's messages from the copy its row keeps (ticket-rows.ts), without a read;
 * undefined for a ticket stored before the copies (presentMessage then reads the contact).
 */
export const ticketMessageContact = (ticket: Pick<Ticket, 'contactId' | 'contactRow'>): MessageContactDto | undefined =>
  ticket.contactRow ? { id: ticket.contactId, name: ticket.contactRow.name, number: ticket.contactRow.number, profilePicUrl: ticket.contactRow.profilePicUrl } : undefined;

/**
 * `contact`: the message's contact when the caller knows it (the ticket's row copy, the contact just
 * read; null: known to be deleted); otherwise, or when it is another contact, it is read.
 */
export async function presentMessage(message: StoredMessage, contact?: MessageContactDto | null): Promise<MessageDto> {
  const known = contact === null || contact?.id === message.contactId;
  const [mediaUrl, shownContact] = await Promise.all([
    mediaLink(message),
    known ? (contact ?? null) : getContact(message.companyId, message.contactId).then((found) => (found ? messageContactOf(found) : null)),
  ]);
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
    contact: shownContact,
    mediaMissing: mediaMissing(message),
    failureReason: message.failureReason ?? null,
    createdAt: message.createdAt,
  };
}
