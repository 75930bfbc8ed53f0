/**
 * `npm run bench:integrations`: what our code adds to a customer's message that a webhook integration
 * answers, beside the webhook's own time, and the DynamoDB requests each answered message costs (issue 30's
 * figures; printed, never asserted by tests).
 *
 * Everything runs in this process on random ports with throwaway data: the local cloud (with the
 * `webhooks` queue's consumer behind its SQS event-source poller), a company whose first queue hands its
 * tickets to a webhook integration, one simulated connection on that queue, and a stand-in webhook
 * (test/support/fake-integrations.ts) that answers `{ "text": ... }` after --server-ms. Then --contacts
 * customers write --messages messages each, one message at a time (so no message waits for another):
 *
 * - a message starts when the inbound worker's code gets it (handleWhatsAppEvent, as the wa-events
 *   queue hands it over: the session host and that queue's hop are not in it) and ends when the
 *   webhooks consumer's invocation that sent the answer returns (the answer stored on the ticket,
 *   announced, and its send command queued for the session host);
 * - the webhook's own time runs from the moment its request had arrived to the moment its answer was
 *   sent; our code adds the rest: the inbound pipeline, the queue hop, the POST's client side, and
 *   storing and sending the answer. Printed as p50, p99 and mean, with where it goes;
 * - DynamoDB requests: every request of the backend's one client while the message was under way, by
 *   command, for the first message of a conversation (it makes the contact and the ticket, and the
 *   integration takes the ticket) and for the follow-ups apart, counted by the meter (bench-meter.ts),
 *   whose table per follow-up adds the bytes, the estimated request units and the Lambda time.
 *
 * Options: --contacts 10 --messages 10 --server-ms 20
 */
import './quiet-sdk-notice';
import { parseArgs } from 'node:util';
import type { SQSEvent } from 'aws-lambda';
import { ulid } from 'ulid';
import { dynamo } from '../functions/core/aws/clients';
import { handleWhatsAppEvent } from '../functions/workers/wa-events';
import { loadFunctionHandler, startLocalCloud } from '../infra/local/cloud';
import type { AnyHandler } from '../infra/local/lambda';
import { startFakeWebhook, type RecordedRequest } from '../test/support/fake-integrations';
import { renderTable } from './bench-figures';
import { addSnapshots, createBenchMeter, renderMeter, type MeterSnapshot } from './bench-meter';
import { apiOf, createBenchCompany, FREE_PORTS, signInTo } from './bench-support';

const { values: options } = parseArgs({
  options: {
    contacts: { type: 'string', default: '10' },
    messages: { type: 'string', default: '10' },
    'server-ms': { type: 'string', default: '20' },
  },
});
const CONTACTS = Number(options.contacts);
const MESSAGES = Number(options.messages);
const SERVER_MS = Number(options['server-ms']);

interface Timing {
  /** The inbound worker's code got the message. */
  readonly start: number;
  /** The inbound worker's code returned (the delivery is on the queue). */
  inboundDone?: number;
  /** The consumer's invocation began. */
  workerStart?: number;
  /** The consumer's invocation returned: the answer is sent. */
  done?: number;
}

/** By the text the customer wrote, which the delivery carries. */
const timings = new Map<string, Timing>();
let waiting: { text: string; resolve: () => void } | undefined;

/** The inbound worker's and the webhooks consumer's modules: the meter's sources of one message. */
const INBOUND = 'workers/wa-events';
const CONSUMER = 'workers/integration-webhooks';
const meter = createBenchMeter();

const textOfRecord = (body: string): string => {
  try {
    const text = (JSON.parse(body) as { message?: { body?: unknown } }).message?.body;
    return typeof text === 'string' ? text : '';
  } catch {
    return '';
  }
};

/** The webhooks consumer, timed per delivery; every other handler as the cloud loads it. */
const loadHandler = async (module: string): Promise<AnyHandler> => {
  const handler = await loadFunctionHandler(module);
  if (module !== 'workers/integration-webhooks') return handler;
  return async (event, context) => {
    const texts = (event as SQSEvent).Records.map((record) => textOfRecord(record.body));
    for (const text of texts) {
      const timing = timings.get(text);
      if (timing) timing.workerStart = Date.now();
    }
    const result: unknown = await handler(event, context);
    for (const text of texts) {
      const timing = timings.get(text);
      if (timing) timing.done = Date.now();
      if (waiting?.text === text) waiting.resolve();
    }
    return result;
  };
};

const percentile = (values: readonly number[], p: number): number => {
  const sorted = [...values].sort((a, b) => a - b);
  return sorted[Math.min(sorted.length - 1, Math.max(0, Math.ceil((p / 100) * sorted.length) - 1))] ?? Number.NaN;
};
const mean = (values: readonly number[]): number => values.reduce((sum, value) => sum + value, 0) / values.length;
const figures = (values: readonly number[]): string[] => [percentile(values, 50), percentile(values, 99), mean(values)].map((value) => value.toFixed(1));

const sum = (counts: ReadonlyMap<string, number>): number => [...counts.values()].reduce((total, count) => total + count, 0);

/** Mean requests per message: in all, and for the inbound pipeline and the consumer, by command. */
function perMessage(samples: readonly MeterSnapshot[]): string[][] {
  const measured = addSnapshots(...samples);
  const of = (source: string) => new Map([...(measured.get(source)?.commands.entries() ?? [])].map(([command, figures]) => [command, figures.requests]));
  const totals = new Map([...measured.keys()].map((source) => [source, sum(of(source))]));
  const row = (label: string, counts: ReadonlyMap<string, number>) => [
    label,
    (sum(counts) / samples.length).toFixed(1),
    [...counts.entries()]
      .sort((a, b) => b[1] - a[1])
      .map(([command, count]) => `${command} ${(count / samples.length).toFixed(1)}`)
      .join(', '),
  ];
  return [[...row('  in all', totals).slice(0, 2), ''], row('  inbound pipeline', of(INBOUND)), row('  webhooks consumer', of(CONSUMER))];
}

