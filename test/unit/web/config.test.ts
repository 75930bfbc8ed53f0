import { ConfigError, loadRuntimeConfig, parseRuntimeConfig } from '../../../web/src/config';

const valid = {
  apiUrl: 'https://api.example.com/',
  wsUrl: 'wss://ws.example.com/prod',
  region: 'sa-east-1',
  userPoolId: 'sa-east-1_AbCdEfGhI',
  userPoolClientId: 'client-id',
};

describe('parseRuntimeConfig', () => {
  test('accepts a complete config and drops trailing slashes and unknown keys', () => {
    // Prepare
    const input = { ...valid, extra: 'ignored' };

    // Act
    const config = parseRuntimeConfig(input);

    // Assess
    expect(config).toEqual({ ...valid, apiUrl: 'https://api.example.com' });
  });

  test('keeps the local cognito endpoint when one is given', () => {
    const config = parseRuntimeConfig({ ...valid, cognitoEndpoint: 'http://localhost:9229' });

    expect(config.cognitoEndpoint).toBe('http://localhost:9229');
  });

  test("keeps the stage's simulator offer only when it is true, and refuses a value that is not a boolean", () => {
    expect(parseRuntimeConfig({ ...valid, simulatorEnabled: true }).simulatorEnabled).toBe(true);
    expect(parseRuntimeConfig({ ...valid, simulatorEnabled: false })).not.toHaveProperty('simulatorEnabled');
    expect(() => parseRuntimeConfig({ ...valid, simulatorEnabled: 'yes' })).toThrow(/simulatorEnabled/);
  });

  test('names every missing key in one error', () => {
    const act = () => parseRuntimeConfig({ apiUrl: 'https://api.example.com' });

    expect(act).toThrow(ConfigError);
    expect(act).toThrow(/wsUrl.*region.*userPoolId.*userPoolClientId/);
  });

  test.each([
    ['apiUrl', { ...valid, apiUrl: 'ftp://api' }],
    ['wsUrl', { ...valid, wsUrl: 'https://ws.example.com' }],
    ['cognitoEndpoint', { ...valid, cognitoEndpoint: 'not a url' }],
    ['region', { ...valid, region: '  ' }],
  ])('refuses a malformed %s', (key, input) => {
    expect(() => parseRuntimeConfig(input)).toThrow(new RegExp(key));
  });

  test.each([null, [], 'config', 42])('refuses %p, which is not an object', (input) => {
    expect(() => parseRuntimeConfig(input)).toThrow(/not a JSON object/);
  });
});

describe('loadRuntimeConfig', () => {
  test('fetches /config.json without the cache and validates it', async () => {
    // Prepare
    const calls: Array<[string, RequestInit | undefined]> = [];
    const fetchFn = (async (url: string, init?: RequestInit) => {
      calls.push([url, init]);
      return new Response(JSON.stringify(valid), { status: 200 });
    }) as typeof fetch;

    // Act
    const config = await loadRuntimeConfig(fetchFn);

    // Assess
    expect(config.userPoolId).toBe(valid.userPoolId);
    expect(calls).toEqual([['/config.json', expect.objectContaining({ cache: 'no-store' })]]);
  });

  test('reports a missing file with its HTTP status', async () => {
    const fetchFn = (async () => new Response('not found', { status: 404 })) as typeof fetch;

    await expect(loadRuntimeConfig(fetchFn)).rejects.toThrow(/HTTP 404/);
  });

  test("reports a body that is not JSON, as a dev server's HTML fallback would be", async () => {
    const fetchFn = (async () => new Response('<!doctype html>', { status: 200 })) as typeof fetch;

    await expect(loadRuntimeConfig(fetchFn)).rejects.toThrow(/not valid JSON/);
  });

  test('reports an unreachable server as a config error', async () => {
    const fetchFn = (async () => {
      throw new TypeError('fetch failed');
    }) as typeof fetch;

    await expect(loadRuntimeConfig(fetchFn)).rejects.toBeInstanceOf(ConfigError);
  });
});
