/**
 * The external messaging API (POST /api/messages/send): another system sends a text or files to a
 * number through one connection, authenticated by that connection's bearer token (docs/architecture.md §7: an
 * empty or unknown token never matches any connection).
 *
 * Steps:
 * 1. authenticate: `Bearer <token>` or ERR_INVALID_API_TOKEN (401); the token's hash names the company
 *    and the connection, and nothing in the request can change them; the company must be active, not
 *    past due, with a plan that includes the external API (useExternalApi);
 * 2. count the call against the connection's rate limit (ERR_TOO_MANY_REQUESTS);
 * 3. with an Idempotency-Key: claim it (a conditional put); a key already answered answers the stored
 *    answer without sending again; the key with another request is ERR_IDEMPOTENCY_KEY_CONFLICT;
 * 4. the contact by normalised number, created (named after its number) when missing; on a Cloud API
 *    connection (issue 32) a free-form message goes only within the customer's 24-hour window on their
 *    live ticket (whatsapp-cloud/reply-window.ts), so without a contact or a live ticket, or past the
 *    window, it is refused with ERR_OUTSIDE_REPLY_WINDOW before anything is made or stored; a `template`
 *    goes inside or outside the window, checked first as POST /messages checks it (an approved template
 *    of the connection with its number of variables: whatsapp-cloud/templates.ts templateToSend,
 *    ERR_NO_TEMPLATE_FOUND / ERR_VALIDATION; on another connection ERR_VALIDATION on `template`), and is
 *    stored as its filled text;
 * 5. the contact's pending or open ticket on this connection, or a new one, `pending` without user or
 *    queue, so it waits in the list until an agent accepts the customer's answer (a creation racing
 *    another one takes the ticket that won);
 * 6. the message through sendOutgoingMessage (userId null, bot false), stored and enqueued like an
 *    agent's; each file a message of its own, the text the first one's caption;
 * 7. with `closeTicket`: the ticket is finished by the company (change-ticket.ts, no agent): the
 *    connection's closing message goes after the message, no rating prompt (nobody attended);
 * 8. with a key: store the answer; when sending failed, give the key back so a retry may send.
 */
import { createHash } from 'node:crypto';
import { ulid } from 'ulid';
import { EXTERNAL_API_RATE_LIMIT, EXTERNAL_API_RATE_WINDOW_SECONDS, type ExternalSendResult } from '../../../shared/external-api';
import type { MessageDto } from '../../../shared/messages';
import type { TicketStatus } from '../../../shared/tickets';
import { AppError } from '../errors';
import { contentTypeOf, objectKey, safeFileName, sniffMediaType } from '../media/files';
import type { UploadedFile } from '../media/multipart';
import { putMediaObject } from '../media/storage';
import { getCompany } from '../repositories/companies';
import { findConnectionByToken } from '../repositories/connections';
import { getContactByNumber } from '../repositories/contacts';
import { getPlan } from '../repositories/plans';
import { getTicket, type Ticket } from '../repositories/tickets';
import { applyTicketChange } from '../conversations/change-ticket';
import { claimIdempotencyKey, completeIdempotencyKey, releaseIdempotencyKey } from './external-idempotency';
import { contactForNumber, heldTicket, liveTicket } from '../conversations/create-ticket';
import { isPastDue } from '../../../shared/company-time';
import { mediaTypeOf } from '../conversations/present-message';
import { consumeRateLimit } from '../http/rate-limit';
import { requireRunningSession } from '../sessions/session-ready';
import { assertReplyWindowOpen } from '../whatsapp-cloud/reply-window';
import { templateToSend } from '../whatsapp-cloud/templates';
import type { Connection } from '../repositories/connections';
import type { TemplateMessage } from '../../../shared/whatsapp-cloud';
import { sendOnTicket, type OutgoingMedia } from '../conversations/send-message';

/** Who calls: decided by the token only. */
export interface ApiCaller {
  readonly companyId: string;
  readonly connectionId: string;
}

export interface ExternalSend {
  /** Normalised digits. */
  readonly number: string;
  readonly body: string;
  readonly files: readonly UploadedFile[];
  readonly closeTicket?: boolean;
  /** A Cloud API connection's template, sent instead of `body` (JSON only: never with files). */
  readonly template?: TemplateMessage;
}

const invalidToken = () => new AppError('ERR_INVALID_API_TOKEN');

/** A bearer token is one run of visible characters; anything else (nothing, blanks, other schemes) is refused. */
const BEARER = /^Bearer ([\x21-\x7e]{1,512})$/;

export async function authenticateApiToken(authorization: string | undefined): Promise<ApiCaller> {
  const token = BEARER.exec((authorization ?? '').trim())?.[1];
  if (!token) throw invalidToken();
  const found = await findConnectionByToken(token);
  if (!found) throw invalidToken();
  const company = await getCompany(found.companyId);
  if (!company) throw invalidToken();
  if (!company.status) throw new AppError('ERR_NO_PERMISSION', { message: 'Company is inactive' });
  if (isPastDue(company.dueDate)) throw new AppError('ERR_SUBSCRIPTION_EXPIRED', { details: { dueDate: company.dueDate } });
  const plan = await getPlan(company.planId);
  if (!plan?.useExternalApi) throw new AppError('ERR_NO_PERMISSION', { message: 'The plan does not include the external API' });
  return found;
}

