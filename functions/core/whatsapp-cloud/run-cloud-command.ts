/**
 * Carries out a Cloud API connection's command (issue 32; the `cloud-commands` queue, whose consumer is
 * workers/cloud-commands.ts) through Meta's Graph API, and answers with the events the session host
 * would send, so the inbound worker needs nothing new to follow a cloud send.
 *
 * - sendMessage: a file is uploaded first (`POST /{phone-number-id}/media`), then the command's id is
 *   claimed (repositories/cloud-sends.ts) and the message posted (`POST /{phone-number-id}/messages`,
 *   graph-messages.ts); Meta's `messages[0].id` is recorded on the claim and published as the `sent`
 *   event, so the acks of Meta's status webhooks find the message. A redelivered command finds its
 *   claim: sent, it publishes `sent` again (wa-events drops the repeat); refused, nothing.
 *   What remains: a run that dies between Meta's answer and recording it leaves the claim unsettled;
 *   its redelivery does not send again (at most once) and marks the message failed as "interrupted",
 *   though the customer may have it. A call Meta answered nothing to (a timeout) is retried, and may
 *   reach the customer twice if Meta had taken the first.
 * - markRead: one read receipt for the newest message (graph-messages.ts graphReadReceiptOf).
 * - refreshContact, checkListNumbers: Meta's Cloud API has no number check; the number is answered as
 *   existing (`contact`/`listNumber` with exists true) and a send to a number without WhatsApp is refused
 *   later by Meta (131026), which marks that message failed.
 * - deleteMessage: Meta cannot delete for everyone; conversations/delete-message.ts refuses before
 *   enqueuing, so one arriving here is dropped with a log line.
 *
 * Failures: a retryable GraphApiError (throttled, Meta's passing failure, no answer) answers `retry`
 * (the claim let go first), and the worker returns the command with a growing delay; on the last try,
 * or for a final error, a send publishes the `failed` event with Meta's code and reason (the message
 * keeps its ack and shows why), and a receipt is dropped with a log line. The access token goes only into
 * Graph calls: never into a log line, an event or an error.
 */
import type { z } from 'zod';
import { logger } from '../logger';
import { readMediaObject } from '../media/storage';
import { claimCloudSend, releaseCloudSend, settleCloudSend } from '../repositories/cloud-sends';
import { getConnection, type Connection } from '../repositories/connections';
import type { SendMessageCommand, SessionCommand } from '../sessions/commands';
import { publishWhatsAppEvent, type EventChat } from '../sessions/events';
import { GraphApiError, graphCall, graphUpload } from './graph-api';
import { graphMessageOf, graphReadReceiptOf, mediaKindOf } from './graph-messages';

type Send = z.output<typeof SendMessageCommand>;

export type CloudCommandOutcome =
  /** Done with (sent, refused for good, or nothing to do). */
  | { readonly kind: 'done' }
  /** Meta asked us to slow down or failed in passing: try the same command again later. */
  | { readonly kind: 'retry'; readonly error: GraphApiError };

export interface CloudCommandOptions {
  /** No try follows this one: a retryable failure counts as final. */
  readonly lastTry: boolean;
  readonly now?: Date;
}

const done: CloudCommandOutcome = { kind: 'done' };

export async function runCloudCommand(command: SessionCommand, options: CloudCommandOptions): Promise<CloudCommandOutcome> {
  const connection = await getConnection(command.companyId, command.whatsappId);
  const about = { companyId: command.companyId, whatsappId: command.whatsappId, commandId: command.commandId, type: command.type };
  if (!connection || connection.provider !== 'cloud') {
    // Deleted since (or never a cloud connection): there is nothing left to send through.
    logger.warn('cloud command dropped: not a cloud connection', about);
    if (command.type === 'sendMessage') await publishFailed(command, null, 'The connection no longer exists');
    return done;
  }
  switch (command.type) {
    case 'sendMessage':
      return sendMessage(connection, command, options);
    case 'markRead':
      return markRead(connection, command, options);
    case 'refreshContact':
      await publishWhatsAppEvent({
        type: 'contact',
        companyId: command.companyId,
        whatsappId: command.whatsappId,
        chat: eventChatOf(command.chat),
        contactId: command.chat.contactId,
        refreshId: command.commandId,
        exists: true,
        profilePicUrl: null,
      });
      return done;
    case 'checkListNumbers':
      for (const item of command.items) {
        await publishWhatsAppEvent({
          type: 'listNumber',
          companyId: command.companyId,
          whatsappId: command.whatsappId,
          chat: { id: item.number, isGroup: false },
          itemId: item.itemId,
          number: item.number,
          checkId: command.commandId,
          exists: true,
        });
      }
      return done;
    default:
      logger.warn('cloud command dropped: a Cloud API connection does not take it', about);
      return done;
  }
}

