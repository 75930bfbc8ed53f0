/**
 * The HTTP API client of the web app: a thin fetch wrapper that sends the Cognito access token, parses
 * JSON and turns every failure into an ApiError carrying the backend's error code, so screens only
 * deal with codes from the spec's catalogue. A 401 means the session is gone (the gateway's JWT
 * authorizer refused the token): the client reports it through `onUnauthorized`, which signs out.
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
  /** Called once per 401 answer, before the ApiError is thrown. */
  readonly onUnauthorized: () => void | Promise<void>;
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

export interface ApiClient {
  request<T>(path: string, options?: RequestOptions): Promise<T>;
  get<T>(path: string, options?: Omit<RequestOptions, 'method' | 'body'>): Promise<T>;
  post<T>(path: string, body?: unknown, options?: Omit<RequestOptions, 'method' | 'body'>): Promise<T>;
  put<T>(path: string, body?: unknown, options?: Omit<RequestOptions, 'method' | 'body'>): Promise<T>;
  patch<T>(path: string, body?: unknown, options?: Omit<RequestOptions, 'method' | 'body'>): Promise<T>;
  delete<T>(path: string, options?: Omit<RequestOptions, 'method' | 'body'>): Promise<T>;
}

export const SESSION_EXPIRED = 'ERR_SESSION_EXPIRED';
export const NETWORK_ERROR = 'ERR_NETWORK';
export const UNEXPECTED_ERROR = 'ERR_INTERNAL_SERVER_ERROR';

export function createApiClient(options: ApiClientOptions): ApiClient {
  const fetchFn = options.fetch ?? globalThis.fetch.bind(globalThis);

  async function request<T>(path: string, { method = 'GET', body, query, headers, signal }: RequestOptions = {}): Promise<T> {
    const token = await options.getAccessToken();
    const init: RequestInit = {
      method,
      headers: {
        accept: 'application/json',
        ...(body !== undefined && { 'content-type': 'application/json' }),
        ...(token !== undefined && { authorization: `Bearer ${token}` }),
        ...headers,
      },
      ...(body !== undefined && { body: JSON.stringify(body) }),
      ...(signal !== undefined && { signal }),
    };

    let response: Response;
    try {
      response = await fetchFn(buildUrl(options.baseUrl, path, query), init);
    } catch (error) {
      if (signal?.aborted) throw error;
      throw new ApiError(0, NETWORK_ERROR);
    }

    const parsed = await readJson(response);
    if (response.ok) return parsed as T;

    if (response.status === 401) {
      await options.onUnauthorized();
      throw new ApiError(401, errorCodeOf(parsed) ?? SESSION_EXPIRED, parsed);
    }
    throw new ApiError(response.status, errorCodeOf(parsed) ?? UNEXPECTED_ERROR, parsed);
  }

  return {
    request,
    get: (path, opts) => request(path, { ...opts, method: 'GET' }),
    post: (path, body, opts) => request(path, { ...opts, method: 'POST', body }),
    put: (path, body, opts) => request(path, { ...opts, method: 'PUT', body }),
    patch: (path, body, opts) => request(path, { ...opts, method: 'PATCH', body }),
    delete: (path, opts) => request(path, { ...opts, method: 'DELETE' }),
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
