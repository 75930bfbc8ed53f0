/**
 * Shard leases of the session host against the real local DynamoDB: hosts in this process with short
 * leases (300 ms, renewed every 100 ms) taking, balancing, handing over and losing shards, and the
 * process entry (functions/sessions/main.ts) releasing its shards on SIGTERM.
 */
import { QUEUES, queueUrlEnv, SESSION_SHARDS, sessionCommandQueueId } from '../../infra/resources/queues';
import { spawn, type ChildProcess } from 'node:child_process';
import { fileURLToPath } from 'node:url';
import { DynamoDBClient } from '@aws-sdk/client-dynamodb';
import { DeleteCommand, DynamoDBDocumentClient, GetCommand, QueryCommand } from '@aws-sdk/lib-dynamodb';
import { startDynamo, type LocalDynamo } from '../../infra/local/dynamodb';
import { startSqs, type LocalSqs } from '../../infra/local/sqs';
import { dynamo } from '../../functions/core/aws/clients';
import { keys } from '../../functions/core/repositories/keys';
import { LeaseManager, type LeaseManagerOptions } from '../../functions/sessions/leases';

const TABLE = 'session-leases-test';
const ALL_SHARDS = Array.from({ length: SESSION_SHARDS }, (_, shard) => shard);
const SHORT = { leaseMs: 300, heartbeatMs: 100, safetyMarginMs: 50 } as const;

interface OwnershipEvent {
  readonly host: string;
  readonly kind: 'acquired' | 'lost' | 'released';
  readonly shard: number;
  readonly at: number;
  readonly detail?: string | number;
}

interface TestHost {
  readonly name: string;
  readonly manager: LeaseManager;
}

let local: LocalDynamo;
let sqs: LocalSqs;
let events: OwnershipEvent[] = [];
let hosts: TestHost[] = [];
let child: ChildProcess | undefined;

function startHost(name: string, options: Partial<LeaseManagerOptions> = SHORT): TestHost {
  const record = (kind: OwnershipEvent['kind'], shard: number, detail?: string | number) =>
    void events.push({ host: name, kind, shard, at: Date.now(), detail });
  const manager = new LeaseManager({
    hostId: name,
    ...options,
    onAcquired: (shard, token) => record('acquired', shard, token),
    onLost: (shard, reason) => record('lost', shard, reason),
    onReleased: (shard) => record('released', shard),
  });
  manager.start();
  const host = { name, manager };
  hosts.push(host);
  return host;
}

async function waitFor(what: string, condition: () => boolean | Promise<boolean>, timeoutMs = 15_000): Promise<void> {
  const deadline = Date.now() + timeoutMs;
  while (!(await condition())) {
    if (Date.now() > deadline) throw new Error(`Timed out waiting until ${what}`);
    await new Promise((resolve) => setTimeout(resolve, 10));
  }
}

const owns = (host: TestHost, shards: number[]) => () =>
  JSON.stringify(host.manager.ownedShards()) === JSON.stringify(shards);

/** Every few milliseconds, checks that no shard is in two hosts' owned sets at once. */
function sampleOverlaps(sampled: TestHost[]): { stop(): string[] } {
  const overlaps: string[] = [];
  const timer = setInterval(() => {
    const owners = new Map<number, string>();
    for (const host of sampled) {
      for (const shard of host.manager.ownedShards()) {
        const other = owners.get(shard);
        if (other) overlaps.push(`shard ${shard} owned by ${other} and ${host.name}`);
        owners.set(shard, host.name);
      }
    }
  }, 5);
  return {
    stop: () => {
      clearInterval(timer);
      return overlaps;
    },
  };
}

/** Replays the callbacks in order: an acquisition while another host still owns the shard is an overlap. */
function overlapsInEvents(): string[] {
  const owners = new Map<number, string>();
  const overlaps: string[] = [];
  for (const event of events) {
    const owner = owners.get(event.shard);
    if (event.kind === 'acquired') {
      if (owner && owner !== event.host) overlaps.push(`${event.host} acquired ${event.shard} while ${owner} owned it`);
      owners.set(event.shard, event.host);
    } else if (owner === event.host) {
      owners.delete(event.shard);
    }
  }
  return overlaps;
}

async function readLeases(): Promise<Map<number, { owner: string; leaseUntil: number; version: number }>> {
  const { Items = [] } = await dynamo().send(
    new QueryCommand({
      TableName: TABLE,
      KeyConditionExpression: 'PK = :pk',
      ExpressionAttributeValues: { ':pk': keys.sessionLeasePrefix().PK },
      ConsistentRead: true,
    }),
  );
  return new Map(
    Items.map((item) => [
      Number(item.shard),
      { owner: String(item.owner), leaseUntil: Number(item.leaseUntil), version: Number(item.version) },
    ]),
  );
}

