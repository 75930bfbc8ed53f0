/**
 * What one session-host process does, apart from being a process (that is main.ts): it owns shards
 * through DynamoDB leases (leases.ts) and, from the WhatsApp issue on, runs the sockets of the
 * connections in those shards. Kept apart from main.ts so it can be started and stopped in-process.
 */
import { SESSION_SHARDS } from '../../infra/resources/queues';
import { logger } from '../core/logger';
import { LeaseManager, newHostId, type LeaseManagerOptions } from './leases';

export interface SessionHost {
  readonly hostId: string;
  /** Releases every shard (after its sockets are closed) and stops; never rejects. */
  stop(): Promise<void>;
}

export type SessionHostOptions = Partial<Omit<LeaseManagerOptions, 'onAcquired' | 'onLost' | 'onReleased'>>;

export function startSessionHost(options: SessionHostOptions = {}): SessionHost {
  const hostId = options.hostId ?? newHostId();
  const manager = new LeaseManager({
    ...options,
    hostId,
    // Providers are attached in the WhatsApp issue: they will open the shard's sockets on acquisition
    // and close them on loss or release. For now the host only owns shards and logs the changes.
    onAcquired: (shard, fencingToken) => logger.info('session shard acquired', { hostId, shard, fencingToken }),
    onLost: (shard, reason) => logger.warn('session shard lost', { hostId, shard, reason }),
    onReleased: (shard) => logger.info('session shard released', { hostId, shard }),
  });
  manager.start();
  logger.info('session host started', { hostId, shards: SESSION_SHARDS });
  return { hostId, stop: () => manager.stop() };
}
