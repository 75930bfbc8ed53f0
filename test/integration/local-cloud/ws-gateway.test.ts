/**
 * The local WebSocket API gateway behaves like API Gateway's WebSocket API for the realtime handlers
 * and for the management API client: authorizer and `$connect` gate the upgrade, messages reach
 * `$default`, `$disconnect` runs once, and `@connections` posts, reads, deletes and answers 410 Gone.
 */
import {
  ApiGatewayManagementApiClient,
  DeleteConnectionCommand,
  GetConnectionCommand,
  GoneException,
  PayloadTooLargeException,
  PostToConnectionCommand,
} from '@aws-sdk/client-apigatewaymanagementapi';
import WebSocket from 'ws';
import type { AnyHandler } from '../../../infra/local/lambda';
import { startWsGateway, type RunningWsGateway } from '../../../infra/local/ws-gateway';
import { WS_AUTHORIZER, WS_ROUTES, WS_STAGE } from '../../../infra/resources/ws-routes';
import { messageText } from '../../support/frame-text';

type Event = {
  requestContext: { connectionId: string; routeKey: string; eventType: string; authorizer?: Record<string, unknown> };
  queryStringParameters?: Record<string, string>;
  body?: string;
  isBase64Encoded?: boolean;
  methodArn?: string;
  type?: string;
};

let gateway: RunningWsGateway;
let management: ApiGatewayManagementApiClient;
let calls: Record<string, Event[]>;
const openSockets: WebSocket[] = [];

function allowPolicy(principalId: string, resource: string) {
  return {
    principalId,
    policyDocument: { Version: '2012-10-17', Statement: [{ Effect: 'Allow', Action: 'execute-api:Invoke', Resource: resource }] },
    context: { userId: 'u1', companyId: 'c1', level: 3 },
  };
}

const handlers: Record<string, AnyHandler> = {
  [WS_AUTHORIZER.module]: async (event: Event) => {
    (calls['authorizer'] ??= []).push(event);
    const ticket = event.queryStringParameters?.[WS_AUTHORIZER.queryParameter];
    if (ticket === 'unauthorized') throw new Error('Unauthorized');
    if (ticket === 'crash') throw new Error('ticket store unreachable');
    if (ticket === 'deny') {
      return {
        principalId: 'nobody',
        policyDocument: { Version: '2012-10-17', Statement: [{ Effect: 'Deny', Action: 'execute-api:Invoke', Resource: event.methodArn }] },
      };
    }
    return allowPolicy('user-1', event.methodArn as string);
  },
  'realtime/connect': async (event: Event) => {
    (calls['$connect'] ??= []).push(event);
    return event.queryStringParameters?.[WS_AUTHORIZER.queryParameter] === 'refused-by-connect'
      ? { statusCode: 429 }
      : { statusCode: 200 };
  },
  'realtime/default': async (event: Event) => {
    (calls['$default'] ??= []).push(event);
    if (event.body?.includes('explode')) throw new Error('handler bug');
    return { statusCode: 200 };
  },
  'realtime/disconnect': async (event: Event) => {
    (calls['$disconnect'] ??= []).push(event);
    return { statusCode: 200 };
  },
};

const loadHandler = async (module: string): Promise<AnyHandler> => {
  const handler = handlers[module];
  if (!handler) throw new Error(`no handler ${module}`);
  return handler;
};

async function start(options: { idleTimeoutMs?: number } = {}): Promise<RunningWsGateway> {
  return startWsGateway({
    port: 0,
    routes: WS_ROUTES,
    authorizerModule: WS_AUTHORIZER.module,
    loadHandler,
    log: () => undefined,
    ...options,
  });
}

beforeEach(async () => {
  calls = {};
  gateway = await start();
  management = new ApiGatewayManagementApiClient({
    endpoint: gateway.managementEndpoint,
    region: 'us-east-1',
    credentials: { accessKeyId: 'local', secretAccessKey: 'local' },
  });
});

afterEach(async () => {
  for (const socket of openSockets.splice(0)) socket.terminate();
  management.destroy();
  await gateway.stop();
});

/** Polls until the condition holds; the gateway calls handlers asynchronously. */
async function until(condition: () => boolean, timeoutMs = 5000): Promise<void> {
  const deadline = Date.now() + timeoutMs;
  while (!condition()) {
    if (Date.now() > deadline) throw new Error('condition not met in time');
    await new Promise((resolve) => setTimeout(resolve, 10));
  }
}

type ConnectOutcome = { socket: WebSocket } | { status: number };

