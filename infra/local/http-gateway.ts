/**
 * The local stand-in for the deployed API Gateway HTTP API: routes requests by the one route table
 * (infra/resources/http-routes.ts), plays the Cognito JWT authorizer, answers CORS the way the deployed
 * CORS configuration does, and calls the same Lambda handlers with payload format 2.0 events, mapping
 * their results back to HTTP responses as API Gateway does. Handlers cannot tell the difference.
 */
import { randomInt } from 'node:crypto';
import { createServer, type IncomingMessage, type ServerResponse } from 'node:http';
import type { APIGatewayProxyEventV2WithJWTAuthorizer } from 'aws-lambda';
import {
  HTTP_CORS,
  HTTP_MODULES,
  routeKey,
  type HttpModule,
  type HttpRouteDefinition,
} from '../resources/http-routes';
import { invoke, type AnyHandler } from './lambda';
import { closeServer, listen, urlHost } from './net';

export interface HttpGatewayOptions {
  readonly port: number;
  readonly host?: string;
  readonly routes: readonly HttpRouteDefinition[];
  readonly loadHandler: (module: HttpModule) => Promise<AnyHandler>;
  /** Origins the web app is served from; `*` allows any. */
  readonly allowOrigins: readonly string[];
  /** Verifies a Cognito access token and returns its claims; rejects when the token is not valid. */
  readonly verifyAccessToken: (token: string) => Promise<Record<string, unknown>>;
  /** Receives one entry per request (and per handler error); defaults to JSON lines on stdout. */
  readonly log?: (entry: Record<string, unknown>) => void;
}

export interface RunningGateway {
  readonly endpoint: string;
  readonly port: number;
  stop(): Promise<void>;
}

/** How long an idle keep-alive socket stays open: longer than any pause of a client between requests. */
const IDLE_SOCKET_KEEP_MS = 10 * 60_000;

/** API Gateway's payload limit for HTTP APIs. */
const MAX_BODY_BYTES = 10 * 1024 * 1024;
const ACCOUNT_ID = '123456789012';
const HTTP_API_ID = 'localhttp1';

export const writeJsonLine = (entry: Record<string, unknown>): void => {
  process.stdout.write(`${JSON.stringify(entry)}\n`);
};

const ID_ALPHABET = 'ABCDEFGHIJKLMNOPQRSTUVWXYZabcdefghijklmnopqrstuvwxyz0123456789';

/** An id shaped like API Gateway's request and connection ids (`Mc7UVioPPHcEKPA=`). */
export function apiGatewayId(): string {
  let id = '';
  for (let i = 0; i < 15; i += 1) id += ID_ALPHABET.charAt(randomInt(ID_ALPHABET.length));
  return `${id}=`;
}

const MONTHS = ['Jan', 'Feb', 'Mar', 'Apr', 'May', 'Jun', 'Jul', 'Aug', 'Sep', 'Oct', 'Nov', 'Dec'];

/** API Gateway's `requestTime` format: `12/Mar/2020:19:03:58 +0000`. */
export function requestTime(epochMs: number): string {
  const d = new Date(epochMs);
  const two = (n: number) => String(n).padStart(2, '0');
  return (
    `${two(d.getUTCDate())}/${MONTHS[d.getUTCMonth()]}/${d.getUTCFullYear()}:` +
    `${two(d.getUTCHours())}:${two(d.getUTCMinutes())}:${two(d.getUTCSeconds())} +0000`
  );
}

export function sourceIpOf(req: IncomingMessage): string {
  return (req.socket.remoteAddress ?? '127.0.0.1').replace(/^::ffff:/, '');
}

/** Decodes a URL component, keeping the raw text when it is not valid percent-encoding. */
export function safeDecode(text: string): string {
  try {
    return decodeURIComponent(text);
  } catch {
    return text;
  }
}

// ---------------------------------------------------------------------------------------------------
// Route matching
// ---------------------------------------------------------------------------------------------------

interface RouteMatch {
  readonly route: HttpRouteDefinition;
  readonly pathParameters: Record<string, string>;
  /** Per segment: 2 literal, 1 parameter, 0 greedy. Compared left to right, higher is more specific. */
  readonly specificity: readonly number[];
}

