/**
 * The local HTTP API gateway behaves like API Gateway's HTTP API for the handlers behind it: routing,
 * the JWT authorizer, payload format 2.0 events and results, CORS, errors and limits.
 */
import type { APIGatewayProxyEventV2WithJWTAuthorizer } from 'aws-lambda';
import { startHttpGateway, type RunningGateway } from '../../../infra/local/http-gateway';
import type { AnyHandler } from '../../../infra/local/lambda';
import type { HttpModule, HttpRouteDefinition } from '../../../infra/resources/http-routes';

const WEB_ORIGIN = 'http://web.test';
const GOOD_TOKEN = 'good-token';
const CLAIMS = {
  sub: 'user-1',
  'cognito:groups': ['admins', 'agents'],
  exp: 1700000000,
  scope: 'aws.cognito.signin.user.admin',
  token_use: 'access',
};

const ROUTES: readonly HttpRouteDefinition[] = [
  { method: 'GET', path: '/version', module: 'version', auth: 'public' },
  { method: 'POST', path: '/uploads', module: 'version', auth: 'public' },
  { method: 'GET', path: '/boom', module: 'version', auth: 'public' },
  { method: 'GET', path: '/tickets/{id}', module: 'auth', auth: 'jwt' },
  { method: 'GET', path: '/tickets/mine', module: 'auth', auth: 'jwt' },
  { method: 'GET', path: '/files/{proxy+}', module: 'realtime', auth: 'public' },
];

type Event = APIGatewayProxyEventV2WithJWTAuthorizer;

let gateway: RunningGateway;
let events: Event[];
let logs: Record<string, unknown>[];

const handlers: Partial<Record<HttpModule, AnyHandler>> = {
  version: async (event: Event) => {
    events.push(event);
    if (event.routeKey === 'GET /boom') throw new Error('secret database password leaked');
    if (event.routeKey === 'POST /uploads') {
      return {
        statusCode: 201,
        headers: { 'x-upload': 'stored', 'access-control-allow-origin': '*' },
        cookies: ['a=1; Path=/', 'b=2; Path=/'],
        body: Buffer.from([0, 1, 2, 255]).toString('base64'),
        isBase64Encoded: true,
      };
    }
    return { version: '1.2.3' };
  },
  auth: async (event: Event) => {
    events.push(event);
    return { statusCode: 200, headers: { 'content-type': 'text/plain' }, body: 'ok' };
  },
  realtime: async (event: Event) => {
    events.push(event);
    return 'plain text result';
  },
};

beforeEach(async () => {
  events = [];
  logs = [];
  gateway = await startHttpGateway({
    port: 0,
    routes: ROUTES,
    loadHandler: async (module) => {
      const handler = handlers[module];
      if (!handler) throw new Error(`no test handler for ${module}`);
      return handler;
    },
    allowOrigins: [WEB_ORIGIN],
    verifyAccessToken: async (token) => {
      if (token !== GOOD_TOKEN) throw new Error('Token expired at 2024-01-01');
      return CLAIMS;
    },
    log: (entry) => logs.push(entry),
  });
});

afterEach(async () => {
  await gateway.stop();
});

const url = (path: string) => `${gateway.endpoint}${path}`;

test('answers a public route with a result without statusCode as 200 JSON', async () => {
  // Act
  const response = await fetch(url('/version'));

  // Assess
  expect(response.status).toBe(200);
  expect(response.headers.get('content-type')).toBe('application/json');
  expect(await response.json()).toEqual({ version: '1.2.3' });
  expect(events[0]?.requestContext.authorizer).toBeUndefined();
});

test('passes a string result without statusCode through as the body', async () => {
  // Act
  const response = await fetch(url('/files/readme'));

  // Assess
  expect(response.status).toBe(200);
  expect(await response.text()).toBe('plain text result');
});

test('refuses a jwt route without a bearer token with 401 and never calls the handler', async () => {
  // Act
  const response = await fetch(url('/tickets/42'));

  // Assess
  expect(response.status).toBe(401);
  expect(await response.json()).toEqual({ message: 'Unauthorized' });
  expect(response.headers.get('www-authenticate')).toMatch(/^Bearer/);
  expect(events).toHaveLength(0);
});

