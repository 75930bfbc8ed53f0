/**
 * Shard ownership for the session host (docs/architecture.md §3 "WhatsApp sessions"). The WhatsApp connections are
 * spread over fixed shards 0..SESSION_SHARDS-1; a host process may only hold the sockets of a shard
 * while it holds that shard's lease, an item in DynamoDB. This module is that ownership layer; the
 * providers sit on top of it through the callbacks.
 *
 * The lease item (keys.sessionLease) holds `owner` (host id), `leaseUntil` (epoch ms), `version` (the
 * fencing token, +1 on every acquisition, never reset) and `heartbeatAt`. It is written only with
 * conditions and read only with ConsistentRead from the table, never from a GSI.
 *
 * Every `heartbeatMs` a host runs one cycle:
 * 1. renew each held lease: `leaseUntil = now + leaseMs` on condition `owner = me AND version = v`.
 *    A failed condition means the shard is no longer ours: it is lost at once (`onLost`). Any other
 *    failure is retried next cycle, but each held shard also has a watchdog at
 *    `sentAt + leaseMs - safetyMarginMs` of the last write that succeeded; when it fires the shard is
 *    lost, even though no other host may take it until `leaseUntil`. The margin covers clock skew
 *    between hosts and the time to close sockets, so a host that cannot renew has stopped acting on
 *    a shard before anybody else can own it.
 * 2. put its own host heartbeat item (keys.sessionHost, `aliveUntil = now + leaseMs`, TTL `expiresAt`)
 *    and Query that partition to count the live hosts H (items whose `aliveUntil` has not passed:
 *    TTL deletion is lazy). The target is ceil(SESSION_SHARDS / H).
 * 3. balance, one step per cycle:
 *    - holding fewer than the target: read all leases and acquire free ones (absent, expired, or still
 *      ours from before a lost renewal) until the target, each with a conditional update that only
 *      succeeds if the lease is absent, expired or ours. Two hosts racing for one shard: one condition
 *      fails and that host moves on.
 *    - holding more than the target: release one shard (the highest). Since every host stops taking
 *      at its target and H * target >= SESSION_SHARDS, a released shard always has a taker and the
 *      split settles without oscillating.
 * Releasing (when over target, and for every shard on stop) first forgets the shard and awaits
 * `onReleased`, so the sockets are closed before the lease is given up, then sets `leaseUntil = 0`
 * on condition `owner = me AND version = v`. The item is kept rather than deleted so the version, and
 * with it the fencing token, keeps growing.
 */
import { randomUUID } from 'node:crypto';
import { hostname } from 'node:os';
import { ConditionalCheckFailedException } from '@aws-sdk/client-dynamodb';
import { DeleteCommand, PutCommand, QueryCommand, UpdateCommand, type DynamoDBDocumentClient } from '@aws-sdk/lib-dynamodb';
import { SESSION_SHARDS } from '../../infra/resources/queues';
import { dynamo } from '../core/aws/clients';
import { config } from '../core/config';
import { logger } from '../core/logger';
import { keys } from '../core/repositories/keys';

/** Time and timers, injected so tests can move time by hand. */
export interface Clock {
  /** Epoch milliseconds. */
  now(): number;
  /** Calls `callback` after `ms`; answers a function that cancels the call. */
  schedule(ms: number, callback: () => void): () => void;
}

export const systemClock: Clock = {
  now: () => Date.now(),
  schedule: (ms, callback) => {
    const timer = setTimeout(callback, ms);
    return () => clearTimeout(timer);
  },
};

export type LeaseLog = Pick<typeof logger, 'debug' | 'info' | 'warn' | 'error'>;

/**
 * Why a shard was lost: `taken` when a renewal's condition failed (another host owns it now),
 * `deadline` when no renewal succeeded in time, `abandoned` when the manager was abandoned.
 */
export type LostReason = 'taken' | 'deadline' | 'abandoned';

