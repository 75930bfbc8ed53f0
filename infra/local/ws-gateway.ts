/**
 * The local stand-in for the deployed API Gateway WebSocket API: the `$connect` REQUEST authorizer,
 * the `$connect` / `$disconnect` / `$default` routes (selected by infra/resources/ws-routes.ts), API
 * Gateway's frame and idle limits, and the `@connections` management API on the same port, so the
 * realtime handlers and the publisher (`@aws-sdk/client-apigatewaymanagementapi`) run unchanged.
 */
import { isUtf8 } from 'node:buffer';
import { createServer, STATUS_CODES, type IncomingMessage, type ServerResponse } from 'node:http';
import type { Socket } from 'node:net';
import type { Duplex } from 'node:stream';
import { WebSocketServer, WebSocket, type RawData } from 'ws';
import { WS_AUTHORIZER, WS_STAGE, type WsRouteDefinition } from '../resources/ws-routes';
import { apiGatewayId, requestTime, safeDecode, sourceIpOf, writeJsonLine } from './http-gateway';
import { invoke, type AnyHandler } from './lambda';
import { closeServer, listen, urlHost } from './net';

export interface WsGatewayOptions {
  readonly port: number;
  readonly host?: string;
  readonly routes: readonly WsRouteDefinition[];
  /** Module of the `$connect` REQUEST authorizer (WS_AUTHORIZER.module). */
  readonly authorizerModule: string;
  readonly loadHandler: (module: string) => Promise<AnyHandler>;
  readonly log?: (entry: Record<string, unknown>) => void;
  /** API Gateway closes a connection without client messages for 10 minutes. */
  readonly idleTimeoutMs?: number;
  /** API Gateway closes every connection after 2 hours. */
  readonly maxConnectionMs?: number;
}

export interface RunningWsGateway {
  /** `ws://host:port`; clients connect to `<endpoint>/<WS_STAGE>`. */
  readonly endpoint: string;
  /** `http://host:port/<WS_STAGE>`: the `endpoint` of an ApiGatewayManagementApiClient. */
  readonly managementEndpoint: string;
  readonly port: number;
  connectionCount(): number;
  stop(): Promise<void>;
}

/** API Gateway's WebSocket frame limit; PostToConnection accepts up to 128 KB. */
const MAX_FRAME_BYTES = 32 * 1024;
const MAX_POST_BYTES = 128 * 1024;
const ACCOUNT_ID = '123456789012';
const WS_API_ID = 'localwsapi';
/** API Gateway's integration timeout; the ws route table does not declare Lambda timeouts. */
const INTEGRATION_TIMEOUT_SECONDS = 29;
/** How long stop() waits for clients to answer the close handshake before dropping them. */
const CLOSE_GRACE_MS = 1000;

type AuthorizerContext = Record<string, string | number | boolean>;

interface Connection {
  readonly id: string;
  readonly socket: WebSocket;
  readonly connectedAt: number;
  lastActiveAt: number;
  readonly sourceIp: string;
  readonly userAgent: string;
  readonly host: string;
  readonly authorizer: AuthorizerContext;
  idleTimer?: NodeJS.Timeout;
  maxTimer?: NodeJS.Timeout;
  disconnected: boolean;
}

interface RequestValues {
  readonly headers: Record<string, string>;
  readonly multiValueHeaders: Record<string, string[]>;
  readonly queryStringParameters: Record<string, string>;
  readonly multiValueQueryStringParameters: Record<string, string[]>;
}

/** Headers with their original names and query parameters, in the v1 shape WebSocket events use. */
function requestValues(req: IncomingMessage, url: URL): RequestValues {
  const headers: Record<string, string> = {};
  const multiValueHeaders: Record<string, string[]> = {};
  for (let i = 0; i + 1 < req.rawHeaders.length; i += 2) {
    const name = req.rawHeaders[i] as string;
    const value = req.rawHeaders[i + 1] as string;
    headers[name] = value;
    (multiValueHeaders[name] ??= []).push(value);
  }
  const queryStringParameters: Record<string, string> = {};
  const multiValueQueryStringParameters: Record<string, string[]> = {};
  for (const [key, value] of url.searchParams) {
    queryStringParameters[key] = value;
    (multiValueQueryStringParameters[key] ??= []).push(value);
  }
  return { headers, multiValueHeaders, queryStringParameters, multiValueQueryStringParameters };
}

