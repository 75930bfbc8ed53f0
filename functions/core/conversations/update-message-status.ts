/**
 * Changes WhatsApp reports about a stored message, for the session host's events (the WhatsApp issue):
 * delivery acks and edits. Each publishes `appMessage` update to the ticket's rooms, and the ticket's
 * `update` when the change reached its list preview.
 *
 * - updateMessageAck: acks only grow (1 sent, 2 delivered, 3 read, 4 played, 5 read as the spec shows
 *   them); a late or repeated ack changes nothing and publishes nothing.
 * - markMessageEdited: the new text replaces the old and the message is flagged edited; when the ticket's
 *   list preview shows that message, it shows the new text (repositories/messages.ts showEditInPreview),
 *   so the lists hear it in the ticket's `update`; its new words are indexed (the old ones stay in the
 *   index: a search may still find the ticket by them).
 * - markMessageFailed: WhatsApp will not deliver an outgoing message (issue 32: a Cloud API send refused,
 *   or Meta's `failed` status): its `failureReason` is set, its ack kept, and it is published as acks are.
 * Each answers the message as it is now, or undefined when nothing changed (missing message, stale ack).
 */
import type { Ack, MessageDto } from '../../../shared/messages';
import { logger } from '../logger';
import { publishChangedMessage } from '../realtime/ticket-rooms';
import { setMessageAck, setMessageEdited, setMessageFailureReason, showEditInPreview, type StoredMessage } from '../repositories/messages';
import { getTicket, type Ticket } from '../repositories/tickets';
import { indexWords } from '../repositories/word-index';
import { presentMessage } from './present-message';
import { presentTicket } from './present-ticket';

export async function updateMessageAck(companyId: string, messageId: string, ack: Ack, now = new Date()): Promise<MessageDto | undefined> {
  const changed = await setMessageAck(companyId, messageId, ack, now);
  return changed ? publishChange(changed) : undefined;
}

export async function markMessageFailed(companyId: string, messageId: string, reason: string, now = new Date()): Promise<MessageDto | undefined> {
  const changed = await setMessageFailureReason(companyId, messageId, reason, now);
  return changed ? publishChange(changed) : undefined;
}

export async function markMessageEdited(companyId: string, messageId: string, body: string, now = new Date()): Promise<MessageDto | undefined> {
  const changed = await setMessageEdited(companyId, messageId, body, now);
  if (!changed) return undefined;
  // A failure here fails the event, whose redelivery writes the same text again: the preview is not left behind.
  const previewed = await showEditInPreview(changed);
  // The entries keep the ticket's queue and user for the search's first cut, so the ticket is read first
  // (the preview's write answered it already when it changed).
  const ticket = previewed ?? (await getTicket(companyId, changed.ticketId));
  if (ticket) await indexWords(ticket, body, now);
  return publishChange(changed, ticket, previewed !== undefined);
}

/** `previewChanged`: the ticket's list preview now shows the change, so the lists hear the ticket too. */
async function publishChange(message: StoredMessage, known?: Ticket, previewChanged = false): Promise<MessageDto> {
  const dto = await presentMessage(message);
  try {
    const ticket = known ?? (await getTicket(message.companyId, message.ticketId));
    if (ticket) await publishChangedMessage(message.companyId, dto, await presentTicket(message.companyId, ticket), previewChanged);
  } catch (error) {
    logger.warn('realtime failed after a message change', { messageId: message.id, error });
  }
  return dto;
}