export interface LeaseCallbacks {
  /** The shard is ours; `fencingToken` grows with every acquisition of the shard by anyone. Not awaited. */
  onAcquired?: (shard: number, fencingToken: number) => void | Promise<void>;
  /** Stop acting on the shard now: another host may own it soon. Not awaited. */
  onLost?: (shard: number, reason: LostReason) => void | Promise<void>;
  /** We are giving the shard up; the lease is released only after this settles. */
  onReleased?: (shard: number) => void | Promise<void>;
}

export interface LeaseManagerOptions extends LeaseCallbacks {
  /** Unique per process (see newHostId); a restarted process must not reuse it. */
  readonly hostId: string;
  readonly client?: DynamoDBDocumentClient;
  readonly tableName?: string;
  readonly shards?: number;
  /** How long a lease lasts after each renewal. Default 30 s. */
  readonly leaseMs?: number;
  /** How often leases are renewed and the balance checked. Default 10 s. */
  readonly heartbeatMs?: number;
  /** How long before `leaseUntil` a host that could not renew stops acting. Default leaseMs / 6 (5 s). */
  readonly safetyMarginMs?: number;
  /** Each DynamoDB call is aborted after this long, so a hung call cannot stall the cycle. Default heartbeatMs. */
  readonly requestTimeoutMs?: number;
  readonly clock?: Clock;
  readonly log?: LeaseLog;
}

/** A host id: the machine (on Fargate, the task's host name) and a random part unique to this process. */
export function newHostId(): string {
  return `${hostname()}-${randomUUID().slice(0, 8)}`;
}

/** A lease we hold. `validUntil` is our own deadline for acting on the shard. */
interface HeldLease {
  readonly shard: number;
  readonly version: number;
  validUntil: number;
  cancelWatchdog: () => void;
}

interface StoredLease {
  readonly shard: number;
  readonly owner: string | undefined;
  readonly leaseUntil: number;
}

type Phase = 'active' | 'stopping' | 'stopped' | 'abandoned';

const isConditionFailure = (error: unknown): boolean => error instanceof ConditionalCheckFailedException;

// `owner` and `shard` are DynamoDB reserved words; `version` and `entity` are aliased alike, for uniformity.
const NAMES = { '#owner': 'owner', '#version': 'version' } as const;

export class LeaseManager {
  readonly hostId: string;
  private readonly client: DynamoDBDocumentClient;
  private readonly tableName: string;
  private readonly shards: number;
  private readonly leaseMs: number;
  private readonly heartbeatMs: number;
  private readonly safetyMarginMs: number;
  private readonly requestTimeoutMs: number;
  private readonly clock: Clock;
  private readonly log: LeaseLog;
  private readonly callbacks: LeaseCallbacks;

  private readonly held = new Map<number, HeldLease>();
  private phase: Phase = 'active';

  /** Read through a call, so that a check after an await is not taken as settled by one before it. */
  private isActive(): boolean {
    return this.phase === 'active';
  }
  private looping = false;
  private cancelNextCycle: (() => void) | undefined;
  private inFlight: Promise<void> | undefined;
  private stopping: Promise<void> | undefined;

  constructor(options: LeaseManagerOptions) {
    this.hostId = options.hostId;
    this.client = options.client ?? dynamo();
    this.tableName = options.tableName ?? config.tableName();
    this.shards = options.shards ?? SESSION_SHARDS;
    this.leaseMs = options.leaseMs ?? 30_000;
    this.heartbeatMs = options.heartbeatMs ?? 10_000;
    this.safetyMarginMs = options.safetyMarginMs ?? Math.floor(this.leaseMs / 6);
    this.requestTimeoutMs = options.requestTimeoutMs ?? this.heartbeatMs;
    this.clock = options.clock ?? systemClock;
    this.log = options.log ?? logger;
    this.callbacks = { onAcquired: options.onAcquired, onLost: options.onLost, onReleased: options.onReleased };
    if (this.heartbeatMs + this.safetyMarginMs >= this.leaseMs) {
      // Otherwise a healthy host would miss its own deadline between two renewals.
      throw new Error('leaseMs must be longer than heartbeatMs + safetyMarginMs');
    }
  }

