/** A message as the repositories store it, for unit tests that serve messages from a mocked table. */
import type { StoredMessage } from '../../functions/core/repositories/messages';

/** An inbound text message of company C1 and contact K1, read and not deleted; `fields` override. */
export function storedMessage(fields: Partial<StoredMessage> & Pick<StoredMessage, 'id' | 'ticketId' | 'body' | 'createdAt'>): StoredMessage {
  return {
    companyId: 'C1',
    contactId: 'K1',
    fromMe: false,
    mediaType: 'chat',
    mediaKey: null,
    mediaName: null,
    mediaContentType: null,
    quotedMsg: null,
    isDeleted: false,
    isEdited: false,
    ack: 0,
    read: true,
    bot: false,
    userId: null,
    whatsappMessageId: null,
    updatedAt: fields.createdAt,
    ...fields,
  };
}
