/**
 * One local cloud per Jest worker, shared by the test files that worker runs one after another, for
 * the files that need nothing but tenants of their own (each creates its companies with createTenant).
 * Starting a cloud and loading its handlers costs about two seconds of CPU; a worker pays it once. It
 * runs in a process of its own (shared-cloud-daemon.ts; worker-daemon.ts says why and how).
 *
 * Files that restart the cloud, test the stand-ins, substitute handlers, use the demo company or change
 * platform-wide state (plans, helps, announcements, the platform's settings) use startTestCloud
 * instead: a private cloud.
 */
import { fileURLToPath } from 'node:url';
import type { LocalCloud } from '../../infra/local/cloud';
import { withClients, type TestCloud } from './local-cloud';
import { workerDaemon, type DaemonBase } from './worker-daemon';

/** What the daemon describes. */
export interface SharedCloudDescription
  extends DaemonBase,
    Pick<LocalCloud, 'config' | 'urls' | 'tableName' | 'mediaBucket' | 'queueUrls' | 'deadLetterQueueUrls'> {
  /** The environment the backend reads to reach this cloud. */
  readonly env: Readonly<Record<string, string>>;
}

const DAEMON = fileURLToPath(new URL('./shared-cloud-daemon.ts', import.meta.url));

/** The worker's shared cloud, started by the first file that asks. Its `stop` leaves it running for the next file. */
export async function sharedTestCloud(): Promise<TestCloud> {
  const description = await workerDaemon<SharedCloudDescription>('shared-cloud', DAEMON);
  // The backend code this file runs itself (createTenant, repositories in assertions) reaches the same cloud.
  Object.assign(process.env, description.env);
  return withClients({
    config: description.config,
    urls: description.urls,
    tableName: description.tableName,
    mediaBucket: description.mediaBucket,
    queueUrls: description.queueUrls,
    deadLetterQueueUrls: description.deadLetterQueueUrls,
    dynamoThread: undefined,
    async sweepExpired() {
      const response = await fetch(`${description.controlUrl}/sweep`, { method: 'POST' });
      if (!response.ok) throw new Error(`the shared cloud's sweep answered ${response.status}`);
      return ((await response.json()) as { count: number }).count;
    },
    // Shared with the worker's next files: the daemon stops with the worker.
    stop: () => Promise.resolve(),
  });
}
