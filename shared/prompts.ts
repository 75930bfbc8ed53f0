/**
 * AI prompts (spec 3 §2 AI prompts, §3, §5, §7, §9; `/prompt`, plan flag `useOpenAi`): the instructions,
 * model and limits with which an OpenAI-compatible model answers the customers of a queue (or of a
 * connection) until they ask for a person; then the ticket goes to the prompt's queue for agents.
 *
 * Ours where the spec is silent (README, behaviour notes):
 * - The API key is write-only: never answered (`hasApiKey` says whether one is set), logged or
 *   published; a save without one keeps the key stored.
 * - `baseUrl`: the OpenAI-compatible server the prompt talks to (its `/v1` root); empty: the
 *   deployment's (OpenAI's unless the stage says otherwise).
 * - The tokens a company's prompts use are counted per calendar month (UTC) and capped by its plan's
 *   `aiTokensPerMonth`; past the cap a ticket goes to agents as if the customer had asked for one.
 */
import { z } from 'zod';
import { EntityId } from './tickets';
import { withoutControls, writtenText } from './text';

/** Spec 3 §9: the models offered; the first is the default. */
export const PROMPT_MODELS = ['gpt-3.5-turbo-1106', 'gpt-4o-mini'] as const;
export type PromptModel = (typeof PROMPT_MODELS)[number];

/** Spec 3 §9 defaults. */
export const PROMPT_DEFAULTS = { model: PROMPT_MODELS[0], maxTokens: 100, temperature: 1, maxMessages: 10 } as const;
/** Ours: bounds of the numbers the form takes. */
export const PROMPT_MAX_TOKENS_LIMIT = 4096;
export const PROMPT_MAX_MESSAGES_LIMIT = 50;
export const PROMPT_TEXT_MAX = 10_000;

/** Spec 3 §5, §8 messages. */
export const PROMPT_QUEUE_REQUIRED = 'Informe o setor';
export const PROMPT_TEXT_TOO_SHORT = 'Descreva o treinamento para a Inteligência Artificial (ao menos 50 caracteres)';

export interface Prompt {
  readonly id: string;
  readonly name: string;
  /** The instructions the model follows (the spec's "prompt": the AI's training). */
  readonly prompt: string;
  readonly model: PromptModel;
  readonly maxTokens: number;
  /** 0 to 1 in steps of 0.1. */
  readonly temperature: number;
  /** How many of the ticket's latest messages the model reads as the conversation. */
  readonly maxMessages: number;
  /** Where the ticket goes for agents when the customer asks for a person or the model cannot help. */
  readonly queueId: string;
  readonly queue: { readonly id: string; readonly name: string; readonly color: string } | null;
  /** Whether an API key is stored (the key itself is never answered). */
  readonly hasApiKey: boolean;
  /** The OpenAI-compatible server's root (e.g. https://api.openai.com/v1); '' for the deployment's. */
  readonly baseUrl: string;
  readonly companyId: string;
  readonly createdAt: string;
  readonly updatedAt: string;
}

/** The company's use of AI tokens this month against its plan's cap (the prompts page shows it). */
export interface AiUsage {
  /** The month counted, 'YYYY-MM' (UTC). */
  readonly month: string;
  readonly tokens: number;
  /** The plan's cap, `aiTokensPerMonth`. */
  readonly limit: number;
}

/** GET /prompt (spec 3 §7: `prompts`), with this month's usage beside them. */
export interface PromptList {
  readonly prompts: readonly Prompt[];
  readonly usage: AiUsage;
}

/** DELETE /prompt/{id}: the message the page shows (spec 3 §7). */
export interface PromptDeleted {
  readonly message: string;
}

export const PROMPT_DELETED_MESSAGE = 'Prompt excluído';

export const PromptParams = z.object({ id: z.ulid('Invalid id') });

const required = 'Obrigatório';

const name = z
  .string({ error: required })
  .overwrite(withoutControls)
  .trim()
  .min(1, { error: required, abort: true })
  .min(5, 'Muito curto!')
  .max(100, 'Muito longo!');

const instructions = z
  .string({ error: required })
  .overwrite(writtenText)
  .refine((text) => text.trim().length >= 50, PROMPT_TEXT_TOO_SHORT)
  .refine((text) => text.length <= PROMPT_TEXT_MAX, 'Muito longo!');

/** A number as the form sends it: a number or its text. */
const formNumber = (message: string) => z.coerce.number({ error: message }).refine(Number.isFinite, message);

const baseUrl = z
  .string({ error: 'URL inválida' })
  .trim()
  .max(500, 'Muito longo!')
  .refine((url) => url === '' || /^https?:\/\/[^\s/]+/i.test(url), 'URL inválida')
  .transform((url) => url.replace(/\/+$/, ''));

const fields = {
  name,
  prompt: instructions,
  model: z.enum(PROMPT_MODELS, { error: 'Modelo inválido' }).optional().default(PROMPT_DEFAULTS.model),
  maxTokens: formNumber('Número inválido')
    .pipe(z.number().int('Número inválido').min(1, 'Número inválido').max(PROMPT_MAX_TOKENS_LIMIT, 'Número inválido'))
    .optional()
    .default(PROMPT_DEFAULTS.maxTokens),
  temperature: formNumber('Número inválido')
    .pipe(z.number().min(0, 'Entre 0 e 1').max(1, 'Entre 0 e 1'))
    // Steps of 0.1: a value between steps is taken at the nearest one.
    .transform((value) => Math.round(value * 10) / 10)
    .optional()
    .default(PROMPT_DEFAULTS.temperature),
  maxMessages: formNumber('Número inválido')
    .pipe(z.number().int('Número inválido').min(1, 'Número inválido').max(PROMPT_MAX_MESSAGES_LIMIT, 'Número inválido'))
    .optional()
    .default(PROMPT_DEFAULTS.maxMessages),
  queueId: z.union([EntityId, z.number().int().transform(String)], { error: PROMPT_QUEUE_REQUIRED }),
  baseUrl: baseUrl.optional().default(''),
};

const apiKey = z.string({ error: required }).trim().min(1, required).max(500, 'Muito longo!');

/** POST /prompt: every field of the form; the key is required. */
export const CreatePromptBody = z.object({ ...fields, apiKey });
export type CreatePromptBody = z.output<typeof CreatePromptBody>;

/** PUT /prompt/{id}: the whole form; without a key (or with an empty one) the stored key is kept. */
export const UpdatePromptBody = z.object({ ...fields, apiKey: z.union([z.literal(''), apiKey]).optional() });
export type UpdatePromptBody = z.output<typeof UpdatePromptBody>;