function matchPath(template: string, rawPath: string): Omit<RouteMatch, 'route'> | undefined {
  const templateSegments = template.split('/').slice(1);
  const pathSegments = rawPath.split('/').slice(1);
  const pathParameters: Record<string, string> = {};
  const specificity: number[] = [];
  for (const [index, segment] of templateSegments.entries()) {
    const greedy = /^\{(.+)\+\}$/.exec(segment);
    if (greedy) {
      // `{proxy+}` takes the rest of the path, at least one segment.
      const rest = pathSegments.slice(index);
      if (rest.length === 0 || rest.every((part) => part === '')) return undefined;
      pathParameters[greedy[1] as string] = rest.map(safeDecode).join('/');
      specificity.push(0);
      return { pathParameters, specificity };
    }
    const value = pathSegments[index];
    if (value === undefined) return undefined;
    const parameter = /^\{(.+)\}$/.exec(segment);
    if (parameter) {
      if (value === '') return undefined;
      pathParameters[parameter[1] as string] = safeDecode(value);
      specificity.push(1);
    } else if (segment === value) {
      specificity.push(2);
    } else {
      return undefined;
    }
  }
  return pathSegments.length === templateSegments.length ? { pathParameters, specificity } : undefined;
}

function moreSpecific(a: readonly number[], b: readonly number[]): boolean {
  for (let i = 0; i < Math.max(a.length, b.length); i += 1) {
    const left = a[i] ?? -1;
    const right = b[i] ?? -1;
    if (left !== right) return left > right;
  }
  return false;
}

/**
 * The path routes are matched on: one trailing slash is dropped (but `/` stays `/`). API Gateway's HTTP
 * API routes `/whatsapp/` to the `GET /whatsapp` route (a route key cannot end with a slash) and passes
 * the slash on in `rawPath`; the spec writes some paths that way (`GET /whatsapp/`, `/users/`).
 */
function routablePath(rawPath: string): string {
  return rawPath.length > 1 && rawPath.endsWith('/') ? rawPath.slice(0, -1) : rawPath;
}

/** The most specific route for the method and path, as API Gateway picks it. */
export function findRoute(
  routes: readonly HttpRouteDefinition[],
  method: string,
  rawPath: string,
): RouteMatch | undefined {
  let best: RouteMatch | undefined;
  const path = routablePath(rawPath);
  for (const route of routes) {
    if (route.method !== method) continue;
    const match = matchPath(route.path, path);
    if (match && (!best || moreSpecific(match.specificity, best.specificity))) best = { route, ...match };
  }
  return best;
}

// ---------------------------------------------------------------------------------------------------
// The request as payload format 2.0 sees it
// ---------------------------------------------------------------------------------------------------

/** Header names lower-cased and repeated headers joined by commas, as format 2.0 does. */
function joinedHeaders(req: IncomingMessage): Record<string, string> {
  const headers: Record<string, string> = {};
  for (let i = 0; i + 1 < req.rawHeaders.length; i += 2) {
    const name = (req.rawHeaders[i] as string).toLowerCase();
    const value = req.rawHeaders[i + 1] as string;
    // Cookies are separated by `;` (they become the `cookies` array), other repeated headers by `,`.
    const separator = name === 'cookie' ? '; ' : ',';
    headers[name] = headers[name] === undefined ? value : `${headers[name]}${separator}${value}`;
  }
  return headers;
}

function queryParameters(rawQueryString: string): Record<string, string> | undefined {
  if (rawQueryString === '') return undefined;
  const parameters: Record<string, string> = {};
  for (const [key, value] of new URLSearchParams(rawQueryString)) {
    parameters[key] = parameters[key] === undefined ? value : `${parameters[key]},${value}`;
  }
  return parameters;
}

const TEXT_CONTENT_TYPES = [
  /^text\//,
  /^application\/(json|xml|javascript|x-www-form-urlencoded|graphql)\b/,
  /^application\/[^;]+\+(json|xml)\b/,
];

/** Bodies of other content types reach the handler base64-encoded, as API Gateway sends binary. */
function isTextContent(contentType: string | undefined): boolean {
  if (contentType === undefined) return true;
  const type = contentType.trim().toLowerCase();
  return TEXT_CONTENT_TYPES.some((pattern) => pattern.test(type));
}

/**
 * Claim values as the JWT authorizer passes them: strings, numbers and booleans printed, arrays as
 * `[a b c]`. API Gateway's rendering of nested objects is undocumented; JSON is the readable choice.
 */
