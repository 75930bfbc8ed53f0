/**
 * `npm run bench:campaign`: a campaign of 10,000 recipients on one simulated connection, on the local
 * cloud in this process (issue 28's figures; printed, never asserted by tests).
 *
 * Phase 1, throughput (messageInterval 0, no longer pause): a contact list of --recipients items, a
 * campaign started now. Printed: how long the start took to turn the recipients into shipping items
 * (target ≤ 10 s); messages per second sustained from the first message handed to the session to the
 * last (target ≥ 20); DynamoDB requests per campaign message, by who made them (target ≤ 8: the send
 * hops' own, plus the inbound worker's for the acks the simulator reports back, shown apart); the time
 * the report (GET /campaigns/{id}) took to show progress. Midway the session host is stopped and a new
 * one started, and one send hop fails after its work, right before it enqueues the next hop (the crash
 * window the cursor's recorded work covers: the queue delivers it again after its visibility timeout,
 * so the run stalls that long); then every recipient must have exactly one message at the simulated
 * phone: duplicates and losses are printed, and the exit code is 1 when there is any. The requests are
 * counted by the meter (bench-meter.ts), whose table per campaign message adds their bytes, estimated
 * request units and the Lambda time of the send hops, the start and the acks' inbound worker.
 *
 * Phase 2, pacing (messageInterval --interval, 5 s by default): --paced recipients; every pause between
 * two consecutive messages at the phone, against the configured bounds [0, interval] within ±1 s.
 *
 * Options: --recipients 10000 --paced 12 --interval 5 --no-crash (skip the host restart and hop failure).
 */
import './quiet-sdk-notice';
import { AsyncLocalStorage } from 'node:async_hooks';
import { parseArgs } from 'node:util';
import { ulid } from 'ulid';
import { CAMPAIGN_SENDS_QUEUE_ID } from '../infra/resources/queues';
import { loadFunctionHandler, startLocalCloud } from '../infra/local/cloud';
import type { AnyHandler } from '../infra/local/lambda';
import { dynamo, sqs } from '../functions/core/aws/clients';
import { putNewContactList } from '../functions/core/repositories/contact-lists';
import { putNewContactListItems } from '../functions/core/repositories/contact-list-items';
import { startSessionHost, type SessionHost } from '../functions/sessions/host';
import { createSimulatorProvider } from '../functions/sessions/providers/simulator/provider';
import { listSimulatedOutbound, putSimulatedScan } from '../functions/sessions/stores/simulator';
import { againstTarget, renderTable } from './bench-figures';
import { createBenchMeter, renderMeter, type MeterSnapshot } from './bench-meter';
import { apiOf, createBenchCompany, FREE_PORTS, signInTo } from './bench-support';

const { values: options } = parseArgs({
  options: {
    recipients: { type: 'string', default: '10000' },
    paced: { type: 'string', default: '12' },
    interval: { type: 'string', default: '5' },
    'no-crash': { type: 'boolean', default: false },
  },
});
const RECIPIENTS = Number(options.recipients);
const PACED = Number(options.paced);
const INTERVAL = Number(options.interval);
const CRASH = !options['no-crash'];

const sleep = (ms: number) => new Promise((resolve) => setTimeout(resolve, ms));

async function until<T>(what: string, probe: () => Promise<T | undefined>, timeoutMs: number, pauseMs = 100): Promise<T> {
  const deadline = Date.now() + timeoutMs;
  while (Date.now() < deadline) {
    const value = await probe();
    if (value !== undefined) return value;
    await sleep(pauseMs);
  }
  throw new Error(`timed out waiting for ${what}`);
}

// ---- who makes the requests ----------------------------------------------------------------------------

type Actor = 'send hops' | 'campaign start' | 'inbound worker (acks)' | 'session host' | 'http api' | 'other';
const actor = new AsyncLocalStorage<Actor>();
/** The parts outside Lambda are told apart by the actor their work runs under (the session host's). */
const meter = createBenchMeter({ outsideLambda: () => actor.getStore() ?? 'other' });
/** When set, the next send hop's enqueue of its successor fails once (the crash window). */
let failNextHopEnqueue = false;
let hopFailures = 0;