  /** The shards this host may act on right now, ascending. */
  ownedShards(): number[] {
    return [...this.held.keys()].sort((a, b) => a - b);
  }

  /** The fencing token of a held shard, for writes that must come from the current owner only. */
  fencingToken(shard: number): number | undefined {
    return this.held.get(shard)?.version;
  }

  /** Runs a cycle now and then every `heartbeatMs` until stop() or abandon(). */
  start(): void {
    if (this.looping || this.phase !== 'active') throw new Error('A lease manager is started once');
    this.looping = true;
    this.loop();
  }

  private loop(): void {
    const startedAt = this.clock.now();
    void this.cycle().finally(() => {
      if (this.phase !== 'active') return;
      const wait = Math.max(0, startedAt + this.heartbeatMs - this.clock.now());
      this.cancelNextCycle = this.clock.schedule(wait, () => this.loop());
    });
  }

  /**
   * One cycle (see the top of this file). Never rejects: failures are logged and retried by the next
   * cycle. A call while a cycle runs joins that cycle.
   */
  cycle(): Promise<void> {
    if (this.phase !== 'active') return Promise.resolve();
    this.inFlight ??= this.runCycle()
      .catch((error: unknown) => this.log.error('session lease cycle failed', { hostId: this.hostId, error }))
      .finally(() => {
        this.inFlight = undefined;
      });
    return this.inFlight;
  }

  /**
   * Graceful stop: no more cycles, every held shard released (after its `onReleased`), the host
   * heartbeat deleted so the other hosts rebalance at once. Never rejects.
   */
  stop(): Promise<void> {
    this.stopping ??= (async () => {
      if (this.phase === 'abandoned') return;
      this.phase = 'stopping';
      this.cancelNextCycle?.();
      await this.inFlight;
      await Promise.all([...this.held.values()].map((lease) => this.release(lease)));
      await this.request((abortSignal) =>
        this.client.send(new DeleteCommand({ TableName: this.tableName, Key: keys.sessionHost(this.hostId) }), { abortSignal }),
      ).catch((error: unknown) => this.log.warn('session host heartbeat not deleted', { hostId: this.hostId, error }));
      this.phase = 'stopped';
    })();
    return this.stopping;
  }

  /**
   * Stops at once without writing anything: every held shard is lost (`onLost`) and its lease left to
   * expire. For a process that must stop acting now, and for tests that simulate a crash.
   */
  abandon(): void {
    this.phase = 'abandoned';
    this.cancelNextCycle?.();
    for (const lease of [...this.held.values()]) this.lose(lease, 'abandoned');
  }

  private async runCycle(): Promise<void> {
    await Promise.all([...this.held.values()].map((lease) => this.renew(lease)));
    if (this.phase !== 'active') return;
    const liveHosts = await this.countLiveHosts();
    // stop() may have run during the await.
    if (liveHosts === undefined || !this.isActive()) return;
    const target = Math.ceil(this.shards / liveHosts);
    if (this.held.size > target) {
      const highest = Math.max(...this.held.keys());
      const lease = this.held.get(highest);
      if (lease) await this.release(lease);
    } else if (this.held.size < target) {
      await this.acquireUpTo(target);
    }
  }

  private async renew(lease: HeldLease): Promise<void> {
    const sentAt = this.clock.now();
    try {
      await this.request((abortSignal) =>
        this.client.send(
          new UpdateCommand({
            TableName: this.tableName,
            Key: keys.sessionLease(lease.shard),
            UpdateExpression: 'SET leaseUntil = :until, heartbeatAt = :now',
            ConditionExpression: '#owner = :me AND #version = :version',
            ExpressionAttributeNames: NAMES,
            ExpressionAttributeValues: {
              ':until': sentAt + this.leaseMs,
              ':now': sentAt,
              ':me': this.hostId,
              ':version': lease.version,
            },
          }),
          { abortSignal },
        ),
      );
    } catch (error) {
      if (!this.stillHeld(lease)) return;
      if (isConditionFailure(error)) this.lose(lease, 'taken');
      else this.log.warn('session lease renewal failed', { hostId: this.hostId, shard: lease.shard, error });
      return;
    }
    if (!this.stillHeld(lease)) return;
    // The watchdog may not have run yet although its time has come; the deadline rules either way.
    if (this.clock.now() >= lease.validUntil) this.lose(lease, 'deadline');
    else this.watch(lease, sentAt + this.leaseMs - this.safetyMarginMs);
  }

