/**
 * The local cloud a Jest worker shares between its test files (shared-cloud.ts; worker-daemon.ts says
 * how a worker shares a process): the demo data seeded, as in a private cloud, and the environment the
 * backend needs to reach it described, so each test file sets the same in its own.
 */
import { startLocalCloud } from '../../infra/local/cloud';
import { seedDemo } from '../../scripts/seed-demo';
import { RANDOM_PORTS } from './local-cloud';
import type { SharedCloudDescription } from './shared-cloud';
import { runWorkerDaemon } from './worker-daemon';

runWorkerDaemon<SharedCloudDescription>(async () => {
  const before = { ...process.env };
  const cloud = await startLocalCloud({ ports: RANDOM_PORTS, logLevel: 'silent', ttlSweepIntervalMs: 0 });
  await seedDemo();
  // What the cloud set in this process's environment.
  const env = Object.fromEntries(Object.entries(process.env).filter(([name, value]) => value !== undefined && before[name] !== value)) as Record<string, string>;
  return {
    description: {
      config: cloud.config,
      urls: cloud.urls,
      tableName: cloud.tableName,
      mediaBucket: cloud.mediaBucket,
      queueUrls: cloud.queueUrls,
      deadLetterQueueUrls: cloud.deadLetterQueueUrls,
      env,
    },
    routes: { 'POST /sweep': async () => ({ count: await cloud.sweepExpired() }) },
    stop: () => cloud.stop(),
  };
});