async function clearSessionHostItems(): Promise<void> {
  for (const pk of [keys.sessionLeasePrefix().PK, keys.sessionHostPrefix().PK]) {
    const { Items = [] } = await dynamo().send(
      new QueryCommand({ TableName: TABLE, KeyConditionExpression: 'PK = :pk', ExpressionAttributeValues: { ':pk': pk } }),
    );
    for (const item of Items) {
      await dynamo().send(new DeleteCommand({ TableName: TABLE, Key: { PK: item.PK, SK: item.SK } }));
    }
  }
}

const acquisitionAt = (host: string, shard: number) =>
  events.find((event) => event.host === host && event.kind === 'acquired' && event.shard === shard)?.at;

beforeAll(async () => {
  local = await startDynamo({ port: 0, tableName: TABLE, ttlSweepIntervalMs: 0 });
  sqs = await startSqs({ port: 0, stage: 'leases', queues: QUEUES });
  // Before the first dynamo(): the client is created once, from the environment it finds.
  Object.assign(process.env, {
    AWS_ENDPOINT_URL_DYNAMODB: local.endpoint,
    AWS_REGION: 'us-east-1',
    AWS_ACCESS_KEY_ID: 'local',
    AWS_SECRET_ACCESS_KEY: 'local',
    TABLE_NAME: TABLE,
    LOG_LEVEL: 'silent',
  });
});

afterEach(async () => {
  for (const host of hosts) host.manager.abandon();
  if (child && child.exitCode === null && child.signalCode === null) {
    const exited = new Promise((resolve) => child?.once('exit', resolve));
    child.kill('SIGKILL');
    await exited;
  }
  child = undefined;
  // Let any write still in flight land before the partitions are emptied for the next test.
  await new Promise((resolve) => setTimeout(resolve, 50));
  await clearSessionHostItems();
  hosts = [];
  events = [];
});

afterAll(async () => {
  dynamo().destroy();
  await local.stop();
  await sqs.stop();
});

