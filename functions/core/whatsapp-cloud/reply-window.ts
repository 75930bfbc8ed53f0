/**
 * Meta's customer service window on a Cloud API connection (issue 32, shared/whatsapp-cloud.ts): a
 * free-form message (text, a file, a quick reply; an agent's, the external API's, a schedule's) goes only
 * within 24 h of the customer's last message on the ticket (`customerMessageAt`); outside it only an
 * approved template goes. Refused before anything is stored (ERR_OUTSIDE_REPLY_WINDOW), since Meta would
 * refuse it after the agent saw it sent. Baileys and simulator connections have no such window. The
 * server's own automatic messages are not checked: those answering the customer are inside the window by
 * construction, and any other one Meta refuses is marked failed on the message.
 */
import { replyWindowOpen } from '../../../shared/whatsapp-cloud';
import { AppError } from '../errors';
import type { Connection } from '../repositories/connections';
import type { Ticket } from '../repositories/tickets';

export function assertReplyWindowOpen(connection: Pick<Connection, 'provider'> | undefined, ticket: Pick<Ticket, 'customerMessageAt'>, now: Date): void {
  if (connection?.provider !== 'cloud') return;
  if (!replyWindowOpen(ticket.customerMessageAt ?? null, now)) throw new AppError('ERR_OUTSIDE_REPLY_WINDOW');
}
