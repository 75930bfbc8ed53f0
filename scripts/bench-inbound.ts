/**
 * `npm run bench:inbound`: how fast a customer's WhatsApp message reaches an agent's screen, and how many
 * messages a second the inbound pipeline sustains, on the local cloud.
 *
 * Everything runs in this process on random ports with throwaway data: the local cloud (with the inbound
 * worker behind its SQS event-source poller), the demo company, one connection on the `simulator`
 * provider created, started and paired through the HTTP API as an admin would, and the session host with
 * the simulator provider. An admin's WebSocket is opened as the web app opens it and joined to what the
 * tickets page and the notifications join. Then N simulated contacts write at once:
 *
 * 1. "first message (new ticket)": each contact's first message, all at once. Each makes a contact and a
 *    pending ticket, and the bot answers with the connection's greeting (sent through the session host,
 *    whose acks come back through the same pipeline). We wait for that traffic to drain.
 * 2. "follow-up messages": each contact writes its other messages back to back (or one every
 *    --interval-ms), all contacts at once.
 *
 * A message's latency runs from the moment its simulated write to the phone network has completed
 * (putSimulatedInbound) to the moment the admin's socket receives the `appMessage` create event of the
 * stored message, matched by its text. Sustained messages/s: received / (last receive - first send).
 *
 * To see what bounds the throughput, the follow-up phase also reports: where each message waited (the
 * session host until its event is on the wa-events queue, the queue until the worker's invocation
 * starts, the invocation until the socket hears it); how busy the worker was (mean invocations in
 * flight against its maxConcurrency); every DynamoDB request of the pipeline per message, by who made
 * it (counted by a middleware on the one DynamoDB client the backend code shares); how busy the two
 * threads were: the local DynamoDB runs on a thread of its own here, everything else (worker, session
 * host, gateways, local SQS, the SDK clients) shares the main thread; and a CPU profile of the main
 * thread split between the SDK, the local SQS, the gateways and our code. Whichever thread is full
 * first is what bounds the rate. Then whether each conversation lists its messages in the order the
 * contact wrote them, and its ticket shows the last one; last, what one DynamoDB request costs the SDK
 * client and the local DynamoDB in CPU (printRequestCost). Beside its own count, the meter's table per
 * follow-up message (bench-meter.ts): bytes, estimated request units, Lambda invocations and time.
 *
 * The same two phases then run on a Cloud API connection (issue 32), so the two inbound paths print side
 * by side: an account of the local Graph simulator (infra/local/graph-simulator.ts, which the local cloud
 * starts), a `cloud` connection made with its values through the API and started ('Tentar novamente', which
 * points the account's webhook at it). Its contacts' first messages go through the simulator's control API,
 * which signs and delivers Meta's webhook and so knows the customer wrote (the greeting it is then sent is
 * taken and delivered, as Meta does within the 24-hour window); latency from the simulator's answer. Their
 * follow-ups are Meta's signed webhook POSTed by the bench straight to the product's route, all contacts at
 * once: the simulator delivers one account's webhooks one after the other (graph-webhooks.ts), so through
 * it the figures would be its queue's, where Meta delivers concurrently; latency from the POST's start, so
 * it includes the webhook's own invocation (`webhook` in the request counts), which takes the place of the
 * session host. Text messages only: a medium would add the Graph API download and the S3 put to the
 * webhook's invocation (cloud-media.ts).
 *
 * Options: --provider both (baileys, cloud or both) --contacts 50 --messages 20 (per contact, the first included) --interval-ms 0 (between one
 * contact's follow-ups; 0: back to back) --poll-ms 100 (the simulator's poll of the phone network;
 * WhatsApp itself pushes, so this adds on average half of it to every latency) --no-profile --profile-top 0 (also lists this many functions that cost the most themselves) --trace (prints
 * the worker's DynamoDB requests for the first contact's first message and first follow-up)
 * --worker-concurrency 20 (the worker's maxConcurrency; default as deployed) --dynamo-in-process (the local
 * DynamoDB on the main thread, as `npm start` runs it, instead of a thread of its own)
 *
 * Exits 1 when a message was lost (never announced) or announced twice.
 */
import './quiet-sdk-notice';
import { CognitoIdentityProviderClient, InitiateAuthCommand } from '@aws-sdk/client-cognito-identity-provider';
import { GetQueueAttributesCommand, SQSClient } from '@aws-sdk/client-sqs';
import type { SQSEvent } from 'aws-lambda';
import { AsyncLocalStorage } from 'node:async_hooks';
import { Session } from 'node:inspector/promises';
import { parseArgs } from 'node:util';
import { monitorEventLoopDelay, performance } from 'node:perf_hooks';
import { ulid } from 'ulid';
import WebSocket from 'ws';
import { dynamo, sqs } from '../functions/core/aws/clients';
import { putSimulatedInbound, putSimulatedScan } from '../functions/sessions/stores/simulator';
import { webhookSignature } from '../functions/core/whatsapp-cloud/webhook-signature';
import { getConnection } from '../functions/core/repositories/connections';
import { listSettings } from '../functions/core/repositories/settings';
import { getTicket } from '../functions/core/repositories/tickets';
import { startSessionHost, type SessionHost } from '../functions/sessions/host';
import { createSimulatorProvider } from '../functions/sessions/providers/simulator/provider';
import { loadFunctionHandler, startLocalCloud, type LocalCloud } from '../infra/local/cloud';
import type { AnyHandler } from '../infra/local/lambda';
import { CLOUD_COMMANDS_QUEUE_ID, QUEUES, type QueueDefinition } from '../infra/resources/queues';
import { companyEventName, roomNameOf, type CompanyChannels, type JoinAction, type RealtimeFrame, type RoomName } from '../shared/realtime-events';
import type { MeResponse } from '../shared/sign-in';
import { createBenchMeter, renderMeter, type MeterSnapshot } from './bench-meter';
import { DEMO_LOGIN, seedDemo } from './seed-demo';
import { messageText } from '../test/support/frame-text';
import { cloudMessage, cloudNotification } from '../test/support/cloud-webhooks';