test('refuses a jwt route whose token the verifier rejects and never calls the handler', async () => {
  // Act
  const response = await fetch(url('/tickets/42'), { headers: { authorization: 'Bearer forged' } });

  // Assess
  expect(response.status).toBe(401);
  expect(await response.json()).toEqual({ message: 'Unauthorized' });
  expect(response.headers.get('www-authenticate')).toBe(
    'Bearer scope="" error="invalid_token" error_description="the token has expired"',
  );
  expect(events).toHaveLength(0);
});

test('gives the handler of a jwt route the claims as strings, path parameters, query, headers and route key', async () => {
  // Act
  const response = await fetch(url('/tickets/a%20b?status=open&tag=x&tag=y'), {
    headers: { authorization: `Bearer ${GOOD_TOKEN}`, 'x-custom': 'yes', cookie: 'c1=v1; c2=v2' },
  });

  // Assess
  expect(response.status).toBe(200);
  expect(await response.text()).toBe('ok');
  expect(events).toHaveLength(1);
  const event = events[0] as Event;
  expect(event).toMatchObject({
    version: '2.0',
    routeKey: 'GET /tickets/{id}',
    rawPath: '/tickets/a%20b',
    rawQueryString: 'status=open&tag=x&tag=y',
    pathParameters: { id: 'a b' },
    queryStringParameters: { status: 'open', tag: 'x,y' },
    cookies: ['c1=v1', 'c2=v2'],
    isBase64Encoded: false,
  });
  expect(event.headers['x-custom']).toBe('yes');
  expect(event.headers['cookie']).toBeUndefined();
  expect(event.requestContext).toMatchObject({
    routeKey: 'GET /tickets/{id}',
    stage: '$default',
    http: { method: 'GET', path: '/tickets/a%20b', protocol: 'HTTP/1.1' },
    authorizer: {
      jwt: {
        claims: {
          sub: 'user-1',
          'cognito:groups': '[admins agents]',
          exp: '1700000000',
          token_use: 'access',
        },
        scopes: ['aws.cognito.signin.user.admin'],
      },
    },
  });
  expect(event.requestContext.requestId).toMatch(/^[A-Za-z0-9]{15}=$/);
  expect(event.body).toBeUndefined();
});

test('prefers a literal segment over a path parameter, and a greedy parameter takes the rest of the path', async () => {
  // Act
  await fetch(url('/tickets/mine'), { headers: { authorization: `Bearer ${GOOD_TOKEN}` } });
  await fetch(url('/files/a/b%2Fc'));

  // Assess
  expect(events.map((event) => event.routeKey)).toEqual(['GET /tickets/mine', 'GET /files/{proxy+}']);
  expect(events[0]?.pathParameters).toBeUndefined();
  expect(events[1]?.pathParameters).toEqual({ proxy: 'a/b/c' });
});

test('routes a path with one trailing slash like its bare form and passes the raw path on', async () => {
  // Act
  const listed = await fetch(url('/version/?session=0'));
  const ticket = await fetch(url('/tickets/7/'), { headers: { authorization: `Bearer ${GOOD_TOKEN}` } });
  const doubled = await fetch(url('/version//'));

  // Assess
  expect(listed.status).toBe(200);
  expect(ticket.status).toBe(200);
  expect(doubled.status).toBe(404);
  expect(events.map((event) => [event.routeKey, event.rawPath])).toEqual([
    ['GET /version', '/version/'],
    ['GET /tickets/{id}', '/tickets/7/'],
  ]);
  expect(events[1]?.pathParameters).toEqual({ id: '7' });
});

test('maps a structured result: status, headers, cookies and a base64 body decoded to bytes', async () => {
  // Act
  const response = await fetch(url('/uploads'), { method: 'POST', body: 'x', headers: { origin: WEB_ORIGIN } });

  // Assess
  expect(response.status).toBe(201);
  expect(response.headers.get('x-upload')).toBe('stored');
  expect(response.headers.getSetCookie()).toEqual(['a=1; Path=/', 'b=2; Path=/']);
  expect([...new Uint8Array(await response.arrayBuffer())]).toEqual([0, 1, 2, 255]);
  // The gateway's CORS configuration replaces what the handler says.
  expect(response.headers.get('access-control-allow-origin')).toBe(WEB_ORIGIN);
});

