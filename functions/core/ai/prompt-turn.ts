/**
 * The AI's turn on a customer's message (inbound step 8, core/inbound/receive-message.ts): on a pending
 * ticket nobody took, the prompt of the ticket's queue (or, while it has no queue, of its connection)
 * answers through the OpenAI-compatible server, until the customer asks for a person, the model says it
 * cannot help, the company's tokens of the month run out, or the server fails: then the ticket goes to
 * the prompt's queue for agents and the AI says nothing more on it.
 *
 * Steps: the prompt (none: the other bots go on); the plan must still have `useOpenAi`; the month's cap;
 * a voice message is transcribed first (a server without transcription hands over); a request for a
 * person hands over without asking the model; else the model reads the prompt as its instructions and
 * the ticket's last `maxMessages` messages as the conversation (the customer's as `user`, ours as
 * `assistant`), and its answer is counted and either sent or, when it is the agreed hand-over phrase,
 * taken as a hand-over. The caller sends and stores what this decides; the customer's message is stored
 * before, so a failure here never loses it, and a redelivered event stops before the bots (step 2).
 */
import type { Connection } from '../repositories/connections';
import { getCompany } from '../repositories/companies';
import { readMessages, type StoredMessage } from '../repositories/messages';
import { getPlan } from '../repositories/plans';
import { aiTokensUsed, getPrompt, type StoredPrompt } from '../repositories/prompts';
import type { Queue } from '../repositories/queues';
import type { Ticket } from '../repositories/tickets';
import { readMediaObject } from '../media/storage';
import { logger } from '../logger';
import { askModel, describeFailure, transcribe, type Turn } from './ai-model';
import { countAiTokens, usageMonth, withinAiCap } from './ai-usage';

export type AiDecision =
  | { readonly kind: 'none' }
  | { readonly kind: 'answer'; readonly text: string }
  | { readonly kind: 'handover'; readonly queueId: string; readonly reason: 'asked' | 'model' | 'cap' | 'failure' | 'unheard' };

/** What the model is told to answer, exactly, when it should hand over (the original product's phrase). */
export const HANDOVER_PHRASE = 'Ação: Transferir para o setor de atendimento';

/** Ours: what the customer is told when the ticket goes to agents. */
export const HANDOVER_TEXT = 'Vou transferir você para um de nossos atendentes. Aguarde um momento, por favor.';

const HANDOVER_INSTRUCTION =
  `\n\nSe o cliente pedir para falar com uma pessoa, ou se você não souber ou não puder ajudar, responda somente: "${HANDOVER_PHRASE}".` +
  ' Responda de forma breve, no idioma do cliente.';

/** A customer asking for a person, in the product's languages. */
const ASKS_FOR_PERSON = /\b(atendente|humano|operador|falar com (?:uma |um |alguma? )?(?:pessoa|algu[eé]m)|human|agent|person|persona)\b/i;

/** Whether the customer's words ask for a person rather than the AI. */
export const asksForPerson = (text: string): boolean => ASKS_FOR_PERSON.test(text);
const MARKS_HANDOVER = /transferir para o setor de atendimento/i;

export interface PromptTurnInput {
  readonly connection: Pick<Connection, 'companyId' | 'promptId'>;
  readonly ticket: Ticket;
  /** The ticket's queue, when it has one. */
  readonly queue: Pick<Queue, 'promptId'> | undefined;
  /** The customer's message just stored. */
  readonly message: Pick<StoredMessage, 'id' | 'body' | 'mediaType' | 'mediaKey' | 'mediaName' | 'mediaContentType'>;
}

export async function promptTurn({ connection, ticket, queue, message }: PromptTurnInput, now: Date): Promise<AiDecision> {
  if (ticket.aiHandedOver) return { kind: 'none' };
  const promptId = ticket.queueId ? queue?.promptId : connection.promptId;
  if (!promptId) return { kind: 'none' };
  // Read together: the prompt, and the plan and the month's usage it is checked against.
  const [prompt, company, used] = await Promise.all([getPrompt(ticket.companyId, promptId), getCompany(ticket.companyId), aiTokensUsed(ticket.companyId, usageMonth(now))]);
  if (!prompt) return { kind: 'none' };
  const plan = company ? await getPlan(company.planId) : undefined;
  if (!plan?.useOpenAi) return { kind: 'none' };
  const handover = (reason: Extract<AiDecision, { kind: 'handover' }>['reason']): AiDecision => ({ kind: 'handover', queueId: prompt.queueId, reason });

  if (!withinAiCap(used, plan.aiTokensPerMonth)) return handover('cap');
  const said = await customerText(prompt, message);
  if (said === undefined) return handover('unheard');
  if (asksForPerson(said)) return handover('asked');

  let answer;
  try {
    answer = await askModel(prompt, prompt.prompt + HANDOVER_INSTRUCTION, await conversation(ticket, prompt, message.id, said));
  } catch (error) {
    logger.warn('AI prompt failed: the ticket goes to agents', { ticketId: ticket.id, promptId: prompt.id, ...describeFailure(error) });
    return handover('failure');
  }
  await countAiTokens(ticket.companyId, answer.tokens, now);
  if (answer.text === '' || MARKS_HANDOVER.test(answer.text)) return handover('model');
  return { kind: 'answer', text: answer.text };
}

/** What the customer said: the text, or a voice message's transcription; undefined when there is nothing to read. */
async function customerText(prompt: StoredPrompt, message: PromptTurnInput['message']): Promise<string | undefined> {
  if (message.mediaType === 'audio' && message.mediaKey) {
    try {
      const bytes = await readMediaObject(message.mediaKey);
      if (!bytes) return undefined;
      const text = await transcribe(prompt, { bytes, name: message.mediaName ?? 'audio.ogg', contentType: message.mediaContentType ?? 'audio/ogg' });
      return text === '' ? undefined : text;
    } catch (error) {
      logger.warn('AI transcription failed: the ticket goes to agents', { promptId: prompt.id, ...describeFailure(error) });
      return undefined;
    }
  }
  return message.body.trim() === '' ? undefined : message.body;
}

/** The ticket's last messages, oldest first, the one being answered as `said`. */
async function conversation(ticket: Ticket, prompt: StoredPrompt, messageId: string, said: string): Promise<Turn[]> {
  const { messages } = await readMessages(ticket.companyId, ticket.id, prompt.maxMessages);
  return messages
    .filter((stored) => !stored.isDeleted)
    .reverse()
    .flatMap((stored): Turn[] => {
      const content = stored.id === messageId ? said : stored.body.trim() || (stored.mediaType === 'chat' ? '' : `[${stored.mediaType}]`);
      return content === '' ? [] : [{ role: stored.fromMe ? 'assistant' : 'user', content }];
    });
}