const { values: options } = parseArgs({
  options: {
    contacts: { type: 'string', default: '50' },
    messages: { type: 'string', default: '20' },
    'interval-ms': { type: 'string', default: '0' },
    'poll-ms': { type: 'string', default: '100' },
    'no-profile': { type: 'boolean', default: false },
    'profile-top': { type: 'string', default: '0' },
    trace: { type: 'boolean', default: false },
    'dynamo-in-process': { type: 'boolean', default: false },
    'worker-concurrency': { type: 'string' },
    provider: { type: 'string', default: 'both' },
  },
});
/** Which inbound paths run, one after the other on the same local cloud: see the header. */
const PROVIDER_CHOICES = { baileys: ['baileys'], cloud: ['cloud'], both: ['baileys', 'cloud'] } as const;
if (!Object.hasOwn(PROVIDER_CHOICES, options.provider)) throw new Error('--provider must be baileys, cloud or both');
const PROVIDERS = PROVIDER_CHOICES[options.provider as keyof typeof PROVIDER_CHOICES];
type Provider = (typeof PROVIDERS)[number];
const CONTACTS = Number(options.contacts);
const MESSAGES = Number(options.messages);
const INTERVAL_MS = Number(options['interval-ms']);
const POLL_MS = Number(options['poll-ms']);
const PROFILE = !options['no-profile'];
const PROFILE_TOP = Number(options['profile-top']);
for (const [name, value, min] of [['contacts', CONTACTS, 1], ['messages', MESSAGES, 1], ['interval-ms', INTERVAL_MS, 0], ['poll-ms', POLL_MS, 1]] as const) {
  if (!Number.isInteger(value) || value < min) throw new Error(`--${name} must be a whole number of at least ${min}`);
}
/** A phase gives up on the messages still unannounced after this long without any arriving. */
const STALL_MS = 30_000;
const RANDOM_PORTS = { web: 0, http: 0, ws: 0, dynamodb: 0, s3: 0, sqs: 0, cognito: 0, scheduler: 0 } as const;
/** The queues as deployed, or with the worker's maxConcurrency of --worker-concurrency (to see whether it bounds). */
const BENCH_QUEUES: readonly QueueDefinition[] = QUEUES.map((queue) =>
  queue.consumer && queue.id === 'wa-events' && options['worker-concurrency'] !== undefined
    ? { ...queue, consumer: { ...queue.consumer, maxConcurrency: Number(options['worker-concurrency']) } }
    : queue,
);
const WA_EVENTS = BENCH_QUEUES.find((queue) => queue.id === 'wa-events');
const WORKER_CONCURRENCY = WA_EVENTS?.consumer?.maxConcurrency ?? 0;
if (!Number.isInteger(WORKER_CONCURRENCY) || WORKER_CONCURRENCY < 1) throw new Error('--worker-concurrency must be a whole number of at least 1');

// ---- who is doing the work -----------------------------------------------------------------------------

/** Which part of the system a piece of work belongs to: the worker, the session host, the API ... */
type Actor = 'worker' | 'session host' | 'webhook' | 'cloud sender' | 'http api' | 'websocket api' | 'contacts' | 'other';
/** `traced`: the worker invocation whose requests --trace prints. */
const actor = new AsyncLocalStorage<{ readonly actor: Actor; readonly traced?: boolean }>();

/** A request in one line: the index, then the key, the key condition's values or the items written. */
function describeRequest(input: Record<string, unknown>): string {
  const shown = input.Key ?? input.ExpressionAttributeValues ?? input.Item ?? input.TransactItems ?? input.RequestItems ?? {};
  return `${typeof input.IndexName === 'string' ? `${input.IndexName} ` : ''}${JSON.stringify(shown).slice(0, 160)}`;
}

interface Tally {
  /** DynamoDB requests by actor, then by command. */
  dynamo: Map<Actor, Map<string, { count: number; ms: number }>>;
  /** SQS requests of backend code (not the local event-source poller's own) by actor and command. */
  sqs: Map<Actor, Map<string, number>>;
  invocations: { startedAt: number; endedAt: number; records: number }[];
}
const emptyTally = (): Tally => ({ dynamo: new Map(), sqs: new Map(), invocations: [] });
let tally = emptyTally();
/**
 * Beside the tally, which keeps its split by actor and its ms per request: what docs/cost.md prices
 * per message. Outside Lambda, the actor says whose a request was (the session host's, the contacts').
 */
const meter = createBenchMeter({ outsideLambda: () => actor.getStore()?.actor });

function countRequests(): void {
  dynamo().middlewareStack.add(
    (next, context) => async (args) => {
      const who = actor.getStore()?.actor ?? 'other';
      const command = (context.commandName ?? 'unknown').replace(/Command$/, '');
      const started = performance.now();
      if (actor.getStore()?.traced) process.stdout.write(`    ${command} ${describeRequest(args.input as Record<string, unknown>)}\n`);
      try {
        return await next(args);
      } finally {
        const byCommand = tally.dynamo.get(who) ?? new Map<string, { count: number; ms: number }>();
        tally.dynamo.set(who, byCommand);
        const entry = byCommand.get(command) ?? { count: 0, ms: 0 };
        entry.count += 1;
        entry.ms += performance.now() - started;
        byCommand.set(command, entry);
      }
    },
    { step: 'initialize', name: 'benchDynamoTally' },
  );
  sqs().middlewareStack.add(
    (next, context) => async (args) => {
      const who = actor.getStore()?.actor ?? 'other';
      const command = (context.commandName ?? 'unknown').replace(/Command$/, '');
      const byCommand = tally.sqs.get(who) ?? new Map<string, number>();
      tally.sqs.set(who, byCommand);
      byCommand.set(command, (byCommand.get(command) ?? 0) + 1);
      return next(args);
    },
    { step: 'initialize', name: 'benchSqsTally' },
  );
}

// ---- what we sent and what the agent heard -------------------------------------------------------------

interface Sent {
  readonly body: string;
  /** performance.now() and Date.now() when the write to the phone network completed. */
  writtenAt: number;
  writtenEpoch: number;
  /**
   * Date.now(): when the simulator took it from the phone network (the event's timestamp), SQS's
   * SentTimestamp of its wa-events message, and when the worker's invocation began.
   */
  takenEpoch?: number;
  /** A Cloud API message: when the webhook's invocation (the `POST /webhooks/whatsapp-cloud/{id}` handler) began. */
  webhookEpoch?: number;
  /** A follow-up POSTed to the webhook by the bench: how long the webhook took to answer it (Meta waits for that answer). */
  answeredInMs?: number;
  enqueuedEpoch?: number;
  invokedEpoch?: number;
  receivedAt?: number;
  receivedEpoch?: number;
  /** The ticket it was stored on, from its announcement. */
  ticketId?: string;
  announcements: number;
}