test('base64-encodes a binary body and passes a JSON body as text', async () => {
  // Act
  await fetch(url('/uploads'), {
    method: 'POST',
    headers: { 'content-type': 'application/octet-stream' },
    body: new Uint8Array([0, 159, 146, 150]),
  });
  await fetch(url('/uploads'), {
    method: 'POST',
    headers: { 'content-type': 'application/json' },
    body: JSON.stringify({ name: 'Zoë' }),
  });

  // Assess
  expect(events[0]).toMatchObject({ body: Buffer.from([0, 159, 146, 150]).toString('base64'), isBase64Encoded: true });
  expect(events[1]).toMatchObject({ body: '{"name":"Zoë"}', isBase64Encoded: false });
});

test('answers 500 without the error details when the handler throws, and logs them', async () => {
  // Act
  const response = await fetch(url('/boom'));

  // Assess
  expect(response.status).toBe(500);
  const text = await response.text();
  expect(JSON.parse(text)).toEqual({ message: 'Internal Server Error' });
  expect(text).not.toContain('secret');
  expect(logs.some((entry) => String(entry['error']).includes('secret database password leaked'))).toBe(true);
});

test('answers a preflight from an allowed origin itself with the CORS headers', async () => {
  // Act
  const response = await fetch(url('/tickets/42'), {
    method: 'OPTIONS',
    headers: {
      origin: WEB_ORIGIN,
      'access-control-request-method': 'PATCH',
      'access-control-request-headers': 'authorization,content-type',
    },
  });

  // Assess
  expect(response.status).toBe(204);
  expect(response.headers.get('access-control-allow-origin')).toBe(WEB_ORIGIN);
  expect(response.headers.get('access-control-allow-methods')?.split(',')).toContain('PATCH');
  expect(response.headers.get('access-control-allow-headers')?.split(',')).toEqual(
    expect.arrayContaining(['authorization', 'content-type']),
  );
  expect(response.headers.get('access-control-max-age')).toBe('600');
  expect(events).toHaveLength(0);
});

test('gives a disallowed origin no CORS headers and an allowed one its origin on actual responses', async () => {
  // Act
  const preflight = await fetch(url('/version'), {
    method: 'OPTIONS',
    headers: { origin: 'http://evil.test', 'access-control-request-method': 'GET' },
  });
  const disallowed = await fetch(url('/version'), { headers: { origin: 'http://evil.test' } });
  const allowed = await fetch(url('/version'), { headers: { origin: WEB_ORIGIN } });

  // Assess
  expect(preflight.headers.get('access-control-allow-origin')).toBeNull();
  expect(preflight.headers.get('access-control-allow-methods')).toBeNull();
  expect(disallowed.status).toBe(200);
  expect(disallowed.headers.get('access-control-allow-origin')).toBeNull();
  expect(allowed.headers.get('access-control-allow-origin')).toBe(WEB_ORIGIN);
  expect(allowed.headers.get('vary')).toBe('origin');
});

test('answers 404 Not Found for a path or a method no route declares', async () => {
  // Act
  const unknownPath = await fetch(url('/nope'));
  const unknownMethod = await fetch(url('/version'), { method: 'DELETE' });
  const missingGreedyRest = await fetch(url('/files/'));

  // Assess
  for (const response of [unknownPath, unknownMethod, missingGreedyRest]) {
    expect(response.status).toBe(404);
    expect(await response.json()).toEqual({ message: 'Not Found' });
  }
  expect(events).toHaveLength(0);
});

test('refuses a body over 10 MB with 413 and never calls the handler', async () => {
  // Act
  const response = await fetch(url('/uploads'), {
    method: 'POST',
    headers: { 'content-type': 'application/octet-stream' },
    body: new Uint8Array(10 * 1024 * 1024 + 1),
  });

  // Assess
  expect(response.status).toBe(413);
  expect(await response.json()).toEqual({ message: 'Request Entity Too Large' });
  expect(events).toHaveLength(0);
});

test('logs one entry per request with method, path, status and duration', async () => {
  // Act
  await fetch(url('/version?x=1'));

  // Assess
  const entries = logs.filter((entry) => entry['type'] === 'http');
  expect(entries).toHaveLength(1);
  expect(entries[0]).toMatchObject({ method: 'GET', path: '/version', status: 200, routeKey: 'GET /version' });
  expect(typeof entries[0]?.['ms']).toBe('number');
});
