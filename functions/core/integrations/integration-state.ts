/**
 * What a ticket records of its integration (repositories/tickets.ts `useIntegration`, `integrationId`,
 * `integrationSession`), each change conditional on the ticket's status, queue, user and connection
 * being as read: an agent who accepted the ticket meanwhile wins, and the integration stops.
 * - taking the ticket: `useIntegration` on, the integration named, a new session; the queue bot's menu
 *   (if it was shown) ends, since the integration talks instead;
 * - the session moving on (Typebot's session, the choices it waits for, the last exchange);
 * - handing over to the agents: `useIntegration` off while `integrationId` still names the integration,
 *   which tells the next message that this ticket's bot is done (until it is closed: a finish clears
 *   both, conversations/ticket-transitions.ts).
 * Taking and handing over are published (the ticket's `chatbot` flag moves); the session's moves are not
 * (nothing a list shows changes).
 */
import { logger } from '../logger';
import { publishTicketUpdate } from '../realtime/ticket-rooms';
import { changeTicketAction, type TicketChanges } from '../repositories/ticket-changes';
import type { Ticket, TicketIntegrationSession } from '../repositories/tickets';
import { Steps } from '../repositories/transaction';
import { presentTicket } from '../conversations/present-ticket';

/** The ticket after the change, or undefined when it changed meanwhile (nothing written). */
async function change(ticket: Ticket, changes: TicketChanges, publish: boolean): Promise<Ticket | undefined> {
  const steps = new Steps<'ticket'>();
  steps.add('ticket', changeTicketAction(ticket, changes, { reorder: false }));
  if ((await steps.run()).size > 0) return undefined;
  const after: Ticket = { ...ticket, ...changes };
  if (publish) {
    try {
      await publishTicketUpdate(ticket.companyId, await presentTicket(ticket.companyId, after));
    } catch (error) {
      logger.warn('ticket event not published', { ticketId: ticket.id, error });
    }
  }
  return after;
}

export function takeTicket(ticket: Ticket, integrationId: string, queueId: string | null, now: Date): Promise<Ticket | undefined> {
  const at = now.toISOString();
  const session: TicketIntegrationSession = { integrationId, queueId, startedAt: at, lastAt: at, typebotSessionId: null, choices: [] };
  return change(ticket, { useIntegration: true, integrationId, chatbot: true, botState: null, integrationSession: session }, true);
}

export function moveSession(ticket: Ticket, session: TicketIntegrationSession): Promise<Ticket | undefined> {
  return change(ticket, { integrationSession: session }, false);
}

export function handOver(ticket: Ticket): Promise<Ticket | undefined> {
  return change(ticket, { useIntegration: false, chatbot: false, integrationSession: null }, true);
}