/** The credentials a Graph call needs; undefined when the connection lacks them (its admin must complete it). */
function credentialsOf(connection: Connection): { readonly phoneNumberId: string; readonly token: string } | undefined {
  const phoneNumberId = connection.cloudPhoneNumberId;
  const token = connection.cloudAccessToken;
  return phoneNumberId && token ? { phoneNumberId, token } : undefined;
}

async function sendMessage(connection: Connection, command: Send, options: CloudCommandOptions): Promise<CloudCommandOutcome> {
  const now = options.now ?? new Date();
  const credentials = credentialsOf(connection);
  // Refused before any claim: a redelivery refuses the same way, and the event's repeat changes nothing.
  if (!credentials) return refuseUnclaimed(command, 'The Cloud API connection has no credentials');
  if (command.chat.isGroup) return refuseUnclaimed(command, 'Cloud API connections cannot send to groups');

  let mediaId: string | null = null;
  try {
    mediaId = command.media && !command.template ? await uploadMedia(credentials, command) : null;
  } catch (error) {
    if (error instanceof MissingMediaError) return refuseUnclaimed(command, error.message);
    if (!(error instanceof GraphApiError)) throw error;
    if (error.retryable && !options.lastTry) return { kind: 'retry', error };
    logger.warn('cloud media upload refused', { commandId: command.commandId, messageId: command.messageId, status: error.status, code: error.code, reason: error.reason });
    return refuseUnclaimed(command, error.reason, error.code);
  }

  const claim = await claimCloudSend(command.companyId, command.commandId, now);
  if (claim?.state === 'sent') {
    await publishSent(command, claim.whatsappMessageId);
    return done;
  }
  if (claim?.state === 'failed') return done;
  if (claim?.state === 'sending') {
    // The run that claimed it died before Meta's answer was recorded: sending again could deliver twice.
    logger.warn('cloud send interrupted; not sent again', { commandId: command.commandId, messageId: command.messageId, claimedAt: claim.claimedAt });
    return refuse(command, null, 'The send was interrupted; it may not have reached WhatsApp');
  }

  let answer: unknown;
  try {
    answer = await graphCall('cloud sendMessage', credentials.token, `/${credentials.phoneNumberId}/messages`, graphMessageOf(command, mediaId));
  } catch (error) {
    // Meta did not take it (or, for no answer at all, most likely did not): the next try may send it.
    if (!(error instanceof GraphApiError) || (error.retryable && !options.lastTry)) await releaseCloudSend(command.companyId, command.commandId);
    if (!(error instanceof GraphApiError)) throw error;
    if (error.retryable && !options.lastTry) return { kind: 'retry', error };
    logger.warn('cloud send refused', { commandId: command.commandId, messageId: command.messageId, status: error.status, code: error.code, reason: error.reason });
    return refuse(command, error.code, error.reason);
  }
  const whatsappMessageId = sentIdOf(answer);
  // Taken by Meta without an id we could follow: nothing to match its acks to, and sending again would repeat it.
  if (!whatsappMessageId) return refuse(command, null, 'WhatsApp answered the send without a message id');
  // Past Meta's answer a failure keeps the claim: the redelivery publishes what is recorded, or calls it interrupted.
  await settleCloudSend(command.companyId, command.commandId, { state: 'sent', whatsappMessageId });
  await publishSent(command, whatsappMessageId);
  return done;
}

