/**
 * What an agent sends from the conversation (POST /messages/{ticketId}, POST .../media-url): text,
 * quoted replies, and media, either uploaded in the request (multipart) or beforehand through a
 * presigned URL. Media is stored at `companies/<companyId>/tickets/<ticketId>/<ulid>-<safe name>` in
 * the private bucket; its kind (image, audio, video, application) comes from the file's bytes, never
 * from its name or the browser's claim.
 *
 * Steps, each send: the ticket must be the caller's company's and visible to the caller
 * (conversation-access.ts), open (ERR_TICKET_NOT_OPEN: sending is only possible on open tickets,
 * spec 1 §2.6) and, unless the caller is an admin, not attended by another user ('Acesso não
 * permitido', ticket-access.ts), and its connection's session running (sessions/session-ready.ts); then
 * - JSON: a `mediaKey` must lie under the ticket's prefix and name an uploaded object of at most
 *   MESSAGE_MEDIA_MAX_BYTES (else 400 on `mediaKey`); the text and media go out as one message;
 * - multipart: every file is stored, then sent as a message of its own, in order; the text is the
 *   caption of the first one;
 * - either way the text's template variables are filled in first (render-agent-text.ts);
 * - on a Cloud API connection (issue 32) a text or a file goes only within the customer's 24-hour window
 *   (whatsapp-cloud/reply-window.ts: ERR_OUTSIDE_REPLY_WINDOW, nothing stored); an approved template
 *   (`template`, whatsapp-cloud/templates.ts) goes inside or outside it, stored as its filled text, with
 *   neither a file nor the agent's text (ERR_VALIDATION on `template` for a file, or on another connection);
 * - presigned upload: answers a PUT URL valid 5 minutes for a new key under the ticket's prefix.
 */
import { ulid } from 'ulid';
import {
  MESSAGE_MEDIA_MAX_BYTES,
  type MediaUploadTicket,
  type MediaUrlBody,
  type MessageDto,
  type SendMessageBody,
} from '../../../shared/messages';
import { AppError } from '../errors';
import { contentTypeOf, objectKey, safeFileName, SNIFF_BYTES, sniffMediaType } from '../media/files';
import type { UploadedFile } from '../media/multipart';
import { mediaObjectSize, presignedUploadUrl, putMediaObject, readMediaObjectStart, UPLOAD_URL_SECONDS } from '../media/storage';
import type { Ticket } from '../repositories/tickets';
import { visibleTicket } from './conversation-access';
import { assertMayWorkTicket } from './ticket-access';
import type { Caller } from '../caller/load-caller';
import { mediaTypeOf } from './present-message';
import { renderAgentText } from './render-agent-text';
import { sendOnTicket, type OutgoingMedia } from './send-message';
import type { TemplateMessage } from '../../../shared/whatsapp-cloud';
import type { Connection } from '../repositories/connections';
import { requireRunningSession } from '../sessions/session-ready';
import { assertReplyWindowOpen } from '../whatsapp-cloud/reply-window';
import { templateToSend } from '../whatsapp-cloud/templates';

/** The prefix of a ticket's media in the bucket: the company's, then the ticket's. */
const ticketMediaPrefix = (companyId: string, ticketId: string): string => objectKey('companies', companyId, 'tickets', ticketId);

const newMediaKey = (ticket: Ticket, fileName: string) =>
  objectKey('companies', ticket.companyId, 'tickets', ticket.id, `${ulid()}-${safeFileName(fileName)}`);

/** The ticket to send on, with its connection (undefined: none), as the checks above the file read them. */
async function openTicket(caller: Caller, ticketId: string): Promise<{ ticket: Ticket; connection: Connection | undefined }> {
  const ticket = await visibleTicket(caller, ticketId);
  if (ticket.status !== 'open') throw new AppError('ERR_TICKET_NOT_OPEN');
  assertMayWorkTicket(caller, ticket);
  const connection = await requireRunningSession(ticket.companyId, ticket.whatsappId);
  return { ticket, connection };
}

/** openTicket for a free-form message (text, files): on a Cloud API connection, within the reply window. */
async function openTicketForFreeForm(caller: Caller, ticketId: string, now: Date): Promise<{ ticket: Ticket; connection: Connection | undefined }> {
  const opened = await openTicket(caller, ticketId);
  assertReplyWindowOpen(opened.connection, opened.ticket, now);
  return opened;
}

