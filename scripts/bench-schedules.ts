/**
 * `npm run bench:schedules`: 1,000 scheduled messages falling due in the same minute on the local cloud
 * (docs/architecture.md §8: sent once, late rather than never), and how late each one reaches the phone.
 *
 * Everything runs in this process on random ports with throwaway data: the local cloud (its scheduler
 * fires the one-shot entries onto the schedule-due queue, whose worker sends), the demo company, one
 * connection on the `simulator` provider started and paired through the HTTP API, and the session host
 * with the simulator provider. N contacts are stored, then N schedules are created through the HTTP API
 * as the web app creates them, all due at the start of the same minute (the first one at least
 * --lead-seconds ahead, so that every schedule is created before it falls due).
 *
 * Printed: the lateness of each send, from its send time to the moment the simulated phone received it
 * (p50, p90, p99, max), sends per second (received / (last receipt - send time)), and whether any was
 * lost (no receipt, or not ENVIADA) or doubled (two receipts for one contact). Exits 1 when any was.
 *
 * Options: --schedules 1000 --lead-seconds 60 --concurrency 16 (creation requests in flight)
 * --timeout-seconds 900 (how long to wait for the sends)
 */
import './quiet-sdk-notice';
import { CognitoIdentityProviderClient, InitiateAuthCommand } from '@aws-sdk/client-cognito-identity-provider';
import { parseArgs } from 'node:util';
import { contactForNumber } from '../functions/core/conversations/create-ticket';
import { listScheduledMessages } from '../functions/core/repositories/scheduled-messages';
import { startSessionHost } from '../functions/sessions/host';
import { createSimulatorProvider } from '../functions/sessions/providers/simulator/provider';
import { listSimulatedOutbound, putSimulatedScan } from '../functions/sessions/stores/simulator';
import { startLocalCloud } from '../infra/local/cloud';
import { DEMO_LOGIN, seedDemo } from './seed-demo';

const { values: options } = parseArgs({
  options: {
    schedules: { type: 'string', default: '1000' },
    'lead-seconds': { type: 'string', default: '60' },
    concurrency: { type: 'string', default: '16' },
    'timeout-seconds': { type: 'string', default: '900' },
  },
});
const COUNT = Number(options.schedules);
const LEAD_MS = Number(options['lead-seconds']) * 1000;
const CONCURRENCY = Number(options.concurrency);
const TIMEOUT_MS = Number(options['timeout-seconds']) * 1000;

const RANDOM_PORTS = { web: 0, http: 0, ws: 0, dynamodb: 0, s3: 0, sqs: 0, cognito: 0, scheduler: 0 } as const;
const sleep = (ms: number) => new Promise((resolve) => setTimeout(resolve, ms));

function percentile(sorted: readonly number[], p: number): number {
  if (sorted.length === 0) return Number.NaN;
  return sorted[Math.min(sorted.length - 1, Math.ceil((p / 100) * sorted.length) - 1)] ?? Number.NaN;
}

async function until<T>(what: string, probe: () => Promise<T | undefined>, timeoutMs: number, pauseMs = 200): Promise<T> {
  const deadline = Date.now() + timeoutMs;
  while (Date.now() < deadline) {
    const value = await probe();
    if (value !== undefined) return value;
    await sleep(pauseMs);
  }
  throw new Error(`timed out waiting for ${what}`);
}

/** Runs `work` for 0..count-1 with at most `limit` at once. */
async function inPool(count: number, limit: number, work: (index: number) => Promise<void>): Promise<void> {
  let next = 0;
  await Promise.all(
    Array.from({ length: Math.min(limit, count) }, async () => {
      while (next < count) {
        const index = next;
        next += 1;
        await work(index);
      }
    }),
  );
}

