/**
 * The HTTP API client of the web app: a thin fetch wrapper that sends the Cognito access token, parses
 * JSON and turns every failure into an ApiError carrying the backend's error code, so screens only
 * deal with codes from the spec's catalogue. Session rules of spec 1 §4.4: on a 403 the client
 * refreshes the token once (one refresh shared by every call that meets it, while calls starting
 * meanwhile wait for it) and retries the call once; a refused refresh, or a 401 (the gateway's JWT
 * authorizer refused the token, or the server ended the session), ends the session through
 * `onUnauthorized`.
 */

/** A failed call; `code` is the backend's `error` field or one of the client's own codes below. */
export class ApiError extends Error {
  override readonly name = 'ApiError';

  constructor(
    /** HTTP status, or 0 when the server could not be reached. */
    readonly status: number,
    readonly code: string,
    /** The parsed error body, for errors that carry details (e.g. who holds an open ticket). */
    readonly body?: unknown,
  ) {
    super(code);
  }
}

export interface ApiClientOptions {
  /** The API's base URL, without a trailing slash. */
  readonly baseUrl: string;
  /** The current access token, or undefined when signed out. */
  readonly getAccessToken: () => Promise<string | undefined>;
  /** Called on a 401 answer or a refused refresh, before the ApiError is thrown; ends the session. */
  readonly onUnauthorized: () => void | Promise<void>;
  /**
   * Forces a token refresh: true when a fresh token is stored, false when the identity provider
   * refused (the session is over). A rejection means the refresh could not be tried (network).
   */
  readonly refreshSession: () => Promise<boolean>;
  readonly fetch?: typeof fetch;
}

export interface RequestOptions {
  readonly method?: 'GET' | 'POST' | 'PUT' | 'PATCH' | 'DELETE';
  /** Sent as JSON. */
  readonly body?: unknown;
  readonly query?: Readonly<Record<string, string | number | boolean | undefined>>;
  readonly headers?: Readonly<Record<string, string>>;
  readonly signal?: AbortSignal;
}

export interface UploadOptions {
  readonly method?: 'POST' | 'PUT';
  readonly query?: RequestOptions['query'];
  readonly signal?: AbortSignal;
}

export interface ApiClient {
  request<T>(path: string, options?: RequestOptions): Promise<T>;
  get<T>(path: string, options?: Omit<RequestOptions, 'method' | 'body'>): Promise<T>;
  post<T>(path: string, body?: unknown, options?: Omit<RequestOptions, 'method' | 'body'>): Promise<T>;
  put<T>(path: string, body?: unknown, options?: Omit<RequestOptions, 'method' | 'body'>): Promise<T>;
  patch<T>(path: string, body?: unknown, options?: Omit<RequestOptions, 'method' | 'body'>): Promise<T>;
  delete<T>(path: string, options?: Omit<RequestOptions, 'method' | 'body'>): Promise<T>;
  /** Multipart upload: the browser sets the content type with its boundary. POST unless told. */
  upload<T>(path: string, formData: FormData, options?: UploadOptions): Promise<T>;
}

export const SESSION_EXPIRED = 'ERR_SESSION_EXPIRED';
export const NETWORK_ERROR = 'ERR_NETWORK';
export const UNEXPECTED_ERROR = 'ERR_INTERNAL_SERVER_ERROR';

type Method = NonNullable<RequestOptions['method']>;

/** What one call sends: JSON bodies are serialised here, multipart ones passed through untouched. */
interface Outgoing {
  readonly method: Method;
  readonly url: string;
  readonly body?: { readonly json: unknown } | { readonly form: FormData };
  readonly headers?: Readonly<Record<string, string>>;
  readonly signal?: AbortSignal;
}