const sent = new Map<string, Sent>();
/** Called on every announcement of a sent message, so a phase can wait for the last one. */
let onAnnounced: () => void = () => undefined;
let botAnswers = 0;
/** The messages whose worker requests --trace prints: the first contact's first message and first follow-up. */
const traceBodies = new Set<string>();

/** The worker's handler, timed and marked as the worker's; each record's text tells which message it carries. */
const loadHandler = async (module: string): Promise<AnyHandler> => {
  const handler = await loadFunctionHandler(module);
  const who: Actor | undefined =
    module === 'workers/wa-events' ? 'worker'
    : module === 'workers/cloud-commands' ? 'cloud sender'
    : module.startsWith('http/') ? 'http api'
    : module.startsWith('realtime/') ? 'websocket api'
    : undefined;
  if (!who) return handler;
  const tracked: AnyHandler = async (event, context) => {
    if (who === 'http api' && (event as { routeKey?: unknown }).routeKey === CLOUD_WEBHOOK_ROUTE) {
      const startedAt = Date.now();
      for (const body of webhookTexts(event as { body?: string; isBase64Encoded?: boolean })) {
        const message = sent.get(body);
        if (message && message.webhookEpoch === undefined) message.webhookEpoch = startedAt;
      }
      return actor.run({ actor: 'webhook' }, () => handler(event, context));
    }
    if (who !== 'worker') return actor.run({ actor: who }, () => handler(event, context));
    const startedAt = Date.now();
    const records = (event as SQSEvent).Records;
    const parsed = records.map((record) => messageOf(record.body));
    const bodies = parsed.map((message) => message?.body);
    const tracedBody = bodies.find((body) => body !== undefined && traceBodies.has(body));
    const traced = tracedBody !== undefined;
    if (traced) process.stdout.write(`  --trace: the worker's DynamoDB requests for "${tracedBody}" (and any other record of its batch)\n`);
    for (const [index, record] of records.entries()) {
      const body = bodies[index];
      const message = body === undefined ? undefined : sent.get(body);
      if (!message || message.invokedEpoch !== undefined) continue;
      message.takenEpoch = parsed[index]?.timestamp;
      message.enqueuedEpoch = Number(record.attributes.SentTimestamp);
      message.invokedEpoch = startedAt;
    }
    try {
      return await actor.run({ actor: 'worker', traced }, () => handler(event, context));
    } finally {
      tally.invocations.push({ startedAt, endedAt: Date.now(), records: records.length });
    }
  };
  return tracked;
};

const CLOUD_WEBHOOK_ROUTE = 'POST /webhooks/whatsapp-cloud/{id}';

/** The texts of the customers' messages in a delivery of Meta's webhook (statuses and other kinds carry none). */
function webhookTexts(event: { body?: string; isBase64Encoded?: boolean }): string[] {
  try {
    const raw = event.isBase64Encoded ? Buffer.from(event.body ?? '', 'base64').toString('utf8') : (event.body ?? '');
    const parsed = JSON.parse(raw) as { entry?: { changes?: { value?: { messages?: { text?: { body?: unknown } }[] } }[] }[] };
    return (parsed.entry ?? []).flatMap((entry) =>
      (entry.changes ?? []).flatMap((change) => (change.value?.messages ?? []).flatMap((message) => (typeof message.text?.body === 'string' ? [message.text.body] : []))),
    );
  } catch {
    return [];
  }
}

/** The text and timestamp of a wa-events record that carries a message. */
function messageOf(recordBody: string): { body: string; timestamp: number } | undefined {
  try {
    const parsed = JSON.parse(recordBody) as { type?: unknown; body?: unknown; timestamp?: unknown };
    return parsed.type === 'message' && typeof parsed.body === 'string' ? { body: parsed.body, timestamp: Number(parsed.timestamp) } : undefined;
  } catch {
    return undefined;
  }
}

/** The admin's socket, opened and joined as the web app does (notifications and the ticket lists). */
async function openAgentSocket(cloud: LocalCloud, token: string, companyId: string): Promise<WebSocket> {
  const minted = await api(cloud, '/realtime/ticket', token, { method: 'POST' });
  if (minted.status !== 201) throw new Error(`POST /realtime/ticket answered ${minted.status}`);
  const socket = new WebSocket(`${cloud.config.wsUrl}?ticket=${encodeURIComponent(String(minted.body.ticket))}`);
  const appMessage = companyEventName(companyId, 'appMessage');
  socket.on('message', (data) => {
    const receivedAt = performance.now();
    const frame = JSON.parse(messageText(data)) as RealtimeFrame;
    if (frame.event !== appMessage) return;
    const event = frame.data as CompanyChannels['appMessage'];
    if (event.action !== 'create') return;
    if (event.message.fromMe) {
      botAnswers += event.message.bot ? 1 : 0;
      return;
    }
    const message = sent.get(event.message.body);
    if (!message) return;
    message.announcements += 1;
    if (message.receivedAt === undefined) {
      message.ticketId = event.message.ticketId;
      message.receivedAt = receivedAt;
      message.receivedEpoch = Date.now();
    }
    onAnnounced();
  });
  await new Promise<void>((resolve, reject) => {
    socket.once('open', () => resolve());
    socket.once('unexpected-response', (_request, response) => reject(new Error(`socket refused with ${response.statusCode}`)));
    socket.once('error', reject);
  });
  const joins: JoinAction[] = [{ action: 'joinNotification' }, { action: 'joinTickets', status: 'pending' }, { action: 'joinTickets', status: 'open' }];
  // Messages are written only once every join is answered: none may be missed for a room not yet joined.
  const waiting = new Set(joins.map(roomNameOf));
  const answered = new Promise<void>((resolve, reject) => {
    const onFrame = (data: WebSocket.RawData) => {
      const frame = JSON.parse(messageText(data)) as RealtimeFrame;
      if (frame.event === 'joinRefused') reject(new Error(`join refused: ${JSON.stringify(frame.data)}`));
      if (frame.event !== 'joined') return;
      waiting.delete((frame.data as { room: RoomName }).room);
      if (waiting.size > 0) return;
      socket.off('message', onFrame);
      resolve();
    };
    socket.on('message', onFrame);
  });
  for (const join of joins) socket.send(JSON.stringify(join));
  await answered;
  return socket;
}

// ---- the phases ----------------------------------------------------------------------------------------

const sleep = (ms: number) => new Promise((resolve) => setTimeout(resolve, ms));
/** Each path's contacts are its own people: contacts are the company's, shared by its connections. */
const contactNumber = (context: Context, contact: number) => String((context.provider === 'cloud' ? 5511980000000 : 5511970000000) + contact);

