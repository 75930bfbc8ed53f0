/**
 * Process entry of the session host: on Fargate (functions/sessions/Dockerfile bundles this file) and
 * as a child process of `npm start`. On SIGTERM (Fargate's stop, followed by SIGKILL after the task's
 * 30 s stopTimeout) or SIGINT (Ctrl-C) it releases its shards, so the other hosts take them over at
 * once instead of waiting for the leases to expire, and exits 0.
 */
import { logger } from '../core/logger';
import { startSessionHost } from './host';
import { flushHostMetrics } from './host-metrics';

/** Leaves a few seconds of Fargate's 30 s for the logs to flush before SIGKILL would come. */
const STOP_DEADLINE_MS = 25_000;

/**
 * The host's business metrics (sessions connected, disconnected, reconnects, send failures) are written
 * once a minute, CloudWatch's resolution, and at the stop (host-metrics.ts).
 */
const METRICS_FLUSH_MS = 60_000;

const host = startSessionHost();
let stopping = false;
setInterval(() => void flushHostMetrics(), METRICS_FLUSH_MS).unref();

function shutdown(signal: NodeJS.Signals): void {
  if (stopping) return;
  stopping = true;
  logger.info('session host stopping', { hostId: host.hostId, signal });
  setTimeout(() => {
    logger.error('session host did not stop in time; its leases will expire', { hostId: host.hostId });
    process.exit(1);
  }, STOP_DEADLINE_MS).unref();
  void host.stop().then(async () => {
    logger.info('session host stopped', { hostId: host.hostId });
    await flushHostMetrics();
    // SDK keep-alive sockets may linger; everything that mattered is done.
    process.exit(0);
  });
}

process.on('SIGTERM', shutdown);
process.on('SIGINT', shutdown);