export function createApiClient(options: ApiClientOptions): ApiClient {
  const fetchFn = options.fetch ?? globalThis.fetch.bind(globalThis);

  /** The refresh in flight, shared by every call that meets a 403 meanwhile. */
  let refreshing: Promise<boolean> | undefined;
  /** Counts finished refreshes, so a call that was sent with an older token just retries. */
  let refreshes = 0;

  function refreshOnce(): Promise<boolean> {
    refreshing ??= options.refreshSession().finally(() => {
      refreshes += 1;
      refreshing = undefined;
    });
    return refreshing;
  }

  async function send(outgoing: Outgoing): Promise<{ response: Response; generation: number }> {
    // Calls starting during a refresh wait for it, so they do not go out with the token being replaced.
    if (refreshing !== undefined) await refreshing.catch(() => undefined);
    const generation = refreshes;
    const token = await options.getAccessToken();
    const { body } = outgoing;
    const init: RequestInit = {
      method: outgoing.method,
      headers: {
        accept: 'application/json',
        ...(body !== undefined && 'json' in body && { 'content-type': 'application/json' }),
        ...(token !== undefined && { authorization: `Bearer ${token}` }),
        ...outgoing.headers,
      },
      ...(body !== undefined && { body: 'json' in body ? JSON.stringify(body.json) : body.form }),
      ...(outgoing.signal !== undefined && { signal: outgoing.signal }),
    };
    try {
      return { response: await fetchFn(outgoing.url, init), generation };
    } catch (error) {
      if (outgoing.signal?.aborted) throw error;
      throw new ApiError(0, NETWORK_ERROR);
    }
  }

  async function endSession(): Promise<never> {
    await options.onUnauthorized();
    throw new ApiError(401, SESSION_EXPIRED);
  }

  async function call<T>(outgoing: Outgoing): Promise<T> {
    const first = await send(outgoing);
    let { response } = first;

    if (response.status === 403) {
      // A refresh that finished after this call went out already renewed the token: only retry.
      if (first.generation === refreshes) {
        let refreshed: boolean;
        try {
          refreshed = await refreshOnce();
        } catch {
          throw new ApiError(0, NETWORK_ERROR);
        }
        if (!refreshed) return endSession();
      }
      ({ response } = await send(outgoing));
    }

    const parsed = await readJson(response);
    if (response.ok) return parsed as T;

    if (response.status === 401) {
      await options.onUnauthorized();
      throw new ApiError(401, errorCodeOf(parsed) ?? SESSION_EXPIRED, parsed);
    }
    throw new ApiError(response.status, errorCodeOf(parsed) ?? UNEXPECTED_ERROR, parsed);
  }

  function request<T>(path: string, { method = 'GET', body, query, headers, signal }: RequestOptions = {}): Promise<T> {
    return call<T>({
      method,
      url: buildUrl(options.baseUrl, path, query),
      ...(body !== undefined && { body: { json: body } }),
      ...(headers !== undefined && { headers }),
      ...(signal !== undefined && { signal }),
    });
  }

  return {
    request,
    get: (path, opts) => request(path, { ...opts, method: 'GET' }),
    post: (path, body, opts) => request(path, { ...opts, method: 'POST', body }),
    put: (path, body, opts) => request(path, { ...opts, method: 'PUT', body }),
    patch: (path, body, opts) => request(path, { ...opts, method: 'PATCH', body }),
    delete: (path, opts) => request(path, { ...opts, method: 'DELETE' }),
    upload: (path, formData, { method = 'POST', query, signal } = {}) =>
      call({
        method,
        url: buildUrl(options.baseUrl, path, query),
        body: { form: formData },
        ...(signal !== undefined && { signal }),
      }),
  };
}

function buildUrl(baseUrl: string, path: string, query: RequestOptions['query']): string {
  const url = new URL(`${baseUrl}${path.startsWith('/') ? path : `/${path}`}`);
  for (const [key, value] of Object.entries(query ?? {})) {
    if (value !== undefined) url.searchParams.set(key, String(value));
  }
  return url.toString();
}

/** The body as JSON, or undefined when empty or not JSON (a 204, a proxy's HTML error page). */
async function readJson(response: Response): Promise<unknown> {
  const text = await response.text();
  if (text === '') return undefined;
  try {
    return JSON.parse(text) as unknown;
  } catch {
    return undefined;
  }
}

/** The backend's `{ "error": "ERR_..." }`; the gateway's `{ "message": "Unauthorized" }` has none. */
function errorCodeOf(body: unknown): string | undefined {
  if (typeof body !== 'object' || body === null) return undefined;
  const { error } = body as { error?: unknown };
  return typeof error === 'string' && error !== '' ? error : undefined;
}
