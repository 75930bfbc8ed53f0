/**
 * Meta's Graph API, the one door of the Cloud API connections (issue 32): every call of core/whatsapp-cloud/
 * goes through `graphCall`, at the stage's configured root (config.whatsappCloudApiUrl: Meta's versioned
 * Graph root unless the stage or, locally, the environment names another: the local Graph simulator, a
 * test's fake). Bounded in time and in what is read back (core/integrations/outbound-http.ts); errors
 * carry Meta's status and error code, never the token or the request's body.
 *
 * Which failures may be tried again later is decided here, once, from Meta's documented error codes:
 * throttling (HTTP 429, codes 4, 80007, 130429, 131056) and Meta's own transient failures (HTTP 5xx,
 * codes 1, 2, 131000, 131016) are retryable; anything else (a bad token: 190; a bad parameter: 100;
 * a recipient outside the window: 131047; …) is final and names its reason.
 */
import { config } from '../config';
import { getOutbound, jsonOf, OutboundCallError, postOutbound, readAtMost, type OutboundAnswer, type OutboundOptions } from '../http/outbound-http';

/** Meta's error codes that ask to slow down or report a passing failure on their side. */
const RETRYABLE_CODES = new Set([1, 2, 4, 80007, 130429, 131000, 131016, 131056]);

/** A Graph API call that failed: unreachable (status null), or answered with Meta's error object. */
export class GraphApiError extends Error {
  constructor(
    /** What was being called, e.g. 'cloud sendMessage'. */
    readonly what: string,
    /** The HTTP status; null when there was no answer. */
    readonly status: number | null,
    /** Meta's `error.code` when it sent one. */
    readonly code: number | null,
    /** Meta's `error.message` (it names the failure, never our token), or why there was no answer. */
    readonly reason: string,
    /** Try again later: throttled, or a passing failure on Meta's side (or no answer at all). */
    readonly retryable: boolean,
  ) {
    super(`${what}: ${status ?? 'no answer'}${code !== null ? ` (code ${code})` : ''} ${reason}`);
    this.name = 'GraphApiError';
  }
}

/** The phone number id, WABA id or media id a path is made of: Meta's ids are digits. */
function graphPath(path: string): string {
  if (!/^\/?[\w./-]+(\?[\w=&.,%-]*)?$/.test(path)) throw new Error(`not a Graph path: ${path}`);
  return `${config.whatsappCloudApiUrl()}/${path.replace(/^\//, '')}`;
}

interface GraphErrorBody {
  readonly error?: { readonly message?: unknown; readonly code?: unknown };
}

function errorOf(what: string, answer: OutboundAnswer): GraphApiError {
  const body = jsonOf(answer) as GraphErrorBody | undefined;
  const code = typeof body?.error?.code === 'number' ? body.error.code : null;
  const message = typeof body?.error?.message === 'string' ? body.error.message.slice(0, 300) : `HTTP ${answer.status}`;
  const retryable = answer.status === 429 || answer.status >= 500 || (code !== null && RETRYABLE_CODES.has(code));
  return new GraphApiError(what, answer.status, code, message, retryable);
}

/**
 * One Graph API call with the connection's access token: GET without a body, POST with a JSON body.
 * Answers the parsed JSON of a 2xx answer; throws GraphApiError otherwise.
 */
export async function graphCall(what: string, token: string, path: string, json?: unknown): Promise<unknown> {
  const headers = { authorization: `Bearer ${token}`, ...(json === undefined ? {} : { 'content-type': 'application/json' }) };
  return answered(what, () => (json === undefined ? getOutbound(what, graphPath(path), headers) : postOutbound(what, graphPath(path), JSON.stringify(json), headers)));
}

/** How long a file's upload may take: longer than a JSON call (a 100 MB document), within a consumer's 30 s. */
const UPLOAD_TIMEOUT_MS = 25_000;

/** A file for graphUpload: its bytes, type and name as Meta stores them. */
export interface GraphFile {
  readonly bytes: Uint8Array;
  readonly mimeType: string;
  readonly name: string;
}

/**
 * One multipart/form-data POST with the connection's access token (a media upload, `POST
 * /{phone-number-id}/media`): the text `fields`, then the file as `file`. Bounded in time (longer than
 * a JSON call) and in what is read back, like graphCall; answers the parsed JSON or throws GraphApiError.
 */
export async function graphUpload(what: string, token: string, path: string, fields: Readonly<Record<string, string>>, file: GraphFile): Promise<unknown> {
  const form = new FormData();
  for (const [name, value] of Object.entries(fields)) form.append(name, value);
  // A copy: Blob takes bytes over an ArrayBuffer only, and a stored object may sit on a shared one.
  form.append('file', new Blob([new Uint8Array(file.bytes)], { type: file.mimeType }), file.name);
  const options: OutboundOptions = { timeoutMs: UPLOAD_TIMEOUT_MS };
  return answered(what, () => postOutbound(what, graphPath(path), form, { authorization: `Bearer ${token}` }, options));
}

/** The parsed JSON of a 2xx answer; a call without an answer or with another status is a GraphApiError. */
async function answered(what: string, call: () => Promise<OutboundAnswer>): Promise<unknown> {
  let answer: OutboundAnswer;
  try {
    answer = await call();
  } catch (error) {
    if (error instanceof OutboundCallError) throw new GraphApiError(what, error.status, null, error.message, true);
    throw error;
  }
  if (answer.status < 200 || answer.status > 299) throw errorOf(what, answer);
  return jsonOf(answer);
}

/** How long a media download may take: a file of up to MESSAGE_MEDIA_MAX_BYTES from Meta's CDN. */
export const GRAPH_DOWNLOAD_TIMEOUT_MS = 20_000;

/**
 * Downloads a file from the short-lived `url` Meta answers for a media id (`GET /{media-id}`), with the
 * connection's token as Meta requires, reading at most `maxBytes` (a bigger file is refused before or
 * while it is read, never held whole). Redirects are not followed. Throws GraphApiError on any failure.
 */
export async function graphDownload(what: string, token: string, url: string, maxBytes: number): Promise<Buffer> {
  if (!/^https?:\/\//i.test(url)) throw new GraphApiError(what, null, null, 'not a download address', false);
  let response: Response;
  try {
    response = await fetch(url, { headers: { authorization: `Bearer ${token}` }, redirect: 'error', signal: AbortSignal.timeout(GRAPH_DOWNLOAD_TIMEOUT_MS) });
  } catch {
    throw new GraphApiError(what, null, null, 'unreachable or timed out', true);
  }
  if (response.status < 200 || response.status > 299) {
    await response.body?.cancel();
    throw new GraphApiError(what, response.status, null, `HTTP ${response.status}`, response.status === 429 || response.status >= 500);
  }
  const declared = Number(response.headers.get('content-length') ?? '');
  if (Number.isFinite(declared) && declared > maxBytes) {
    await response.body?.cancel();
    throw new GraphApiError(what, response.status, null, 'file too big', false);
  }
  const read = await readAtMost(response, maxBytes);
  if (read === 'too big') throw new GraphApiError(what, response.status, null, 'file too big', false);
  if (read === 'cut short') throw new GraphApiError(what, response.status, null, 'download cut short', true);
  return read;
}
