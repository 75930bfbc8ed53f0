/**
 * What WhatsApp reports about messages already stored (the inbound pipeline): our outgoing message left
 * with its WhatsApp id (`sent`), delivery acks, edits and deletions by the contact. Each finds our
 * message through the WhatsApp id (repositories/whatsapp-messages.ts); acks may arrive before the id is
 * known and are then kept and applied when the `sent` event comes (holdEarlyAck).
 */
import type { Ack } from '../../../shared/messages';
import { setMessageDeleted, setMessageWhatsappId, type StoredMessage } from '../repositories/messages';
import { getWhatsappMessageRef, holdEarlyAck, setWhatsappMessageRef } from '../repositories/whatsapp-messages';
import type { WhatsAppEvent } from '../sessions/events';
import { announceDeletion } from '../conversations/announce-deletion';
import { markMessageEdited, updateMessageAck } from '../conversations/update-message-status';
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
