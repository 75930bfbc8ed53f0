/**
 * Sends a scheduled message when its one-shot entry fires (workers/schedule-due.ts): once, late rather
 * than never, through the connection the user chose, stored in the contact's conversation on it
 * (docs/architecture.md §8).
 *
 * Steps:
 * 1. claim: PENDENTE to AGENDADA, on the condition that it is still PENDENTE for the send time the
 *    entry was made for. A repeated delivery, a stale entry of a moved schedule, a deleted or already
 *    sent one: the condition fails and nothing happens (outcome `stale`). Only the claimer sends.
 * 2. check, before anything is stored: the connection (none: ERR_NO_DEF_WAPP_FOUND; deleted:
 *    ERR_NO_WAPP_FOUND; its session not running: ERR_WAPP_NOT_INITIALIZED) and the contact
 *    (ERR_NO_CONTACT_FOUND) and the author, who must still be a user (ERR_NO_USER_FOUND); such a
 *    failure ends ERRO with that code as `error`, and editing the schedule (its time) schedules it again.
 * 3. the ticket: the one it was asked from while it is live on that connection, else the contact's
 *    pending or open ticket on the connection, else a new pending one (as the external API does, in a
 *    queue the author may work), so the agent who gets the reply sees what was sent; it must be a ticket
 *    the author may work as they are now (schedule-access.ts: their queues, not attended by another
 *    user), else ERRO with ERR_NO_PERMISSION and nothing is stored; on a Cloud API connection outside
 *    the customer's 24-hour window (whatsapp-cloud/reply-window.ts), ERRO with ERR_OUTSIDE_REPLY_WINDOW,
 *    unless the schedule carries a template (issue 32), which goes inside or outside the window once it is
 *    still an approved template of the connection (whatsapp-cloud/templates.ts templateToSend), else ERRO
 *    with that check's code (ERR_NO_TEMPLATE_FOUND: deleted or no longer approved since it was saved);
 *    it is stored as its filled text, without an image;
 * 4. otherwise the text with its template variables filled for that ticket (render-agent-text.ts), and the image
 *    copied under the ticket's media (the schedule's own copy goes with the schedule), sent as the
 *    schedule's author's message (sendOnTicket: stored, then the session command);
 * 5. ENVIADA with `sentAt` and the ticket, and `schedule` published at each step.
 * An unexpected failure before anything was stored gives the claim back (PENDENTE) and is thrown, so
 * the queue delivers again; after the message was stored, the schedule ends ERRO
 * (ERR_SENDING_WAPP_MSG) rather than risk a second copy.
 */
import { ulid } from 'ulid';
import type { ConnectionStatus } from '../../../shared/connections';
import type { ErrorCode } from '../../../shared/errors';
import { renderAgentText } from '../conversations/render-agent-text';
import { openLiveTicket } from '../conversations/create-ticket';
import { mediaTypeOf } from '../conversations/present-message';
import { sendOnTicket, type OutgoingMedia } from '../conversations/send-message';
import { workerOf, type TicketWorker } from '../conversations/ticket-access';
import { AppError } from '../errors';
import { logger } from '../logger';
import { contentTypeOf, objectKey, sniffMediaType } from '../media/files';
import { putMediaObject, readMediaObject } from '../media/storage';
import { getConnection, type Connection } from '../repositories/connections';
import { assertReplyWindowOpen } from '../whatsapp-cloud/reply-window';
import { templateToSend } from '../whatsapp-cloud/templates';
import { getContact, type Contact } from '../repositories/contacts';
import { setScheduledMessageFields, type StoredScheduledMessage } from '../repositories/scheduled-messages';
import type { Ticket } from '../repositories/tickets';
import { getUser } from '../repositories/users';
import type { ScheduledMessageDue } from '../scheduling/due-messages';
import { assertMayScheduleInto, destinationOf } from './schedule-access';
import { presentScheduledMessage, publishScheduleEvent } from './present-scheduled-message';
import { BUSINESS_METRICS } from '../../../infra/resources/metrics';
import { secondsMetric } from '../metrics';

export type SendOutcome = 'sent' | 'failed' | 'stale';

/** The statuses whose session takes a send (as functions/core/sessions/session-ready.ts decides for agents). */
const USABLE: readonly ConnectionStatus[] = ['CONNECTED', 'OPENING'];

