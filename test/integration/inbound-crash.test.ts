/**
 * A session host killed (SIGKILL) in the middle of a burst of inbound messages loses none and doubles
 * none (docs/architecture.md §1.4): the simulated phone network keeps each message until the host
 * confirms it, which the host does only once the message's event is on the wa-events queue; a host
 * started after the crash delivers again what was not confirmed, and the inbound worker's claim of the
 * WhatsApp id stores a message delivered twice once. The host runs as its own process, as on Fargate
 * and under `npm start`, so the kill is a real one: no lease released, nothing finished. The new host
 * takes the shards once the dead one's leases expire: after HOST_LEASE_SECONDS here, 30 s by default.
 */
import { GetQueueAttributesCommand } from '@aws-sdk/client-sqs';
import { ulid } from 'ulid';
import { sqs } from '../../functions/core/aws/clients';
import { config } from '../../functions/core/config';
import { keys } from '../../functions/core/repositories/keys';
import { queryPrefix } from '../../functions/core/repositories/table';
import { putSimulatedInbound } from '../../functions/sessions/stores/simulator';
import { ENV } from '../../infra/resources/environment';
import { startHostProcess, type HostProcess } from '../support/host-process';
import { startTestCloud, type TestCloud } from '../support/local-cloud';
import { connectSimulated, createSimulatedConnection } from '../support/simulated-whatsapp';
import { until } from '../support/until';
import { ifAssigned } from '../support/teardown';
import { createTenant, type Tenant } from '../support/tenants';

const BURST = 50;
const CONTACTS = ['5511970000001', '5511970000002', '5511970000003', '5511970000004', '5511970000005'];

let cloud: TestCloud;
let tenant: Tenant;
let connectionId: string;
const hosts: HostProcess[] = [];

/** The hosts' leases (SESSION_LEASE_SECONDS): the restarted host waits this long for the killed one's shards. */
const HOST_LEASE_SECONDS = 6;

const startHost = (): HostProcess => {
  const host = startHostProcess({ [ENV.sessionLeaseSeconds]: String(HOST_LEASE_SECONDS) });
  hosts.push(host);
  return host;
};

beforeAll(async () => {
  cloud = await startTestCloud();
  tenant = await createTenant(cloud);
  startHost();
  connectionId = await createSimulatedConnection(cloud, tenant, 'Rajada');
  await connectSimulated(cloud, tenant, connectionId, '5511900000025');
  // Stopped as a deploy stops it (its shards released), so the burst starts with no host running.
  await hosts[0]!.kill('SIGTERM');
}, 120_000);

afterAll(async () => {
  for (const host of hosts) await host.kill('SIGTERM');
  await ifAssigned(cloud)?.stop();
});

const bodyOf = (index: number) => `rajada ${index}`;

const write = (index: number) =>
  putSimulatedInbound(tenant.companyId, connectionId, ulid(), {
    kind: 'message',
    from: CONTACTS[index % CONTACTS.length]!,
    name: 'Cliente da rajada',
    whatsappMessageId: `R${ulid()}`,
    mediaType: 'chat',
    body: bodyOf(index),
  });

/** The messages still waiting at the simulated phone network for a host to take and confirm them. */
const waitingAtTheNetwork = async () => (await queryPrefix(keys.simulatorInboundPrefix(tenant.companyId, connectionId), { ConsistentRead: true })).length;

/** Events on wa-events not yet handled by the inbound worker (waiting or being handled). */
async function eventsOnTheQueue(): Promise<number> {
  const { Attributes } = await sqs().send(
    new GetQueueAttributesCommand({
      QueueUrl: config.queueUrl('wa-events'),
      AttributeNames: ['ApproximateNumberOfMessages', 'ApproximateNumberOfMessagesNotVisible'],
    }),
  );
  return Number(Attributes?.ApproximateNumberOfMessages ?? 0) + Number(Attributes?.ApproximateNumberOfMessagesNotVisible ?? 0);
}

/** The bodies of every message the contacts wrote, as stored in their tickets, read page by page. */
async function storedBodies(): Promise<string[]> {
  const tickets = await cloud.api('/tickets?status=pending&showAll=true', { token: tenant.admin.token });
  const bodies: string[] = [];
  for (const ticket of tickets.body.tickets as { id: string; contact: { number: string } }[]) {
    if (!CONTACTS.includes(ticket.contact.number)) continue;
    let cursor: string | undefined;
    do {
      const page = await cloud.api(`/messages/${ticket.id}${cursor ? `?cursor=${encodeURIComponent(cursor)}` : ''}`, { token: tenant.admin.token });
      bodies.push(...(page.body.messages as { body: string; fromMe: boolean }[]).filter((message) => !message.fromMe).map((message) => message.body));
      cursor = page.body.cursor ?? undefined;
    } while (cursor);
  }
  return bodies;
}

/** How many times each message of the burst is stored. */
function timesStored(bodies: readonly string[]): Record<string, number> {
  const counts: Record<string, number> = Object.fromEntries(Array.from({ length: BURST }, (_, index) => [bodyOf(index), 0]));
  for (const body of bodies) counts[body] = (counts[body] ?? 0) + 1;
  return counts;
}

test('a host killed in the middle of a burst of fifty messages: after a restart each of them is stored exactly once', async () => {
  // Act: the first half of the burst arrives while no host runs; the next host takes it at once and is
  // killed as soon as it has taken any of it; the rest arrives while no host runs; a third host starts.
  const half = BURST / 2;
  await Promise.all(Array.from({ length: half }, (_, index) => write(index)));
  const killed = startHost();
  await until('the host to take the first messages', async () => (await waitingAtTheNetwork()) < half, 3000, 5);
  await killed.kill('SIGKILL');
  await Promise.all(Array.from({ length: BURST - half }, (_, index) => write(half + index)));
  const restarted = startHost();

  // Assess: once everything was taken and handled (nothing waiting at the network nor on the queue, the
  // count steady), each message counted; a lost message never comes, so the counts tell, not a time-out.
  let last = -1;
  await until(
    'the burst to be handled after the restart',
    async () => {
      const stored = (await storedBodies()).length;
      const steady = stored === last && (await waitingAtTheNetwork()) === 0 && (await eventsOnTheQueue()) === 0;
      last = stored;
      return steady;
    },
    240,
    500,
  ).catch((error: unknown) => {
    throw new Error(`${String(error)}\nthe restarted host said:\n${restarted.output()}`);
  });
  expect(timesStored(await storedBodies())).toEqual(timesStored(Array.from({ length: BURST }, (_, index) => bodyOf(index))));
}, 240_000);
