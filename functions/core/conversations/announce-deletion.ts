/**
 * What follows a message flagged deleted, whoever deleted it (its agent: delete-message.ts; the contact
 * or the company's phone on WhatsApp: inbound/message-changes.ts). The ticket's list preview follows it:
 * when the preview shows the deleted message it shows the deletion instead (DELETED_MESSAGE_PREVIEW, as
 * WhatsApp's chat list does), not the message before it, which would take a read of the conversation
 * and could bring back an automatic text; a newer message shown meanwhile stays. Then `appMessage`
 * update, and the ticket's `update` when its preview changed. A failure of either is logged only: the
 * deletion is stored, and clients refetch after reconnecting.
 */
import type { MessageDto } from '../../../shared/messages';
import { logger } from '../logger';
import { publishChangedMessage } from '../realtime/ticket-rooms';
import { showDeletionInPreview, type StoredMessage } from '../repositories/messages';
import { getTicket, type Ticket } from '../repositories/tickets';
import { presentMessage } from './present-message';
import { presentTicket } from './present-ticket';

/** `ticket`: the message's ticket as the caller read it, if it did (read again when the preview stayed). */
export async function announceDeletion(deleted: StoredMessage, ticket?: Ticket): Promise<MessageDto> {
  // The deletion is stored already: a failed preview write is logged, not answered (a retry would be refused).
  const changed = await showDeletionInPreview(deleted).catch((error: unknown) => {
    logger.warn('ticket preview not updated after deleting a message', { messageId: deleted.id, error });
    return undefined;
  });
  const dto = await presentMessage(deleted);
  try {
    const after = changed ?? ticket ?? (await getTicket(deleted.companyId, deleted.ticketId));
    if (after) await publishChangedMessage(deleted.companyId, dto, await presentTicket(deleted.companyId, after), changed !== undefined);
  } catch (error) {
    logger.warn('realtime failed after deleting a message', { messageId: deleted.id, error });
  }
  return dto;
}
