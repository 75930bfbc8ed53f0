/** A ticket as the repositories store it, for unit tests that serve tickets from a mocked table. */
import type { Ticket } from '../../functions/core/repositories/tickets';

/** A pending ticket of company C1, contact K1 and queue Q1, with no user nor connection; `fields` override. */
export function storedTicket(fields: Partial<Ticket> & Pick<Ticket, 'id'>): Ticket {
  return {
    uuid: `uuid-${fields.id}`,
    companyId: 'C1',
    status: 'pending',
    contactId: 'K1',
    userId: null,
    userName: null,
    queueId: 'Q1',
    whatsappId: null,
    tagIds: [],
    isGroup: false,
    chatbot: false,
    useIntegration: false,
    promptId: null,
    integrationId: null,
    lastMessage: '',
    unreadMessages: 0,
    createdAt: '2030-01-01T00:00:00.000Z',
    updatedAt: '2030-01-01T00:00:00.000Z',
    ...fields,
  };
}