export async function consumeApiRateLimit(caller: ApiCaller, now = new Date()): Promise<void> {
  await consumeRateLimit({
    scope: 'external-api',
    subject: `${caller.companyId}:${caller.connectionId}`,
    limit: EXTERNAL_API_RATE_LIMIT,
    windowSeconds: EXTERNAL_API_RATE_WINDOW_SECONDS,
    now,
  });
}

/** What makes two requests "the same" for an Idempotency-Key: the number, the text or template and the files' bytes. */
export function requestFingerprint(input: ExternalSend): string {
  const files = input.files.map((file) => [file.fileName, createHash('sha256').update(file.bytes).digest('hex')]);
  const fields: unknown[] = [input.number, input.body, files, input.closeTicket ?? false];
  // Only a template send has the fifth part, so a text send's fingerprint is the one it always had.
  if (input.template) fields.push([input.template.name, input.template.language, input.template.variables]);
  return createHash('sha256').update(JSON.stringify(fields)).digest('hex');
}

export async function sendExternalMessage(
  caller: ApiCaller,
  input: ExternalSend,
  idempotencyKey?: string,
  now = new Date(),
): Promise<ExternalSendResult> {
  if (!idempotencyKey) return deliver(caller, input, now);
  const fingerprint = requestFingerprint(input);
  const prior = await claimIdempotencyKey(caller, idempotencyKey, fingerprint, now);
  if (prior) return prior;
  let result: ExternalSendResult;
  try {
    result = await deliver(caller, input, now);
  } catch (error) {
    await releaseIdempotencyKey(caller, idempotencyKey);
    throw error;
  }
  await completeIdempotencyKey(caller, idempotencyKey, result);
  return result;
}

async function deliver(caller: ApiCaller, input: ExternalSend, now: Date): Promise<ExternalSendResult> {
  const connection = await requireRunningSession(caller.companyId, caller.connectionId);
  // A template is checked before anything is made; it needs no window. A free-form message does.
  const template = input.template ? await templateOf(connection, input.template) : undefined;
  if (!template && connection?.provider === 'cloud') await assertCloudReplyWindow(caller, input.number, now);
  const { contact } = await contactForNumber(caller.companyId, input.number, now);
  const { ticket } = await liveTicket(caller.companyId, caller.connectionId, contact, now);
  const messages: MessageDto[] = [];
  if (template) {
    messages.push(await sendOnTicket(ticket, { body: template.text, userId: null, bot: false, connection, template: template.message }, now));
  } else if (input.files.length === 0) {
    messages.push(await sendOnTicket(ticket, { body: input.body, userId: null, bot: false, connection }, now));
  } else {
    const medias: OutgoingMedia[] = [];
    for (const file of input.files) {
      const name = safeFileName(file.fileName);
      const mimeType = contentTypeOf(sniffMediaType(file.bytes), name);
      const key = objectKey('companies', ticket.companyId, 'tickets', ticket.id, `${ulid()}-${name}`);
      await putMediaObject(key, file.bytes, mimeType);
      medias.push({ key, name, mimeType, mediaType: mediaTypeOf(mimeType) });
    }
    for (const [index, media] of medias.entries()) {
      messages.push(await sendOnTicket(ticket, { body: index === 0 ? input.body : '', userId: null, bot: false, media, connection }));
    }
  }
  const ticketStatus = input.closeTicket ? await closeByCompany(ticket, now) : ticket.status;
  return { message: messages[0] as MessageDto, messages, ticketId: ticket.id, contactId: contact.id, ticketStatus };
}

/** Step 4 with a template: an approved one of this (Cloud API) connection, and the text it is stored as. */
async function templateOf(connection: Connection | undefined, message: TemplateMessage): Promise<{ readonly message: TemplateMessage; readonly text: string }> {
  if (!connection) throw new AppError('ERR_VALIDATION', { message: 'Templates are sent only on Cloud API connections', fields: [{ path: 'template', message: 'Templates are sent only on Cloud API connections' }] });
  const { text } = await templateToSend(connection, message);
  return { message, text };
}

/** Step 4 on a Cloud API connection: the number's live ticket there, read before anything is made, within the window. */
async function assertCloudReplyWindow(caller: ApiCaller, number: string, now: Date): Promise<void> {
  const contact = await getContactByNumber(caller.companyId, number);
  const held = contact ? await heldTicket(caller.companyId, caller.connectionId, contact.id) : undefined;
  assertReplyWindowOpen({ provider: 'cloud' }, held ?? { customerMessageAt: null }, now);
}

async function closeByCompany(ticket: Ticket, now: Date): Promise<TicketStatus> {
  const { ticket: after } = await applyTicketChange(
    {
      companyId: ticket.companyId,
      ticketId: ticket.id,
      read: async () => (await getTicket(ticket.companyId, ticket.id, true)) ?? ticket,
      decide: (current) => (current.status === 'closed' ? { kind: 'none' } : { kind: 'finish', edits: {} }),
      caller: null,
    },
    now,
  );
  return after.status;
}
