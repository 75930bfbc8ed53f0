import { ApiError, createApiClient, type ApiClientOptions } from '../../web/src/api/client';

interface Recorded {
  readonly url: string;
  readonly init: RequestInit | undefined;
}

function setup(answer: () => Response | Promise<Response>, overrides: Partial<ApiClientOptions> = {}) {
  const requests: Recorded[] = [];
  let unauthorized = 0;
  const client = createApiClient({
    baseUrl: 'https://api.example.com',
    getAccessToken: async () => 'access-token',
    onUnauthorized: () => {
      unauthorized += 1;
    },
    fetch: (async (url: string, init?: RequestInit) => {
      requests.push({ url, init });
      return answer();
    }) as typeof fetch,
    ...overrides,
  });
  return { client, requests, unauthorizedCalls: () => unauthorized };
}

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
});
