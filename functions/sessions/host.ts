/**
 * What one session-host process does, apart from being a process (that is main.ts): it owns shards
 * through DynamoDB leases (leases.ts) and, for each shard it holds, runs the sessions of the shard's
 * connections (shard-sessions.ts) and reads the shard's command queue (command-consumer.ts). Losing a
 * shard closes its sockets at once; releasing one closes them before the lease is given up. Kept apart
 * from main.ts so tests can start and stop hosts in-process.
 */
import { ENV } from '../../infra/resources/environment';
import { SESSION_SHARDS } from '../../infra/resources/queues';
import { logger } from '../core/logger';
import { ShardCommandConsumer } from './command-consumer';
import { LeaseManager, newHostId, type LeaseManagerOptions } from './leases';
import { defaultProviders } from './providers';
import { ShardSessions, type Providers } from './shard-sessions';

export interface SessionHost {
  readonly hostId: string;
  /** The shards this host runs right now. */
  heldShards(): number[];
  /** Releases every shard (after its sockets are closed) and stops; never rejects. */
  stop(): Promise<void>;
  /** Stops at once like a crashed process: sockets closed, leases left to expire for another host. */
  abandon(): void;
}

export type SessionHostOptions = Partial<Omit<LeaseManagerOptions, 'onAcquired' | 'onLost' | 'onReleased'>> & {
  readonly providers?: Providers;
  /** Long-poll wait of the command queues; defaults to SESSION_COMMAND_WAIT_SECONDS, else 20. */
  readonly commandWaitSeconds?: number;
};

interface RunningShard {
  readonly sessions: ShardSessions;
  readonly consumer: ShardCommandConsumer;
}

export function startSessionHost(options: SessionHostOptions = {}): SessionHost {
  const hostId = options.hostId ?? newHostId();
  const providers = options.providers ?? defaultProviders();
  const waitSeconds = options.commandWaitSeconds ?? commandWaitFromEnv();
  const shards = new Map<number, RunningShard>();

  const close = async (shard: number): Promise<void> => {
    const running = shards.get(shard);
    if (!running) return;
    shards.delete(shard);
    // Sockets first: from this moment another host may own the shard.
    await running.sessions.close();
    await running.consumer.stop();
  };

  const manager = new LeaseManager({
    ...leaseFromEnv(),
    ...options,
    hostId,
    onAcquired: async (shard, fencingToken) => {
      logger.info('session shard acquired', { hostId, shard, fencingToken });
      const sessions = new ShardSessions({ shard, fencingToken, providers });
      shards.set(shard, { sessions, consumer: new ShardCommandConsumer(sessions, { waitSeconds }) });
      await sessions.resume().catch((error: unknown) => logger.error('shard sessions not resumed', { shard, error }));
    },
    onLost: async (shard, reason) => {
      logger.warn('session shard lost', { hostId, shard, reason });
      await close(shard);
    },
    onReleased: async (shard) => {
      logger.info('session shard released', { hostId, shard });
      await close(shard);
    },
  });
  manager.start();
  logger.info('session host started', { hostId, shards: SESSION_SHARDS });
  return {
    hostId,
    heldShards: () => [...shards.keys()].sort((a, b) => a - b),
    stop: () => manager.stop(),
    abandon: () => manager.abandon(),
  };
}

/** SESSION_LEASE_SECONDS as lease timings, renewed three times a lease; none (the defaults) when unset or out of range. */
export function leaseFromEnv(): Pick<LeaseManagerOptions, 'leaseMs' | 'heartbeatMs'> {
  const seconds = Number(process.env[ENV.sessionLeaseSeconds] ?? '');
  if (!Number.isInteger(seconds) || seconds < 3 || seconds > 300) return {};
  return { leaseMs: seconds * 1000, heartbeatMs: Math.floor((seconds * 1000) / 3) };
}

function commandWaitFromEnv(): number {
  const raw = Number(process.env[ENV.sessionCommandWaitSeconds] ?? '20');
  return Number.isInteger(raw) && raw >= 0 && raw <= 20 ? raw : 20;
}