/** A Cloud API connection's account at the Graph simulator: what signs its webhook and names its number. */
interface CloudAccount {
  readonly phoneNumberId: string;
  readonly wabaId: string;
  readonly accessToken: string;
  readonly appSecret: string;
}

interface Context {
  readonly cloud: LocalCloud;
  readonly companyId: string;
  readonly connectionId: string;
  readonly run: string;
  readonly provider: Provider;
  /** The cloud path's account at the simulator. */
  readonly account?: CloudAccount;
}

const bodyOf = (context: Context, contact: number, index: number) => `Bench ${context.run}: contato ${contact}, mensagem ${index + 1}`;

/**
 * A contact's message. Baileys path: written to the simulated phone network, where the session host's
 * simulator provider takes it. Cloud path: a first message is the Graph simulator's (its control API signs
 * and delivers Meta's webhook, and learns the customer wrote, so the greeting is sent and delivered as Meta
 * would); a follow-up is Meta's signed webhook POSTed by the bench itself, since the simulator delivers an
 * account's webhooks one after the other and would measure its own queue, where Meta delivers at once.
 */
async function write(context: Context, contact: number, index: number): Promise<Sent> {
  const body = bodyOf(context, contact, index);
  // Known before the write, in case its announcement is handled before the write's own answer.
  const message: Sent = { body, writtenAt: Number.NaN, writtenEpoch: Number.NaN, announcements: 0 };
  sent.set(body, message);
  const from = contactNumber(context, contact);
  const name = `Cliente ${contact}`;
  const { account } = context;
  if (context.provider === 'baileys') {
    await actor.run({ actor: 'contacts' }, () =>
      putSimulatedInbound(context.companyId, context.connectionId, ulid(), { kind: 'message', from, name, whatsappMessageId: `B${ulid()}`, mediaType: 'chat', body }),
    );
  } else if (account === undefined) {
    throw new Error('the cloud path has no simulated account');
  } else if (index === 0) {
    await simulatorControl(context.cloud, `/${account.phoneNumberId}/inbound`, { from, name, text: body });
  } else {
    // The delivery starts here: its latency includes the webhook's own invocation.
    message.writtenAt = performance.now();
    message.writtenEpoch = Date.now();
    const notification = cloudNotification(account.phoneNumberId, { messages: [cloudMessage({ from }, 'text', { text: { body } })], names: { [from]: name } });
    const response = await fetch(`${context.cloud.config.apiUrl}/webhooks/whatsapp-cloud/${context.connectionId}`, {
      method: 'POST',
      headers: { 'content-type': 'application/json', 'x-hub-signature-256': webhookSignature(notification, account.appSecret) },
      body: notification,
    });
    await response.arrayBuffer();
    if (response.status !== 200) throw new Error(`the webhook answered ${response.status}`);
    message.answeredInMs = performance.now() - message.writtenAt;
    return message;
  }
  message.writtenAt = performance.now();
  message.writtenEpoch = Date.now();
  return message;
}

/** The Graph simulator's control API (its root, without the Graph version). */
async function simulatorControl<T>(cloud: LocalCloud, path: string, body: unknown): Promise<T> {
  const root = cloud.urls.graph.replace(/\/v[\d.]+$/, '');
  const response = await fetch(`${root}/_simulator/accounts${path}`, { method: 'POST', headers: { 'content-type': 'application/json' }, body: JSON.stringify(body) });
  if (!response.ok) throw new Error(`simulator ${path || '/'} answered ${response.status}: ${await response.text()}`);
  return (await response.json()) as T;
}

/** Resolves once every message is announced, or when none has been for STALL_MS. */
async function announced(messages: readonly Sent[]): Promise<void> {
  const done = () => messages.every((message) => message.receivedAt !== undefined);
  while (!done()) {
    const arrived = await new Promise<boolean>((resolve) => {
      const timer = setTimeout(() => resolve(false), STALL_MS);
      onAnnounced = () => {
        clearTimeout(timer);
        resolve(true);
      };
    });
    if (!arrived) break;
  }
  onAnnounced = () => undefined;
}

/** Waits until nothing is waiting or in flight on the wa-events and command queues (session hosts', Cloud API's; three checks in a row). */
async function drained(cloud: LocalCloud): Promise<void> {
  const client = new SQSClient({ endpoint: cloud.urls.sqs, region: cloud.config.region, credentials: { accessKeyId: 'local', secretAccessKey: 'local' } });
  const urls = Object.entries(cloud.queueUrls)
    .filter(([id]) => id === 'wa-events' || id.startsWith('wa-commands-') || id === CLOUD_COMMANDS_QUEUE_ID)
    .map(([, url]) => url);
  try {
    let quiet = 0;
    for (let attempt = 0; attempt < 240 && quiet < 3; attempt += 1) {
      let waiting = 0;
      for (const url of urls) {
        const { Attributes = {} } = await client.send(
          new GetQueueAttributesCommand({ QueueUrl: url, AttributeNames: ['ApproximateNumberOfMessages', 'ApproximateNumberOfMessagesNotVisible', 'ApproximateNumberOfMessagesDelayed'] }),
        );
        waiting += Object.values(Attributes).reduce((sum, value) => sum + Number(value), 0);
      }
      quiet = waiting === 0 ? quiet + 1 : 0;
      await sleep(250);
    }
  } finally {
    client.destroy();
  }
}

// ---- figures -------------------------------------------------------------------------------------------

function percentile(sorted: readonly number[], fraction: number): number {
  if (sorted.length === 0) return Number.NaN;
  return sorted[Math.min(sorted.length - 1, Math.max(0, Math.ceil(fraction * sorted.length) - 1))] as number;
}

const ms = (value: number) => (Number.isFinite(value) ? `${Math.round(value)} ms` : '-');

function distribution(values: readonly number[]): string {
  const sorted = [...values].sort((a, b) => a - b);
  return `p50 ${ms(percentile(sorted, 0.5))}, p90 ${ms(percentile(sorted, 0.9))}, p99 ${ms(percentile(sorted, 0.99))}, max ${ms(sorted.at(-1) ?? Number.NaN)}`;
}

const line = (text = '') => process.stdout.write(`${text}\n`);

interface PhaseFigures {
  readonly lost: number;
  readonly doubled: number;
  readonly latency: string;
  readonly perSecond: number;
}