const nonEmpty = <T extends object>(record: T): T | undefined => (Object.keys(record).length > 0 ? record : undefined);

/** Matches an IAM ARN or action pattern (`*` and `?` wildcards). */
function globMatches(pattern: string, value: string): boolean {
  const expression = pattern.replace(/[.+^${}()|[\]\\]/g, '\\$&').replace(/\*/g, '.*').replace(/\?/g, '.');
  return new RegExp(`^${expression}$`).test(value);
}

class InvalidAuthorizerResponseError extends Error {}

interface PolicyStatement {
  readonly Effect?: unknown;
  readonly Action?: unknown;
  readonly Resource?: unknown;
}

/** Evaluates the authorizer's IAM policy for the `$connect` method ARN: an explicit Deny wins. */
function evaluatePolicy(result: unknown, methodArn: string): { allowed: boolean; authorizer: AuthorizerContext } {
  if (result === null || typeof result !== 'object') throw new InvalidAuthorizerResponseError('no policy');
  const { principalId, policyDocument, context } = result as {
    principalId?: unknown;
    policyDocument?: { Statement?: unknown };
    context?: unknown;
  };
  if (typeof principalId !== 'string') throw new InvalidAuthorizerResponseError('principalId is not a string');
  const statements = policyDocument?.Statement;
  if (statements === undefined) throw new InvalidAuthorizerResponseError('policyDocument has no Statement');
  const list = (Array.isArray(statements) ? statements : [statements]) as PolicyStatement[];
  const asArray = (value: unknown): string[] => (Array.isArray(value) ? value : [value]).filter((v) => typeof v === 'string');
  const applies = (statement: PolicyStatement) =>
    asArray(statement.Action).some((action) => globMatches(action, 'execute-api:Invoke')) &&
    asArray(statement.Resource).some((resource) => globMatches(resource, methodArn));
  const denied = list.some((statement) => statement.Effect === 'Deny' && applies(statement));
  const allowed = !denied && list.some((statement) => statement.Effect === 'Allow' && applies(statement));

  // API Gateway accepts only primitive context values and passes them on as strings.
  const authorizer: AuthorizerContext = {};
  if (context !== undefined && context !== null) {
    if (typeof context !== 'object') throw new InvalidAuthorizerResponseError('context is not an object');
    for (const [key, value] of Object.entries(context)) {
      if (!['string', 'number', 'boolean'].includes(typeof value)) {
        throw new InvalidAuthorizerResponseError(`context value ${key} is not a string, number or boolean`);
      }
      authorizer[key] = String(value);
    }
  }
  authorizer['principalId'] = principalId;
  return { allowed, authorizer };
}

/** Answers an upgrade request with a plain HTTP status, as API Gateway refuses a connection. */
function refuseUpgrade(socket: Duplex, statusCode: number, message?: string): void {
  if (!socket.writable) {
    socket.destroy();
    return;
  }
  const body = message === undefined ? '' : JSON.stringify({ message });
  socket.end(
    `HTTP/1.1 ${statusCode} ${STATUS_CODES[statusCode] ?? ''}\r\n` +
      'Connection: close\r\nContent-Type: application/json\r\n' +
      `Content-Length: ${Buffer.byteLength(body)}\r\n\r\n${body}`,
  );
}

function sendManagementError(res: ServerResponse, statusCode: number, errorType: string, message: string): void {
  const body = JSON.stringify({ message });
  // The SDK reads the error type from this header and the message from the body.
  res.writeHead(statusCode, {
    'content-type': 'application/json',
    'content-length': Buffer.byteLength(body),
    'x-amzn-errortype': errorType,
  });
  res.end(body);
}

class PayloadTooLargeError extends Error {}

function readLimitedBody(req: IncomingMessage, limit: number): Promise<Buffer> {
  return new Promise((resolve, reject) => {
    const chunks: Buffer[] = [];
    let size = 0;
    req.on('data', (chunk: Buffer) => {
      size += chunk.length;
      // Keep draining an oversized body so the caller reads our 413 instead of a reset.
      if (size <= limit) chunks.push(chunk);
    });
    req.on('end', () => (size > limit ? reject(new PayloadTooLargeError()) : resolve(Buffer.concat(chunks))));
    req.on('error', reject);
  });
}