async function main(): Promise<number> {
  const webhook = await startFakeWebhook({ status: 200, body: { text: 'Recebido, já respondemos.' }, delayMs: SERVER_MS });
  const cloud = await startLocalCloud({ ports: FREE_PORTS, logLevel: 'silent', ttlSweepIntervalMs: 0, loadHandler: meter.timedLoader(loadHandler) });
  meter.watch(dynamo());
  try {
    const signIn = signInTo(cloud);
    const api = apiOf(cloud);
    const accounts = await createBenchCompany(cloud, signIn, api);
    const companyId = accounts.company.companyId;
    const queueId = accounts.company.queues[0];
    const token = await signIn(accounts.adminEmail);
    const integration = await api('/queueIntegration', token, { method: 'POST', body: { type: 'webhook', name: 'Bench', urlN8N: `${webhook.url}/hook` } });
    if (integration.status !== 201) throw new Error(`POST /queueIntegration answered ${integration.status}`);
    const linked = await api(`/queue/${queueId}`, token, { method: 'PUT', body: { integrationId: integration.body.id, greetingMessage: 'Olá' } });
    if (linked.status !== 200) throw new Error(`PUT /queue answered ${linked.status}`);
    const connection = await api('/whatsapp', token, { method: 'POST', body: { name: 'Bench', provider: 'simulator', greetingMessage: '', queueIds: [queueId] } });
    if (connection.status !== 201) throw new Error(`POST /whatsapp answered ${connection.status}`);
    const whatsappId = String(connection.body.id);

    const firstRequests: MeterSnapshot[] = [];
    const followUpRequests: MeterSnapshot[] = [];
    const byText = new Map<string, RecordedRequest>();
    let lost = 0;
    for (let contact = 0; contact < CONTACTS; contact += 1) {
      const number = `5511960${String(contact).padStart(6, '0')}`;
      for (let message = 0; message < MESSAGES; message += 1) {
        const text = `bench ${contact}.${message} ${ulid()}`;
        const answered = new Promise<void>((resolve) => {
          waiting = { text, resolve };
        });
        timings.set(text, { start: Date.now() });
        meter.reset();
        // The worker's use case, as its Lambda runs it for one record of a wa-events batch.
        await meter.invocation(INBOUND, () => handleWhatsAppEvent({
          type: 'message',
          companyId,
          whatsappId,
          chat: { id: number, isGroup: false },
          whatsappMessageId: `BENCH${ulid()}`,
          fromMe: false,
          pushName: `Cliente ${contact}`,
          timestamp: Date.now(),
          mediaType: 'chat',
          body: text,
          media: null,
          quotedWhatsappMessageId: null,
        }));
        const timing = timings.get(text);
        if (timing) timing.inboundDone = Date.now();
        const timedOut = await Promise.race([answered.then(() => false), new Promise<boolean>((resolve) => setTimeout(() => resolve(true), 10_000))]);
        const counts = meter.snapshot();
        if (timedOut) {
          lost += 1;
          continue;
        }
        (message === 0 ? firstRequests : followUpRequests).push(counts);
        const request = webhook.requests.find((recorded) => recorded.body.includes(text));
        if (request) byText.set(text, request);
      }
    }

    const rows = [...timings.entries()].flatMap(([text, timing]) => {
      const request = byText.get(text);
      if (!request?.answeredAt || timing.done === undefined || timing.inboundDone === undefined || timing.workerStart === undefined) return [];
      const total = timing.done - timing.start;
      const server = request.answeredAt - request.receivedAt;
      return [
        {
          total,
          server,
          ours: total - server,
          inbound: timing.inboundDone - timing.start,
          queue: timing.workerStart - timing.inboundDone,
          worker: timing.done - timing.workerStart - server,
        },
      ];
    });

    console.log(`\nWebhook-answered messages: ${rows.length} (${CONTACTS} conversations x ${MESSAGES} messages, one at a time), the webhook answering after ${SERVER_MS} ms`);
    if (lost > 0) console.log(`NOT ANSWERED within 10 s: ${lost}`);
    console.log(
      renderTable(
        ['ms', 'p50', 'p99', 'mean'],
        [
          ['customer message -> answer sent', ...figures(rows.map((row) => row.total))],
          ["the webhook's own time", ...figures(rows.map((row) => row.server))],
          ['our code adds', ...figures(rows.map((row) => row.ours))],
          ['  inbound pipeline (store, bots, enqueue)', ...figures(rows.map((row) => row.inbound))],
          ['  webhooks queue, until the consumer runs', ...figures(rows.map((row) => row.queue))],
          ['  consumer: sign, POST, store and send the answer', ...figures(rows.map((row) => row.worker))],
        ],
      ),
    );
    console.log('\nDynamoDB requests per answered message');
    console.log(
      renderTable(
        ['message', 'requests', 'by command'],
        [['first of a conversation', '', ''], ...perMessage(firstRequests), ['follow-up', '', ''], ...perMessage(followUpRequests)],
      ),
    );
    console.log('');
    console.log(renderMeter(addSnapshots(...followUpRequests), { unit: 'follow-up to a webhook integration', units: followUpRequests.length }));
    return lost > 0 ? 1 : 0;
  } finally {
    await cloud.stop();
    await webhook.stop();
  }
}

main().then(
  (code) => process.exit(code),
  (error: unknown) => {
    console.error(error);
    process.exit(1);
  },
);
