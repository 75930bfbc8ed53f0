/**
 * `npx tsx scripts/bench-http-cpu.ts`: the CPU one tenant request costs, on the path every list takes:
 * GET /tickets?status=open through the middy chain and the caller (caller/load-caller.ts).
 *
 * A child process runs the local cloud with one company, its admin and a page of open tickets (with their
 * row copies, as the product stores them), and signs
 * the admin in; this process then invokes the tickets handler with the event the local gateway builds
 * (verified claims included), one request after another, its DynamoDB calls going to the child. So
 * process.cpuUsage() here is the handler and its SDK client alone, whatever else runs on the machine.
 * Printed per request: CPU (user, system), the main thread's busy time (inflated when the machine is
 * loaded: a descheduled thread still counts as busy), the DynamoDB calls by command, and with --profile
 * the busy time by whose code runs and the heaviest functions by self time (V8's sampling profiler,
 * only while the requests run). Nothing is asserted; the figures vary with the machine's load.
 *
 * --http adds the same requests over the HTTP API (this process's CPU is then the HTTP client's).
 * --in-process runs instead the whole path on this process's main thread as `npm start` does (HTTP
 * client, local gateway with its token verification, handler), the local DynamoDB on a thread of its
 * own; process CPU then counts both threads. --cached-handlers (with --in-process) gives the gateway a
 * loader that imports each handler module once.
 * Options: --requests 2000 --tickets 40 --profile --top 25
 */
import './quiet-sdk-notice';
import { CognitoIdentityProviderClient, InitiateAuthCommand } from '@aws-sdk/client-cognito-identity-provider';
import { PutCommand } from '@aws-sdk/lib-dynamodb';
import { fork } from 'node:child_process';
import { Session } from 'node:inspector/promises';
import { performance } from 'node:perf_hooks';
import { fileURLToPath } from 'node:url';
import { parseArgs } from 'node:util';
import { monotonicFactory } from 'ulid';
import type { Context } from 'aws-lambda';
import { dynamo } from '../functions/core/aws/clients';
import { createCompany } from '../functions/core/companies/create-company';
import { newTicket } from '../functions/core/conversations/create-ticket';
import { rowCopiesFor } from '../functions/core/conversations/ticket-rows';
import { contactItem, type Contact } from '../functions/core/repositories/contacts';
import { planItem } from '../functions/core/repositories/plans';
import { getQueue } from '../functions/core/repositories/queues';
import { batchWriteAll } from '../functions/core/repositories/table';
import { ticketItem } from '../functions/core/repositories/tickets';
import { loadFunctionHandler, startLocalCloud, type LocalCloud } from '../infra/local/cloud';
import { lambdaContext } from '../infra/local/lambda';
import { AI_TOKENS_PER_MONTH_DEFAULT, ALL_FEATURES, type Plan } from '../shared/plans';

const { values: options } = parseArgs({
  options: {
    requests: { type: 'string', default: '2000' },
    tickets: { type: 'string', default: '40' },
    profile: { type: 'boolean', default: false },
    top: { type: 'string', default: '25' },
    serve: { type: 'boolean', default: false },
    http: { type: 'boolean', default: false },
    'in-process': { type: 'boolean', default: false },
    'cached-handlers': { type: 'boolean', default: false },
  },
});
const REQUESTS = Number(options.requests);
const TICKETS = Number(options.tickets);
const PASSWORD = 'Bench@1234';
const WARM_UP = 200;
const PATH = '/tickets?status=open';

const line = (text: string) => process.stdout.write(`${text}\n`);
const nextUlid = monotonicFactory();

// ---- DynamoDB calls per request ------------------------------------------------------------------------

const calls = new Map<string, number>();
function countCalls(): void {
  dynamo().middlewareStack.add(
    (next, context) => async (args) => {
      const command = context.commandName ?? 'unknown';
      calls.set(command, (calls.get(command) ?? 0) + 1);
      return next(args);
    },
    { step: 'initialize', name: 'benchCallCount' },
  );
}

// ---- CPU profile ---------------------------------------------------------------------------------------

interface ProfileNode {
  id: number;
  callFrame: { url: string; functionName: string; lineNumber: number };
  children?: number[];
}
interface CpuProfile {
  nodes: ProfileNode[];
  samples?: number[];
  timeDeltas?: number[];
}

