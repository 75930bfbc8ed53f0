/**
 * Messages of a ticket (spec 1 §2.5, §2.6, §3, §7): media types, delivery acks, the shape the API
 * answers and the inputs it accepts, with their field messages. Imported by the backend and the web.
 */
import { z } from 'zod';
import { writtenText } from './text';
import { TemplateMessage } from './whatsapp-cloud';
import type { TicketStatus } from './tickets';

export const MEDIA_TYPES = ['chat', 'image', 'audio', 'video', 'application', 'locationMessage', 'vcard', 'call_log'] as const;
export type MediaType = (typeof MEDIA_TYPES)[number];

/**
 * Delivery acknowledgements, numbered as WhatsApp (Baileys' message status) reports them: 0 stored but
 * not yet sent by the session host, 1 pending on the way out, 2 taken by WhatsApp's server (one tick),
 * 3 delivered to the phone (two ticks), 4 read, 5 played (audio); 4 and 5 are shown as read (spec 1 §9).
 */
export type Ack = 0 | 1 | 2 | 3 | 4 | 5;

export interface QuotedMessageDto {
  readonly id: string;
  readonly body: string;
  readonly fromMe: boolean;
  readonly mediaType: MediaType;
}

export interface MessageDto {
  readonly id: string;
  readonly ticketId: string;
  readonly body: string;
  readonly fromMe: boolean;
  readonly mediaType: MediaType;
  /** A short-lived signed URL of the media, or null. */
  readonly mediaUrl: string | null;
  readonly mediaName: string | null;
  readonly quotedMsg: QuotedMessageDto | null;
  readonly isDeleted: boolean;
  readonly isEdited: boolean;
  readonly ack: Ack;
  readonly read: boolean;
  /** Sent by the server itself (greeting, transfer notice, closing, rating, chatbot menu). */
  readonly bot: boolean;
  /** The user who sent it from the app, for outgoing messages. */
  readonly userId: string | null;
  readonly contactId: string;
  /** The contact of the conversation (spec 1 §3 Message.contact); null when it was deleted since. */
  readonly contact: MessageContactDto | null;
  /**
   * The media of a received message could not be downloaded from WhatsApp (spec 1 §8
   * ERR_WAPP_DOWNLOAD_MEDIA): the message is kept, without its file, and says so.
   */
  readonly mediaMissing: boolean;
  /**
   * Ours (issue 32): why WhatsApp did not deliver this outgoing message (a Cloud API connection's refusal:
   * outside the 24-hour window, not a WhatsApp number, …), in Meta's words; null when nothing failed.
   */
  readonly failureReason: string | null;
  readonly createdAt: string;
}

/**
 * What a message shows of its contact: enough to name and picture them. The whole contact (email,
 * extra fields) is GET /contacts/{id}'s, not repeated in every message of a page or a realtime frame.
 */
export interface MessageContactDto {
  readonly id: string;
  readonly name: string;
  readonly number: string;
  readonly profilePicUrl: string | null;
}

/** GET /messages/{id}/media: a fresh link to one message's file. */
export interface MessageMediaDto {
  /** A short-lived signed URL of the file. */
  readonly mediaUrl: string;
  readonly mediaName: string | null;
  readonly mediaType: MediaType;
}

/** Media types that carry a file; such a message received without one lost it in the download. */
export const FILE_MEDIA_TYPES: readonly MediaType[] = ['image', 'audio', 'video', 'application'];

/**
 * Ours: WhatsApp lets a sender delete a message for everyone for about two days only; phones ignore a
 * later revoke, so an older message is refused with ERR_FETCH_WAPP_MSG (spec 1 §8: message too old)
 * rather than shown deleted here while the contact still reads it.
 */
export const DELETE_FOR_EVERYONE_MAX_MS = 48 * 60 * 60 * 1000;

/** GET /messages/{ticketId}: messages per page (spec 1 §7). */
export const MESSAGE_PAGE_SIZE = 20;

/** Ours: WhatsApp takes longer texts, but a message and its ticket must fit one realtime frame (32 KB). */
export const MESSAGE_BODY_MAX = 4096;

/** Form fields of POST /messages/{ticketId} (multipart): the files, under the original web's name. */
export const MESSAGE_MEDIA_FIELDS = ['medias', 'file'] as const;
/** Ours: each file of a multipart send; under Lambda's 6 MB request once API Gateway base64-encodes it. */
export const MESSAGE_UPLOAD_MAX_BYTES = 4 * 1024 * 1024;
/** Ours: files in one multipart send; each becomes a message of its own. */
export const MESSAGE_UPLOAD_MAX_FILES = 5;
/** Ours: a file sent through a presigned upload (POST /messages/{ticketId}/media-url), WhatsApp's document limit. */
export const MESSAGE_MEDIA_MAX_BYTES = 100 * 1024 * 1024;

/**
 * A ticket of the conversation's history, as far as the timeline needs it to mark where it started
 * and where it was closed (spec 1 §2.5).
 */
export interface ConversationTicketDto {
  readonly id: string;
  readonly status: TicketStatus;
  readonly createdAt: string;
  /** For a closed ticket its last change (the close, or a rating reply after it); null otherwise. */
  readonly closedAt: string | null;
}

/**
 * GET /messages/{ticketId}, newest first: the ticket's messages, then those of the contact's earlier
 * tickets on the same connection, newest ticket first. `cursor` is opaque: pass the one of the previous
 * page.
 */
