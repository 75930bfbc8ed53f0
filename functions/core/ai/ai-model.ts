/**
 * The one place that talks to an OpenAI-compatible server, through the official `openai` package: the
 * prompt's server (its `baseUrl`, else the deployment's, config.openAiBaseUrl) with the prompt's key.
 * A call is bounded in time (the customer is waiting, and the inbound worker with them) and tried twice
 * at most; any failure is thrown for the caller to hand the ticket to agents. The key goes to the
 * server and nowhere else: errors are described by their status and type only.
 */
import OpenAI, { APIError, toFile } from 'openai';
import { config } from '../config';
import { assertPublicHost, OutboundCallError } from '../http/outbound-http';
import type { StoredPrompt } from '../repositories/prompts';
import { BUSINESS_METRICS } from '../../../infra/resources/metrics';
import { countMetric } from '../metrics';

/** How long one call may take: an answer slower than this reaches the customer too late to help. */
const CALL_TIMEOUT_MS = 20_000;
/** The transcription model OpenAI offers; a compatible server without it refuses, and agents take over. */
const TRANSCRIPTION_MODEL = 'whisper-1';

export interface Turn {
  readonly role: 'user' | 'assistant';
  readonly content: string;
}

export interface ModelAnswer {
  readonly text: string;
  /** Tokens of the prompt and the answer, as the server counted them (0 when it does not say). */
  readonly tokens: number;
}

/**
 * The client of the prompt's server. A base URL the company typed must name a public host, as an
 * integration's address must (integrations/outbound-http.ts): our functions never call what sits beside them.
 */
async function clientOf(prompt: StoredPrompt): Promise<OpenAI> {
  if (prompt.baseUrl) await assertPublicHost('AI prompt server', prompt.baseUrl);
  return new OpenAI({ apiKey: prompt.apiKey, baseURL: prompt.baseUrl || config.openAiBaseUrl(), timeout: CALL_TIMEOUT_MS, maxRetries: 1 });
}

/** The model's answer to the conversation, with the prompt's instructions first. */
export async function askModel(prompt: StoredPrompt, instructions: string, turns: readonly Turn[]): Promise<ModelAnswer> {
  countMetric(BUSINESS_METRICS.aiCalls);
  const completion = await (await clientOf(prompt)).chat.completions.create({
    model: prompt.model,
    // max_tokens rather than OpenAI's newer max_completion_tokens: every OpenAI-compatible server
    // (vLLM, Ollama, LiteLLM, Azure) takes it, and OpenAI still does for the models offered.
    // eslint-disable-next-line @typescript-eslint/no-deprecated -- see above
    max_tokens: prompt.maxTokens,
    temperature: prompt.temperature,
    messages: [{ role: 'system', content: instructions }, ...turns.map((turn) => ({ role: turn.role, content: turn.content }))],
  });
  const tokens = completion.usage?.total_tokens ?? 0;
  countMetric(BUSINESS_METRICS.aiTokens, tokens);
  return { text: completion.choices[0]?.message.content?.trim() ?? '', tokens };
}

/** The text of a voice message, where the server offers transcription. */
export async function transcribe(prompt: StoredPrompt, audio: { readonly bytes: Uint8Array; readonly name: string; readonly contentType: string }): Promise<string> {
  const file = await toFile(audio.bytes, audio.name, { type: audio.contentType });
  countMetric(BUSINESS_METRICS.aiCalls);
  const transcription = await (await clientOf(prompt)).audio.transcriptions.create({ file, model: TRANSCRIPTION_MODEL });
  return transcription.text.trim();
}

/** What may be logged of a failed call: never the request (it carries the key). */
export function describeFailure(error: unknown): Record<string, unknown> {
  if (error instanceof OutboundCallError) return { name: error.name, reason: error.message };
  if (error instanceof APIError) return { status: error.status ?? null, type: error.type ?? null, code: error.code ?? null, name: error.name };
  return { name: error instanceof Error ? error.name : typeof error };
}
