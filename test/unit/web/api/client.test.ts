import { ApiError, createApiClient, type ApiClientOptions } from '../../../../web/src/api/client';

interface Recorded {
  readonly url: string;
  readonly init: RequestInit | undefined;
}

function setup(answer: (call: number) => Response | Promise<Response>, overrides: Partial<ApiClientOptions> = {}) {
  const requests: Recorded[] = [];
  let unauthorized = 0;
  let refreshes = 0;
  const client = createApiClient({
    baseUrl: 'https://api.example.com',
    getAccessToken: async () => 'access-token',
    onUnauthorized: () => {
      unauthorized += 1;
    },
    refreshSession: async () => {
      refreshes += 1;
      return true;
    },
    fetch: (async (url: string, init?: RequestInit) => {
      requests.push({ url, init });
      return answer(requests.length);
    }) as typeof fetch,
    ...overrides,
  });
  return { client, requests, unauthorizedCalls: () => unauthorized, refreshCalls: () => refreshes };
}

/** A promise settled from outside, to hold a refresh in flight. */
function deferred<T>() {
  let resolve!: (value: T) => void;
  let reject!: (error: unknown) => void;
  const promise = new Promise<T>((res, rej) => {
    resolve = res;
    reject = rej;
  });
  return { promise, resolve, reject };
}

const authorization = (request: Recorded | undefined) => new Headers(request?.init?.headers).get('authorization');

/** Lets pending promise callbacks run. */
const settle = () => new Promise((resolve) => setTimeout(resolve, 0));

const json = (status: number, body: unknown) => new Response(JSON.stringify(body), { status });