async function main(): Promise<number> {
  const cloud = await startLocalCloud({ ports: RANDOM_PORTS, logLevel: 'silent', ttlSweepIntervalMs: 0, dynamoThread: true });
  const host = startSessionHost({
    heartbeatMs: 500,
    leaseMs: 3000,
    commandWaitSeconds: 1,
    providers: { simulator: createSimulatorProvider({ pollMs: 50, qrIntervalMs: 60_000, deliveryDelayMs: 0 }) },
  });
  try {
    await seedDemo();
    const cognito = new CognitoIdentityProviderClient({ endpoint: cloud.config.cognitoEndpoint, region: cloud.config.region });
    const auth = await cognito.send(
      new InitiateAuthCommand({
        AuthFlow: 'USER_PASSWORD_AUTH',
        ClientId: cloud.config.userPoolClientId,
        AuthParameters: { USERNAME: DEMO_LOGIN.email, PASSWORD: DEMO_LOGIN.password },
      }),
    );
    const token = auth.AuthenticationResult?.AccessToken ?? '';
    // `any`: the answers are read field by field below.
    // eslint-disable-next-line @typescript-eslint/no-explicit-any
    const api = async (path: string, init: { method?: string; body?: unknown } = {}): Promise<{ status: number; body: any }> => {
      const response = await fetch(`${cloud.config.apiUrl}${path}`, {
        method: init.method ?? 'GET',
        headers: { authorization: `Bearer ${token}`, ...(init.body === undefined ? {} : { 'content-type': 'application/json' }) },
        body: init.body === undefined ? undefined : JSON.stringify(init.body),
      });
      const text = await response.text();
      return { status: response.status, body: text === '' ? undefined : JSON.parse(text) };
    };

    const me = await api('/auth/me');
    const companyId: string = me.body.company.id;
    const created = await api('/whatsapp', { method: 'POST', body: { name: 'Bench', provider: 'simulator', greetingMessage: '', queueIds: [] } });
    if (created.status !== 201) throw new Error(`POST /whatsapp answered ${created.status}`);
    const connectionId: string = created.body.id;
    await api(`/whatsappsession/${connectionId}`, { method: 'POST' });
    const qr = await until('a QR code', async () => {
      const current = (await api(`/whatsapp/${connectionId}`)).body;
      return current.status === 'qrcode' ? (current.qrcode as string) : undefined;
    }, 60_000);
    await putSimulatedScan(companyId, connectionId, qr, '5511900009999');
    await until('CONNECTED', async () => ((await api(`/whatsapp/${connectionId}`)).body.status === 'CONNECTED' ? true : undefined), 60_000);

    const numbers = Array.from({ length: COUNT }, (_, index) => `55119${String(70_000_000 + index).padStart(8, '0')}`);
    const contactIds: string[] = new Array<string>(COUNT);
    const now = new Date();
    await inPool(COUNT, 32, async (index) => {
      contactIds[index] = (await contactForNumber(companyId, numbers[index] ?? '', now, { name: `Cliente ${index}` })).contact.id;
    });

    // The start of the first minute far enough ahead for every creation.
    const dueAt = Math.ceil((Date.now() + LEAD_MS) / 60_000) * 60_000;
    const sendAt = new Date(dueAt).toISOString();
    const createStarted = Date.now();
    await inPool(COUNT, CONCURRENCY, async (index) => {
      const answer = await api('/schedules', {
        method: 'POST',
        body: { body: `Lembrete {{firstName}} ${index}`, contactId: contactIds[index], sendAt, whatsappId: connectionId },
      });
      if (answer.status !== 201) throw new Error(`POST /schedules answered ${answer.status}: ${JSON.stringify(answer.body)}`);
    });
    const createdIn = Date.now() - createStarted;
    if (Date.now() >= dueAt) console.warn('warning: the schedules were not all created before they fell due; use a longer --lead-seconds');
    console.log(`${COUNT} schedules created in ${(createdIn / 1000).toFixed(1)} s (${((COUNT * 1000) / createdIn).toFixed(0)}/s), all due at ${sendAt}`);

    const wanted = new Set(numbers);
    const outbound = await until(
      'every schedule to reach the phone',
      async () => {
        const records = (await listSimulatedOutbound(companyId, connectionId)).filter((record) => wanted.has(record.to) && record.readReceiptsFor.length === 0);
        return records.length >= COUNT ? records : undefined;
      },
      Math.max(0, dueAt - Date.now()) + TIMEOUT_MS,
      500,
    ).catch(async (error: unknown) => {
      console.error(String(error));
      return (await listSimulatedOutbound(companyId, connectionId)).filter((record) => wanted.has(record.to) && record.readReceiptsFor.length === 0);
    });
    // A moment for any duplicate still on its way, then the final count.
    await sleep(3000);
    const final = (await listSimulatedOutbound(companyId, connectionId)).filter((record) => wanted.has(record.to) && record.readReceiptsFor.length === 0);
    const byNumber = new Map<string, number[]>();
    for (const record of final) byNumber.set(record.to, [...(byNumber.get(record.to) ?? []), Date.parse(record.sentAt)]);
    const lost = numbers.filter((number) => !byNumber.has(number)).length;
    const doubled = [...byNumber.values()].filter((times) => times.length > 1).length;
    const schedules = await listScheduledMessages(companyId);
    const statuses = schedules.reduce<Record<string, number>>((counts, schedule) => ({ ...counts, [schedule.status]: (counts[schedule.status] ?? 0) + 1 }), {});

    const lateness = [...byNumber.values()].map((times) => Math.min(...times) - dueAt).sort((a, b) => a - b);
    const lastReceipt = Math.max(...[...byNumber.values()].flat());
    const seconds = (lastReceipt - dueAt) / 1000;
    console.log(`received ${byNumber.size} of ${COUNT} (${outbound.length} at the first full count); schedule statuses ${JSON.stringify(statuses)}`);
    console.log(
      `lateness (send time to phone): p50 ${(percentile(lateness, 50) / 1000).toFixed(2)} s, p90 ${(percentile(lateness, 90) / 1000).toFixed(2)} s, ` +
        `p99 ${(percentile(lateness, 99) / 1000).toFixed(2)} s, max ${((lateness.at(-1) ?? Number.NaN) / 1000).toFixed(2)} s`,
    );
    console.log(`sends/s: ${(byNumber.size / seconds).toFixed(1)} (${byNumber.size} in ${seconds.toFixed(1)} s after the send time)`);
    console.log(`lost: ${lost}, doubled: ${doubled}`);
    return lost === 0 && doubled === 0 && (statuses.ENVIADA ?? 0) === COUNT ? 0 : 1;
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
