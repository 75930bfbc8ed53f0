/** One customer message for an integration to answer: what every type's turn reads. */
import type { Contact } from '../repositories/contacts';
import type { Connection } from '../repositories/connections';
import type { StoredMessage } from '../repositories/messages';
import type { StoredQueueIntegration } from '../repositories/queue-integrations';
import type { Ticket, TicketIntegrationSession } from '../repositories/tickets';

export interface IntegrationTurn {
  readonly connection: Connection;
  readonly contact: Contact;
  /** The ticket as stored after the customer's message (and after the integration took it). */
  readonly ticket: Ticket;
  /** The customer's message, as stored. */
  readonly message: StoredMessage;
  readonly integration: StoredQueueIntegration;
  readonly session: TicketIntegrationSession;
  readonly now: Date;
}

/** The text a bot can read in a message: a text message's; media, locations, contacts carry none for it. */
export const textOf = (message: StoredMessage): string => (message.mediaType === 'chat' ? message.body.trim() : '');
