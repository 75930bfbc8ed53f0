/**
 * Shard leases of the session host against a mocked DynamoDB document client: the exact conditional
 * commands for acquire, renew and release, losing a shard the moment it cannot be renewed, and the
 * balancing rules. Time is a hand-moved clock, so nothing here waits.
 */
import { ConditionalCheckFailedException, DynamoDBClient } from '@aws-sdk/client-dynamodb';
import { DeleteCommand, DynamoDBDocumentClient, PutCommand, QueryCommand, UpdateCommand } from '@aws-sdk/lib-dynamodb';
import { mockClient } from 'aws-sdk-client-mock';
import { LeaseManager, type Clock, type LeaseManagerOptions } from '../../../functions/sessions/leases';

const ddb = mockClient(DynamoDBDocumentClient);

const TABLE = 'table-under-test';
const HOST = 'host-a';
const T0 = 1_700_000_000_000;
const LEASE_MS = 30_000;
const HEARTBEAT_MS = 10_000;
const MARGIN_MS = 5_000;

const ACQUIRE_CONDITION = 'attribute_not_exists(PK) OR leaseUntil < :now OR #owner = :me';
const OWNER_CONDITION = '#owner = :me AND #version = :version';
const RENEW_EXPRESSION = 'SET leaseUntil = :until, heartbeatAt = :now';
const RELEASE_EXPRESSION = 'SET leaseUntil = :zero, releasedAt = :now';

/** A clock whose time moves only when a test says so; due timers run in order. */
class ManualClock implements Clock {
  private time = T0;
  private sequence = 0;
  private timers: { at: number; id: number; callback: () => void }[] = [];

  now = (): number => this.time;

  schedule = (ms: number, callback: () => void): (() => void) => {
    const timer = { at: this.time + ms, id: (this.sequence += 1), callback };
    this.timers.push(timer);
    return () => {
      this.timers = this.timers.filter((other) => other !== timer);
    };
  };

  advance(ms: number): void {
    const until = this.time + ms;
    for (;;) {
      const next = this.timers.filter((timer) => timer.at <= until).sort((a, b) => a.at - b.at || a.id - b.id)[0];
      if (!next) break;
      this.timers = this.timers.filter((timer) => timer !== next);
      this.time = next.at;
      next.callback();
    }
    this.time = until;
  }

  /** Moves time without running the timers that came due, as a starved event loop would. */
  jump(ms: number): void {
    this.time += ms;
  }
}

const silent = { debug: () => undefined, info: () => undefined, warn: () => undefined, error: () => undefined };

const conditionFailed = () => new ConditionalCheckFailedException({ message: 'The conditional request failed', $metadata: {} });

/** Lets every pending promise of the mocked calls settle. */
const settle = () => new Promise((resolve) => setImmediate(resolve));

interface Table {
  hosts?: Record<string, unknown>[];
  leases?: Record<string, unknown>[];
}

/**
 * The mocked table: host and lease partitions as given, every write succeeding; the first acquisition
 * of shard n answers version 10 + n, each later one a version higher.
 */
function given({ hosts = [], leases = [] }: Table = {}): void {
  const versions = new Map<number, number>();
  ddb.on(PutCommand).resolves({});
  ddb.on(DeleteCommand).resolves({});
  ddb.on(QueryCommand).callsFake((input: { ExpressionAttributeValues: Record<string, string> }) => ({
    Items: input.ExpressionAttributeValues[':pk'] === 'SESSIONHOST#HOSTS' ? hosts : leases,
  }));
  ddb.on(UpdateCommand).callsFake((input: { ReturnValues?: string; ExpressionAttributeValues: Record<string, number> }) => {
    if (input.ReturnValues !== 'ALL_NEW') return {};
    const shard = Number(input.ExpressionAttributeValues[':shard']);
    const version = (versions.get(shard) ?? 9 + shard) + 1;
    versions.set(shard, version);
    return { Attributes: { version } };
  });
}