  /** Puts our host heartbeat and counts the live hosts, us included; undefined when that failed. */
  private async countLiveHosts(): Promise<number | undefined> {
    const now = this.clock.now();
    const aliveUntil = now + this.leaseMs;
    try {
      await this.request((abortSignal) =>
        this.client.send(
          new PutCommand({
            TableName: this.tableName,
            Item: {
              ...keys.sessionHost(this.hostId),
              entity: 'sessionHost',
              hostId: this.hostId,
              heartbeatAt: now,
              aliveUntil,
              expiresAt: Math.ceil(aliveUntil / 1000),
            },
          }),
          { abortSignal },
        ),
      );
      const hosts = await this.queryPartition(keys.sessionHostPrefix());
      const live = new Set(hosts.filter((host) => Number(host.aliveUntil) > now).map((host) => String(host.hostId)));
      live.add(this.hostId);
      return live.size;
    } catch (error) {
      this.log.warn('session hosts could not be counted', { hostId: this.hostId, error });
      return undefined;
    }
  }

  private async acquireUpTo(target: number): Promise<void> {
    let stored: StoredLease[];
    try {
      stored = (await this.queryPartition(keys.sessionLeasePrefix())).map((item) => ({
        shard: Number(item.shard),
        owner: typeof item.owner === 'string' ? item.owner : undefined,
        leaseUntil: Number(item.leaseUntil ?? 0),
      }));
    } catch (error) {
      this.log.warn('session leases could not be read', { hostId: this.hostId, error });
      return;
    }
    const now = this.clock.now();
    for (let shard = 0; shard < this.shards && this.held.size < target; shard++) {
      if (this.held.has(shard)) continue;
      const lease = stored.find((item) => item.shard === shard);
      const free = !lease || lease.leaseUntil < now || lease.owner === this.hostId;
      if (free) await this.acquire(shard);
      if (this.phase !== 'active') return;
    }
  }

  private async acquire(shard: number): Promise<void> {
    const sentAt = this.clock.now();
    let version: number;
    try {
      const { Attributes } = await this.request((abortSignal) =>
        this.client.send(
          new UpdateCommand({
            TableName: this.tableName,
            Key: keys.sessionLease(shard),
            UpdateExpression:
              'SET #owner = :me, leaseUntil = :until, heartbeatAt = :now, acquiredAt = :now, #entity = :entity, #shard = :shard ADD #version :one',
            ConditionExpression: 'attribute_not_exists(PK) OR leaseUntil < :now OR #owner = :me',
            ExpressionAttributeNames: { ...NAMES, '#entity': 'entity', '#shard': 'shard' },
            ExpressionAttributeValues: {
              ':me': this.hostId,
              ':until': sentAt + this.leaseMs,
              ':now': sentAt,
              ':entity': 'sessionLease',
              ':shard': shard,
              ':one': 1,
            },
            ReturnValues: 'ALL_NEW',
          }),
          { abortSignal },
        ),
      );
      version = Number(Attributes?.version);
    } catch (error) {
      if (isConditionFailure(error)) this.log.debug('session shard taken by another host first', { hostId: this.hostId, shard });
      else this.log.warn('session lease acquisition failed', { hostId: this.hostId, shard, error });
      return;
    }
    const validUntil = sentAt + this.leaseMs - this.safetyMarginMs;
    // Too late to act on (or nobody left to act): the lease stays ours in the table and simply expires.
    if (this.phase === 'abandoned' || this.clock.now() >= validUntil) return;
    const lease: HeldLease = { shard, version, validUntil, cancelWatchdog: () => undefined };
    this.held.set(shard, lease);
    this.watch(lease, validUntil);
    void this.notify('onAcquired', shard, () => this.callbacks.onAcquired?.(shard, version));
  }