/** `origin`: where the latency is measured from (what the contact's write is on this path). */
function printPhase(title: string, messages: readonly Sent[], startedAt: number, origin: string): PhaseFigures {
  const received = messages.filter((message) => message.receivedAt !== undefined);
  const lost = messages.length - received.length;
  const doubled = messages.filter((message) => message.announcements > 1).length;
  const lastReceive = Math.max(...received.map((message) => message.receivedAt as number));
  const wall = (lastReceive - startedAt) / 1000;
  line(title);
  line(`  messages sent ${messages.length}, received ${received.length}, lost ${lost}, announced twice ${doubled}`);
  const latency = distribution(received.map((message) => (message.receivedAt as number) - message.writtenAt));
  line(`  latency (${origin} -> agent's socket): ${latency}`);
  line(`  sustained: ${(received.length / wall).toFixed(1)} messages/s (${received.length} in ${wall.toFixed(2)} s from the first write to the last receive)`);
  return { lost, doubled, latency, perSecond: received.length / wall };
}

/** `origin`: what the first stage starts from (as printPhase's). */
function printStages(messages: readonly Sent[], provider: Provider, origin: string): void {
  // The cloud path's first stop is the webhook's invocation; the Baileys path's, the simulator's poll.
  const entered = (message: Sent) => (provider === 'cloud' ? message.webhookEpoch : message.takenEpoch);
  const traced = messages.filter(
    (message) => entered(message) !== undefined && message.enqueuedEpoch !== undefined && message.invokedEpoch !== undefined && message.receivedEpoch !== undefined,
  );
  const stage = (from: (message: Sent) => number, to: (message: Sent) => number) => distribution(traced.map((message) => to(message) - from(message)));
  line(`  where a message waited (${traced.length} traced; epoch milliseconds):`);
  if (provider === 'cloud') {
    line(`    ${`${origin} until the webhook's invocation`.padEnd(43)} ${stage((m) => m.writtenEpoch, (m) => m.webhookEpoch as number)}`);
    line(`    webhook invocation until on wa-events       ${stage((m) => m.webhookEpoch as number, (m) => m.enqueuedEpoch as number)}`);
  } else {
    line(`    phone network until the simulator took it   ${stage((m) => m.writtenEpoch, (m) => m.takenEpoch as number)}`);
    line(`    session host until on the wa-events queue   ${stage((m) => m.takenEpoch as number, (m) => m.enqueuedEpoch as number)}`);
  }
  line(`    wa-events queue until its worker invocation ${stage((m) => m.enqueuedEpoch as number, (m) => m.invokedEpoch as number)}`);
  line(`    worker invocation until the agent's socket  ${stage((m) => m.invokedEpoch as number, (m) => m.receivedEpoch as number)}`);
}

function printWorker(wallMs: number): void {
  const { invocations } = tally;
  const busy = invocations.reduce((sum, invocation) => sum + invocation.endedAt - invocation.startedAt, 0);
  const records = invocations.reduce((sum, invocation) => sum + invocation.records, 0);
  line(
    `  worker: ${invocations.length} invocations, ${(records / Math.max(1, invocations.length)).toFixed(1)} records each, ` +
      `${(busy / Math.max(1, invocations.length)).toFixed(0)} ms each, on average ${(busy / wallMs).toFixed(1)} in flight of ${WORKER_CONCURRENCY} allowed`,
  );
}

/** Prints the requests per message by who made them, and answers them in one line each for the summary. */
function printRequests(messages: number): { dynamo: string; sqs: string } {
  line(`  DynamoDB requests per follow-up message, by who made them (mean ms per request):`);
  const actors = [...tally.dynamo.entries()].sort(([a], [b]) => a.localeCompare(b));
  const perActor: string[] = [];
  for (const [who, byCommand] of actors) {
    const commands = [...byCommand.entries()].sort(([, a], [, b]) => b.count - a.count);
    const total = commands.reduce((sum, [, entry]) => sum + entry.count, 0);
    perActor.push(`${who} ${(total / messages).toFixed(2)}`);
    const time = commands.reduce((sum, [, entry]) => sum + entry.ms, 0);
    const detail = commands.map(([command, entry]) => `${command} ${(entry.count / messages).toFixed(2)}`).join(', ');
    line(`    ${who.padEnd(14)} ${(total / messages).toFixed(2).padStart(6)}  (${(time / Math.max(1, total)).toFixed(1)} ms)  ${detail}`);
  }
  const sqsLines = [...tally.sqs.entries()].map(([who, byCommand]) => `${who}: ${[...byCommand.entries()].map(([command, count]) => `${command} ${(count / messages).toFixed(2)}`).join(', ')}`);
  if (sqsLines.length > 0) line(`  SQS requests per follow-up message: ${sqsLines.join('; ')}`);
  const sqsPerActor = [...tally.sqs.entries()].map(([who, byCommand]) => `${who} ${([...byCommand.values()].reduce((sum, count) => sum + count, 0) / messages).toFixed(2)}`);
  return { dynamo: perActor.join(', ') || '-', sqs: sqsPerActor.join(', ') || '-' };
}

function printMeter(metered: MeterSnapshot, messages: number): void {
  const table = renderMeter(metered, {
    unit: 'follow-up message',
    units: messages,
    leaveOut: { sources: (source) => source === 'contacts', why: "the simulated contacts' writes to the simulated phone network" },
  });
  line(table.replace(/^/gm, '  '));
}

// ---- CPU profile ---------------------------------------------------------------------------------------

interface ProfileNode {
  id: number;
  callFrame: { url: string; functionName: string };
  children?: number[];
}
interface CpuProfile {
  nodes: ProfileNode[];
  samples?: number[];
  timeDeltas?: number[];
}

/** What a stack frame's code belongs to; frames of Node itself belong to whoever called them. */
function bucketOf(frame: ProfileNode['callFrame']): string | undefined {
  const { url, functionName } = frame;
  if (functionName === '(idle)') return 'idle';
  if (functionName === '(garbage collector)') return 'garbage collector';
  if (/node_modules\/(dynalite|levelup|leveldown|memdown|abstract-leveldown|encoding-down|subleveldown|deferred-leveldown|lazy|big\.js|lock)\//.test(url) || url.includes('infra/local/dynamodb.ts')) {
    return 'local DynamoDB (dynalite and our proxy)';
  }
  if (url.includes('node_modules/local-aws-sqs/') || url.includes('infra/local/sqs.ts') || url.includes('infra/local/event-source-poller.ts')) return 'local SQS and its poller';
  if (url.includes('infra/local/') || url.includes('node_modules/ws/')) return 'local API gateways';
  if (url.includes('node_modules/@aws-sdk/') || url.includes('node_modules/@smithy/') || url.includes('node_modules/@aws-crypto/')) return 'AWS SDK clients';
  if (url.includes('node_modules/zod/')) return 'zod (validation)';
  if (url.includes('/functions/') || url.includes('/shared/')) return 'our code (worker, host, handlers)';
  if (url.includes('/scripts/')) return 'this benchmark';
  if (url.includes('node_modules/')) return 'other packages';
  return undefined;
}

function printProfile(profile: CpuProfile): void {
  const byId = new Map(profile.nodes.map((node) => [node.id, node]));
  const bucket = new Map<number, string>();
  const visit = (node: ProfileNode, inherited: string) => {
    const own = bucketOf(node.callFrame) ?? inherited;
    bucket.set(node.id, own);
    for (const child of node.children ?? []) {
      const next = byId.get(child);
      if (next) visit(next, own);
    }
  };
  const root = profile.nodes[0];
  if (!root) return;
  visit(root, 'Node.js (program, timers, sockets)');
  const totals = new Map<string, number>();
  const samples = profile.samples ?? [];
  const deltas = profile.timeDeltas ?? [];
  let all = 0;
  for (const [index, id] of samples.entries()) {
    const micros = deltas[index] ?? 0;
    const name = bucket.get(id) ?? 'unknown';
    totals.set(name, (totals.get(name) ?? 0) + micros);
    all += micros;
  }
  line(`  CPU of the main thread (profile sampled by V8):`);
  for (const [name, micros] of [...totals.entries()].sort(([, a], [, b]) => b - a)) {
    line(`    ${((100 * micros) / all).toFixed(1).padStart(5)}%  ${name}`);
  }
  if (PROFILE_TOP === 0) return;
  // The functions that spent the most time themselves, to see what inside a bucket costs.
  const self = new Map<string, number>();
  for (const [index, id] of samples.entries()) {
    const frame = byId.get(id)?.callFrame;
    if (!frame) continue;
    const where = `${frame.functionName || '(anonymous)'} ${frame.url.replace(/^.*node_modules\//, '').replace(/^.*\/(functions|infra|scripts|shared)\//, '$1/')} [${bucket.get(id) ?? 'unknown'}]`;
    self.set(where, (self.get(where) ?? 0) + (deltas[index] ?? 0));
  }
  line(`  heaviest functions by self time:`);
  for (const [where, micros] of [...self.entries()].sort(([, a], [, b]) => b - a).slice(0, PROFILE_TOP)) {
    line(`    ${((100 * micros) / all).toFixed(1).padStart(5)}%  ${where}`);
  }
}

// ---- the cost of one DynamoDB request ------------------------------------------------------------------

/**
 * What one DynamoDB request costs each side, measured alone once the pipeline is idle: CPU of the main
 * thread (the backend's SDK client: serialising, signing, HTTP) against CPU of the local DynamoDB's thread
 * (serving it), for the worker's most common requests, 10 at a time like the worker's concurrent chats.
 * When the client's side costs more, a thread running the worker is full before the DynamoDB's is,
 * however few requests a message makes.
 */
async function printRequestCost(dynamoThread: NonNullable<LocalCloud['dynamoThread']>, companyId: string, connectionId: string): Promise<void> {
  const kinds: readonly [string, () => Promise<unknown>][] = [
    ['GetItem (the connection)', () => getConnection(companyId, connectionId)],
    ['Query (the settings)', () => listSettings(companyId)],
  ];
  const REQUESTS = 2000;
  const parts: string[] = [];
  for (const [name, request] of kinds) {
    for (let index = 0; index < 200; index += 1) await request(); // warm: the JIT and the sockets
    const main = performance.eventLoopUtilization();
    const dynamo = dynamoThread.utilization();
    for (let index = 0; index < REQUESTS; index += 10) await Promise.all(Array.from({ length: 10 }, request));
    const client = performance.eventLoopUtilization(main).active / REQUESTS;
    const server = dynamoThread.utilization(dynamo).active / REQUESTS;
    parts.push(`${name}: SDK client ${client.toFixed(2)} ms, local DynamoDB ${server.toFixed(2)} ms (x${(client / server).toFixed(1)})`);
  }
  line(`  CPU of one DynamoDB request (main thread / DynamoDB thread, ${REQUESTS} each): ${parts.join('; ')}`);
}

// ---- the run -------------------------------------------------------------------------------------------

/**
 * Whether each contact's conversation lists its messages in the order they were written (GET /messages,
 * as the web shows it) and its ticket shows the last one written as its last message.
 */
async function printOrder(cloud: LocalCloud, token: string, companyId: string, byContact: readonly (readonly Sent[])[]): Promise<void> {
  let inOrder = 0;
  let lastShown = 0;
  for (const written of byContact) {
    const ticketId = written.find((message) => message.ticketId)?.ticketId;
    if (!ticketId) continue;
    const listed: string[] = [];
    let cursor: string | undefined;
    do {
      const page = await api(cloud, `/messages/${ticketId}${cursor ? `?cursor=${encodeURIComponent(cursor)}` : ''}`, token);
      listed.push(...(page.body.messages as { body: string; fromMe: boolean }[]).filter((message) => !message.fromMe).map((message) => message.body));
      cursor = page.body.cursor ?? undefined;
    } while (cursor);
    // Pages come newest first.
    if (JSON.stringify(listed.reverse()) === JSON.stringify(written.map((message) => message.body))) inOrder += 1;
    if ((await getTicket(companyId, ticketId))?.lastMessage === written.at(-1)?.body) lastShown += 1;
  }
  line(`  order: ${inOrder} of ${byContact.length} conversations list the contact's messages in the order written; ${lastShown} tickets show the last one as their last message`);
}

async function api(cloud: LocalCloud, path: string, token: string, init: { method?: string; body?: unknown } = {}) {
  const response = await fetch(`${cloud.config.apiUrl}${path}`, {
    method: init.method ?? 'GET',
    headers: { authorization: `Bearer ${token}`, ...(init.body ? { 'content-type': 'application/json' } : {}) },
    body: init.body ? JSON.stringify(init.body) : undefined,
  });
  // `any`: the bench reads a few fields of answers it does not type.
  // eslint-disable-next-line @typescript-eslint/no-explicit-any -- a bench reads the API's JSON as it comes
  return { status: response.status, body: await response.json().catch((): any => ({})) };
}

async function until<T>(what: string, probe: () => Promise<T | undefined>, timeoutMs = 30_000): Promise<T> {
  const deadline = Date.now() + timeoutMs;
  while (Date.now() < deadline) {
    const value = await probe();
    if (value !== undefined) return value;
    await sleep(50);
  }
  throw new Error(`timed out waiting for ${what}`);
}

interface Signed {
  readonly cloud: LocalCloud;
  readonly token: string;
  readonly companyId: string;
  readonly queueIds: readonly number[] | readonly string[];
}

/** One path's figures, for the side-by-side summary. */
interface PathFigures {
  readonly provider: Provider;
  readonly first: PhaseFigures;
  readonly followUp?: PhaseFigures;
  readonly requests?: { dynamo: string; sqs: string };
  readonly connectionId: string;
}

const GREETING = '{{ms}}, {{firstName}}! Em que podemos ajudar?';

/** The Baileys path's connection: the simulator provider, started and paired through the API as an admin does. */
async function baileysConnection(signed: Signed): Promise<{ connectionId: string; host: SessionHost }> {
  const { cloud, token, companyId, queueIds } = signed;
  const created = await api(cloud, '/whatsapp', token, { method: 'POST', body: { name: 'Bench', provider: 'simulator', greetingMessage: GREETING, queueIds } });
  if (created.status !== 201) throw new Error(`POST /whatsapp answered ${created.status}: ${JSON.stringify(created.body)}`);
  const connectionId = String(created.body.id);
  // The host's timers and promises inherit this mark, so its DynamoDB requests are told apart.
  const host = actor.run({ actor: 'session host' }, () => startSessionHost({ providers: { simulator: createSimulatorProvider({ pollMs: POLL_MS }) } }));
  const started = await api(cloud, `/whatsappsession/${connectionId}`, token, { method: 'POST' });
  if (started.status !== 200) throw new Error(`POST /whatsappsession answered ${started.status}`);
  const qrcode = await until('the QR code', async () => {
    const { body } = await api(cloud, `/whatsapp/${connectionId}`, token);
    return body.status === 'qrcode' && body.qrcode ? String(body.qrcode) : undefined;
  });
  await putSimulatedScan(companyId, connectionId, qrcode, '5511900000001');
  await until('CONNECTED', async () => ((await api(cloud, `/whatsapp/${connectionId}`, token)).body.status === 'CONNECTED' ? true : undefined));
  return { connectionId, host };
}

/**
 * The cloud path's connection: an account of its own at the Graph simulator, the connection made with its
 * values through the API, and 'Tentar novamente' (POST /whatsappsession), which checks them with Meta and
 * points the account's webhook at the connection.
 */
async function cloudConnection(signed: Signed): Promise<{ connectionId: string; account: CloudAccount }> {
  const { cloud, token, queueIds } = signed;
  const account = await simulatorControl<CloudAccount>(cloud, '', { verifiedName: 'Bench Nuvem' });
  const created = await api(cloud, '/whatsapp', token, {
    method: 'POST',
    body: {
      name: 'Bench Cloud',
      provider: 'cloud',
      greetingMessage: GREETING,
      queueIds,
      cloudPhoneNumberId: account.phoneNumberId,
      cloudBusinessAccountId: account.wabaId,
      cloudAccessToken: account.accessToken,
      cloudAppSecret: account.appSecret,
    },
  });
  if (created.status !== 201) throw new Error(`POST /whatsapp (cloud) answered ${created.status}: ${JSON.stringify(created.body)}`);
  const connectionId = String(created.body.id);
  const started = await api(cloud, `/whatsappsession/${connectionId}`, token, { method: 'POST' });
  if (started.status !== 200) throw new Error(`POST /whatsappsession (cloud) answered ${started.status}: ${JSON.stringify(started.body)}`);
  await until('the cloud connection CONNECTED', async () => ((await api(cloud, `/whatsapp/${connectionId}`, token)).body.status === 'CONNECTED' ? true : undefined));
  return { connectionId, account };
}

/** Both phases on one path's connection, printed as they end. */
async function runPath(signed: Signed, context: Context): Promise<PathFigures> {
  const { cloud, token, companyId } = signed;
  const { provider } = context;
  botAnswers = 0;
  const title = provider === 'cloud' ? 'Cloud API connection (Meta webhook -> wa-events -> worker)' : 'Baileys path (simulator provider in the session host -> wa-events -> worker)';
  line(`== ${title}: ${CONTACTS} contacts x ${MESSAGES} messages`);
  line(
    (provider === 'cloud'
      ? `  first messages through the Graph simulator's control API (it signs and delivers Meta's webhook), follow-ups as signed webhook POSTs from the bench; `
      : `  simulator poll every ${POLL_MS} ms; `) +
      `follow-ups ${INTERVAL_MS === 0 ? 'back to back' : `every ${INTERVAL_MS} ms`} per contact; ` +
      `worker: batches of ${WA_EVENTS?.consumer?.batchSize}, up to ${WORKER_CONCURRENCY} at once, one chat (FIFO group) at a time`,
  );
  line();

  // Phase 1: every contact's first message at once.
  if (options.trace) traceBodies.add(bodyOf(context, 0, 0));
  let startedAt = performance.now();
  const firsts = await Promise.all(Array.from({ length: CONTACTS }, (_, contact) => write(context, contact, 0)));
  await announced(firsts);
  const firstOrigin = provider === 'cloud' ? "the simulator's answer" : 'write';
  const first = printPhase('First message (new ticket: contact, ticket, greeting bot)', firsts, startedAt, firstOrigin);
  // The cloud path's first messages wait in the simulator's one-at-a-time webhook deliveries: shown apart.
  if (provider === 'cloud') printStages(firsts, provider, firstOrigin);
  await drained(cloud);
  if (provider === 'cloud') {
    // The greetings' `delivered` statuses come a second after `sent` (the simulator's delay): kept out of the next phase.
    await sleep(1_500);
    await drained(cloud);
  }
  line(`  greetings announced to the agent: ${botAnswers} (the bot's answers, their acks drained before the next phase)`);
  line();

  // Phase 2: the follow-ups, every contact writing at once.
  tally = emptyTally();
  meter.reset();
  const loop = monitorEventLoopDelay({ resolution: 10 });
  const utilisation = performance.eventLoopUtilization();
  const dynamoUtilisation = cloud.dynamoThread?.utilization();
  const profiler = new Session();
  if (PROFILE) {
    profiler.connect();
    await profiler.post('Profiler.enable');
    await profiler.post('Profiler.setSamplingInterval', { interval: 1000 });
    await profiler.post('Profiler.start');
  }
  loop.enable();
  if (options.trace && MESSAGES > 1) traceBodies.add(bodyOf(context, 0, 1));
  startedAt = performance.now();
  const byContact = await Promise.all(
    Array.from({ length: CONTACTS }, async (_, contact) => {
      const mine: Sent[] = [];
      for (let index = 1; index < MESSAGES; index += 1) {
        mine.push(await write(context, contact, index));
        if (INTERVAL_MS > 0) await sleep(INTERVAL_MS);
      }
      return mine;
    }),
  );
  const followUps = byContact.flat();
  const writtenIn = performance.now() - startedAt;
  await announced(followUps);
  const wallMs = Math.max(...followUps.map((message) => message.receivedAt ?? 0)) - startedAt;
  loop.disable();
  const busy = performance.eventLoopUtilization(utilisation);
  const dynamoBusy = dynamoUtilisation ? cloud.dynamoThread?.utilization(dynamoUtilisation) : undefined;
  const profile = PROFILE ? ((await profiler.post('Profiler.stop')) as { profile: CpuProfile }).profile : undefined;
  profiler.disconnect();
  // The invocations that announced the last messages finish their work (bots, acks) before the worker's figures are taken.
  await drained(cloud);
  const metered = meter.snapshot();
  let followUp: PhaseFigures | undefined;
  let requests: PathFigures['requests'];
  if (followUps.length > 0) {
    const origin = provider === 'cloud' ? 'webhook POST' : 'write';
    followUp = printPhase('Follow-up messages (existing ticket)', followUps, startedAt, origin);
    line(`  the contacts wrote them in ${(writtenIn / 1000).toFixed(2)} s (${(followUps.length / (writtenIn / 1000)).toFixed(0)} writes/s offered)`);
    if (provider === 'cloud') line(`  the webhook answered Meta's POST in ${distribution(followUps.flatMap((message) => (message.answeredInMs === undefined ? [] : [message.answeredInMs])))}`);
    printStages(followUps, provider, origin);
    printWorker(wallMs);
    requests = printRequests(followUps.length);
    printMeter(metered, followUps.length);
    line(
      `  busy event loops: main thread (everything else) ${(busy.utilization * 100).toFixed(0)}% (delay p99 ${(loop.percentile(99) / 1e6).toFixed(0)} ms), ` +
        (dynamoBusy ? `local DynamoDB thread ${(dynamoBusy.utilization * 100).toFixed(0)}%` : 'local DynamoDB on the main thread'),
    );
    if (profile) printProfile(profile);
  }
  if (MESSAGES > 1) await printOrder(cloud, token, companyId, byContact.map((mine, contact) => [firsts[contact] as Sent, ...mine]));
  const all = [...firsts, ...followUps];
  line(`  all: ${all.length} sent, ${all.filter((message) => message.receivedAt !== undefined).length} received, ${first.lost + (followUp?.lost ?? 0)} lost, ${first.doubled + (followUp?.doubled ?? 0)} announced twice`);
  line();
  return { provider, first, followUp, requests, connectionId: context.connectionId };
}

/** The paths side by side: latency, rate and requests per message. */
function printSummary(paths: readonly PathFigures[]): void {
  line("Side by side (latency to the agent's socket from the write on the Baileys path; on the cloud path from the simulator's answer for first messages, from the webhook POST for follow-ups):");
  for (const path of paths) {
    line(`  ${path.provider}:`);
    line(`    first messages  ${path.first.latency}; ${path.first.perSecond.toFixed(1)} messages/s`);
    if (path.followUp) line(`    follow-ups      ${path.followUp.latency}; ${path.followUp.perSecond.toFixed(1)} messages/s`);
    if (path.requests) line(`    per follow-up   DynamoDB: ${path.requests.dynamo}; SQS: ${path.requests.sqs}`);
  }
}

async function main(): Promise<number> {
  const cloud = await startLocalCloud({
    ports: RANDOM_PORTS,
    logLevel: 'silent',
    ttlSweepIntervalMs: 0,
    loadHandler: meter.timedLoader(loadHandler),
    queues: BENCH_QUEUES,
    dynamoThread: !options['dynamo-in-process'],
  });
  let host: SessionHost | undefined;
  let socket: WebSocket | undefined;
  try {
    countRequests();
    meter.watch(dynamo());
    await seedDemo();
    const cognito = new CognitoIdentityProviderClient({ endpoint: cloud.config.cognitoEndpoint, region: cloud.config.region });
    const { AuthenticationResult } = await cognito.send(
      new InitiateAuthCommand({
        AuthFlow: 'USER_PASSWORD_AUTH',
        ClientId: cloud.config.userPoolClientId,
        AuthParameters: { USERNAME: DEMO_LOGIN.email, PASSWORD: DEMO_LOGIN.password },
      }),
    );
    cognito.destroy();
    const token = AuthenticationResult?.AccessToken ?? '';
    const me = (await api(cloud, '/auth/me', token)).body as MeResponse;
    const companyId = me.user.companyId;
    const signed: Signed = { cloud, token, companyId, queueIds: me.user.queues.map((queue) => queue.id).slice(0, 1) };
    socket = await openAgentSocket(cloud, token, companyId);

    const paths: PathFigures[] = [];
    for (const provider of PROVIDERS) {
      const run = ulid().slice(-6);
      if (provider === 'baileys') {
        const made = await baileysConnection(signed);
        host = made.host;
        paths.push(await runPath(signed, { cloud, companyId, connectionId: made.connectionId, run, provider }));
        // Its polls and queue receives would be counted on the next path.
        await host.stop();
        host = undefined;
      } else {
        const made = await cloudConnection(signed);
        paths.push(await runPath(signed, { cloud, companyId, connectionId: made.connectionId, run, provider, account: made.account }));
      }
    }
    const last = paths.at(-1);
    if (cloud.dynamoThread && last) await printRequestCost(cloud.dynamoThread, companyId, last.connectionId);
    if (paths.length > 1) {
      line();
      printSummary(paths);
    }
    const failures = paths.reduce((sum, path) => sum + path.first.lost + path.first.doubled + (path.followUp?.lost ?? 0) + (path.followUp?.doubled ?? 0), 0);
    return failures > 0 ? 1 : 0;
  } finally {
    socket?.close();
    await host?.stop();
    await cloud.stop();
  }
}

main().then(
  (code) => {
    process.exitCode = code;
  },
  (error: unknown) => {
    process.stderr.write(`${error instanceof Error ? (error.stack ?? error.message) : String(error)}\n`);
    process.exitCode = 1;
  },
);
