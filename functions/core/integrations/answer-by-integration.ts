/**
 * The inbound pipeline's one call into integrations (inbound/receive-message.ts, after the out-of-hours
 * check): whether a chatbot integration answers this customer message on a pending ticket nobody took.
 * True means it did (or tried: a failing service is logged, and agents see the pending ticket as
 * always), so no other bot answers it; false leaves the message to the queue bot and the rest.
 *
 * Which integration (the first that applies):
 * 1. the one the ticket talks to (`useIntegration`, `integrationId`), unless the ticket has moved to
 *    another queue since it started (then as 3, for the new queue);
 * 2. none, when the ticket names an integration but `useIntegration` is off: its bot handed the ticket
 *    to the agents (or an admin turned it off) until the ticket is closed;
 * 3. the ticket's queue's (`integrationId`), which takes the ticket: it replaces the queue's greeting
 *    and option menu. A ticket without a queue (the connection's queue menu is choosing one) has none yet.
 * It answers only while the company's plan has `useIntegrations` (docs/architecture.md §1.3) and the
 * integration exists (a deleted one answers nothing, and the message goes on to the other bots).
 *
 * Then by type: typebot (typebot-turn.ts) and dialogflow (dialogflow-turn.ts) answer here, while the
 * customer waits; n8n and webhook put a delivery on the webhooks queue (webhook-delivery.ts), whose
 * worker POSTs it and sends the answer back.
 */
import { logger } from '../logger';
import type { Contact } from '../repositories/contacts';
import type { Connection } from '../repositories/connections';
import type { StoredMessage } from '../repositories/messages';
import { getPlan } from '../repositories/plans';
import { getQueueIntegrationAndCompany } from '../repositories/queue-integrations';
import { getQueue } from '../repositories/queues';
import type { Ticket } from '../repositories/tickets';
import { dialogflowTurn } from './dialogflow-turn';
import { handOver, takeTicket } from './integration-state';
import { waitsForAgent } from './integration-replies';
import type { IntegrationTurn } from './integration-turn';
import { typebotTurn } from './typebot-turn';
import { enqueueWebhookDelivery } from './webhook-delivery';

export interface InboundForIntegration {
  readonly connection: Connection;
  readonly contact: Contact;
  /** The ticket as stored after the customer's message. */
  readonly ticket: Ticket;
  /** The customer's message, as stored. */
  readonly message: StoredMessage;
  readonly now: Date;
}

/** Which integration talks on the ticket, and whether it is taking the ticket now; undefined: none. */
async function chosen(ticket: Ticket): Promise<{ integrationId: string; queueId: string | null; takes: boolean } | undefined> {
  const session = ticket.useIntegration ? (ticket.integrationSession ?? null) : null;
  const moved = session !== null && session.queueId !== null && session.queueId !== ticket.queueId;
  if (ticket.useIntegration && ticket.integrationId !== null && !moved) {
    const takes = session === null || session.integrationId !== ticket.integrationId;
    return { integrationId: ticket.integrationId, queueId: takes ? null : session.queueId, takes };
  }
  if (!ticket.useIntegration && ticket.integrationId !== null) return undefined;
  const queue = ticket.queueId ? await getQueue(ticket.companyId, ticket.queueId) : undefined;
  if (!queue?.integrationId) {
    // Moved to a queue without an integration: the bot of the queue it left hands the ticket over.
    if (moved) await handOver(ticket);
    return undefined;
  }
  return { integrationId: queue.integrationId, queueId: queue.id, takes: true };
}

export async function answeredByIntegration(inbound: InboundForIntegration): Promise<boolean> {
  if (!waitsForAgent(inbound.ticket)) return false;
  const choice = await chosen(inbound.ticket);
  if (!choice) return false;
  const { integration, company } = await getQueueIntegrationAndCompany(inbound.ticket.companyId, choice.integrationId);
  if (!integration || !company || company.deletedAt || !company.status) return false;
  const plan = await getPlan(company.planId);
  if (!plan?.useIntegrations) return false;

  const ticket = choice.takes ? await takeTicket(inbound.ticket, integration.id, choice.queueId, inbound.now) : inbound.ticket;
  // Taken by an agent (or changed otherwise) between the message and now: the agents have it.
  if (!ticket) return true;
  const session = ticket.integrationSession;
  if (!session) return false;
  const turn: IntegrationTurn = { ...inbound, ticket, integration, session };
  try {
    switch (integration.type) {
      case 'typebot':
        logger.debug('typebot answered', { ticketId: ticket.id, integrationId: integration.id, outcome: await typebotTurn(turn) });
        break;
      case 'dialogflow':
        logger.debug('dialogflow answered', { ticketId: ticket.id, integrationId: integration.id, outcome: await dialogflowTurn(turn) });
        break;
      case 'n8n':
      case 'webhook':
        await enqueueWebhookDelivery(turn);
        break;
    }
  } catch (error) {
    // The message is stored and the ticket waits in its queue: agents see it; the next message tries again.
    logger.warn('integration did not answer', { ticketId: ticket.id, integrationId: integration.id, type: integration.type, error });
  }
  return true;
}