  /** Gives a shard up: forget it, let its sockets close, then free the lease for the other hosts. */
  private async release(lease: HeldLease): Promise<void> {
    if (!this.stillHeld(lease)) return;
    this.forget(lease);
    await this.notify('onReleased', lease.shard, () => this.callbacks.onReleased?.(lease.shard));
    const now = this.clock.now();
    try {
      await this.request((abortSignal) =>
        this.client.send(
          new UpdateCommand({
            TableName: this.tableName,
            Key: keys.sessionLease(lease.shard),
            UpdateExpression: 'SET leaseUntil = :zero, releasedAt = :now',
            ConditionExpression: '#owner = :me AND #version = :version',
            ExpressionAttributeNames: NAMES,
            ExpressionAttributeValues: { ':zero': 0, ':now': now, ':me': this.hostId, ':version': lease.version },
          }),
          { abortSignal },
        ),
      );
    } catch (error) {
      // Not ours any more, or not reachable: either way the lease ends by itself at leaseUntil.
      if (!isConditionFailure(error)) {
        this.log.warn('session lease not released; it will expire', { hostId: this.hostId, shard: lease.shard, error });
      }
    }
  }

  private lose(lease: HeldLease, reason: LostReason): void {
    if (!this.stillHeld(lease)) return;
    this.forget(lease);
    void this.notify('onLost', lease.shard, () => this.callbacks.onLost?.(lease.shard, reason));
  }

  private forget(lease: HeldLease): void {
    lease.cancelWatchdog();
    this.held.delete(lease.shard);
  }

  private stillHeld(lease: HeldLease): boolean {
    return this.held.get(lease.shard) === lease;
  }

  /** (Re)arms the deadline after which the shard is lost unless renewed. */
  private watch(lease: HeldLease, validUntil: number): void {
    lease.cancelWatchdog();
    lease.validUntil = validUntil;
    lease.cancelWatchdog = this.clock.schedule(Math.max(0, validUntil - this.clock.now()), () =>
      this.lose(lease, 'deadline'),
    );
  }

  private async notify(callback: keyof LeaseCallbacks, shard: number, call: () => void | Promise<void>): Promise<void> {
    try {
      await call();
    } catch (error) {
      this.log.error('session lease callback failed', { hostId: this.hostId, callback, shard, error });
    }
  }

  /** Consistent read of a whole (small) partition, all pages. */
  private async queryPartition(partition: { PK: string; SKPrefix: string }): Promise<Record<string, unknown>[]> {
    const items: Record<string, unknown>[] = [];
    let startKey: Record<string, unknown> | undefined;
    do {
      const page = await this.request((abortSignal) =>
        this.client.send(
          new QueryCommand({
            TableName: this.tableName,
            KeyConditionExpression: 'PK = :pk AND begins_with(SK, :prefix)',
            ExpressionAttributeValues: { ':pk': partition.PK, ':prefix': partition.SKPrefix },
            ConsistentRead: true,
            ExclusiveStartKey: startKey,
          }),
          { abortSignal },
        ),
      );
      items.push(...(page.Items ?? []));
      startKey = page.LastEvaluatedKey;
    } while (startKey);
    return items;
  }

  /** Runs one DynamoDB call, aborted after `requestTimeoutMs`. */
  private async request<T>(send: (abortSignal: AbortSignal) => Promise<T>): Promise<T> {
    const controller = new AbortController();
    const cancel = this.clock.schedule(this.requestTimeoutMs, () => controller.abort());
    try {
      return await send(controller.signal);
    } finally {
      cancel();
    }
  }
}