export interface MessagePage {
  readonly messages: readonly MessageDto[];
  readonly hasMore: boolean;
  /** Reads the next (older) page; null on the last page. */
  readonly cursor: string | null;
  /**
   * The tickets this page read through, newest first: those of its messages, and any without messages
   * between them; on the last page also those before its oldest message.
   */
  readonly tickets: readonly ConversationTicketDto[];
}

/** POST /messages/{ticketId}/media-url: where to PUT the file, and the key to send afterwards. */
export interface MediaUploadTicket {
  readonly url: string;
  readonly method: 'PUT';
  /** Headers the PUT must carry exactly: they are part of the signature. */
  readonly headers: { readonly 'content-type': string };
  /** Pass it as `mediaKey` to POST /messages/{ticketId}. */
  readonly key: string;
  readonly expiresIn: number;
}

/** Ticket ids: ULIDs, checked loosely here so a bad one is a 404 of the ticket rather than a 400. */
export const TicketIdSchema = z
  .string({ error: 'Invalid id' })
  .regex(/^[0-9A-Za-z_-]{1,64}$/, 'Invalid id');

/** Message ids: `<ticketId>.<messageUlid>`, so a message is found in its ticket's partition. */
export const MessageIdSchema = z
  .string({ error: 'Invalid id' })
  .regex(/^[0-9A-Za-z_-]{1,64}\.[0-9A-HJKMNP-TV-Z]{26}$/, 'Invalid id');

/** /messages/{id} where the id is the ticket's (GET, POST, media-url). */
export const TicketMessagesParams = z.object({ id: TicketIdSchema });
/** DELETE /messages/{id}: the message's id. */
export const MessageParams = z.object({ id: MessageIdSchema });

/**
 * Where a page of GET /messages/{ticketId} continues: before a message of a ticket of the history
 * (`<ticketId>.<messageUlid>`, what the API answers), or before a message of the asked ticket (a bare
 * ULID, what it answered before the history spanned tickets).
 */
const MessageCursor = z
  .string({ error: 'Invalid cursor' })
  .regex(/^(?:[0-9A-Za-z_-]{1,64}\.)?[0-9A-HJKMNP-TV-Z]{26}$/, 'Invalid cursor')
  .transform((cursor) => {
    const dot = cursor.lastIndexOf('.');
    return dot === -1 ? { ticketId: null, messageUlid: cursor } : { ticketId: cursor.slice(0, dot), messageUlid: cursor.slice(dot + 1) };
  });

/**
 * GET /messages/{ticketId}: `cursor` (what the previous page answered) reads exactly the next page;
 * `pageNumber` (spec 1 §7) is accepted too but reads every newer message again to get there.
 */
export const ListMessagesQuery = z.object({
  pageNumber: z.coerce
    .number({ error: 'Invalid page' })
    .int('Invalid page')
    .min(1, 'Invalid page')
    .max(500, 'Invalid page')
    .optional()
    .default(1),
  cursor: MessageCursor.optional(),
});
export type ListMessagesQuery = z.output<typeof ListMessagesQuery>;

/**
 * POST /messages/{ticketId} as JSON. `quotedMsg` is the id of the message replied to (the original web
 * sends the whole message: its `id` is taken). `mediaKey` names a file uploaded through a presigned URL.
 * `read`, `fromMe` and `mediaUrl` of the original are ignored: the server decides them. Text that is
 * empty or only whitespace, without media, is refused (spec 1 §2.6).
 */
const messageText = z
  .string({ error: 'Invalid body' })
  .transform(writtenText)
  .pipe(z.string().max(MESSAGE_BODY_MAX, 'Too Long!'))
  .optional()
  .default('');
const quotedMsg = z
  .union([MessageIdSchema, z.object({ id: MessageIdSchema }).transform((quoted) => quoted.id)], { error: 'Invalid quoted message' })
  .nullable()
  .optional()
  .default(null);

export const SendMessageBody = z
  .object({
    body: messageText,
    quotedMsg,
    mediaKey: z.string().min(1, 'Invalid media').max(1024, 'Invalid media').optional(),
    /** Ours (issue 32): an approved template of the ticket's Cloud API connection instead of a text; `body` is then ignored. */
    template: TemplateMessage.optional(),
  })
  .superRefine((value, context) => {
    if (value.body.trim() === '' && !value.mediaKey && !value.template) context.addIssue({ code: 'custom', path: ['body'], message: 'Required' });
  });
export type SendMessageBody = z.output<typeof SendMessageBody>;

/** The text fields beside the files of a multipart POST /messages/{ticketId}: the caption may be empty. */
export const MediaCaptionFields = z.object({ body: messageText, quotedMsg });
export type MediaCaptionFields = z.output<typeof MediaCaptionFields>;

/** POST /messages/{ticketId}/media-url: the file the browser is about to upload. */
export const MediaUrlBody = z.object({
  fileName: z.string({ error: 'Required' }).trim().min(1, 'Required').max(255, 'Too Long!'),
  mimeType: z
    .string({ error: 'Required' })
    .trim()
    .toLowerCase()
    .regex(/^[a-z0-9.+-]+\/[a-z0-9.+-]+$/, 'Invalid type')
    .max(255, 'Invalid type'),
  size: z
    .number({ error: 'Required' })
    .int('Invalid size')
    .min(1, 'Invalid size')
    .max(MESSAGE_MEDIA_MAX_BYTES, `File too large (max ${MESSAGE_MEDIA_MAX_BYTES} bytes)`),
});
export type MediaUrlBody = z.output<typeof MediaUrlBody>;