describe('session shard leases on the local DynamoDB', () => {
  test('a host alone takes every shard and is recorded as their owner', async () => {
    // Act
    const a = startHost('host-a');
    await waitFor('host-a owns every shard', owns(a, ALL_SHARDS));

    // Assess
    const leases = await readLeases();
    expect(ALL_SHARDS.map((shard) => leases.get(shard)?.owner)).toEqual(ALL_SHARDS.map(() => 'host-a'));
    expect(ALL_SHARDS.map((shard) => a.manager.fencingToken(shard))).toEqual(
      ALL_SHARDS.map((shard) => leases.get(shard)?.version),
    );
  });

  test('a second host joins and the two settle on an even split without a shard ever owned by both', async () => {
    // Prepare
    const a = startHost('host-a');
    await waitFor('host-a owns every shard', owns(a, ALL_SHARDS));

    // Act
    const b = startHost('host-b');
    const sampler = sampleOverlaps([a, b]);
    await waitFor('both hold half', () => a.manager.ownedShards().length === 2 && b.manager.ownedShards().length === 2);
    // A few more cycles, to see the split hold.
    await new Promise((resolve) => setTimeout(resolve, 5 * SHORT.heartbeatMs));
    const overlaps = sampler.stop();

    // Assess
    expect(overlaps).toEqual([]);
    expect(overlapsInEvents()).toEqual([]);
    expect([a.manager.ownedShards().length, b.manager.ownedShards().length]).toEqual([2, 2]);
    expect([...a.manager.ownedShards(), ...b.manager.ownedShards()].sort()).toEqual(ALL_SHARDS);
    const leases = await readLeases();
    for (const shard of b.manager.ownedShards()) expect(leases.get(shard)?.owner).toBe('host-b');
  });

  test('the shards of a crashed host are taken over by the other host only after their leases expire', async () => {
    // Prepare
    const a = startHost('host-a');
    await waitFor('host-a owns every shard', owns(a, ALL_SHARDS));
    const b = startHost('host-b');
    await waitFor('both hold half', () => a.manager.ownedShards().length === 2 && b.manager.ownedShards().length === 2);
    const crashedShards = a.manager.ownedShards();
    const sampler = sampleOverlaps([a, b]);

    // Act
    a.manager.abandon();
    // A renewal still in flight can only push these later, so they are lower bounds of the expiry.
    const leasesAtCrash = await readLeases();
    await waitFor('host-b owns every shard', owns(b, ALL_SHARDS));

    // Assess
    expect(sampler.stop()).toEqual([]);
    expect(overlapsInEvents()).toEqual([]);
    for (const shard of crashedShards) {
      expect(leasesAtCrash.get(shard)?.owner).toBe('host-a');
      expect(acquisitionAt('host-b', shard)).toBeGreaterThan(leasesAtCrash.get(shard)?.leaseUntil ?? Infinity);
    }
  });

  test('a host stopped gracefully releases its shards, so the other host takes them long before the leases would expire', async () => {
    // Prepare: long leases, so a takeover before expiry can only come from the release.
    const timings = { leaseMs: 20_000, heartbeatMs: 100, safetyMarginMs: 1_000 };
    const a = startHost('host-a', timings);
    await waitFor('host-a owns every shard', owns(a, ALL_SHARDS));
    const b = startHost('host-b', timings);
    await waitFor('both hold half', () => a.manager.ownedShards().length === 2 && b.manager.ownedShards().length === 2);
    const stoppedShards = a.manager.ownedShards();
    const leasesBeforeStop = await readLeases();
    const sampler = sampleOverlaps([a, b]);

    // Act
    await a.manager.stop();
    await waitFor('host-b owns every shard', owns(b, ALL_SHARDS));

    // Assess
    expect(sampler.stop()).toEqual([]);
    expect(overlapsInEvents()).toEqual([]);
    for (const shard of stoppedShards) {
      const releasedAt = events.find((event) => event.host === 'host-a' && event.kind === 'released' && event.shard === shard)?.at;
      expect(releasedAt).toBeDefined();
      expect(acquisitionAt('host-b', shard)).toBeGreaterThanOrEqual(releasedAt ?? Infinity);
      expect(acquisitionAt('host-b', shard)).toBeLessThan(leasesBeforeStop.get(shard)?.leaseUntil ?? 0);
    }
    const { Item: heartbeat } = await dynamo().send(
      new GetCommand({ TableName: TABLE, Key: keys.sessionHost('host-a'), ConsistentRead: true }),
    );
    expect(heartbeat).toBeUndefined();
  });

  test('a host whose renewals fail reports its shards lost before their leases expire', async () => {
    // Prepare: a client of its own that can be made to fail every call, as if the network went away.
    let failing = false;
    const raw = new DynamoDBClient({ maxAttempts: 1 });
    raw.middlewareStack.add(
      (next) => async (args) => {
        if (failing) throw new Error('simulated network failure');
        return next(args);
      },
      { step: 'initialize', name: 'simulatedNetworkFailure' },
    );
    const client = DynamoDBDocumentClient.from(raw);
    try {
      const c = startHost('host-c', { ...SHORT, client });
      await waitFor('host-c owns every shard', owns(c, ALL_SHARDS));

      // Act
      failing = true;
      await waitFor('host-c owns nothing', owns(c, []));

      // Assess
      const leases = await readLeases();
      const losses = events.filter((event) => event.kind === 'lost');
      expect(losses.map((event) => [event.shard, event.detail]).sort()).toEqual(ALL_SHARDS.map((shard) => [shard, 'deadline']));
      for (const loss of losses) {
        expect(leases.get(loss.shard)?.owner).toBe('host-c');
        expect(loss.at).toBeLessThan(leases.get(loss.shard)?.leaseUntil ?? 0);
      }
    } finally {
      raw.destroy();
    }
  });

  test('the process entry takes the shards and, on SIGTERM, releases them and exits 0', async () => {
    // Prepare
    const main = fileURLToPath(new URL('../../functions/sessions/main.ts', import.meta.url));
    const started = spawn(process.execPath, ['--import', 'tsx', main], {
      // Empty command queues on a local SQS: this test is about the leases, not the commands.
      env: {
        ...process.env,
        LOG_LEVEL: 'info',
        SESSION_COMMAND_WAIT_SECONDS: '0',
        AWS_ENDPOINT_URL_SQS: sqs.endpoint,
        ...Object.fromEntries(ALL_SHARDS.map((shard) => [queueUrlEnv(sessionCommandQueueId(shard)), sqs.queueUrls[sessionCommandQueueId(shard)]])),
      },
      stdio: ['ignore', 'pipe', 'pipe'],
    });
    child = started;
    const lines: { message?: string; shard?: number; hostId?: string }[] = [];
    let buffered = '';
    started.stdout.on('data', (chunk: Buffer) => {
      buffered += chunk.toString('utf8');
      const complete = buffered.split('\n');
      buffered = complete.pop() ?? '';
      for (const line of complete) if (line.trim()) lines.push(JSON.parse(line) as (typeof lines)[number]);
    });
    let errors = '';
    started.stderr.on('data', (chunk: Buffer) => (errors += chunk.toString('utf8')));
    const exit = new Promise<number | null>((resolve) => started.once('exit', (code) => resolve(code)));
    const acquired = () => lines.filter((line) => line.message === 'session shard acquired');
    await waitFor('the host process owns every shard', () => acquired().length === SESSION_SHARDS, 30_000);
    const hostId = acquired()[0]?.hostId;

    // Act
    started.kill('SIGTERM');
    const code = await exit;

    // Assess
    expect({ code, errors }).toEqual({ code: 0, errors: '' });
    expect(lines.filter((line) => line.message === 'session shard released').map((line) => line.shard).sort()).toEqual(ALL_SHARDS);
    const leases = await readLeases();
    expect(ALL_SHARDS.map((shard) => leases.get(shard))).toEqual(
      ALL_SHARDS.map(() => expect.objectContaining({ owner: hostId, leaseUntil: 0 })),
    );
  });
});