function hostItem(hostId: string, aliveUntil: number) {
  return { PK: 'SESSIONHOST#HOSTS', SK: `HOST#${hostId}`, hostId, aliveUntil };
}

function leaseItem(shard: number, owner: string, leaseUntil: number) {
  return { PK: 'SESSIONHOST#LEASE', SK: `SHARD#${shard}`, shard, owner, version: 3, leaseUntil };
}

function createManager(clock: ManualClock, events: string[], overrides: Partial<LeaseManagerOptions> = {}) {
  return new LeaseManager({
    hostId: HOST,
    client: DynamoDBDocumentClient.from(new DynamoDBClient({ region: 'us-east-1' })),
    tableName: TABLE,
    shards: 4,
    leaseMs: LEASE_MS,
    heartbeatMs: HEARTBEAT_MS,
    safetyMarginMs: MARGIN_MS,
    clock,
    log: silent,
    onAcquired: (shard, token) => void events.push(`acquired ${shard} token ${token}`),
    onLost: (shard, reason) => void events.push(`lost ${shard} ${reason}`),
    onReleased: (shard) => void events.push(`released ${shard}`),
    ...overrides,
  });
}

const updates = (expression: string) =>
  ddb
    .commandCalls(UpdateCommand)
    .map((call) => call.args[0].input)
    .filter((input) => input.UpdateExpression === expression);

const acquisitions = () =>
  ddb
    .commandCalls(UpdateCommand)
    .map((call) => call.args[0].input)
    .filter((input) => input.ReturnValues === 'ALL_NEW');

beforeEach(() => ddb.reset());