function claimValue(value: unknown): string {
  if (Array.isArray(value)) return `[${value.map(claimValue).join(' ')}]`;
  if (value !== null && typeof value === 'object') return JSON.stringify(value);
  return String(value);
}

interface JwtAuthorizer {
  readonly jwt: { readonly claims: Record<string, string>; readonly scopes: string[] | null };
}

function jwtAuthorizer(claims: Record<string, unknown>): JwtAuthorizer {
  const stringClaims: Record<string, string> = {};
  for (const [name, value] of Object.entries(claims)) stringClaims[name] = claimValue(value);
  const scope = claims['scope'];
  // Scopes come from the token's `scope` claim (Cognito access tokens carry one).
  const scopes = typeof scope === 'string' && scope !== '' ? scope.split(' ') : null;
  return { jwt: { claims: stringClaims, scopes } };
}

class BodyTooLargeError extends Error {}

function readBody(req: IncomingMessage): Promise<Buffer> {
  return new Promise((resolve, reject) => {
    const chunks: Buffer[] = [];
    let size = 0;
    let tooLarge = Number(req.headers['content-length'] ?? 0) > MAX_BODY_BYTES;
    req.on('data', (chunk: Buffer) => {
      size += chunk.length;
      if (size > MAX_BODY_BYTES) tooLarge = true;
      // Keep draining a too-large body so the client reads our 413 instead of a reset.
      if (!tooLarge) chunks.push(chunk);
    });
    req.on('end', () => (tooLarge ? reject(new BodyTooLargeError()) : resolve(Buffer.concat(chunks))));
    req.on('error', reject);
  });
}

// ---------------------------------------------------------------------------------------------------
// Responses
// ---------------------------------------------------------------------------------------------------

interface GatewayResponse {
  statusCode: number;
  headers: Record<string, string>;
  cookies: string[];
  body: Buffer;
}

const jsonResponse = (statusCode: number, payload: unknown, headers: Record<string, string> = {}): GatewayResponse => ({
  statusCode,
  headers: { 'content-type': 'application/json', ...headers },
  cookies: [],
  body: Buffer.from(JSON.stringify(payload)),
});

const internalServerError = (): GatewayResponse => jsonResponse(500, { message: 'Internal Server Error' });

class MalformedResultError extends Error {}

/** Maps a handler result as payload format 2.0 does. */
function responseFromResult(result: unknown): GatewayResponse {
  if (result === null || typeof result !== 'object' || !('statusCode' in result)) {
    // Without a statusCode API Gateway assumes 200 JSON; a string result is the body itself.
    const body = typeof result === 'string' ? result : JSON.stringify(result ?? null);
    return { statusCode: 200, headers: { 'content-type': 'application/json' }, cookies: [], body: Buffer.from(body) };
  }
  const structured = result as {
    statusCode: unknown;
    headers?: unknown;
    cookies?: unknown;
    body?: unknown;
    isBase64Encoded?: unknown;
  };
  const { statusCode } = structured;
  if (typeof statusCode !== 'number' || !Number.isInteger(statusCode) || statusCode < 100 || statusCode > 599) {
    throw new MalformedResultError(`Malformed Lambda proxy response: statusCode ${String(statusCode)}`);
  }
  const headers: Record<string, string> = {};
  if (structured.headers !== undefined && structured.headers !== null) {
    if (typeof structured.headers !== 'object') throw new MalformedResultError('Malformed Lambda proxy response: headers');
    for (const [name, value] of Object.entries(structured.headers)) {
      if (!['string', 'number', 'boolean'].includes(typeof value)) {
        throw new MalformedResultError(`Malformed Lambda proxy response: header ${name}`);
      }
      // With CORS configured, API Gateway ignores the CORS headers an integration returns.
      if (name.toLowerCase().startsWith('access-control-')) continue;
      headers[name.toLowerCase()] = String(value);
    }
  }
  const cookies = structured.cookies ?? [];
  if (!Array.isArray(cookies) || cookies.some((cookie) => typeof cookie !== 'string')) {
    throw new MalformedResultError('Malformed Lambda proxy response: cookies');
  }
  const body = structured.body ?? '';
  if (typeof body !== 'string') throw new MalformedResultError('Malformed Lambda proxy response: body is not a string');
  return {
    statusCode,
    headers,
    cookies: cookies as string[],
    body: structured.isBase64Encoded === true ? Buffer.from(body, 'base64') : Buffer.from(body),
  };
}

