/**
 * The external messaging API (POST /api/messages/send): what another system sends with a connection's
 * bearer token, and what it is answered. The token alone decides the company and the connection; the
 * body only says to whom and what.
 */
import { z } from 'zod';
import { ContactNumberSchema } from './contacts';
import { MESSAGE_BODY_MAX, type MessageDto } from './messages';
import { writtenText } from './text';
import type { TicketStatus } from './tickets';
import { TemplateMessage } from './whatsapp-cloud';

/** Ours: requests per connection per minute; more answer 429 ERR_TOO_MANY_REQUESTS. */
export const EXTERNAL_API_RATE_LIMIT = 60;
export const EXTERNAL_API_RATE_WINDOW_SECONDS = 60;

/** Ours: how long an Idempotency-Key remembers its first answer. */
export const IDEMPOTENCY_TTL_SECONDS = 24 * 60 * 60;

/** Ours: an Idempotency-Key is 1 to 100 letters, digits, '_' or '-' (a UUID fits). */
export const IdempotencyKeySchema = z.string().regex(/^[A-Za-z0-9_-]{1,100}$/, 'Invalid Idempotency-Key');

/** A written text (shared/text.ts: line breaks as LF), then at most MESSAGE_BODY_MAX characters. */
const messageText = z.string({ error: 'Invalid body' }).transform(writtenText).pipe(z.string().max(MESSAGE_BODY_MAX, 'Too Long!'));

/** With a template the text is left out: a template goes as Meta keeps it, with its variables only. */
export const EXTERNAL_BODY_WITH_TEMPLATE = 'A template is sent without a text';

/**
 * JSON `{ number, body, closeTicket? }`: a text message; an empty text is refused. Or, on a Cloud API
 * connection (issue 32), `{ number, template, closeTicket? }`: an approved template of the connection
 * (checked on the server as POST /messages checks it), inside or outside the customer's 24-hour window;
 * `body` is then absent or empty.
 */
export const ExternalSendBody = z
  .object({
    number: ContactNumberSchema,
    body: z.string({ error: 'Invalid body' }).transform(writtenText).pipe(z.string().max(MESSAGE_BODY_MAX, 'Too Long!')).optional(),
    template: TemplateMessage.optional(),
    /** Close the contact's ticket once the message is sent (the connection's closing message goes too). */
    closeTicket: z.boolean({ error: 'closeTicket must be true or false' }).optional().default(false),
  })
  // The text's rule depends on the template; checked even when another field is wrong, so every problem is answered at once.
  .check(
    z.superRefine(
      (value, context) => {
        const written = typeof value.body === 'string' && value.body.trim() !== '';
        if (value.template !== undefined && written) context.addIssue({ code: 'custom', path: ['body'], message: EXTERNAL_BODY_WITH_TEMPLATE });
        if (value.template === undefined && !written && (value.body === undefined || typeof value.body === 'string')) {
          context.addIssue({ code: 'custom', path: ['body'], message: 'Required' });
        }
      },
      { when: (payload) => typeof payload.value === 'object' && payload.value !== null },
    ),
  );
export type ExternalSendBody = z.output<typeof ExternalSendBody>;

/** The text fields beside the `medias` files of a multipart send: `body` is the first file's caption. */
export const ExternalMediaFields = z.object({
  number: ContactNumberSchema,
  body: messageText.optional().default(''),
  closeTicket: z
    .enum(['true', 'false'], { error: 'closeTicket must be true or false' })
    .optional()
    .transform((value) => value === 'true'),
});
export type ExternalMediaFields = z.output<typeof ExternalMediaFields>;

/** Form fields read from a multipart send. */
export const EXTERNAL_MEDIA_TEXT_FIELDS = ['number', 'body', 'closeTicket'] as const;

/** 201: the message sent (the first one when several files were sent), all of them, and where they went. */
export interface ExternalSendResult {
  readonly message: MessageDto;
  readonly messages: readonly MessageDto[];
  readonly ticketId: string;
  readonly contactId: string;
  /** The ticket's status after the send: `closed` when closeTicket was asked. */
  readonly ticketStatus: TicketStatus;
}
