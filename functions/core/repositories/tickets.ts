/**
 * Tickets: the item in the ticket's own partition, with the list indexes (by status, by queue and
 * status, by contact) carried as GSI attributes, and the companion items that keep the rules: the uuid
 * pointer and the one-open-ticket-per-contact-and-connection item (keys.ts).
 */
import { GetCommand } from '@aws-sdk/lib-dynamodb';
import type { TicketStatus } from '../../../shared/tickets';
import { dynamo } from '../aws/clients';
import { keys, ticketListIndexes } from './keys';
import { fromItem, table } from './table';

export interface Ticket {
  readonly id: string;
  readonly uuid: string;
  readonly companyId: string;
  readonly status: TicketStatus;
  readonly contactId: string;
  readonly userId: string | null;
  /** The assigned user's name when assigned: readable after the user is deleted. */
  readonly userName: string | null;
  readonly queueId: string | null;
  readonly whatsappId: string | null;
  readonly tagIds: readonly string[];
  readonly isGroup: boolean;
  readonly chatbot: boolean;
  readonly useIntegration: boolean;
  readonly promptId: string | null;
  readonly integrationId: string | null;
  readonly lastMessage: string;
  readonly unreadMessages: number;
  readonly createdAt: string;
  readonly updatedAt: string;
}

/** The full item: entity plus keys and list-index attributes, always derived together. */
export const ticketItem = (ticket: Ticket) => ({
  ...keys.ticket(ticket.companyId, ticket.id),
  ...ticketListIndexes(ticket),
  entity: 'ticket',
  ...ticket,
});

export async function getTicket(companyId: string, ticketId: string, consistent = false): Promise<Ticket | undefined> {
  const { Item } = await dynamo().send(
    new GetCommand({ TableName: table(), Key: keys.ticket(companyId, ticketId), ConsistentRead: consistent }),
  );
  return Item ? fromItem<Ticket>(Item) : undefined;
}
