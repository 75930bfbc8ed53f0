/** A ticket as the API presents it, for tests that publish ticket events without going through a use case. */
import { ulid } from 'ulid';
import type { TicketDto, TicketStatus } from '../../shared/tickets';

export function ticketDto(place: { status: TicketStatus; queueId: string | null; id?: string }): TicketDto {
  const now = new Date().toISOString();
  const id = place.id ?? ulid();
  return {
    id,
    uuid: `uuid-${id}`,
    number: null,
    status: place.status,
    contactId: 'contact-1',
    contact: { id: 'contact-1', name: 'Maria', number: '5511999990000', profilePicUrl: null, updatedAt: '2024-01-01T00:00:00.000Z' },
    userId: null,
    user: null,
    queueId: place.queueId,
    queue: place.queueId ? { id: place.queueId, name: 'Fila', color: '#0f766e' } : null,
    whatsappId: null,
    whatsapp: null,
    tags: [],
    isGroup: false,
    chatbot: false,
    useIntegration: false,
    promptId: null,
    integrationId: null,
    lastMessage: 'Olá',
    customerMessageAt: null,
    unreadMessages: 0,
    createdAt: now,
    updatedAt: now,
  };
}