function isAllowedOrigin(allowOrigins: readonly string[], origin: string | undefined): origin is string {
  return origin !== undefined && (allowOrigins.includes('*') || allowOrigins.includes(origin));
}

/** The CORS headers the deployed HTTP API adds to every response from an allowed origin. */
function withCors(response: GatewayResponse, allowOrigins: readonly string[], origin: string | undefined): void {
  if (!isAllowedOrigin(allowOrigins, origin)) return;
  response.headers['access-control-allow-origin'] = allowOrigins.includes('*') ? '*' : origin;
  if (HTTP_CORS.allowCredentials) response.headers['access-control-allow-credentials'] = 'true';
  if (HTTP_CORS.exposeHeaders.length > 0) {
    response.headers['access-control-expose-headers'] = HTTP_CORS.exposeHeaders.join(',');
  }
  const vary = response.headers['vary'];
  response.headers['vary'] = vary ? `${vary}, origin` : 'origin';
}

function preflightResponse(allowOrigins: readonly string[], origin: string | undefined): GatewayResponse {
  const response: GatewayResponse = { statusCode: 204, headers: {}, cookies: [], body: Buffer.alloc(0) };
  if (isAllowedOrigin(allowOrigins, origin)) {
    response.headers['access-control-allow-methods'] = HTTP_CORS.allowMethods.join(',');
    response.headers['access-control-allow-headers'] = HTTP_CORS.allowHeaders.join(',');
    response.headers['access-control-max-age'] = String(HTTP_CORS.maxAgeSeconds);
  }
  return response;
}

function send(res: ServerResponse, response: GatewayResponse, requestId: string): void {
  res.statusCode = response.statusCode;
  for (const [name, value] of Object.entries(response.headers)) res.setHeader(name, value);
  if (response.cookies.length > 0) res.setHeader('set-cookie', response.cookies);
  res.setHeader('apigw-requestid', requestId);
  res.setHeader('content-length', response.body.length);
  res.end(response.body);
}

// ---------------------------------------------------------------------------------------------------
// The gateway
// ---------------------------------------------------------------------------------------------------

/** JWT authorizer failure: 401 with the `www-authenticate` header API Gateway sends. */
function unauthorized(description: string | undefined): GatewayResponse {
  const challenge =
    description === undefined ? 'Bearer' : `Bearer scope="" error="invalid_token" error_description="${description}"`;
  return jsonResponse(401, { message: 'Unauthorized' }, { 'www-authenticate': challenge });
}

function bearerToken(authorization: string | undefined): string | undefined {
  if (authorization === undefined) return undefined;
  // API Gateway accepts the token with or without the `Bearer` scheme.
  const token = authorization.replace(/^Bearer\s+/i, '').trim();
  return token === '' ? undefined : token;
}