function injectHopFailure(): void {
  sqs().middlewareStack.add(
    (next, context) => async (args) => {
      const input = args.input as { QueueUrl?: string };
      if (failNextHopEnqueue && actor.getStore() === 'send hops' && context.commandName === 'SendMessageCommand' && input.QueueUrl?.includes(CAMPAIGN_SENDS_QUEUE_ID)) {
        failNextHopEnqueue = false;
        hopFailures += 1;
        throw new Error('bench: the send hop dies right before it enqueues the next one');
      }
      return next(args);
    },
    { step: 'initialize', name: 'benchCampaignFault' },
  );
}

const ACTORS: Readonly<Record<string, Actor>> = {
  'workers/campaign-send': 'send hops',
  'workers/schedule-due': 'campaign start',
  'workers/wa-events': 'inbound worker (acks)',
};

const actorOf = (module: string): Actor => ACTORS[module] ?? (module.startsWith('http/') ? 'http api' : 'other');

const loadHandler = async (module: string): Promise<AnyHandler> => {
  const handler = await loadFunctionHandler(module);
  const who = actorOf(module);
  return (event, context) => actor.run(who, () => handler(event, context));
};

/** The meter's requests by actor and command: a source is a handler module or, outside Lambda, an actor. */
function requestsByActor(measured: MeterSnapshot): Map<Actor, Map<string, number>> {
  const requests = new Map<Actor, Map<string, number>>();
  for (const [source, figures] of measured) {
    // Handler modules are named by their path ('workers/campaign-send'); the parts outside Lambda by their actor.
    const who = source.includes('/') ? actorOf(source) : (source as Actor);
    const byCommand = requests.get(who) ?? new Map<string, number>();
    requests.set(who, byCommand);
    for (const [command, counted] of figures.commands) byCommand.set(command, (byCommand.get(command) ?? 0) + counted.requests);
  }
  return requests;
}

function startHost(): SessionHost {
  return actor.run('session host', () =>
    startSessionHost({
      heartbeatMs: 500,
      leaseMs: 3000,
      commandWaitSeconds: 1,
      providers: { simulator: createSimulatorProvider({ pollMs: 50, qrIntervalMs: 60_000, deliveryDelayMs: 0 }) },
    }),
  );
}