describe('createApiClient', () => {
  test('sends the access token as a bearer and returns the parsed body', async () => {
    // Prepare
    const { client, requests } = setup(() => json(200, { user: { name: 'Ana' } }));

    // Act
    const body = await client.get<{ user: { name: string } }>('/auth/me');

    // Assess
    expect(body.user.name).toBe('Ana');
    expect(requests[0]?.url).toBe('https://api.example.com/auth/me');
    expect(new Headers(requests[0]?.init?.headers).get('authorization')).toBe('Bearer access-token');
  });

  test('sends a body as JSON and query values as parameters, skipping undefined ones', async () => {
    const { client, requests } = setup(() => json(201, { id: '1' }));

    await client.post('/tags', { name: 'vip' }, { query: { page: 2, search: undefined } });

    expect(requests[0]?.url).toBe('https://api.example.com/tags?page=2');
    expect(requests[0]?.init?.method).toBe('POST');
    expect(requests[0]?.init?.body).toBe('{"name":"vip"}');
    expect(new Headers(requests[0]?.init?.headers).get('content-type')).toBe('application/json');
  });

  test('sends no authorization header when signed out', async () => {
    const { client, requests } = setup(() => json(200, {}), { getAccessToken: async () => undefined });

    await client.get('/version');

    expect(new Headers(requests[0]?.init?.headers).has('authorization')).toBe(false);
  });

  test('returns undefined for an empty answer', async () => {
    const { client } = setup(() => new Response(null, { status: 204 }));

    await expect(client.delete('/tags/1')).resolves.toBeUndefined();
  });

  test("turns an error answer into an ApiError with the body's code", async () => {
    const { client, unauthorizedCalls } = setup(() => json(409, { error: 'ERR_OTHER_OPEN_TICKET', ticketId: 't1' }));

    const error = await client.post('/tickets', {}).catch((caught: unknown) => caught);

    expect(error).toBeInstanceOf(ApiError);
    expect(error).toMatchObject({ status: 409, code: 'ERR_OTHER_OPEN_TICKET', body: { ticketId: 't1' } });
    expect(unauthorizedCalls()).toBe(0);
  });

  test('reads the gateway 401 as an expired session and ends it', async () => {
    const { client, unauthorizedCalls } = setup(() => json(401, { message: 'Unauthorized' }));

    const error = await client.get('/auth/me').catch((caught: unknown) => caught);

    expect(error).toMatchObject({ status: 401, code: 'ERR_SESSION_EXPIRED' });
    expect(unauthorizedCalls()).toBe(1);
  });

  test('gives an answer without a code, like a proxy error page, the unexpected-error code', async () => {
    const { client } = setup(() => new Response('<html>Bad Gateway</html>', { status: 502 }));

    await expect(client.get('/auth/me')).rejects.toMatchObject({ status: 502, code: 'ERR_INTERNAL_SERVER_ERROR' });
  });

  test('reports an unreachable server as a network error', async () => {
    const { client } = setup(() => {
      throw new TypeError('fetch failed');
    });

    await expect(client.get('/auth/me')).rejects.toMatchObject({ status: 0, code: 'ERR_NETWORK' });
  });

  test('lets an aborted request reject with the abort, not as a network error', async () => {
    const controller = new AbortController();
    controller.abort();
    const { client } = setup(() => {
      throw new DOMException('aborted', 'AbortError');
    });

    await expect(client.get('/auth/me', { signal: controller.signal })).rejects.toMatchObject({ name: 'AbortError' });
  });

  test('refreshes the token once on a 403 and retries the call with the new token', async () => {
    // Prepare
    let token = 'old-token';
    const { client, requests, unauthorizedCalls } = setup(
      (call) => (call === 1 ? json(403, { message: 'Forbidden' }) : json(200, { ok: true })),
      {
        getAccessToken: async () => token,
        refreshSession: async () => {
          token = 'new-token';
          return true;
        },
      },
    );

    // Act
    const body = await client.get('/tickets');

    // Assess
    expect(body).toEqual({ ok: true });
    expect(requests).toHaveLength(2);
    expect(authorization(requests[0])).toBe('Bearer old-token');
    expect(authorization(requests[1])).toBe('Bearer new-token');
    expect(unauthorizedCalls()).toBe(0);
  });

  test('retries only once: a second 403 is the answer', async () => {
    const { client, requests, refreshCalls, unauthorizedCalls } = setup(() => json(403, { error: 'ERR_NO_PERMISSION' }));

    const error = await client.delete('/tickets/1').catch((caught: unknown) => caught);

    expect(error).toMatchObject({ status: 403, code: 'ERR_NO_PERMISSION' });
    expect(requests).toHaveLength(2);
    expect(refreshCalls()).toBe(1);
    expect(unauthorizedCalls()).toBe(0);
  });

  test('ends the session when the refresh is refused', async () => {
    const { client, requests, unauthorizedCalls } = setup(() => json(403, {}), { refreshSession: async () => false });

    const error = await client.get('/tickets').catch((caught: unknown) => caught);

    expect(error).toMatchObject({ status: 401, code: 'ERR_SESSION_EXPIRED' });
    expect(requests).toHaveLength(1);
    expect(unauthorizedCalls()).toBe(1);
  });

  test('keeps the session when the refresh could not reach the server', async () => {
    const { client, unauthorizedCalls } = setup(() => json(403, {}), {
      refreshSession: async () => {
        throw new Error('offline');
      },
    });

    await expect(client.get('/tickets')).rejects.toMatchObject({ status: 0, code: 'ERR_NETWORK' });
    expect(unauthorizedCalls()).toBe(0);
  });

  test('shares one refresh between calls that meet a 403 together', async () => {
    // Prepare
    const refresh = deferred<boolean>();
    let refreshes = 0;
    let token = 'old-token';
    const { client, requests } = setup(
      (call) => (call <= 2 ? json(403, {}) : json(200, { call })),
      {
        getAccessToken: async () => token,
        refreshSession: () => {
          refreshes += 1;
          return refresh.promise;
        },
      },
    );

    // Act
    const first = client.get('/a');
    const second = client.get('/b');
    await settle();
    token = 'new-token';
    refresh.resolve(true);
    await Promise.all([first, second]);

    // Assess
    expect(refreshes).toBe(1);
    expect(requests.map((request) => authorization(request))).toEqual([
      'Bearer old-token',
      'Bearer old-token',
      'Bearer new-token',
      'Bearer new-token',
    ]);
  });

  test('holds calls made during a refresh until it settles, then sends them with the new token', async () => {
    // Prepare
    const refresh = deferred<boolean>();
    let token = 'old-token';
    const { client, requests } = setup((call) => (call === 1 ? json(403, {}) : json(200, {})), {
      getAccessToken: async () => token,
      refreshSession: () => refresh.promise,
    });
    const first = client.get('/a');
    await settle();

    // Act
    const held = client.get('/b');
    await settle();
    const sentWhileRefreshing = requests.length;
    token = 'new-token';
    refresh.resolve(true);
    await Promise.all([first, held]);

    // Assess
    expect(sentWhileRefreshing).toBe(1);
    expect(requests.slice(1).map((request) => [request.url, authorization(request)])).toEqual(
      expect.arrayContaining([
        ['https://api.example.com/a', 'Bearer new-token'],
        ['https://api.example.com/b', 'Bearer new-token'],
      ]),
    );
    expect(requests).toHaveLength(3);
  });

  test('retries without another refresh a call sent before a refresh that has since finished', async () => {
    // Prepare: /a and /b leave with the old token; /a's 403 triggers the refresh, /b's 403 arrives after it.
    let token = 'old-token';
    const slow = deferred<Response>();
    let refreshes = 0;
    const { client, requests } = setup(
      (call) => (call === 1 ? json(403, {}) : call === 2 ? slow.promise : json(200, {})),
      {
        getAccessToken: async () => token,
        refreshSession: async () => {
          refreshes += 1;
          token = 'new-token';
          return true;
        },
      },
    );

    // Act
    const first = client.get('/a');
    const second = client.get('/b');
    await first;
    slow.resolve(json(403, {}));
    await second;

    // Assess
    expect(refreshes).toBe(1);
    expect(authorization(requests[3])).toBe('Bearer new-token');
  });

  test('uploads form data as multipart, letting the browser set the content type', async () => {
    // Prepare
    const { client, requests } = setup(() => json(200, { imported: 3 }));
    const form = new FormData();
    form.append('file', new Blob(['a;b'], { type: 'text/csv' }), 'contacts.csv');

    // Act
    const body = await client.upload<{ imported: number }>('/contacts/import', form, { method: 'PUT' });

    // Assess
    expect(body.imported).toBe(3);
    expect(requests[0]?.init?.method).toBe('PUT');
    expect(requests[0]?.init?.body).toBe(form);
    expect(new Headers(requests[0]?.init?.headers).has('content-type')).toBe(false);
    expect(authorization(requests[0])).toBe('Bearer access-token');
  });

  test('resends an upload after a refresh', async () => {
    const { client, requests } = setup((call) => (call === 1 ? json(403, {}) : json(201, {})));
    const form = new FormData();
    form.append('file', new Blob(['x']), 'x.png');

    await client.upload('/announcements/1/media-upload', form);

    expect(requests).toHaveLength(2);
    expect(requests[1]?.init?.body).toBe(form);
    expect(requests[1]?.init?.method).toBe('POST');
  });
});