describe('LeaseManager', () => {
  it('takes every free shard when alone, each with an update that succeeds only if the lease is absent, expired or already ours', async () => {
    // Prepare
    given({ hosts: [hostItem(HOST, T0 + LEASE_MS)] });
    const events: string[] = [];
    const manager = createManager(new ManualClock(), events);

    // Act
    await manager.cycle();

    // Assess
    expect(manager.ownedShards()).toEqual([0, 1, 2, 3]);
    expect(acquisitions()[0]).toEqual({
      TableName: TABLE,
      Key: { PK: 'SESSIONHOST#LEASE', SK: 'SHARD#0' },
      UpdateExpression:
        'SET #owner = :me, leaseUntil = :until, heartbeatAt = :now, acquiredAt = :now, #entity = :entity, #shard = :shard ADD #version :one',
      ConditionExpression: ACQUIRE_CONDITION,
      ExpressionAttributeNames: { '#owner': 'owner', '#version': 'version', '#entity': 'entity', '#shard': 'shard' },
      ExpressionAttributeValues: {
        ':me': HOST,
        ':until': T0 + LEASE_MS,
        ':now': T0,
        ':entity': 'sessionLease',
        ':shard': 0,
        ':one': 1,
      },
      ReturnValues: 'ALL_NEW',
    });
    expect(acquisitions().map((input) => input.Key)).toEqual([0, 1, 2, 3].map((shard) => ({ PK: 'SESSIONHOST#LEASE', SK: `SHARD#${shard}` })));
    expect(events).toEqual(['acquired 0 token 10', 'acquired 1 token 11', 'acquired 2 token 12', 'acquired 3 token 13']);
    expect(manager.fencingToken(2)).toBe(12);
  });

  it('reads leases and live hosts with consistent Queries of their own partitions and heartbeats its host item', async () => {
    // Prepare
    given();
    const manager = createManager(new ManualClock(), []);

    // Act
    await manager.cycle();

    // Assess
    expect(ddb.commandCalls(PutCommand).map((call) => call.args[0].input)).toEqual([
      {
        TableName: TABLE,
        Item: {
          PK: 'SESSIONHOST#HOSTS',
          SK: `HOST#${HOST}`,
          entity: 'sessionHost',
          hostId: HOST,
          heartbeatAt: T0,
          aliveUntil: T0 + LEASE_MS,
          expiresAt: Math.ceil((T0 + LEASE_MS) / 1000),
        },
      },
    ]);
    expect(ddb.commandCalls(QueryCommand).map((call) => call.args[0].input)).toEqual(
      ['SESSIONHOST#HOSTS', 'SESSIONHOST#LEASE'].map((pk) => ({
        TableName: TABLE,
        KeyConditionExpression: 'PK = :pk AND begins_with(SK, :prefix)',
        ExpressionAttributeValues: { ':pk': pk, ':prefix': pk === 'SESSIONHOST#HOSTS' ? 'HOST#' : 'SHARD#' },
        ConsistentRead: true,
        ExclusiveStartKey: undefined,
      })),
    );
  });

  it('renews each held lease on condition that owner and fencing token are still ours, extending it by leaseMs', async () => {
    // Prepare
    given();
    const clock = new ManualClock();
    const manager = createManager(clock, []);
    await manager.cycle();
    ddb.resetHistory();
    clock.advance(HEARTBEAT_MS);

    // Act
    await manager.cycle();

    // Assess
    const renewals = updates(RENEW_EXPRESSION);
    expect(renewals).toHaveLength(4);
    expect(renewals[1]).toEqual({
      TableName: TABLE,
      Key: { PK: 'SESSIONHOST#LEASE', SK: 'SHARD#1' },
      UpdateExpression: RENEW_EXPRESSION,
      ConditionExpression: OWNER_CONDITION,
      ExpressionAttributeNames: { '#owner': 'owner', '#version': 'version' },
      ExpressionAttributeValues: { ':until': T0 + HEARTBEAT_MS + LEASE_MS, ':now': T0 + HEARTBEAT_MS, ':me': HOST, ':version': 11 },
    });
    expect(manager.ownedShards()).toEqual([0, 1, 2, 3]);
  });

  it('loses a shard at once when its renewal condition fails, and stops renewing it', async () => {
    // Prepare
    given();
    const events: string[] = [];
    const clock = new ManualClock();
    const manager = createManager(clock, events);
    await manager.cycle();
    // Another host holds shard 2 now, so it is not free to take back.
    given({ leases: [leaseItem(2, 'host-b', T0 + 2 * LEASE_MS)] });
    ddb.on(UpdateCommand, { UpdateExpression: RENEW_EXPRESSION, Key: { PK: 'SESSIONHOST#LEASE', SK: 'SHARD#2' } }).rejects(conditionFailed());
    clock.advance(HEARTBEAT_MS);

    // Act
    await manager.cycle();

    // Assess
    expect(events).toContain('lost 2 taken');
    expect(manager.ownedShards()).toEqual([0, 1, 3]);
    expect(manager.fencingToken(2)).toBeUndefined();
    ddb.resetHistory();
    clock.advance(HEARTBEAT_MS);
    await manager.cycle();
    expect(updates(RENEW_EXPRESSION).map((input) => input.Key?.SK)).toEqual(['SHARD#0', 'SHARD#1', 'SHARD#3']);
  });

  it('keeps a shard through a renewal that fails for another reason, but stops acting on it at the safety deadline, before its lease expires', async () => {
    // Prepare
    given();
    const events: string[] = [];
    const clock = new ManualClock();
    const manager = createManager(clock, events, { shards: 1 });
    await manager.cycle();
    ddb.on(UpdateCommand, { UpdateExpression: RENEW_EXPRESSION }).rejects(new Error('socket hang up'));
    clock.advance(HEARTBEAT_MS);
    await manager.cycle();
    clock.advance(HEARTBEAT_MS);
    await manager.cycle();
    expect(manager.ownedShards()).toEqual([0]);

    // Act
    clock.advance(LEASE_MS - MARGIN_MS - 2 * HEARTBEAT_MS - 1);
    const ownedJustBefore = manager.ownedShards();
    clock.advance(1);

    // Assess
    expect(ownedJustBefore).toEqual([0]);
    expect(events).toEqual(['acquired 0 token 10', 'lost 0 deadline']);
    expect(manager.ownedShards()).toEqual([]);
    expect(clock.now()).toBeLessThan(T0 + LEASE_MS);
  });

  it('treats a renewal answered after the safety deadline as lost, then takes the shard back under a new fencing token', async () => {
    // Prepare
    given();
    const events: string[] = [];
    const clock = new ManualClock();
    const manager = createManager(clock, events, { shards: 1 });
    await manager.cycle();
    ddb.on(UpdateCommand, { UpdateExpression: RENEW_EXPRESSION }).callsFake(() => {
      // The answer arrives past the deadline, before the watchdog got its turn.
      clock.jump(LEASE_MS - MARGIN_MS - HEARTBEAT_MS);
      return {};
    });
    clock.advance(HEARTBEAT_MS);

    // Act
    await manager.cycle();

    // Assess
    expect(events).toEqual(['acquired 0 token 10', 'lost 0 deadline', 'acquired 0 token 11']);
    expect(manager.fencingToken(0)).toBe(11);
  });

  it('takes only ceil(shards / live hosts), skipping shards leased by others and taking expired ones', async () => {
    // Prepare
    given({
      hosts: [hostItem(HOST, T0 + LEASE_MS), hostItem('host-b', T0 + 1), hostItem('host-c', T0 + 1), hostItem('host-gone', T0 - 1)],
      leases: [leaseItem(0, 'host-b', T0 + 1), leaseItem(1, 'host-gone', T0 - 1)],
    });
    const events: string[] = [];
    const manager = createManager(new ManualClock(), events);

    // Act
    await manager.cycle();

    // Assess
    expect(acquisitions().map((input) => input.Key?.SK)).toEqual(['SHARD#1', 'SHARD#2']);
    expect(manager.ownedShards()).toEqual([1, 2]);
  });

  it('moves on to the next free shard when another host wins the race for one', async () => {
    // Prepare
    given({ hosts: [hostItem(HOST, T0 + LEASE_MS), hostItem('host-b', T0 + LEASE_MS)] });
    ddb.on(UpdateCommand, { ReturnValues: 'ALL_NEW', Key: { PK: 'SESSIONHOST#LEASE', SK: 'SHARD#0' } }).rejects(conditionFailed());
    const events: string[] = [];
    const manager = createManager(new ManualClock(), events);

    // Act
    await manager.cycle();

    // Assess
    expect(manager.ownedShards()).toEqual([1, 2]);
    expect(events).toEqual(['acquired 1 token 11', 'acquired 2 token 12']);
  });

  it('releases one shard per cycle, the highest, after onReleased, while it holds more than its share', async () => {
    // Prepare
    given();
    const events: string[] = [];
    const clock = new ManualClock();
    const manager = createManager(clock, events);
    await manager.cycle();
    given({ hosts: [hostItem(HOST, T0 + 2 * LEASE_MS), hostItem('host-b', T0 + 2 * LEASE_MS)] });
    ddb.on(UpdateCommand, { UpdateExpression: RELEASE_EXPRESSION }).callsFake((input: { Key: { SK: string } }) => {
      events.push(`release write ${input.Key.SK}`);
      return {};
    });
    events.length = 0;
    ddb.resetHistory();
    clock.advance(HEARTBEAT_MS);

    // Act
    await manager.cycle();
    const afterFirst = manager.ownedShards();
    clock.advance(HEARTBEAT_MS);
    await manager.cycle();
    clock.advance(HEARTBEAT_MS);
    await manager.cycle();

    // Assess
    expect(afterFirst).toEqual([0, 1, 2]);
    expect(manager.ownedShards()).toEqual([0, 1]);
    expect(events).toEqual(['released 3', 'release write SHARD#3', 'released 2', 'release write SHARD#2']);
    expect(updates(RELEASE_EXPRESSION)[0]).toEqual({
      TableName: TABLE,
      Key: { PK: 'SESSIONHOST#LEASE', SK: 'SHARD#3' },
      UpdateExpression: RELEASE_EXPRESSION,
      ConditionExpression: OWNER_CONDITION,
      ExpressionAttributeNames: { '#owner': 'owner', '#version': 'version' },
      ExpressionAttributeValues: { ':zero': 0, ':now': T0 + HEARTBEAT_MS, ':me': HOST, ':version': 13 },
    });
  });

  it('on stop releases every lease only after its onReleased has settled, then deletes its host heartbeat', async () => {
    // Prepare
    given();
    const events: string[] = [];
    const manager = createManager(new ManualClock(), events, {
      shards: 2,
      onReleased: async (shard) => {
        await settle();
        events.push(`sockets of ${shard} closed`);
      },
    });
    await manager.cycle();
    ddb.on(UpdateCommand, { UpdateExpression: RELEASE_EXPRESSION }).callsFake((input: { Key: { SK: string } }) => {
      events.push(`release write ${input.Key.SK}`);
      return {};
    });
    ddb.on(DeleteCommand).callsFake(() => {
      events.push('host heartbeat deleted');
      return {};
    });
    events.length = 0;

    // Act
    await manager.stop();

    // Assess
    expect(manager.ownedShards()).toEqual([]);
    expect(events.indexOf('sockets of 0 closed')).toBeLessThan(events.indexOf('release write SHARD#0'));
    expect(events.indexOf('sockets of 1 closed')).toBeLessThan(events.indexOf('release write SHARD#1'));
    expect(events.at(-1)).toBe('host heartbeat deleted');
    expect(ddb.commandCalls(DeleteCommand)[0]?.args[0].input).toEqual({
      TableName: TABLE,
      Key: { PK: 'SESSIONHOST#HOSTS', SK: `HOST#${HOST}` },
    });
    await manager.cycle();
    expect(ddb.commandCalls(QueryCommand)).toHaveLength(2);
  });

  it('on abandon loses every shard without writing anything and runs no more cycles', async () => {
    // Prepare
    given();
    const events: string[] = [];
    const clock = new ManualClock();
    const manager = createManager(clock, events, { shards: 2 });
    manager.start();
    await settle();
    ddb.resetHistory();
    events.length = 0;

    // Act
    manager.abandon();
    clock.advance(5 * HEARTBEAT_MS);
    await settle();

    // Assess
    expect(events).toEqual(['lost 0 abandoned', 'lost 1 abandoned']);
    expect(ddb.calls()).toHaveLength(0);
  });

  it('once started runs a cycle at once and again every heartbeat', async () => {
    // Prepare
    given({ hosts: [hostItem(HOST, T0 + LEASE_MS)] });
    const clock = new ManualClock();
    const manager = createManager(clock, [], { shards: 1 });

    // Act
    manager.start();
    await settle();
    const afterStart = ddb.commandCalls(PutCommand).length;
    clock.advance(HEARTBEAT_MS - 1);
    await settle();
    const beforeHeartbeat = ddb.commandCalls(PutCommand).length;
    clock.advance(1);
    await settle();

    // Assess
    expect([afterStart, beforeHeartbeat, ddb.commandCalls(PutCommand).length]).toEqual([1, 1, 2]);
    expect(updates(RENEW_EXPRESSION)).toHaveLength(1);
    await manager.stop();
  });

  it('refuses timings where a healthy host would reach its own deadline between two renewals', () => {
    expect(() => createManager(new ManualClock(), [], { leaseMs: 10_000, heartbeatMs: 8_000, safetyMarginMs: 2_000 })).toThrow(
      'leaseMs must be longer than heartbeatMs + safetyMarginMs',
    );
  });
});
