/**
 * The media of one message (GET /messages/{id}/media, id `<ticketId>.<ulid>`): a fresh short-lived link
 * to its file, for a page left open longer than the links of its messages last
 * (present-message.ts MESSAGE_MEDIA_URL_SECONDS).
 *
 * Steps: the message's ticket must be the caller's company's and visible to the caller (else
 * ERR_NO_MESSAGE_FOUND, as for a missing message); read the message. A received file the session host
 * could not download from WhatsApp (stored without it, `mediaMissing`) is ERR_WAPP_DOWNLOAD_MEDIA
 * (spec 1 §8); a message without media (a text) is ERR_NO_MESSAGE_FOUND; else the link.
 */
import type { MessageMediaDto } from '../../../shared/messages';
import type { Caller } from '../caller/load-caller';
import { AppError } from '../errors';
import { getMessage, parseMessageId } from '../repositories/messages';
import { visibleTicket } from './conversation-access';
import { mediaLink, mediaMissing } from './present-message';

export async function getMessageMedia(caller: Caller, messageId: string): Promise<MessageMediaDto> {
  const parts = parseMessageId(messageId);
  if (!parts) throw new AppError('ERR_NO_MESSAGE_FOUND');
  await visibleTicket(caller, parts.ticketId, 'ERR_NO_MESSAGE_FOUND');
  const message = await getMessage(caller.companyId, messageId);
  if (!message) throw new AppError('ERR_NO_MESSAGE_FOUND');
  if (mediaMissing(message)) throw new AppError('ERR_WAPP_DOWNLOAD_MEDIA');
  const mediaUrl = await mediaLink(message);
  if (!mediaUrl) throw new AppError('ERR_NO_MESSAGE_FOUND', { message: 'The message has no media' });
  return { mediaUrl, mediaName: message.mediaName, mediaType: message.mediaType };
}
