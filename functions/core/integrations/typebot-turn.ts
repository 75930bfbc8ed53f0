/**
 * A customer's message to a Typebot integration (typebot-api.ts), in this order:
 * 1. the finish keyword (`typebotKeywordFinish`, case and accents aside) closes the ticket, as the
 *    company closes it (the closing message per the connection), and the bot's conversation ends;
 * 2. the restart keyword (`typebotKeywordRestart`) says `typebotRestartMessage` and starts the bot over;
 * 3. without a conversation, or after `typebotExpires` minutes without a message (0: never), the bot
 *    starts over (startChat; the message that woke it is not an answer to anything yet);
 * 4. otherwise the message continues the conversation (continueChat). While the bot waits for one of
 *    its choices, the customer answers with its number or its text; anything else, and a message
 *    without text (media), gets `typebotUnknownMessage` and the bot keeps waiting. A conversation
 *    Typebot no longer knows starts over.
 * The bot's messages go out with `typebotDelayMessage` between them (integration-replies.ts). When its
 * flow ends (it waits for no input), the ticket is handed to the agents of its queue.
 */
import { foldForSearch } from '../../../shared/text';
import { applyTicketChange } from '../conversations/change-ticket';
import { getTicket, type Ticket, type TicketIntegrationSession } from '../repositories/tickets';
import { AppError } from '../errors';
import { handOver, moveSession } from './integration-state';
import { sayOnTicket, waitsForAgent } from './integration-replies';
import { textOf, type IntegrationTurn } from './integration-turn';
import { continueTypebotChat, startTypebotChat, TypebotSessionGoneError, type TypebotAnswer } from './typebot-api';

export type TypebotOutcome = 'finished' | 'started' | 'continued' | 'unknown' | 'handedOver' | 'taken';

const isKeyword = (keyword: string, text: string): boolean => keyword.trim() !== '' && foldForSearch(keyword) === foldForSearch(text);

/** The choice the customer's text picks: its number (1 first) or its text, case and accents aside. */
export function pickChoice(choices: readonly string[], text: string): string | undefined {
  const number = /^\s*(\d{1,3})\s*[.)-]?\s*$/.exec(text)?.[1];
  if (number !== undefined) return choices[Number(number) - 1];
  const folded = foldForSearch(text);
  return choices.find((choice) => foldForSearch(choice) === folded);
}

export function isExpired(session: TicketIntegrationSession, expiresMinutes: number, now: Date): boolean {
  return expiresMinutes > 0 && now.getTime() - Date.parse(session.lastAt) > expiresMinutes * 60_000;
}

export async function typebotTurn(turn: IntegrationTurn): Promise<TypebotOutcome> {
  const { integration, session, now } = turn;
  const text = textOf(turn.message);
  if (isKeyword(integration.typebotKeywordFinish, text)) {
    await finishTicket(turn.ticket);
    return 'finished';
  }
  const restart = isKeyword(integration.typebotKeywordRestart, text);
  if (restart && integration.typebotRestartMessage.trim() !== '') {
    if (!(await sayOnTicket(turn.ticket, turn.contact, [integration.typebotRestartMessage], 0, answeredAt(turn)))) return 'taken';
  }
  if (restart || session.typebotSessionId === null || isExpired(session, integration.typebotExpires, now)) return start(turn);

  let reply = text;
  if (reply !== '' && session.choices.length > 0) reply = pickChoice(session.choices, text) ?? '';
  if (reply === '') {
    await unknown(turn);
    return 'unknown';
  }
  let answer: TypebotAnswer;
  try {
    answer = await continueTypebotChat(integration.urlN8N, session.typebotSessionId, reply);
  } catch (error) {
    if (error instanceof TypebotSessionGoneError) return start(turn);
    throw error;
  }
  return (await carryOn(turn, answer)) ?? 'continued';
}

async function start(turn: IntegrationTurn): Promise<TypebotOutcome> {
  const answer = await startTypebotChat(turn.integration.urlN8N, turn.integration.typebotSlug, {
    // The variables the original product's bots read (spec 3: Typebot's prefilled variables).
    number: turn.contact.number,
    pushName: turn.contact.name,
  });
  return (await carryOn(turn, answer)) ?? 'started';
}

/** Records where the bot is, says its messages, and hands over when its flow ended; undefined when it goes on. */
async function carryOn(turn: IntegrationTurn, answer: TypebotAnswer): Promise<TypebotOutcome | undefined> {
  const session: TicketIntegrationSession = { ...turn.session, typebotSessionId: answer.sessionId, choices: answer.choices, lastAt: turn.now.toISOString() };
  const moved = await moveSession(turn.ticket, session);
  if (!moved) return 'taken';
  if (!(await sayOnTicket(moved, turn.contact, answer.messages, turn.integration.typebotDelayMessage, answeredAt(turn)))) return 'taken';
  if (answer.waitsForInput) return undefined;
  const fresh = await getTicket(moved.companyId, moved.id, true);
  if (!fresh || !waitsForAgent(fresh) || !(await handOver(fresh))) return 'taken';
  return 'handedOver';
}

/** The unknown-message text, and the conversation's clock moves on (the customer is still talking to it). */
async function unknown(turn: IntegrationTurn): Promise<void> {
  const moved = await moveSession(turn.ticket, { ...turn.session, lastAt: turn.now.toISOString() });
  if (moved && turn.integration.typebotUnknownMessage.trim() !== '') {
    await sayOnTicket(moved, turn.contact, [turn.integration.typebotUnknownMessage], 0, answeredAt(turn));
  }
}

const answeredAt = (turn: IntegrationTurn): Date => new Date(Math.max(Date.parse(turn.message.createdAt) || 0, turn.now.getTime()));

/** The finish keyword: the company closes the ticket, if it is still the bot's (an agent may have taken it). */
async function finishTicket(ticket: Ticket): Promise<void> {
  try {
    await applyTicketChange({
      companyId: ticket.companyId,
      ticketId: ticket.id,
      read: async () => {
        const current = await getTicket(ticket.companyId, ticket.id, true);
        if (!current) throw new AppError('ERR_NO_TICKET_FOUND');
        return current;
      },
      decide: (current) => (waitsForAgent(current) && current.useIntegration ? { kind: 'finish', edits: {} } : { kind: 'none' }),
      caller: null,
    });
  } catch (error) {
    if (error instanceof AppError && error.code === 'ERR_NO_TICKET_FOUND') return;
    throw error;
  }
}
