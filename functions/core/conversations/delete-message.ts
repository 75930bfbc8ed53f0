/**
 * Deletes an outgoing message for everyone (DELETE /messages/{id}, id `<ticketId>.<ulid>`).
 *
 * Rules (spec 1 §2.5, §5): only one's own messages, i.e. sent from the app by the caller (admins
 * included: the spec says own messages only; messages of the server itself belong to nobody); an
 * already deleted message is refused (ERR_DELETE_WAPP_MSG, 'Message already deleted').
 *
 * Steps: the message's ticket must be the caller's company's (else ERR_NO_MESSAGE_FOUND, as for a
 * missing message), visible to the caller, and not attended by another user unless the caller is an
 * admin (both 'Acesso não permitido', ticket-access.ts); read the message; check the
 * rules; a message of a connection older than WhatsApp's delete-for-everyone window is refused
 * (ERR_FETCH_WAPP_MSG, 'Message too old to delete'); when the ticket has a connection, enqueue `deleteMessage` (its id is derived from the
 * message's, so the command of two racing deletes is deduplicated by SQS); flag the message deleted on
 * the condition that it is not yet (of two deletes at once, one wins; a failed enqueue flags nothing,
 * so the agent can try again). On a Cloud API connection (issue 32) the delete is refused before
 * anything changes (ERR_DELETE_WAPP_MSG, 'Cloud API messages cannot be deleted for everyone'): Meta's API
 * has no delete for everyone, and flagging it deleted here only would tell the agent the customer no
 * longer sees a message they still see. The body and media stay stored for audit, and the API keeps answering
 * them with `isDeleted: true`: the web shows the deleted indication. The ticket's preview follows and
 * the change is published (announce-deletion.ts); answer the message.
 */
import { DELETE_FOR_EVERYONE_MAX_MS, type MessageDto } from '../../../shared/messages';
import { AppError } from '../errors';
import { logger } from '../logger';
import { getConnection } from '../repositories/connections';
import { getContact } from '../repositories/contacts';
import { getMessage, parseMessageId, setMessageDeleted } from '../repositories/messages';
import { enqueueSessionCommand } from '../sessions/commands';
import { visibleTicket } from './conversation-access';
import { assertMayWorkTicket } from './ticket-access';
import type { Caller } from '../caller/load-caller';
import { announceDeletion } from './announce-deletion';

const alreadyDeleted = () => new AppError('ERR_DELETE_WAPP_MSG', { message: 'Message already deleted' });

export async function deleteMessage(caller: Caller, messageId: string, now = new Date()): Promise<MessageDto> {
  const parts = parseMessageId(messageId);
  if (!parts) throw new AppError('ERR_NO_MESSAGE_FOUND');
  const ticket = await visibleTicket(caller, parts.ticketId, 'ERR_NO_MESSAGE_FOUND');
  assertMayWorkTicket(caller, ticket);
  const message = await getMessage(caller.companyId, messageId, true);
  if (!message) throw new AppError('ERR_NO_MESSAGE_FOUND');
  if (!message.fromMe || message.userId !== caller.userId) {
    throw new AppError('ERR_NO_PERMISSION', { message: 'Only your own messages can be deleted' });
  }
  if (message.isDeleted) throw alreadyDeleted();
  if (ticket.whatsappId && now.getTime() - Date.parse(message.createdAt) > DELETE_FOR_EVERYONE_MAX_MS) {
    throw new AppError('ERR_FETCH_WAPP_MSG', { message: 'Message too old to delete' });
  }

  if (ticket.whatsappId) {
    const [contact, connection] = await Promise.all([getContact(ticket.companyId, ticket.contactId), getConnection(ticket.companyId, ticket.whatsappId)]);
    if (connection?.provider === 'cloud') throw new AppError('ERR_DELETE_WAPP_MSG', { message: 'Cloud API messages cannot be deleted for everyone' });
    // A connection deleted meanwhile has no session to tell: the message is flagged deleted here only.
    if (contact && connection) {
      try {
        await enqueueSessionCommand({
          type: 'deleteMessage',
          commandId: `delete:${messageId}`,
          companyId: ticket.companyId,
          whatsappId: ticket.whatsappId,
          issuedAt: now.toISOString(),
          ticketId: ticket.id,
          messageId,
          whatsappMessageId: message.whatsappMessageId,
          chat: { contactId: contact.id, number: contact.number, isGroup: contact.isGroup },
        }, connection.provider);
      } catch (error) {
        logger.error('session command not enqueued', { messageId, error });
        throw new AppError('ERR_DELETE_WAPP_MSG');
      }
    }
  }

  const deleted = await setMessageDeleted(caller.companyId, messageId, caller.userId, now);
  if (!deleted) throw alreadyDeleted();

  return announceDeletion(deleted, ticket);
}
