/** A message as the API presents it: a text from the customer Maria on ticket T1, changed by `fields`. */
import type { MessageDto } from '../../shared/messages';

export function messageDto(fields: Partial<MessageDto> = {}): MessageDto {
  return {
    id: 'T1.01',
    ticketId: 'T1',
    body: 'Olá',
    fromMe: false,
    mediaType: 'chat',
    mediaUrl: null,
    mediaName: null,
    quotedMsg: null,
    isDeleted: false,
    isEdited: false,
    ack: 0,
    read: false,
    bot: false,
    userId: null,
    contactId: 'C1',
    contact: { id: 'C1', name: 'Maria', number: '5511999990000', profilePicUrl: null },
    mediaMissing: false,
    failureReason: null,
    createdAt: '2026-03-02T12:00:00.000Z',
    ...fields,
  };
}