export async function startWsGateway(options: WsGatewayOptions): Promise<RunningWsGateway> {
  const { routes, loadHandler, authorizerModule } = options;
  const log = options.log ?? writeJsonLine;
  const idleTimeoutMs = options.idleTimeoutMs ?? 10 * 60 * 1000;
  const maxConnectionMs = options.maxConnectionMs ?? 2 * 60 * 60 * 1000;
  const host = options.host ?? '127.0.0.1';
  const methodArn = `arn:aws:execute-api:us-east-1:${ACCOUNT_ID}:${WS_API_ID}/${WS_STAGE}/$connect`;

  /** Connections the management API can reach. */
  const connections = new Map<string, Connection>();
  /** Every open socket, including those DeleteConnection is closing; stop() waits for them all. */
  const live = new Set<Connection>();
  /** Upgrades still running the authorizer or `$connect`, dropped on stop. */
  const pendingUpgrades = new Set<Duplex>();
  /** Handler invocations in flight, awaited on stop so nothing outlives the gateway. */
  const inFlight = new Set<Promise<unknown>>();
  let stopping = false;
  /** Read through a call: stop() sets it while an upgrade awaits its authorizer. */
  const isStopping = () => stopping;

  const routeFor = (key: string) => routes.find((route) => route.routeKey === key);
  const functionName = (module: string) => `ws-${module.replace(/\//g, '-')}`;

  function track<T>(promise: Promise<T>): Promise<T> {
    inFlight.add(promise);
    const forget = () => inFlight.delete(promise);
    promise.then(forget, forget);
    return promise;
  }

  async function invokeModule(module: string, event: unknown): Promise<unknown> {
    const handler = await loadHandler(module);
    return invoke(handler, event, { functionName: functionName(module), timeoutSeconds: INTEGRATION_TIMEOUT_SECONDS });
  }

  const wss = new WebSocketServer({
    noServer: true,
    clientTracking: false,
    // API Gateway negotiates no compression extension.
    perMessageDeflate: false,
    // ws refuses bigger messages itself (1009); frames over 32 KB are refused in onMessage.
    maxPayload: MAX_POST_BYTES,
  });

  function baseRequestContext(connection: Pick<Connection, 'id' | 'connectedAt'>, routeKey: string, host: string) {
    const now = Date.now();
    return {
      routeKey,
      extendedRequestId: apiGatewayId(),
      requestTime: requestTime(now),
      messageDirection: 'IN' as const,
      stage: WS_STAGE,
      connectedAt: connection.connectedAt,
      requestTimeEpoch: now,
      requestId: apiGatewayId(),
      domainName: host,
      connectionId: connection.id,
      apiId: WS_API_ID,
    };
  }

  // ---- $connect --------------------------------------------------------------------------------

  async function handleUpgrade(req: IncomingMessage, socket: Duplex, head: Buffer): Promise<void> {
    const started = Date.now();
    const url = new URL(req.url ?? '/', 'http://localhost');
    const path = url.pathname.replace(/\/+$/, '');
    if (stopping) {
      refuseUpgrade(socket, 503, 'Service Unavailable');
      return;
    }
    if (path !== '' && path !== `/${WS_STAGE}`) {
      refuseUpgrade(socket, 404, 'Not Found');
      return;
    }

    const connectionId = apiGatewayId();
    const logConnect = (status: number, extra: Record<string, unknown> = {}) =>
      log({ type: 'ws', event: 'connect', connectionId, status, ms: Date.now() - started, ...extra });

    // Identity source semantics: without the ticket the authorizer is not even called.
    if (!url.searchParams.get(WS_AUTHORIZER.queryParameter)) {
      logConnect(401, { reason: 'missing identity source' });
      refuseUpgrade(socket, 401, 'Unauthorized');
      return;
    }

    const values = requestValues(req, url);
    const domainName = (req.headers.host ?? 'localhost').replace(/:\d+$/, '');
    const pending = { id: connectionId, connectedAt: started };
    const identity = { sourceIp: sourceIpOf(req), userAgent: req.headers['user-agent'] ?? '' };

    const authorizerEvent = {
      type: 'REQUEST',
      methodArn,
      headers: values.headers,
      multiValueHeaders: values.multiValueHeaders,
      queryStringParameters: values.queryStringParameters,
      multiValueQueryStringParameters: values.multiValueQueryStringParameters,
      stageVariables: {},
      requestContext: { ...baseRequestContext(pending, '$connect', domainName), eventType: 'CONNECT', identity },
    };
    let authorizer: AuthorizerContext;
    try {
      const authorizerStarted = Date.now();
      const policy = await track(invokeModule(authorizerModule, authorizerEvent));
      const evaluation = evaluatePolicy(policy, methodArn);
      if (!evaluation.allowed) {
        logConnect(403, { reason: 'authorizer denied' });
        refuseUpgrade(socket, 403, 'Forbidden');
        return;
      }
      authorizer = { ...evaluation.authorizer, integrationLatency: Date.now() - authorizerStarted };
    } catch (error) {
      // A Lambda authorizer signals "no valid identity" by throwing exactly `Unauthorized`.
      if (error instanceof Error && error.message === 'Unauthorized') {
        logConnect(401, { reason: 'authorizer unauthorized' });
        refuseUpgrade(socket, 401, 'Unauthorized');
        return;
      }
      logConnect(500, { error: error instanceof Error ? error.stack : String(error) });
      refuseUpgrade(socket, 500, 'Internal server error');
      return;
    }

    const connectRoute = routeFor('$connect');
    if (connectRoute) {
      const connectEvent = {
        headers: values.headers,
        multiValueHeaders: values.multiValueHeaders,
        ...(nonEmpty(values.queryStringParameters) ? { queryStringParameters: values.queryStringParameters } : {}),
        ...(nonEmpty(values.multiValueQueryStringParameters)
          ? { multiValueQueryStringParameters: values.multiValueQueryStringParameters }
          : {}),
        requestContext: {
          ...baseRequestContext(pending, '$connect', domainName),
          eventType: 'CONNECT',
          identity,
          authorizer,
        },
        isBase64Encoded: false,
      };
      try {
        const result = await track(invokeModule(connectRoute.module, connectEvent));
        // A result without a statusCode (or none at all) accepts the connection.
        const statusCode =
          result !== null && typeof result === 'object' && 'statusCode' in result ? Number(result.statusCode) : 200;
        if (!(statusCode >= 200 && statusCode < 300)) {
          logConnect(statusCode, { reason: '$connect refused' });
          refuseUpgrade(socket, statusCode);
          return;
        }
      } catch (error) {
        logConnect(500, { error: error instanceof Error ? error.stack : String(error) });
        refuseUpgrade(socket, 500, 'Internal server error');
        return;
      }
    }

    if (isStopping() || !socket.writable) {
      socket.destroy();
      return;
    }
    wss.handleUpgrade(req, socket, head, (ws) => {
      register({
        id: connectionId,
        socket: ws,
        connectedAt: started,
        lastActiveAt: Date.now(),
        sourceIp: identity.sourceIp,
        userAgent: identity.userAgent,
        host: domainName,
        authorizer,
        disconnected: false,
      });
      logConnect(101);
    });
  }

  // ---- messages and $disconnect ------------------------------------------------------------------

  function register(connection: Connection): void {
    connections.set(connection.id, connection);
    live.add(connection);
    const { socket } = connection;
    const goAway = () => socket.close(1001, 'Going away');
    const resetIdle = () => {
      clearTimeout(connection.idleTimer);
      connection.idleTimer = setTimeout(goAway, idleTimeoutMs);
    };
    resetIdle();
    connection.maxTimer = setTimeout(goAway, maxConnectionMs);

    socket.on('message', (data, isBinary) => {
      connection.lastActiveAt = Date.now();
      resetIdle();
      onMessage(connection, data, isBinary);
    });
    socket.on('ping', resetIdle);
    socket.on('close', (code, reason) => onClose(connection, code, reason.toString()));
    socket.on('error', (error) => log({ type: 'ws', event: 'error', connectionId: connection.id, error: error.message }));
  }

  function selectRoute(text: string | undefined): WsRouteDefinition | undefined {
    // WS_ROUTE_SELECTION_EXPRESSION is `$request.body.action`; reserved `$` keys are never selected.
    if (text !== undefined) {
      try {
        const body: unknown = JSON.parse(text);
        if (body !== null && typeof body === 'object' && 'action' in body) {
          const { action } = body;
          if (typeof action === 'string' && !action.startsWith('$')) {
            const route = routeFor(action);
            if (route) return route;
          }
        }
      } catch {
        // Not JSON: the `$default` route takes it.
      }
    }
    return routeFor('$default');
  }

  function toBuffer(data: RawData): Buffer {
    if (Array.isArray(data)) return Buffer.concat(data);
    return Buffer.isBuffer(data) ? data : Buffer.from(data);
  }

  function onMessage(connection: Connection, data: RawData, isBinary: boolean): void {
    const started = Date.now();
    const bytes = toBuffer(data);
    // ws does not expose frames, so the 32 KB frame limit applies to the message; browsers send one
    // frame per message, so the effect is API Gateway's.
    if (bytes.length > MAX_FRAME_BYTES) {
      log({ type: 'ws', event: 'message', connectionId: connection.id, status: 1009, bytes: bytes.length });
      connection.socket.close(1009, 'Message too big');
      return;
    }
    const text = isBinary ? undefined : bytes.toString('utf8');
    const route = selectRoute(text);
    const requestContext = {
      ...baseRequestContext(connection, route?.routeKey ?? '$default', connection.host),
      messageId: apiGatewayId(),
      eventType: 'MESSAGE' as const,
      identity: { sourceIp: connection.sourceIp },
      authorizer: connection.authorizer,
    };
    const reply = (message: string) => {
      if (connection.socket.readyState === WebSocket.OPEN) {
        connection.socket.send(
          JSON.stringify({ message, connectionId: connection.id, requestId: requestContext.requestId }),
        );
      }
    };
    if (!route) {
      reply('Forbidden');
      return;
    }
    const event = {
      requestContext,
      // Binary frames reach the handler base64-encoded.
      body: text ?? bytes.toString('base64'),
      isBase64Encoded: isBinary,
    };
    // Route responses (two-way routes) are not supported: AWS sends a handler's result back to the
    // client only with an explicit route response configured, and this project configures none.
    void track(invokeModule(route.module, event)).then(
      () => log({ type: 'ws', event: 'message', connectionId: connection.id, routeKey: route.routeKey, ms: Date.now() - started }),
      (error: unknown) => {
        log({
          type: 'ws',
          event: 'message',
          connectionId: connection.id,
          routeKey: route.routeKey,
          ms: Date.now() - started,
          error: error instanceof Error ? error.stack : String(error),
        });
        reply('Internal server error');
      },
    );
  }

  function onClose(connection: Connection, code: number, reason: string): void {
    if (connection.disconnected) return;
    connection.disconnected = true;
    clearTimeout(connection.idleTimer);
    clearTimeout(connection.maxTimer);
    connections.delete(connection.id);
    live.delete(connection);
    const route = routeFor('$disconnect');
    if (!route) return;
    const started = Date.now();
    const event = {
      headers: { Host: connection.host, 'X-Forwarded-For': connection.sourceIp },
      multiValueHeaders: { Host: [connection.host], 'X-Forwarded-For': [connection.sourceIp] },
      requestContext: {
        ...baseRequestContext(connection, '$disconnect', connection.host),
        disconnectStatusCode: code,
        disconnectReason: reason,
        eventType: 'DISCONNECT' as const,
        identity: { sourceIp: connection.sourceIp, userAgent: connection.userAgent },
        authorizer: connection.authorizer,
      },
      isBase64Encoded: false,
    };
    void track(invokeModule(route.module, event)).then(
      () => log({ type: 'ws', event: 'disconnect', connectionId: connection.id, code, ms: Date.now() - started }),
      (error: unknown) =>
        log({
          type: 'ws',
          event: 'disconnect',
          connectionId: connection.id,
          code,
          ms: Date.now() - started,
          error: error instanceof Error ? error.stack : String(error),
        }),
    );
  }

  // ---- the @connections management API -------------------------------------------------------------

  const managementPath = new RegExp(`^/${WS_STAGE}/@connections/([^/]+)$`);

  async function handleManagement(req: IncomingMessage, res: ServerResponse): Promise<void> {
    const match = managementPath.exec((req.url ?? '/').split('?')[0] ?? '/');
    if (!match) {
      sendManagementError(res, 404, 'NotFoundException', 'Not Found');
      return;
    }
    const connectionId = safeDecode(match[1] as string);
    const connection = connections.get(connectionId);
    const gone = () => sendManagementError(res, 410, 'GoneException', `Connection ${connectionId} is gone`);

    switch (req.method) {
      case 'POST': {
        let data: Buffer;
        try {
          data = await readLimitedBody(req, MAX_POST_BYTES);
        } catch (error) {
          if (!(error instanceof PayloadTooLargeError)) throw error;
          sendManagementError(res, 413, 'PayloadTooLargeException', 'Message too long');
          return;
        }
        if (!connection || connection.socket.readyState !== WebSocket.OPEN) {
          gone();
          return;
        }
        // Text stays a text frame; anything that is not UTF-8 goes as a binary frame.
        connection.socket.send(isUtf8(data) ? data.toString('utf8') : data, { binary: !isUtf8(data) });
        res.writeHead(200, { 'content-length': 0 });
        res.end();
        return;
      }
      case 'GET': {
        req.resume();
        if (!connection) {
          gone();
          return;
        }
        const body = JSON.stringify({
          connectedAt: new Date(connection.connectedAt).toISOString(),
          identity: { sourceIp: connection.sourceIp, userAgent: connection.userAgent },
          lastActiveAt: new Date(connection.lastActiveAt).toISOString(),
        });
        res.writeHead(200, { 'content-type': 'application/json', 'content-length': Buffer.byteLength(body) });
        res.end(body);
        return;
      }
      case 'DELETE': {
        req.resume();
        if (!connection) {
          gone();
          return;
        }
        // Gone for the API at once; `$disconnect` runs when the close handshake ends.
        connections.delete(connectionId);
        connection.socket.close(1000);
        res.writeHead(204);
        res.end();
        return;
      }
      default:
        req.resume();
        sendManagementError(res, 404, 'NotFoundException', 'Not Found');
    }
  }

  // ---- the server ------------------------------------------------------------------------------------

  const server = createServer((req, res) => {
    const started = Date.now();
    handleManagement(req, res)
      .catch((error: unknown) => {
        log({ type: 'ws-management-error', error: error instanceof Error ? error.stack : String(error) });
        if (!res.headersSent) sendManagementError(res, 500, 'InternalServerErrorException', 'Internal server error');
        else res.destroy();
      })
      .finally(() =>
        log({ type: 'ws-management', method: req.method, path: req.url, status: res.statusCode, ms: Date.now() - started }),
      );
  });

  server.on('upgrade', (req: IncomingMessage, socket: Socket, head: Buffer) => {
    pendingUpgrades.add(socket);
    socket.on('error', () => socket.destroy());
    handleUpgrade(req, socket, head)
      .catch((error: unknown) => {
        log({ type: 'ws', event: 'connect', error: error instanceof Error ? error.stack : String(error) });
        refuseUpgrade(socket, 500, 'Internal server error');
      })
      .finally(() => pendingUpgrades.delete(socket));
  });

  const port = await listen(server, options.port, host);
  const authority = `${urlHost(host)}:${port}`;

  async function stop(): Promise<void> {
    stopping = true;
    for (const socket of pendingUpgrades) socket.destroy();
    await Promise.all(
      [...live].map(
        (connection) =>
          new Promise<void>((resolve) => {
            if (connection.socket.readyState === WebSocket.CLOSED) {
              resolve();
              return;
            }
            const drop = setTimeout(() => connection.socket.terminate(), CLOSE_GRACE_MS);
            connection.socket.once('close', () => {
              clearTimeout(drop);
              resolve();
            });
            connection.socket.close(1001, 'Going away');
          }),
      ),
    );
    // `$disconnect` handlers started by the closes above finish before the gateway is gone.
    while (inFlight.size > 0) await Promise.allSettled([...inFlight]);
    await new Promise<void>((resolve) => wss.close(() => resolve()));
    await closeServer(server);
  }

  return {
    endpoint: `ws://${authority}`,
    managementEndpoint: `http://${authority}/${WS_STAGE}`,
    port,
    connectionCount: () => connections.size,
    stop,
  };
}