export async function postMessage(caller: Caller, ticketId: string, body: SendMessageBody, now = new Date()): Promise<MessageDto> {
  if (body.template) return postTemplate(caller, ticketId, body, body.template, now);
  const { ticket, connection } = await openTicketForFreeForm(caller, ticketId, now);
  const media = body.mediaKey ? await uploadedMedia(ticket, body.mediaKey) : null;
  const text = await renderAgentText(ticket, body.body, now);
  return sendOnTicket(ticket, { body: text, userId: caller.userId, bot: false, quotedMessageId: body.quotedMsg, media, connection }, now);
}

async function postTemplate(caller: Caller, ticketId: string, body: SendMessageBody, template: TemplateMessage, now: Date): Promise<MessageDto> {
  if (body.mediaKey) throw new AppError('ERR_VALIDATION', { message: 'A template is sent without a file', fields: [{ path: 'template', message: 'A template is sent without a file' }] });
  const { ticket, connection } = await openTicket(caller, ticketId);
  if (!connection) throw new AppError('ERR_VALIDATION', { message: 'Templates are sent only on Cloud API connections', fields: [{ path: 'template', message: 'Templates are sent only on Cloud API connections' }] });
  const { text } = await templateToSend(connection, template);
  return sendOnTicket(ticket, { body: text, userId: caller.userId, bot: false, quotedMessageId: body.quotedMsg, connection, template }, now);
}

export async function postMediaMessages(
  caller: Caller,
  ticketId: string,
  files: readonly UploadedFile[],
  caption: { readonly body: string; readonly quotedMsg: string | null },
  now = new Date(),
): Promise<MessageDto[]> {
  const { ticket, connection } = await openTicketForFreeForm(caller, ticketId, now);
  const captionText = await renderAgentText(ticket, caption.body, now);
  const medias: OutgoingMedia[] = [];
  for (const file of files) {
    const name = safeFileName(file.fileName);
    const mimeType = contentTypeOf(sniffMediaType(file.bytes), name);
    const key = newMediaKey(ticket, name);
    await putMediaObject(key, file.bytes, mimeType);
    medias.push({ key, name, mimeType, mediaType: mediaTypeOf(mimeType) });
  }
  const sent: MessageDto[] = [];
  for (const [index, media] of medias.entries()) {
    const first = index === 0;
    sent.push(
      await sendOnTicket(ticket, {
        body: first ? captionText : '',
        userId: caller.userId,
        bot: false,
        quotedMessageId: first ? caption.quotedMsg : null,
        media,
        connection,
      }),
    );
  }
  return sent;
}

export async function createMediaUpload(caller: Caller, ticketId: string, file: MediaUrlBody): Promise<MediaUploadTicket> {
  const { ticket } = await openTicketForFreeForm(caller, ticketId, new Date());
  const key = newMediaKey(ticket, file.fileName);
  return {
    url: await presignedUploadUrl(key, file.mimeType, file.size),
    method: 'PUT',
    headers: { 'content-type': file.mimeType },
    key,
    expiresIn: UPLOAD_URL_SECONDS,
  };
}

const invalidMedia = (message: string) => new AppError('ERR_VALIDATION', { message, fields: [{ path: 'mediaKey', message }] });

/** The key's file: under this ticket's prefix, uploaded, not too big; typed by its first bytes. */
async function uploadedMedia(ticket: Ticket, key: string): Promise<OutgoingMedia> {
  const prefix = `${ticketMediaPrefix(ticket.companyId, ticket.id)}/`;
  const match = /^([0-9A-HJKMNP-TV-Z]{26})-([A-Za-z0-9_-][A-Za-z0-9._-]*)$/.exec(key.startsWith(prefix) ? key.slice(prefix.length) : '');
  const name = match?.[2];
  if (!name) throw invalidMedia('Invalid media');
  const size = await mediaObjectSize(key);
  if (size === undefined || size === 0) throw invalidMedia('Media not uploaded');
  if (size > MESSAGE_MEDIA_MAX_BYTES) throw invalidMedia(`File too large (max ${MESSAGE_MEDIA_MAX_BYTES} bytes)`);
  const start = (await readMediaObjectStart(key, SNIFF_BYTES)) ?? new Uint8Array();
  const mimeType = contentTypeOf(sniffMediaType(start), name);
  return { key, name, mimeType, mediaType: mediaTypeOf(mimeType) };
}
