/**
 * The HTTP calls chatbot integrations make to outside services (Typebot, n8n and webhooks, Google):
 * bounded in time and in the size of what is read back, so a slow or chatty service cannot hold a worker
 * or fill its memory. Errors name the service's status, never the request's body or headers (which may
 * carry a signature or a token).
 */

/** How long one call may take, answer included. */
export const OUTBOUND_TIMEOUT_MS = 10_000;
/** The most of an answer we read (a bot's messages are a few KB). */
export const OUTBOUND_MAX_ANSWER_BYTES = 256 * 1024;

export interface OutboundAnswer {
  readonly status: number;
  readonly contentType: string;
  readonly text: string;
}

/** A call that did not answer (network, timeout, an answer too big) or answered an error status. */
export class OutboundCallError extends Error {
  constructor(
    /** What was being called, e.g. 'typebot startChat'. */
    readonly what: string,
    /** The status answered; null when there was no answer. */
    readonly status: number | null,
    reason: string,
  ) {
    super(`${what}: ${reason}`);
    this.name = 'OutboundCallError';
  }
}

export async function postOutbound(
  what: string,
  url: string,
  body: string,
  headers: Readonly<Record<string, string>>,
  timeoutMs = OUTBOUND_TIMEOUT_MS,
): Promise<OutboundAnswer> {
  let response: Response;
  try {
    response = await fetch(url, { method: 'POST', headers, body, redirect: 'error', signal: AbortSignal.timeout(timeoutMs) });
  } catch (error) {
    throw new OutboundCallError(what, null, error instanceof Error && error.name === 'TimeoutError' ? 'timed out' : 'unreachable');
  }
  const text = await boundedText(what, response);
  return { status: response.status, contentType: response.headers.get('content-type') ?? '', text };
}

/** The answer's body as text, refusing one past OUTBOUND_MAX_ANSWER_BYTES. */
async function boundedText(what: string, response: Response): Promise<string> {
  if (!response.body) return '';
  const reader = response.body.getReader();
  const chunks: Uint8Array[] = [];
  let size = 0;
  try {
    for (;;) {
      const { done, value } = await reader.read();
      if (done) break;
      size += value.byteLength;
      if (size > OUTBOUND_MAX_ANSWER_BYTES) {
        await reader.cancel();
        throw new OutboundCallError(what, response.status, 'answer too big');
      }
      chunks.push(value);
    }
  } catch (error) {
    if (error instanceof OutboundCallError) throw error;
    throw new OutboundCallError(what, response.status, 'answer cut short');
  }
  return Buffer.concat(chunks).toString('utf8');
}

/** The answer as JSON; undefined when it is not JSON. */
export function jsonOf(answer: OutboundAnswer): unknown {
  try {
    return JSON.parse(answer.text) as unknown;
  } catch {
    return undefined;
  }
}
