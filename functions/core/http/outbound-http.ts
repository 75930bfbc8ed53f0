/**
 * The HTTP calls to outside services (chatbot integrations: Typebot, n8n and webhooks, Google; the AI
 * models; the payment provider; Meta's Graph API): bounded in time and in the size of what is read
 * back, so a slow or chatty service cannot hold a worker or fill its memory. Errors name the service's
 * status, never the request's body or headers (which may carry a signature or a token).
 *
 * An address a company typed (`publicOnly`) must name a public host: one that resolves to a loopback,
 * private, link-local or otherwise reserved address is refused, so an integration cannot make our
 * functions call what sits beside them (the Lambda runtime's own API on 127.0.0.1, a VPC's hosts).
 * Redirects are not followed, for the same reason. The local cloud allows private hosts
 * (INTEGRATION_PRIVATE_HOSTS_ALLOWED), where the services' stand-ins listen on 127.0.0.1. A name that
 * resolves to another address between our check and the call is not caught: the check raises the bar,
 * the network's own rules are the wall.
 */
import { lookup } from 'node:dns/promises';
import { BlockList, isIP } from 'node:net';
import { config } from '../config';

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

const RESERVED = new BlockList();
for (const [network, prefix] of [
  ['0.0.0.0', 8],
  ['10.0.0.0', 8],
  ['100.64.0.0', 10],
  ['127.0.0.0', 8],
  ['169.254.0.0', 16],
  ['172.16.0.0', 12],
  ['192.0.0.0', 24],
  ['192.168.0.0', 16],
  ['198.18.0.0', 15],
  ['224.0.0.0', 3],
] as const) {
  RESERVED.addSubnet(network, prefix, 'ipv4');
}
for (const [network, prefix] of [
  ['::', 128],
  ['::1', 128],
  ['fc00::', 7],
  ['fe80::', 10],
  ['ff00::', 8],
] as const) {
  RESERVED.addSubnet(network, prefix, 'ipv6');
}

/** Whether an address is one no company's integration may reach (an IPv4-mapped IPv6 address as its IPv4). */
export function isReservedAddress(address: string): boolean {
  const mapped = /^::ffff:(\d+\.\d+\.\d+\.\d+)$/i.exec(address)?.[1];
  if (mapped) return RESERVED.check(mapped, 'ipv4');
  const family = isIP(address);
  return family === 0 || RESERVED.check(address, family === 6 ? 'ipv6' : 'ipv4');
}

/** Refuses an address a company typed that names a private or reserved host (see above); allowed locally. */
export async function assertPublicHost(what: string, url: string): Promise<void> {
  if (config.integrationPrivateHostsAllowed()) return;
  let host: string;
  try {
    host = new URL(url).hostname.replace(/^\[|\]$/g, '');
  } catch {
    throw new OutboundCallError(what, null, 'not a valid address');
  }
  let addresses: string[];
  try {
    addresses = isIP(host) ? [host] : (await lookup(host, { all: true, verbatim: true })).map((found) => found.address);
  } catch {
    throw new OutboundCallError(what, null, 'host not found');
  }
  if (addresses.length === 0 || addresses.some(isReservedAddress)) throw new OutboundCallError(what, null, 'host not allowed (a private or reserved address)');
}

/** A POST; a FormData body goes as multipart/form-data, its boundary set by fetch (no content-type header then). */
export async function postOutbound(
  what: string,
  url: string,
  body: string | FormData,
  headers: Readonly<Record<string, string>>,
  options: OutboundOptions = {},
): Promise<OutboundAnswer> {
  return callOutbound(what, url, { method: 'POST', headers, body }, options);
}

/** A GET, bounded as a POST is (payment providers read back what they made). */
export async function getOutbound(what: string, url: string, headers: Readonly<Record<string, string>>, options: OutboundOptions = {}): Promise<OutboundAnswer> {
  return callOutbound(what, url, { method: 'GET', headers }, options);
}

export interface OutboundOptions {
  readonly timeoutMs?: number;
  readonly publicOnly?: boolean;
}

async function callOutbound(
  what: string,
  url: string,
  request: { readonly method: 'GET' | 'POST'; readonly headers: Readonly<Record<string, string>>; readonly body?: string | FormData },
  options: OutboundOptions,
): Promise<OutboundAnswer> {
  if (options.publicOnly) await assertPublicHost(what, url);
  const timeoutMs = options.timeoutMs ?? OUTBOUND_TIMEOUT_MS;
  let response: Response;
  try {
    response = await fetch(url, { ...request, redirect: 'error', signal: AbortSignal.timeout(timeoutMs) });
  } catch (error) {
    throw new OutboundCallError(what, null, failureOf(error));
  }
  const text = await boundedText(what, response);
  return { status: response.status, contentType: response.headers.get('content-type') ?? '', text };
}

/** Why fetch threw, in words that carry nothing of the request. */
function failureOf(error: unknown): string {
  // By shape, not by class: fetch's errors may come from another realm (a test runner's).
  const { name, cause } = (typeof error === 'object' && error !== null ? error : {}) as { name?: unknown; cause?: unknown };
  if (name === 'TimeoutError') return 'timed out';
  const reason = typeof cause === 'object' && cause !== null && 'message' in cause ? String(cause.message) : '';
  return /redirect/i.test(reason) ? 'redirected (redirects are not followed)' : 'unreachable';
}

/** The answer's body as text, refusing one past OUTBOUND_MAX_ANSWER_BYTES. */
async function boundedText(what: string, response: Response): Promise<string> {
  const read = await readAtMost(response, OUTBOUND_MAX_ANSWER_BYTES);
  if (read === 'too big') throw new OutboundCallError(what, response.status, 'answer too big');
  if (read === 'cut short') throw new OutboundCallError(what, response.status, 'answer cut short');
  return read.toString('utf8');
}

/**
 * A response's body read to its end, never holding more than `maxBytes`: its bytes, or why the reading
 * stopped ('too big': past the bound, the rest cancelled unread; 'cut short': the stream failed).
 */
export async function readAtMost(response: Response, maxBytes: number): Promise<Buffer | 'too big' | 'cut short'> {
  if (!response.body) return Buffer.alloc(0);
  const reader = response.body.getReader();
  const chunks: Uint8Array[] = [];
  let size = 0;
  try {
    for (;;) {
      const { done, value } = await reader.read();
      if (done) return Buffer.concat(chunks);
      size += value.byteLength;
      if (size > maxBytes) {
        await reader.cancel();
        return 'too big';
      }
      chunks.push(value);
    }
  } catch {
    return 'cut short';
  }
}

/** The answer as JSON; undefined when it is not JSON. */
export function jsonOf(answer: OutboundAnswer): unknown {
  try {
    return JSON.parse(answer.text) as unknown;
  } catch {
    return undefined;
  }
}