async function main(): Promise<number> {
  const cloud = await startLocalCloud({ ports: FREE_PORTS, logLevel: 'silent', ttlSweepIntervalMs: 0, dynamoThread: true, loadHandler: meter.timedLoader(loadHandler) });
  meter.watch(dynamo());
  injectHopFailure();
  let host = startHost();
  try {
    const signIn = signInTo(cloud);
    const api = apiOf(cloud);
    const accounts = await createBenchCompany(cloud, signIn, api);
    const companyId = accounts.company.companyId;
    const token = await signIn(accounts.adminEmail);
    const call = (path: string, init?: { method?: string; body?: unknown }) => api(path, token, init);

    const created = await call('/whatsapp', { method: 'POST', body: { name: 'Campanhas', provider: 'simulator', greetingMessage: '', queueIds: [] } });
    if (created.status !== 201) throw new Error(`POST /whatsapp answered ${created.status}`);
    const connectionId = String(created.body.id);
    await call(`/whatsappsession/${connectionId}`, { method: 'POST' });
    const qr = await until('a QR code', async () => {
      const current = (await call(`/whatsapp/${connectionId}`)).body;
      return current.status === 'qrcode' ? String(current.qrcode) : undefined;
    }, 60_000);
    await putSimulatedScan(companyId, connectionId, qr, '5511900008888');
    await until('CONNECTED', async () => ((await call(`/whatsapp/${connectionId}`)).body.status === 'CONNECTED' ? true : undefined), 60_000);

    const listOf = async (name: string, count: number, offset: number): Promise<{ listId: string; numbers: string[] }> => {
      const at = new Date();
      const listId = ulid();
      await putNewContactList({ id: listId, name, contactsCount: 0, companyId, createdAt: at.toISOString(), updatedAt: at.toISOString() });
      const numbers = Array.from({ length: count }, (_, index) => `55119${String(offset + index).padStart(8, '0')}`);
      const items = numbers.map((number, index) => ({
        id: ulid(),
        name: `Cliente ${index + 1}`,
        number,
        email: '',
        isWhatsappValid: true,
        companyId,
        contactListId: listId,
        createdAt: at.toISOString(),
        updatedAt: at.toISOString(),
      }));
      await putNewContactListItems(companyId, listId, items, at);
      return { listId, numbers };
    };
    const startCampaign = async (name: string, listId: string) => {
      const answer = await call('/campaigns', {
        method: 'POST',
        body: { name, message1: 'Oi {nome}, temos novidades!', message2: 'Olá {nome}, passe na loja', whatsappId: connectionId, contactListId: listId, scheduledAt: new Date().toISOString() },
      });
      if (answer.status !== 201) throw new Error(`POST /campaigns answered ${answer.status}: ${JSON.stringify(answer.body)}`);
      return String(answer.body.id);
    };
    const campaignOf = async (id: string) => (await call(`/campaigns/${id}`)).body as { status: string; progress: { recipients: number; delivered: number; skipped: number } };
    const settings = (values: Record<string, unknown>) => call('/campaign-settings', { method: 'POST', body: { settings: values } });

    // ---- phase 1: throughput, requests, crash safety ----
    await settings({ messageInterval: 0, longerIntervalAfter: 0, greaterInterval: 0 });
    const big = await listOf('Bench', RECIPIENTS, 70_000_000);
    console.log(`A contact list of ${RECIPIENTS} recipients is stored; the campaign starts now.`);
    meter.reset();
    const campaignId = await startCampaign('Bench', big.listId);
    const running = await until('EM_ANDAMENTO', async () => ((await campaignOf(campaignId)).status === 'EM_ANDAMENTO' ? Date.now() : undefined), 120_000, 20);
    const planned = await until('the shipping items', async () => ((await campaignOf(campaignId)).progress.recipients === RECIPIENTS ? Date.now() : undefined), 300_000, 50);
    const planSeconds = (planned - running) / 1000;
    const reportStarted = Date.now();
    await until('progress on the report', async () => ((await campaignOf(campaignId)).progress.delivered > 0 ? true : undefined), 60_000, 20);
    const reportSeconds = (Date.now() - reportStarted) / 1000;

    if (CRASH) {
      await until('a third sent', async () => ((await campaignOf(campaignId)).progress.delivered >= RECIPIENTS / 3 ? true : undefined), 900_000, 200);
      console.log('A third is sent: the session host stops, and a new one starts.');
      await host.stop();
      host = startHost();
      await until('two thirds sent', async () => ((await campaignOf(campaignId)).progress.delivered >= (2 * RECIPIENTS) / 3 ? true : undefined), 900_000, 200);
      console.log('Two thirds are sent: the next send hop dies right before it enqueues the next one (the queue gives it again after 120 s).');
      failNextHopEnqueue = true;
    }
    const done = await until('FINALIZADA', async () => {
      const campaign = await campaignOf(campaignId);
      return campaign.status === 'FINALIZADA' ? campaign : undefined;
    }, 3_600_000, 200);
    const measured = meter.snapshot();
    const requests = requestsByActor(measured);
    const wanted = new Set(big.numbers);
    const outbound = await until('every message at the phone', async () => {
      const records = (await listSimulatedOutbound(companyId, connectionId)).filter((record) => wanted.has(record.to) && record.readReceiptsFor.length === 0);
      return records.length >= RECIPIENTS ? records : undefined;
    }, 120_000, 500).catch(async () => (await listSimulatedOutbound(companyId, connectionId)).filter((record) => wanted.has(record.to) && record.readReceiptsFor.length === 0));
    const perNumber = new Map<string, number>();
    for (const record of outbound) perNumber.set(record.to, (perNumber.get(record.to) ?? 0) + 1);
    const duplicates = [...perNumber.values()].filter((count) => count > 1).length;
    const lost = big.numbers.filter((number) => !perNumber.has(number)).length;
    const sentTimes = outbound.map((record) => Date.parse(record.sentAt)).sort((a, b) => a - b);
    const sendingSeconds = ((sentTimes.at(-1) ?? 0) - (sentTimes[0] ?? 0)) / 1000;
    const perSecond = RECIPIENTS / Math.max(0.001, sendingSeconds);

    // ---- phase 2: pacing ----
    await settings({ messageInterval: INTERVAL, longerIntervalAfter: 0, greaterInterval: 0 });
    const paced = await listOf('Pausas', PACED, 80_000_000);
    const pacedId = await startCampaign('Pausas', paced.listId);
    await until('the paced campaign', async () => ((await campaignOf(pacedId)).status === 'FINALIZADA' ? true : undefined), (PACED * (INTERVAL + 2) + 60) * 1000, 200);
    const pacedWanted = new Set(paced.numbers);
    const pacedTimes = (await listSimulatedOutbound(companyId, connectionId))
      .filter((record) => pacedWanted.has(record.to) && record.readReceiptsFor.length === 0)
      .map((record) => Date.parse(record.sentAt))
      .sort((a, b) => a - b);
    const gaps = pacedTimes.slice(1).map((time, index) => (time - (pacedTimes[index] ?? time)) / 1000);
    const outside = gaps.filter((gap) => gap < -1 || gap > INTERVAL + 1);

    // ---- figures ----
    const hopRequests = [...(requests.get('send hops')?.values() ?? [])].reduce((sum, count) => sum + count, 0);
    console.log('');
    console.log(
      renderTable(
        ['figure', 'value', 'target'],
        [
          ['recipients → shipping items', `${planSeconds.toFixed(1)} s`, againstTarget(planSeconds, 1, { atMost: 10 })],
          ['messages per second (interval 0)', perSecond.toFixed(1), againstTarget(perSecond, 1, { atLeast: 20 })],
          ['DynamoDB requests per message, send hops', (hopRequests / RECIPIENTS).toFixed(2), againstTarget(hopRequests / RECIPIENTS, 2, { atMost: 8 })],
          ['report shows progress after', `${reportSeconds.toFixed(2)} s`, ''],
          ['duplicates / lost', `${duplicates} / ${lost}`, '0 / 0'],
          ['campaign', `${done.status}, delivered ${done.progress.delivered} of ${done.progress.recipients}`, ''],
          ['hop failures injected', String(hopFailures), ''],
          [`pauses at ${INTERVAL} s (${gaps.length})`, `min ${Math.min(...gaps).toFixed(1)} s, max ${Math.max(...gaps).toFixed(1)} s`, `[0, ${INTERVAL}] ± 1 s: ${outside.length} outside`],
        ],
      ),
    );
    console.log('');
    console.log('DynamoDB requests per campaign message, by who made them:');
    const rows: string[][] = [];
    for (const [who, byCommand] of requests) {
      for (const [command, count] of [...byCommand].sort((a, b) => b[1] - a[1])) rows.push([who, command, String(count), (count / RECIPIENTS).toFixed(2)]);
    }
    console.log(renderTable(['who', 'command', 'requests', 'per message'], rows));
    console.log('');
    console.log(
      renderMeter(measured, {
        unit: 'campaign message',
        units: RECIPIENTS,
        notes: [
          "workers/wa-events: the events each send brings back (the session host's 'sent', then the simulator's acks 2 and 3, as WhatsApp's server and the phone send them);",
          "session host: with the simulator provider, whose record of each message at the simulated phone (a PutItem, UpdateItems for its acks) Baileys would not write.",
        ],
        leaveOut: { sources: (source) => source.startsWith('http/'), why: "the bench's own polls of the report" },
      }),
    );
    return duplicates > 0 || lost > 0 || outside.length > 0 ? 1 : 0;
  } finally {
    await host.stop();
    await cloud.stop();
  }
}

main().then(
  (code) => process.exit(code),
  (error: unknown) => {
    console.error(error);
    process.exit(1);
  },
);