export async function startHttpGateway(options: HttpGatewayOptions): Promise<RunningGateway> {
  const { routes, loadHandler, allowOrigins, verifyAccessToken } = options;
  const log = options.log ?? writeJsonLine;

  async function respond(
    req: IncomingMessage,
    requestId: string,
    timeEpoch: number,
    logEntry: Record<string, unknown>,
  ): Promise<GatewayResponse> {
    const method = (req.method ?? 'GET').toUpperCase();
    const url = req.url ?? '/';
    const queryStart = url.indexOf('?');
    const rawPath = queryStart === -1 ? url : url.slice(0, queryStart);
    const rawQueryString = queryStart === -1 ? '' : url.slice(queryStart + 1);

    let body: Buffer;
    try {
      body = await readBody(req);
    } catch (error) {
      if (error instanceof BodyTooLargeError) return jsonResponse(413, { message: 'Request Entity Too Large' });
      throw error;
    }

    // With CORS configured, API Gateway answers every OPTIONS request itself; none reaches a handler.
    if (method === 'OPTIONS') return preflightResponse(allowOrigins, req.headers.origin);

    const match = findRoute(routes, method, rawPath);
    if (!match) return jsonResponse(404, { message: 'Not Found' });
    const { route, pathParameters } = match;
    const key = routeKey(route);
    logEntry['routeKey'] = key;

    const headers = joinedHeaders(req);
    let authorizer: JwtAuthorizer | undefined;
    if (route.auth === 'jwt') {
      const token = bearerToken(headers['authorization']);
      if (token === undefined) return unauthorized(undefined);
      try {
        authorizer = jwtAuthorizer(await verifyAccessToken(token));
      } catch (error) {
        const message = error instanceof Error ? error.message : String(error);
        logEntry['authError'] = message;
        return unauthorized(/expired/i.test(message) ? 'the token has expired' : 'the token is invalid');
      }
    }

    // Format 2.0 moves the cookie header into `cookies`.
    const cookieHeader = headers['cookie'];
    delete headers['cookie'];
    const cookies = cookieHeader
      ?.split(';')
      .map((cookie) => cookie.trim())
      .filter((cookie) => cookie !== '');
    const sourceIp = sourceIpOf(req);
    headers['x-forwarded-for'] ??= sourceIp;
    headers['x-forwarded-proto'] ??= 'http';
    headers['x-forwarded-port'] ??= String(req.socket.localPort ?? '');
    const domainName = (headers['host'] ?? 'localhost').replace(/:\d+$/, '');
    const textBody = isTextContent(headers['content-type']);

    // Cast: the type makes `authorizer` mandatory, but public routes get none, as on AWS.
    const event = {
      version: '2.0',
      routeKey: key,
      rawPath,
      rawQueryString,
      ...(cookies && cookies.length > 0 ? { cookies } : {}),
      headers,
      ...(rawQueryString !== '' ? { queryStringParameters: queryParameters(rawQueryString) } : {}),
      requestContext: {
        accountId: ACCOUNT_ID,
        apiId: HTTP_API_ID,
        ...(authorizer ? { authorizer } : {}),
        domainName,
        domainPrefix: domainName.split('.')[0] ?? domainName,
        http: {
          method,
          path: rawPath,
          protocol: `HTTP/${req.httpVersion}`,
          sourceIp,
          userAgent: headers['user-agent'] ?? '',
        },
        requestId,
        routeKey: key,
        stage: '$default',
        time: requestTime(timeEpoch),
        timeEpoch,
      },
      ...(Object.keys(pathParameters).length > 0 ? { pathParameters } : {}),
      ...(body.length > 0 ? { body: textBody ? body.toString('utf8') : body.toString('base64') } : {}),
      isBase64Encoded: body.length > 0 && !textBody,
    } as APIGatewayProxyEventV2WithJWTAuthorizer;

    try {
      const handler = await loadHandler(route.module);
      const result = await invoke(handler, event, {
        functionName: `http-${route.module}`,
        timeoutSeconds: HTTP_MODULES[route.module].timeoutSeconds,
      });
      return responseFromResult(result);
    } catch (error) {
      // The client gets API Gateway's generic 500; the details only go to the log.
      log({
        type: 'http-error',
        requestId,
        routeKey: key,
        error: error instanceof Error ? error.message : String(error),
        stack: error instanceof Error ? error.stack : undefined,
      });
      return internalServerError();
    }
  }

  // Node closes an idle keep-alive socket after 5 s; a request a client (fetch, a browser) sends on it
  // at that moment fails with EPIPE or a reset, which API Gateway, keeping sockets far longer, never causes.
  const server = createServer({ keepAliveTimeout: IDLE_SOCKET_KEEP_MS }, (req, res) => {
    const started = Date.now();
    const requestId = apiGatewayId();
    const logEntry: Record<string, unknown> = { type: 'http', requestId, method: req.method, path: req.url?.split('?')[0] };
    respond(req, requestId, started, logEntry)
      .catch((error: unknown) => {
        log({ type: 'http-error', requestId, error: error instanceof Error ? error.stack : String(error) });
        return internalServerError();
      })
      .then((response) => {
        withCors(response, allowOrigins, req.headers.origin);
        send(res, response, requestId);
        log({ ...logEntry, status: response.statusCode, ms: Date.now() - started });
      })
      .catch((error: unknown) => {
        log({ type: 'http-error', requestId, error: error instanceof Error ? error.stack : String(error) });
        res.destroy();
      });
  });

  const host = options.host ?? '127.0.0.1';
  const port = await listen(server, options.port, host);

  return {
    endpoint: `http://${urlHost(host)}:${port}`,
    port,
    stop: () => closeServer(server),
  };
}