export async function sendScheduledMessage(due: ScheduledMessageDue, now = new Date()): Promise<SendOutcome> {
  const { companyId, scheduleId } = due;
  const claimed = await setScheduledMessageFields(
    companyId,
    scheduleId,
    { status: 'AGENDADA', sendTimer: null, updatedAt: now.toISOString() },
    { status: 'PENDENTE', sendAt: due.sendAt },
  );
  if (!claimed) return 'stale';
  // How late the send starts (the scheduler's delivery and the queue's wait), counted once per claim.
  secondsMetric(BUSINESS_METRICS.scheduleLatenessSeconds, Math.max(0, (now.getTime() - Date.parse(due.sendAt)) / 1000));
  const schedule = claimed.after;
  await announce(companyId, schedule);

  let stored = false;
  try {
    const connection = await usableConnection(companyId, schedule);
    const whatsappId = connection.id;
    const contact = await getContact(companyId, schedule.contactId);
    if (!contact) throw new AppError('ERR_NO_CONTACT_FOUND');
    const author = await getUser(companyId, schedule.userId, true);
    if (!author) throw new AppError('ERR_NO_USER_FOUND');
    const ticket = await ticketFor(schedule, whatsappId, contact, workerOf(author), now);
    if (schedule.template) {
      const { text } = await templateToSend(connection, schedule.template);
      stored = true;
      await sendOnTicket(ticket, { body: text, userId: schedule.userId, bot: false, connection, template: schedule.template }, now);
    } else {
      // A Cloud API connection takes free-form text only within the customer's 24-hour window: ERRO, nothing stored.
      assertReplyWindowOpen(connection, ticket, now);
      const body = await renderAgentText(ticket, schedule.body, now);
      const media = schedule.mediaPath ? await copyImage(schedule, ticket) : null;
      stored = true;
      await sendOnTicket(ticket, { body, userId: schedule.userId, bot: false, media, connection }, now);
    }
    await finish(companyId, schedule, { status: 'ENVIADA', sentAt: new Date().toISOString(), ticketId: ticket.id, error: null });
    return 'sent';
  } catch (error) {
    if (!(error instanceof AppError) && !stored) {
      // Nothing went out: the claim is given back and the queue delivers again.
      await setScheduledMessageFields(companyId, scheduleId, { status: 'PENDENTE' }, { status: 'AGENDADA', updatedAt: schedule.updatedAt });
      throw error;
    }
    const code: ErrorCode = error instanceof AppError && !stored ? error.code : 'ERR_SENDING_WAPP_MSG';
    logger.warn('scheduled message not sent', { scheduleId, code, error });
    await finish(companyId, schedule, { status: 'ERRO', error: code });
    return 'failed';
  }
}

async function usableConnection(companyId: string, schedule: StoredScheduledMessage): Promise<Connection> {
  if (!schedule.whatsappId) throw new AppError('ERR_NO_DEF_WAPP_FOUND');
  const connection = await getConnection(companyId, schedule.whatsappId);
  if (!connection) throw new AppError('ERR_NO_WAPP_FOUND');
  if (!USABLE.includes(connection.status)) throw new AppError('ERR_WAPP_NOT_INITIALIZED');
  return connection;
}

/** The ticket it goes into (schedule-access.ts), one its author may work: found, or opened in a queue they may work. */
async function ticketFor(schedule: StoredScheduledMessage, whatsappId: string, contact: Contact, author: TicketWorker, now: Date): Promise<Ticket> {
  const companyId = contact.companyId;
  const destination = await destinationOf({ companyId, contactId: contact.id, whatsappId, ticketId: schedule.ticketId }, author);
  // A ticket opened meanwhile by someone else is taken instead of the new one, and checked like any other.
  const ticket = destination.kind === 'ticket' ? destination.ticket : (await openLiveTicket(companyId, whatsappId, contact, now, destination.queueId)).ticket;
  assertMayScheduleInto(author, ticket);
  return ticket;
}

async function copyImage(schedule: StoredScheduledMessage, ticket: Ticket): Promise<OutgoingMedia> {
  const bytes = schedule.mediaPath ? await readMediaObject(schedule.mediaPath) : undefined;
  if (!bytes || !schedule.mediaName) throw new AppError('ERR_WAPP_DOWNLOAD_MEDIA');
  const mimeType = contentTypeOf(sniffMediaType(bytes), schedule.mediaName);
  const key = objectKey('companies', ticket.companyId, 'tickets', ticket.id, `${ulid()}-${schedule.mediaName}`);
  await putMediaObject(key, bytes, mimeType);
  return { key, name: schedule.mediaName, mimeType, mediaType: mediaTypeOf(mimeType) };
}

async function finish(companyId: string, schedule: StoredScheduledMessage, fields: Pick<StoredScheduledMessage, 'status' | 'error'> & Partial<StoredScheduledMessage>): Promise<void> {
  const changed = await setScheduledMessageFields(
    companyId,
    schedule.id,
    { ...fields, updatedAt: new Date().toISOString() },
    { status: 'AGENDADA' },
  );
  // Deleted while it was being sent: the message went out, and there is nothing left to mark.
  if (changed) await announce(companyId, changed.after);
}

async function announce(companyId: string, schedule: StoredScheduledMessage): Promise<void> {
  await publishScheduleEvent(companyId, { action: 'update', schedule: await presentScheduledMessage(schedule, await getContact(companyId, schedule.contactId)) });
}