/** A final failure of a claimed send: its claim says so, and the message hears why. */
async function refuse(command: Send, code: number | null, reason: string): Promise<CloudCommandOutcome> {
  await settleCloudSend(command.companyId, command.commandId, { state: 'failed' });
  await publishFailed(command, code, reason);
  return done;
}

/** A final failure before Meta was asked to send: the message hears why. */
async function refuseUnclaimed(command: Send, reason: string, code: number | null = null): Promise<CloudCommandOutcome> {
  await publishFailed(command, code, reason);
  return done;
}

/** The file of a send is gone from the bucket: no try can send it. */
class MissingMediaError extends Error {
  override readonly name = 'MissingMediaError';
}

/** Uploads the command's file to Meta, answering its media id. */
async function uploadMedia(credentials: { readonly phoneNumberId: string; readonly token: string }, command: Send): Promise<string> {
  const media = command.media;
  if (!media || !mediaKindOf(media.mediaType)) throw new MissingMediaError(`A file of type ${media?.mediaType ?? 'none'} cannot be sent`);
  const bytes = await readMediaObject(media.key);
  if (!bytes) throw new MissingMediaError('The file of the message is missing');
  const answer = await graphUpload('cloud uploadMedia', credentials.token, `/${credentials.phoneNumberId}/media`, { messaging_product: 'whatsapp', type: media.mimeType }, {
    bytes,
    mimeType: media.mimeType,
    name: media.name,
  });
  const id = typeof answer === 'object' && answer !== null && 'id' in answer && typeof answer.id === 'string' ? answer.id : '';
  if (id === '') throw new GraphApiError('cloud uploadMedia', 200, null, 'WhatsApp answered the upload without a media id', false);
  return id;
}

/** Meta's id of the message sent: `messages[0].id` of its answer. */
function sentIdOf(answer: unknown): string | undefined {
  const messages = typeof answer === 'object' && answer !== null && 'messages' in answer ? answer.messages : undefined;
  const first: unknown = Array.isArray(messages) ? messages[0] : undefined;
  const id = typeof first === 'object' && first !== null && 'id' in first ? first.id : undefined;
  return typeof id === 'string' && id.length > 0 && id.length <= 256 ? id : undefined;
}

async function markRead(connection: Connection, command: Extract<SessionCommand, { type: 'markRead' }>, options: CloudCommandOptions): Promise<CloudCommandOutcome> {
  const credentials = credentialsOf(connection);
  const receipt = graphReadReceiptOf(command.messages);
  if (!credentials || !receipt) return done;
  try {
    await graphCall('cloud markRead', credentials.token, `/${credentials.phoneNumberId}/messages`, receipt);
  } catch (error) {
    if (!(error instanceof GraphApiError)) throw error;
    if (error.retryable && !options.lastTry) return { kind: 'retry', error };
    // Receipts are a courtesy to the customer (list-messages.ts): a refused one is not worth more.
    logger.warn('cloud read receipt refused', { commandId: command.commandId, status: error.status, code: error.code, reason: error.reason });
  }
  return done;
}

const eventChatOf = (chat: Send['chat']): EventChat => ({ id: chat.number, isGroup: chat.isGroup });

function publishSent(command: Send, whatsappMessageId: string): Promise<void> {
  return publishWhatsAppEvent({
    type: 'sent',
    companyId: command.companyId,
    whatsappId: command.whatsappId,
    chat: eventChatOf(command.chat),
    messageId: command.messageId,
    ticketId: command.ticketId,
    whatsappMessageId,
  });
}

function publishFailed(command: Send, code: number | null, reason: string): Promise<void> {
  return publishWhatsAppEvent({
    type: 'failed',
    companyId: command.companyId,
    whatsappId: command.whatsappId,
    chat: eventChatOf(command.chat),
    messageId: command.messageId,
    code,
    reason: reason.slice(0, 300) || `Error ${code ?? ''}`.trim(),
  });
}
