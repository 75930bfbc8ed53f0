/**
 * The prompt dialog without React (spec 3 §5, §9): its values (the spec's defaults for a new prompt),
 * the body it sends, the schema that checks it (the server's own, shared/prompts.ts, so the form refuses
 * what the API would, in the spec's words: 'Muito curto!', 'Informe o setor', ...) and the messages as
 * keys of the page's dictionary.
 *
 * The API key is write-only: an edit starts with the key field empty, and an empty key on an edit is
 * left out of the body, which keeps the stored key.
 */
import {
  CreatePromptBody,
  PROMPT_DEFAULTS,
  PROMPT_QUEUE_REQUIRED,
  PROMPT_TEXT_TOO_SHORT,
  UpdatePromptBody,
  type Prompt,
  type PromptModel,
} from '../../../shared/prompts';
import type { PromptRequestBody } from '../api/prompts';

export interface PromptFormValues {
  readonly name: string;
  /** The instructions (the AI's training). */
  readonly prompt: string;
  readonly model: PromptModel;
  /** As typed. */
  readonly maxTokens: string;
  /** 0 to 1 in steps of 0.1 (the slider's value). */
  readonly temperature: number;
  /** As typed. */
  readonly maxMessages: string;
  /** '' until one is chosen. */
  readonly queueId: string;
  /** As typed; on an edit, '' keeps the stored key. */
  readonly apiKey: string;
  /** The OpenAI-compatible server's root; '' for the deployment's. */
  readonly baseUrl: string;
}

export type PromptFormField = keyof PromptFormValues;

/** A new prompt: spec 3 §9's defaults (gpt-3.5-turbo-1106, 100 tokens, temperature 1, 10 messages). */
export function emptyPromptForm(): PromptFormValues {
  return {
    name: '',
    prompt: '',
    model: PROMPT_DEFAULTS.model,
    maxTokens: String(PROMPT_DEFAULTS.maxTokens),
    temperature: PROMPT_DEFAULTS.temperature,
    maxMessages: String(PROMPT_DEFAULTS.maxMessages),
    queueId: '',
    apiKey: '',
    baseUrl: '',
  };
}

/** A stored prompt in the form: its key field empty (the key is never answered). */
export function promptFormOf(prompt: Prompt): PromptFormValues {
  return {
    name: prompt.name,
    prompt: prompt.prompt,
    model: prompt.model,
    maxTokens: String(prompt.maxTokens),
    temperature: prompt.temperature,
    maxMessages: String(prompt.maxMessages),
    queueId: prompt.queueId,
    apiKey: '',
    baseUrl: prompt.baseUrl,
  };
}

/** A typed number; NaN when empty or not a number (the schema then says 'Número inválido'). */
export function typedNumber(typed: string): number {
  const trimmed = typed.trim();
  return trimmed === '' ? Number.NaN : Number(trimmed);
}

/** What the form sends: POST /prompt's body, or PUT /prompt/{id}'s when `editing` (a blank key left out). */
export function promptFormBody(values: PromptFormValues, editing: boolean): PromptRequestBody {
  const apiKey = values.apiKey.trim();
  return {
    name: values.name,
    prompt: values.prompt,
    model: values.model,
    maxTokens: typedNumber(values.maxTokens),
    temperature: values.temperature,
    maxMessages: typedNumber(values.maxMessages),
    ...(values.queueId !== '' && { queueId: values.queueId }),
    ...((!editing || apiKey !== '') && { apiKey }),
    baseUrl: values.baseUrl.trim(),
  };
}

/** The API's schema of the body: POST /prompt (the key required) or PUT /prompt/{id} (a blank key keeps it). */
export function promptFormSchema(editing: boolean) {
  return editing ? UpdatePromptBody : CreatePromptBody;
}

/** The schema's messages (shared/prompts.ts, in Portuguese) by the key of their translation. */
const MESSAGE_KEYS = {
  Obrigatório: 'required',
  'Muito curto!': 'tooShort',
  'Muito longo!': 'tooLong',
  [PROMPT_TEXT_TOO_SHORT]: 'promptTooShort',
  'Número inválido': 'invalidNumber',
  'Entre 0 e 1': 'temperatureRange',
  'Modelo inválido': 'invalidModel',
  'URL inválida': 'invalidUrl',
  [PROMPT_QUEUE_REQUIRED]: 'queueRequired',
} as const;

export type PromptMessageKey = (typeof MESSAGE_KEYS)[keyof typeof MESSAGE_KEYS];

/** A message to show: a key of the dictionary, or the server's text as it came when unknown. */
export type PromptFieldMessage = { readonly key: PromptMessageKey } | { readonly text: string };

export function promptFieldMessage(message: string): PromptFieldMessage {
  const key = (MESSAGE_KEYS as Readonly<Record<string, PromptMessageKey>>)[message];
  return key === undefined ? { text: message } : { key };
}

/** Whether a save would be refused for want of a queue alone among its reasons (the spec's toast: 'Informe o setor'). */
export const lacksQueue = (messages: Readonly<Record<string, string>>): boolean => messages.queueId !== undefined;
