/**
 * What WhatsApp reports about messages already stored (the inbound pipeline): our outgoing message left
 * with its WhatsApp id (`sent`) or will not be delivered (`failed`), delivery acks, edits and deletions
 * by the contact. Each finds our
 * message through the WhatsApp id (repositories/whatsapp-messages.ts); acks may arrive before the id is
 * known and are then kept and applied when the `sent` event comes (holdEarlyAck).
 */
import type { Ack } from '../../../shared/messages';
import { setMessageDeleted, setMessageWhatsappId, type StoredMessage } from '../repositories/messages';
import { getWhatsappMessageRef, holdEarlyAck, setWhatsappMessageRef } from '../repositories/whatsapp-messages';
import type { WhatsAppEvent } from '../sessions/events';
import { announceDeletion } from '../conversations/announce-deletion';
import { markMessageEdited, markMessageFailed, updateMessageAck } from '../conversations/update-message-status';
import { logger } from '../logger';
import { BUSINESS_METRICS } from '../../../infra/resources/metrics';
import { countMetric } from '../metrics';

type Of<T extends WhatsAppEvent['type']> = Extract<WhatsAppEvent, { type: T }>;

export async function recordSent(event: Of<'sent'>, now = new Date()): Promise<void> {
  const stored = await setMessageWhatsappId(event.companyId, event.messageId, event.whatsappMessageId, now);
  if (!stored) return;
  // Once per message: a redelivered `sent` finds its id already set.
  countMetric(BUSINESS_METRICS.outboundMessages);
  const early = await setWhatsappMessageRef(event.companyId, event.whatsappId, event.whatsappMessageId, event.messageId, now);
  await updateMessageAck(event.companyId, event.messageId, Math.max(1, early ?? 1) as Ack, now);
}

export async function recordAck(event: Of<'ack'>, now = new Date()): Promise<void> {
  const ref = await getWhatsappMessageRef(event.companyId, event.whatsappId, event.whatsappMessageId);
  if (!ref?.messageId) {
    await holdEarlyAck(event.companyId, event.whatsappId, event.whatsappMessageId, event.ack, now);
    return;
  }
  await updateMessageAck(event.companyId, ref.messageId, event.ack as Ack, now);
}

/**
 * WhatsApp will not deliver our message (issue 32): named by our id when the send itself was refused
 * (the Cloud API worker), else by WhatsApp's id (Meta's `failed` status). Its reason is shown with it.
 */
export async function recordFailed(event: Of<'failed'>, now = new Date()): Promise<void> {
  const messageId = event.messageId ?? (event.whatsappMessageId ? (await getWhatsappMessageRef(event.companyId, event.whatsappId, event.whatsappMessageId))?.messageId : undefined);
  if (!messageId) {
    // A status of a message we never recorded as sent (another system's send on the same number).
    logger.info('failed status of an unknown message ignored', { companyId: event.companyId, whatsappId: event.whatsappId, code: event.code });
    return;
  }
  await markMessageFailed(event.companyId, messageId, event.reason, now);
}

export async function recordEdit(event: Of<'edit'>, now = new Date()): Promise<void> {
  const ref = await getWhatsappMessageRef(event.companyId, event.whatsappId, event.whatsappMessageId);
  if (ref?.messageId) await markMessageEdited(event.companyId, ref.messageId, event.body, now);
}

/** The contact deleted a message for everyone: flagged deleted (the text stays stored), the ticket's preview follows, announced. */
export async function recordRevoke(event: Of<'revoke'>, now = new Date()): Promise<void> {
  const ref = await getWhatsappMessageRef(event.companyId, event.whatsappId, event.whatsappMessageId);
  if (!ref?.messageId) return;
  const changed: StoredMessage | undefined = await setMessageDeleted(event.companyId, ref.messageId, null, now);
  if (changed) await announceDeletion(changed);
}