function shortUrl(url: string): string {
  return url.replace(/^.*node_modules\//, '').replace(/^.*\/(functions|infra|scripts|shared)\//, '$1/');
}

/** Whose code a frame is; Node's own frames (sockets, timers, GC) belong to whoever called them. */
function ownerOf(url: string): string | undefined {
  if (/node_modules\/(@aws-sdk|@smithy|@aws-crypto)\//.test(url)) return 'AWS SDK';
  if (url.includes('node_modules/zod/')) return 'zod';
  if (url.includes('node_modules/@middy/')) return 'middy';
  if (url.includes('/functions/') || url.includes('/shared/')) return 'our code';
  if (url.includes('node_modules/')) return 'other packages';
  return undefined;
}

function printProfile(profile: CpuProfile, top: number): void {
  const owners = new Map<number, string>();
  const byIdForOwners = new Map(profile.nodes.map((node) => [node.id, node]));
  const visit = (node: ProfileNode, inherited: string) => {
    const own = ownerOf(node.callFrame.url) ?? inherited;
    owners.set(node.id, own);
    for (const child of node.children ?? []) {
      const next = byIdForOwners.get(child);
      if (next) visit(next, own);
    }
  };
  if (profile.nodes[0]) visit(profile.nodes[0], 'Node.js (event loop, timers)');
  const byOwner = new Map<string, number>();
  let sampled = 0;
  for (const [index, id] of (profile.samples ?? []).entries()) {
    if (byIdForOwners.get(id)?.callFrame.functionName === '(idle)') continue;
    const micros = profile.timeDeltas?.[index] ?? 0;
    const owner = owners.get(id) ?? 'unknown';
    byOwner.set(owner, (byOwner.get(owner) ?? 0) + micros);
    sampled += micros;
  }
  line('  busy time by whose code runs (with the Node.js internals it calls):');
  for (const [owner, micros] of [...byOwner.entries()].sort(([, a], [, b]) => b - a)) {
    line(`    ${((100 * micros) / sampled).toFixed(1).padStart(5)}%  ${owner}`);
  }
  const byId = new Map(profile.nodes.map((node) => [node.id, node]));
  const samples = profile.samples ?? [];
  const deltas = profile.timeDeltas ?? [];
  const self = new Map<string, number>();
  let busy = 0;
  for (const [index, id] of samples.entries()) {
    const frame = byId.get(id)?.callFrame;
    if (!frame || frame.functionName === '(idle)') continue;
    const micros = deltas[index] ?? 0;
    busy += micros;
    const where = `${frame.functionName || '(anonymous)'} ${shortUrl(frame.url)}${frame.url ? `:${frame.lineNumber + 1}` : ''}`;
    self.set(where, (self.get(where) ?? 0) + micros);
  }
  line(`  heaviest functions by self time (% of the main thread's busy time, ${(busy / 1000).toFixed(0)} ms):`);
  for (const [where, micros] of [...self.entries()].sort(([, a], [, b]) => b - a).slice(0, top)) {
    line(`    ${((100 * micros) / busy).toFixed(1).padStart(5)}%  ${where}`);
  }
}

// ---- the run -------------------------------------------------------------------------------------------

async function measure(name: string, request: () => Promise<number>, profile: boolean, dynamoThread?: LocalCloud['dynamoThread']): Promise<void> {
  for (let index = 0; index < WARM_UP; index += 1) await request(); // the JIT, the sockets, the caches
  calls.clear();
  const session = profile ? new Session() : undefined;
  if (session) {
    session.connect();
    await session.post('Profiler.enable');
    await session.post('Profiler.setSamplingInterval', { interval: 200 });
    await session.post('Profiler.start');
  }
  const before = process.cpuUsage();
  const loopBefore = performance.eventLoopUtilization();
  const dynamoBefore = dynamoThread?.utilization();
  const statuses = new Map<number, number>();
  for (let index = 0; index < REQUESTS; index += 1) {
    const status = await request();
    statuses.set(status, (statuses.get(status) ?? 0) + 1);
  }
  const used = process.cpuUsage(before);
  const loop = performance.eventLoopUtilization(loopBefore);
  const dynamoBusy = dynamoBefore ? dynamoThread?.utilization(dynamoBefore) : undefined;
  const recorded = session ? ((await session.post('Profiler.stop')) as { profile: CpuProfile }).profile : undefined;
  session?.disconnect();
  const perCommand = [...calls.entries()].map(([command, count]) => `${command} ${(count / REQUESTS).toFixed(2)}`).join(', ');
  line(`${name}: ${((used.user + used.system) / 1000 / REQUESTS).toFixed(2)} ms of CPU per request (user ${(used.user / 1000 / REQUESTS).toFixed(2)}, system ${(used.system / 1000 / REQUESTS).toFixed(2)}; main thread busy ${(loop.active / REQUESTS).toFixed(2)} ms) (${REQUESTS} requests, answers ${[...statuses.entries()].map(([status, count]) => `${status} x${count}`).join(', ')})`);
  line(`  DynamoDB calls per request: ${perCommand || 'none'}`);
  if (dynamoBusy) line(`  the local DynamoDB's thread busy ${(dynamoBusy.active / REQUESTS).toFixed(2)} ms per request`);
  if (recorded) printProfile(recorded, Number(options.top));
}

interface Served {
  readonly env: Record<string, string | undefined>;
  readonly token: string;
}

/**
 * The child: the local cloud with a company, its admin, a page of open tickets, and the admin signed
 * in. It answers the backend's environment and the token, then serves until the parent disconnects.
 */
async function serve(): Promise<void> {
  const { cloud, token } = await startSeededCloud(false);
  const served: Served = { env: { ...process.env, API_URL: cloud.config.apiUrl }, token };
  process.send?.(served);
  process.once('disconnect', () => void cloud.stop());
}

async function startSeededCloud(dynamoThread: boolean): Promise<{ cloud: LocalCloud; token: string }> {
  const ports = { web: 0, http: 0, ws: 0, dynamodb: 0, s3: 0, sqs: 0, cognito: 0, scheduler: 0 };
  // --cached-handlers: each handler module imported once, as a warm Lambda container holds it, instead
  // of the gateway's import() per request (which, under tsx's loader, asks the loader's thread each time).
  const loaded = new Map<string, ReturnType<typeof loadFunctionHandler>>();
  const loadHandler = options['cached-handlers']
    ? (module: string) => loaded.get(module) ?? loaded.set(module, loadFunctionHandler(module)).get(module) ?? loadFunctionHandler(module)
    : undefined;
  const cloud = await startLocalCloud({ ports, logLevel: 'silent', ttlSweepIntervalMs: 0, dynamoThread, ...(loadHandler ? { loadHandler } : {}) });
  const plan: Plan = { id: nextUlid(), name: 'Bench', users: 10, connections: 5, queues: 10, value: 0, aiTokensPerMonth: AI_TOKENS_PER_MONTH_DEFAULT, ...ALL_FEATURES };
  await dynamo().send(new PutCommand({ TableName: cloud.tableName, Item: planItem(plan) }));
  const email = `cpu.${Date.now()}@bench.test`;
  const { company, admin } = await createCompany({
    company: { name: 'Bench', email, phone: '', planId: plan.id, dueDate: '2999-12-31', recurrence: 'MENSAL', status: true },
    admin: { name: 'Bench Admin', email, password: PASSWORD, super: false },
    firstQueue: { name: 'Atendimento', color: '#0f766e' },
  });
  const now = new Date();
  const contacts: Contact[] = Array.from({ length: TICKETS }, (_, index) => ({
    id: nextUlid(),
    companyId: company.id,
    name: `Cliente ${index}`,
    number: `5511${String(900_000_000 + index)}`,
    email: '',
    profilePicUrl: null,
    extraInfo: [],
    isGroup: false,
    createdAt: now.toISOString(),
    updatedAt: now.toISOString(),
  }));
  const queue = admin.queueIds[0] ? await getQueue(company.id, admin.queueIds[0], true) : undefined;
  const built = contacts.map((contact, index) => ({
    ...newTicket(
      {
        companyId: company.id,
        status: 'open',
        contact: { id: contact.id, isGroup: false },
        user: { id: admin.id, name: admin.name },
        queueId: admin.queueIds[0] ?? null,
        whatsappId: null,
      },
      new Date(now.getTime() - index * 60_000),
    ),
    id: nextUlid(),
    lastMessage: 'Mensagem',
  }));
  // With the row copies the product stores with a new ticket (ticket-rows.ts), so a page is one Query.
  const tickets = await Promise.all(
    built.map(async (ticket, index) => ({
      ...ticket,
      ...(await rowCopiesFor(undefined, { ...ticket, attendanceId: null }, { contact: contacts[index], queue: queue ?? null, user: admin })),
    })),
  );
  await batchWriteAll([
    ...contacts.map((contact) => ({ PutRequest: { Item: contactItem(contact) } })),
    ...tickets.map((ticket) => ({ PutRequest: { Item: ticketItem(ticket) } })),
  ]);
  const cognito = new CognitoIdentityProviderClient({ endpoint: cloud.config.cognitoEndpoint, region: cloud.config.region });
  const signedIn = await cognito.send(
    new InitiateAuthCommand({ AuthFlow: 'USER_PASSWORD_AUTH', ClientId: cloud.config.userPoolClientId, AuthParameters: { USERNAME: email, PASSWORD } }),
  );
  return { cloud, token: signedIn.AuthenticationResult?.AccessToken ?? '' };
}

/**
 * --in-process: the whole HTTP path on this process's main thread, as `npm start` runs it (HTTP client,
 * local gateway with its token verification, handler, SDK client), the local DynamoDB on its own
 * thread; the figure to read is the main thread's busy time.
 */
async function inProcess(): Promise<void> {
  const { cloud, token } = await startSeededCloud(true);
  try {
    countCalls();
    const overHttp = async () => {
      const response = await fetch(`${cloud.config.apiUrl}${PATH}`, { headers: { authorization: `Bearer ${token}` } });
      await response.arrayBuffer();
      return response.status;
    };
    line(`GET ${PATH}, ${TICKETS} open tickets, as the admin; the local cloud in this process, its DynamoDB on a thread of its own`);
    await measure('over the HTTP API (client, gateway, handler on the main thread)', overHttp, options.profile, cloud.dynamoThread);
  } finally {
    await cloud.stop();
  }
}

/**
 * The parent runs nothing but the requests: process.cpuUsage() of this process is then the handler
 * and its SDK client (plus the HTTP client's small share for the HTTP figure), whatever else the
 * machine is busy with.
 */
async function main(): Promise<void> {
  const child = fork(fileURLToPath(import.meta.url), ['--serve', '--tickets', String(TICKETS)], { stdio: ['ignore', 'inherit', 'inherit', 'ipc'] });
  try {
    const served = await new Promise<Served>((resolve, reject) => {
      child.once('message', (message) => resolve(message as Served));
      child.once('exit', (code) => reject(new Error(`the local cloud exited with code ${code}`)));
    });
    Object.assign(process.env, served.env);
    const { token } = served;
    const claims = JSON.parse(Buffer.from(token.split('.')[1] ?? '', 'base64url').toString('utf8')) as Record<string, unknown>;
    countCalls();

    const apiUrl = process.env.API_URL ?? '';
    const overHttp = async () => {
      const response = await fetch(`${apiUrl}${PATH}`, { headers: { authorization: `Bearer ${token}` } });
      await response.arrayBuffer();
      return response.status;
    };
    // The event the local gateway builds for this request (as API Gateway does), with the verified claims.
    const { handler } = (await import('../functions/http/tickets')) as {
      handler: (event: unknown, context: Context) => Promise<{ statusCode: number }>;
    };
    const event = {
      version: '2.0',
      routeKey: 'GET /tickets',
      rawPath: '/tickets',
      rawQueryString: 'status=open',
      headers: { authorization: `Bearer ${token}`, host: 'localhost', 'user-agent': 'bench', 'x-forwarded-for': '127.0.0.1' },
      queryStringParameters: { status: 'open' },
      requestContext: {
        accountId: '123456789012',
        apiId: 'local',
        authorizer: { jwt: { claims: Object.fromEntries(Object.entries(claims).map(([name, value]) => [name, String(value)])), scopes: null } },
        domainName: 'localhost',
        domainPrefix: 'localhost',
        http: { method: 'GET', path: '/tickets', protocol: 'HTTP/1.1', sourceIp: '127.0.0.1', userAgent: 'bench' },
        requestId: 'bench',
        routeKey: 'GET /tickets',
        stage: '$default',
        time: new Date().toISOString(),
        timeEpoch: Date.now(),
      },
      isBase64Encoded: false,
    };
    const direct = async () => (await handler(event, lambdaContext({ functionName: 'http-tickets' }))).statusCode;

    line(`GET ${PATH}, ${TICKETS} open tickets, as the admin; the local cloud in a child process`);
    await measure('the handler (invoked in this process with the gateway\'s event; its DynamoDB calls go to the child)', direct, options.profile);
    if (options.http) {
      await measure('over the HTTP API (this process only sends the requests: its CPU is the HTTP client\'s)', overHttp, false);
    }
  } finally {
    child.disconnect();
  }
}

(options.serve ? serve() : options['in-process'] ? inProcess() : main()).catch((error: unknown) => {
  process.stderr.write(`${error instanceof Error ? (error.stack ?? error.message) : String(error)}\n`);
  process.exitCode = 1;
});
