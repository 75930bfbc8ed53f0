/**
 * A customer's message to a Dialogflow integration (dialogflow-api.ts): its text asked of the agent in
 * the integration's language, in a Dialogflow session per ticket (the agent keeps its contexts there);
 * the answer's texts go back to the customer, and an intent that ends the conversation hands the ticket
 * to the agents of its queue. A message without text (media) is not asked: Dialogflow reads text only.
 */
import { logger } from '../logger';
import { getTicket } from '../repositories/tickets';
import { detectIntent } from './dialogflow-api';
import { handOver } from './integration-state';
import { sayOnTicket, waitsForAgent } from './integration-replies';
import { textOf, type IntegrationTurn } from './integration-turn';
import { InvalidServiceAccountError, parseServiceAccount } from './service-account';

export type DialogflowOutcome = 'answered' | 'handedOver' | 'noText' | 'taken' | 'misconfigured';

export async function dialogflowTurn(turn: IntegrationTurn): Promise<DialogflowOutcome> {
  const { integration, ticket } = turn;
  const text = textOf(turn.message);
  if (text === '') return 'noText';
  let account;
  try {
    account = parseServiceAccount(integration.jsonContent);
  } catch (error) {
    if (!(error instanceof InvalidServiceAccountError)) throw error;
    logger.warn('dialogflow integration without a usable service account', { integrationId: integration.id });
    return 'misconfigured';
  }
  const result = await detectIntent(
    account,
    { projectId: integration.projectName, sessionId: ticket.id, text, languageCode: integration.language ?? 'pt-BR' },
    turn.now,
  );
  const after = new Date(Math.max(Date.parse(turn.message.createdAt) || 0, turn.now.getTime()));
  if (!(await sayOnTicket(ticket, turn.contact, result.messages, 0, after))) return 'taken';
  if (!result.endConversation) return 'answered';
  const fresh = await getTicket(ticket.companyId, ticket.id, true);
  if (!fresh || !waitsForAgent(fresh) || !(await handOver(fresh))) return 'taken';
  return 'handedOver';
}
