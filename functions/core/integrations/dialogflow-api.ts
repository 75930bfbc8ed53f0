/**
 * Dialogflow ES through its REST API, with a Google service account (docs/architecture.md §8: a
 * Dialogflow integration works end to end or is not offered; ours does):
 * 1. a JWT naming the account, Dialogflow's scope and the token endpoint, signed RS256 with the
 *    account's private key (service-account.ts);
 * 2. exchanged at Google's OAuth 2.0 token endpoint (`config.googleTokenUrl`) for an access token, kept
 *    per account in this container until a minute before it expires;
 * 3. `POST {config.dialogflowApiUrl}/v2/projects/{project}/agent/sessions/{session}:detectIntent` with
 *    the customer's text and the integration's language.
 * The answer's texts (its fulfillment messages, else its fulfillment text) go back to the customer; an
 * intent marked "end of conversation" (Dialogflow's `diagnosticInfo.end_conversation`, or the intent's
 * `endInteraction`) says the bot is done. Both endpoints come from the configuration, so the tests reach
 * a stand-in speaking the same shapes.
 */
import { createSign } from 'node:crypto';
import { z } from 'zod';
import { config } from '../config';
import { jsonOf, OutboundCallError, postOutbound } from '../http/outbound-http';
import type { ServiceAccount } from './service-account';

export const DIALOGFLOW_SCOPE = 'https://www.googleapis.com/auth/dialogflow';
/** Google issues tokens for at most an hour. */
const TOKEN_LIFETIME_SECONDS = 3600;
/** A token is renewed this long before it expires, so none expires on its way. */
const TOKEN_MARGIN_MS = 60_000;
/** Tokens of the accounts this container used lately; few companies use Dialogflow at once. */
const TOKENS_KEPT = 100;

export interface DetectIntentResult {
  readonly messages: readonly string[];
  readonly endConversation: boolean;
}

const base64url = (value: string | Buffer): string => Buffer.from(value).toString('base64url');

/** The signed JWT a service account asks for a token with (RFC 7523, as Google's client libraries do). */
export function signedAssertion(account: ServiceAccount, tokenUrl: string, now: Date): string {
  const issuedAt = Math.floor(now.getTime() / 1000);
  const header = { alg: 'RS256', typ: 'JWT', ...(account.keyId ? { kid: account.keyId } : {}) };
  const claims = { iss: account.clientEmail, scope: DIALOGFLOW_SCOPE, aud: tokenUrl, iat: issuedAt, exp: issuedAt + TOKEN_LIFETIME_SECONDS };
  const unsigned = `${base64url(JSON.stringify(header))}.${base64url(JSON.stringify(claims))}`;
  const signature = createSign('RSA-SHA256').update(unsigned).sign(account.privateKey);
  return `${unsigned}.${base64url(signature)}`;
}

const TokenAnswer = z.object({ access_token: z.string().min(1), expires_in: z.number().positive().optional() });

const tokens = new Map<string, { readonly token: string; readonly until: number }>();

/** Forgets the tokens this container keeps (tests of the token's renewal). */
export function forgetDialogflowTokens(): void {
  tokens.clear();
}

export async function accessToken(account: ServiceAccount, now = new Date()): Promise<string> {
  const tokenUrl = config.googleTokenUrl();
  // Per key and endpoint: a new key of the same account, or another endpoint, gets a token of its own.
  const cacheKey = `${tokenUrl} ${account.clientEmail} ${account.keyId}`;
  const kept = tokens.get(cacheKey);
  if (kept && kept.until > now.getTime()) return kept.token;
  const body = new URLSearchParams({ grant_type: 'urn:ietf:params:oauth:grant-type:jwt-bearer', assertion: signedAssertion(account, tokenUrl, now) });
  const answer = await postOutbound('google token', tokenUrl, body.toString(), { 'content-type': 'application/x-www-form-urlencoded' });
  if (answer.status < 200 || answer.status > 299) throw new OutboundCallError('google token', answer.status, 'refused');
  const parsed = TokenAnswer.safeParse(jsonOf(answer));
  if (!parsed.success) throw new OutboundCallError('google token', answer.status, 'answer without an access token');
  const lifetimeMs = (parsed.data.expires_in ?? TOKEN_LIFETIME_SECONDS) * 1000;
  if (tokens.size >= TOKENS_KEPT) tokens.delete(tokens.keys().next().value ?? '');
  tokens.set(cacheKey, { token: parsed.data.access_token, until: now.getTime() + Math.max(0, lifetimeMs - TOKEN_MARGIN_MS) });
  return parsed.data.access_token;
}

const DetectIntentAnswer = z.object({
  queryResult: z
    .object({
      fulfillmentText: z.string().optional(),
      fulfillmentMessages: z.array(z.object({ text: z.object({ text: z.array(z.string()).optional() }).optional() }).loose()).optional(),
      intent: z.object({ endInteraction: z.boolean().optional() }).loose().optional(),
      diagnosticInfo: z.record(z.string(), z.unknown()).optional(),
    })
    .loose()
    .optional(),
});

export interface DetectIntentInput {
  readonly projectId: string;
  /** Dialogflow keeps a conversation's context per session: one per ticket. */
  readonly sessionId: string;
  readonly text: string;
  readonly languageCode: string;
}

export async function detectIntent(account: ServiceAccount, input: DetectIntentInput, now = new Date()): Promise<DetectIntentResult> {
  const token = await accessToken(account, now);
  const url = `${config.dialogflowApiUrl()}/v2/projects/${encodeURIComponent(input.projectId)}/agent/sessions/${encodeURIComponent(input.sessionId)}:detectIntent`;
  const body = JSON.stringify({ queryInput: { text: { text: input.text, languageCode: input.languageCode } } });
  const answer = await postOutbound('dialogflow detectIntent', url, body, { 'content-type': 'application/json', authorization: `Bearer ${token}` });
  if (answer.status === 401) tokens.clear();
  if (answer.status < 200 || answer.status > 299) throw new OutboundCallError('dialogflow detectIntent', answer.status, 'refused');
  const parsed = DetectIntentAnswer.safeParse(jsonOf(answer));
  if (!parsed.success) throw new OutboundCallError('dialogflow detectIntent', answer.status, 'answer not understood');
  const result = parsed.data.queryResult ?? {};
  const fromMessages = (result.fulfillmentMessages ?? []).flatMap((message) => message.text?.text ?? []).filter((text) => text.trim() !== '');
  const fallback = result.fulfillmentText?.trim() ? [result.fulfillmentText] : [];
  return {
    messages: fromMessages.length > 0 ? fromMessages : fallback,
    endConversation: result.diagnosticInfo?.end_conversation === true || result.intent?.endInteraction === true,
  };
}