function connect(ticket: string | undefined, target: RunningWsGateway = gateway): Promise<ConnectOutcome> {
  const query = ticket === undefined ? '' : `?${WS_AUTHORIZER.queryParameter}=${encodeURIComponent(ticket)}`;
  return new Promise((resolve, reject) => {
    const socket = new WebSocket(`${target.endpoint}/${WS_STAGE}${query}`);
    socket.once('open', () => {
      openSockets.push(socket);
      resolve({ socket });
    });
    socket.once('error', (error) => {
      const status = /Unexpected server response: (\d+)/.exec(error.message)?.[1];
      if (status) resolve({ status: Number(status) });
      else reject(error);
    });
  });
}

async function connected(ticket = 'good', target: RunningWsGateway = gateway): Promise<WebSocket> {
  const outcome = await connect(ticket, target);
  if (!('socket' in outcome)) throw new Error(`refused with ${outcome.status}`);
  return outcome.socket;
}

const nextMessage = (socket: WebSocket): Promise<string> =>
  new Promise((resolve) => socket.once('message', (data) => resolve(messageText(data))));

const closeOf = (socket: WebSocket): Promise<{ code: number; reason: string }> =>
  new Promise((resolve) => socket.once('close', (code, reason) => resolve({ code, reason: reason.toString() })));

const connectionIdOfLastConnect = () => calls['$connect']?.at(-1)?.requestContext.connectionId as string;

test('refuses a connection without the ticket with 401 and never calls the authorizer', async () => {
  // Act
  const outcome = await connect(undefined);

  // Assess
  expect(outcome).toEqual({ status: 401 });
  expect(calls['authorizer']).toBeUndefined();
  expect(calls['$connect']).toBeUndefined();
});

test('refuses with 403 when the authorizer policy denies and never calls $connect', async () => {
  // Act
  const outcome = await connect('deny');

  // Assess
  expect(outcome).toEqual({ status: 403 });
  expect(calls['authorizer']).toHaveLength(1);
  expect(calls['$connect']).toBeUndefined();
});

test('refuses with 401 when the authorizer throws Unauthorized and with 500 when it fails otherwise', async () => {
  // Act
  const unauthorized = await connect('unauthorized');
  const failed = await connect('crash');

  // Assess
  expect(unauthorized).toEqual({ status: 401 });
  expect(failed).toEqual({ status: 500 });
  expect(calls['$connect']).toBeUndefined();
  expect(gateway.connectionCount()).toBe(0);
});

test('gives the authorizer a REQUEST event for $connect with the ticket', async () => {
  // Act
  await connected('good');

  // Assess
  expect(calls['authorizer']?.[0]).toMatchObject({
    type: 'REQUEST',
    methodArn: expect.stringMatching(/^arn:aws:execute-api:us-east-1:\d{12}:\w+\/ws\/\$connect$/),
    queryStringParameters: { ticket: 'good' },
    requestContext: { routeKey: '$connect', eventType: 'CONNECT' },
  });
});

test('accepts a connection the authorizer allows and gives $connect the authorizer context', async () => {
  // Act
  await connected('good');

  // Assess
  expect(gateway.connectionCount()).toBe(1);
  expect(calls['$connect']).toHaveLength(1);
  const event = calls['$connect']?.[0] as Event;
  expect(event.requestContext).toMatchObject({
    routeKey: '$connect',
    eventType: 'CONNECT',
    authorizer: { principalId: 'user-1', userId: 'u1', companyId: 'c1', level: '3' },
  });
  expect(event.requestContext.connectionId).toMatch(/^[A-Za-z0-9]{15}=$/);
  expect(event.queryStringParameters).toEqual({ ticket: 'good' });
});

test('refuses the upgrade with the status a non-2xx $connect result carries', async () => {
  // Act
  const outcome = await connect('refused-by-connect');

  // Assess
  expect(outcome).toEqual({ status: 429 });
  expect(gateway.connectionCount()).toBe(0);
});

test('routes a message whose action has no route of its own to $default with the raw body', async () => {
  // Prepare
  const socket = await connected();
  const body = JSON.stringify({ action: 'joinTickets', status: 'open' });

  // Act
  socket.send(body);
  await until(() => (calls['$default']?.length ?? 0) === 1);

  // Assess
  const event = calls['$default']?.[0] as Event;
  expect(event).toMatchObject({ body, isBase64Encoded: false });
  expect(event.requestContext).toMatchObject({
    routeKey: '$default',
    eventType: 'MESSAGE',
    connectionId: connectionIdOfLastConnect(),
    authorizer: { principalId: 'user-1', userId: 'u1' },
  });
});

