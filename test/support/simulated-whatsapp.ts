/**
 * Connections on the simulated phone network for integration tests: the session host runs in-process
 * with the simulator provider (as test/integration/whatsapp-inbound.test.ts does), a connection is
 * started and its QR code scanned, and what the session sends is read back per number.
 */
import { listSimulatedOutbound, putSimulatedScan, type SimulatedOutbound } from '../../functions/sessions/stores/simulator';
import { startSessionHost, type SessionHost } from '../../functions/sessions/host';
import { createSimulatorProvider } from '../../functions/sessions/providers/simulator/provider';
import type { WhatsAppProvider } from '../../functions/sessions/providers/provider';
import type { TestCloud } from './local-cloud';
import type { Tenant } from './tenants';
import { until } from './until';

/**
 * How a session host runs in tests. A lease long enough that a host under a loaded machine's pauses
 * never gives up its shard (it stops acting when it could not renew for leaseMs - leaseMs / 6; stop()
 * releases it at once), renewed every second; commands read by long polls of each shard's queue, as
 * on AWS: the local SQS answers one as soon as a command is sent (infra/local/sqs.ts). Short polls
 * 400 ms apart made every command wait 200 ms on average (a contact's number check, a command there
 * and an event back, took about 500 ms) and kept asking while idle. Each renewal and simulated-network
 * read is a request to the local cloud on both sides, so these are as slow as the tests allow: with
 * renewals every 200 ms, one idle host with no session kept 27% of a core busy.
 */
const TEST_HOST_TIMINGS = { heartbeatMs: 1_000, leaseMs: 10_000, commandWaitSeconds: 20 } as const;

/** The simulator provider as the tests run it: the simulated network read ten times a second, no QR code renewed. */
export const testSimulatorProvider = (): WhatsAppProvider => createSimulatorProvider({ pollMs: 100, qrIntervalMs: 60_000, deliveryDelayMs: 20 });

export const startSimulatorHost = (provider: WhatsAppProvider = testSimulatorProvider()): SessionHost =>
  startSessionHost({ ...TEST_HOST_TIMINGS, providers: { simulator: provider } });

/** A new simulator connection of the tenant, not started (DISCONNECTED until its session is). */
export async function createSimulatedConnection(cloud: TestCloud, tenant: Tenant, name: string): Promise<string> {
  const created = await cloud.api('/whatsapp', {
    method: 'POST',
    token: tenant.admin.token,
    body: { name, provider: 'simulator', greetingMessage: '', queueIds: [tenant.queueId] },
  });
  if (created.status !== 201) throw new Error(`POST /whatsapp answered ${created.status}: ${JSON.stringify(created.body)}`);
  return created.body.id as string;
}

/** Starts the connection's session (a host must be running) and scans its QR code with the phone `number`. */
export async function connectSimulated(cloud: TestCloud, tenant: Tenant, connectionId: string, number: string): Promise<void> {
  const connection = async () => (await cloud.api(`/whatsapp/${connectionId}`, { token: tenant.admin.token })).body as { status: string; qrcode: string };
  const started = await cloud.api(`/whatsappsession/${connectionId}`, { method: 'POST', token: tenant.admin.token });
  if (started.status !== 200) throw new Error(`POST /whatsappsession answered ${started.status}`);
  const qr = await until('a QR code', async () => {
    const current = await connection();
    return current.status === 'qrcode' ? current.qrcode : undefined;
  }, 1200);
  await putSimulatedScan(tenant.companyId, connectionId, qr, number);
  await until('CONNECTED', async () => (await connection()).status === 'CONNECTED', 1200);
}

/** The messages the connection's session sent to that number so far (not read receipts). */
export async function sentTo(companyId: string, connectionId: string, number: string): Promise<SimulatedOutbound[]> {
  return (await listSimulatedOutbound(companyId, connectionId)).filter((record) => record.to === number && record.readReceiptsFor.length === 0);
}