test("sends the client API Gateway's error frame when the message handler throws", async () => {
  // Prepare
  const socket = await connected();
  const reply = nextMessage(socket);

  // Act
  socket.send('explode');

  // Assess
  const frame = JSON.parse(await reply) as Record<string, unknown>;
  expect(frame).toEqual({
    message: 'Internal server error',
    connectionId: connectionIdOfLastConnect(),
    requestId: expect.stringMatching(/=$/),
  });
  expect(JSON.stringify(frame)).not.toContain('handler bug');
});

test('delivers PostToConnection from the real SDK client to the connected client', async () => {
  // Prepare
  const socket = await connected();
  const received = nextMessage(socket);
  const data = JSON.stringify({ event: 'company-c1-ticket', data: { action: 'update' } });

  // Act
  await management.send(new PostToConnectionCommand({ ConnectionId: connectionIdOfLastConnect(), Data: data }));

  // Assess
  expect(await received).toBe(data);
});

test('describes a connection through GetConnection', async () => {
  // Prepare
  await connected();

  // Act
  const connection = await management.send(new GetConnectionCommand({ ConnectionId: connectionIdOfLastConnect() }));

  // Assess
  expect(connection.ConnectedAt).toBeInstanceOf(Date);
  expect(connection.LastActiveAt).toBeInstanceOf(Date);
  expect(connection.Identity?.SourceIp).toMatch(/127\.0\.0\.1/);
});

test('refuses a PostToConnection over 128 KB with PayloadTooLargeException', async () => {
  // Prepare
  await connected();

  // Act
  const posting = management.send(
    new PostToConnectionCommand({ ConnectionId: connectionIdOfLastConnect(), Data: 'x'.repeat(128 * 1024 + 1) }),
  );

  // Assess
  await expect(posting).rejects.toBeInstanceOf(PayloadTooLargeException);
});

test('runs $disconnect once after the client closes, and PostToConnection then throws GoneException', async () => {
  // Prepare
  const socket = await connected();
  const connectionId = connectionIdOfLastConnect();

  // Act
  socket.close(1000, 'bye');
  await until(() => (calls['$disconnect']?.length ?? 0) === 1);
  const posting = management.send(new PostToConnectionCommand({ ConnectionId: connectionId, Data: 'late' }));

  // Assess
  await expect(posting).rejects.toBeInstanceOf(GoneException);
  await expect(posting).rejects.toMatchObject({ $metadata: { httpStatusCode: 410 } });
  expect(calls['$disconnect']?.[0]?.requestContext).toMatchObject({
    routeKey: '$disconnect',
    eventType: 'DISCONNECT',
    connectionId,
    authorizer: { principalId: 'user-1' },
  });
  expect(gateway.connectionCount()).toBe(0);
});

test('answers GoneException for a connection id that never existed', async () => {
  // Act
  const posting = management.send(new PostToConnectionCommand({ ConnectionId: 'AAAAAAAAAAAAAAA=', Data: 'x' }));

  // Assess
  await expect(posting).rejects.toBeInstanceOf(GoneException);
});

test('closes the socket on DeleteConnection and then runs $disconnect', async () => {
  // Prepare
  const socket = await connected();
  const closed = closeOf(socket);

  // Act
  await management.send(new DeleteConnectionCommand({ ConnectionId: connectionIdOfLastConnect() }));

  // Assess
  await closed;
  await until(() => (calls['$disconnect']?.length ?? 0) === 1);
  expect(calls['$disconnect']?.[0]?.requestContext.connectionId).toBe(connectionIdOfLastConnect());
});

test('closes the connection with 1009 when a frame exceeds 32 KB and never calls $default', async () => {
  // Prepare
  const socket = await connected();
  const closed = closeOf(socket);

  // Act
  socket.send('x'.repeat(32 * 1024 + 1));

  // Assess
  expect(await closed).toEqual({ code: 1009, reason: 'Message too big' });
  expect(calls['$default']).toBeUndefined();
  await until(() => (calls['$disconnect']?.length ?? 0) === 1);
});

test('closes a connection that stays idle past the idle timeout', async () => {
  // Prepare
  const idleGateway = await start({ idleTimeoutMs: 100 });
  try {
    const socket = await connected('good', idleGateway);

    // Act
    const closed = await closeOf(socket);

    // Assess
    expect(closed.code).toBe(1001);
    await until(() => (calls['$disconnect']?.length ?? 0) === 1);
  } finally {
    await idleGateway.stop();
  }
});
