/**
 * The local cloud a Jest worker shares between its test files (shared-cloud.ts; worker-daemon.ts says
 * how a worker shares a process): the demo data seeded, as in a private cloud, the built web app served
 * beside it for the browser tests (web-server.ts), and the environment the backend needs to reach it
 * described, so each test file sets the same in its own.
 */
import { startLocalCloud } from '../../infra/local/cloud';
import { seedDemo } from '../../scripts/seed-demo';
import { RANDOM_PORTS } from './local-cloud';
import { serveBuiltWeb } from './web-server';
import type { SharedCloudDescription } from './shared-cloud';
import { runWorkerDaemon } from './worker-daemon';

runWorkerDaemon<SharedCloudDescription>(async () => {
  const before = { ...process.env };
  // The web app's server first: the cloud allows its origin, so it needs the port.
  const web = await serveBuiltWeb();
  const cloud = await startLocalCloud({ ports: { ...RANDOM_PORTS, web: web.port }, logLevel: 'silent', ttlSweepIntervalMs: 0 });
  web.setConfig(cloud.config);
  await seedDemo();
  // What the cloud set in this process's environment.
  const env = Object.fromEntries(Object.entries(process.env).filter(([name, value]) => value !== undefined && before[name] !== value)) as Record<string, string>;
  return {
    description: {
      config: cloud.config,
      urls: { ...cloud.urls, web: web.url },
      tableName: cloud.tableName,
      mediaBucket: cloud.mediaBucket,
      queueUrls: cloud.queueUrls,
      deadLetterQueueUrls: cloud.deadLetterQueueUrls,
      env,
    },
    routes: { 'POST /sweep': async () => ({ count: await cloud.sweepExpired() }) },
    stop: async () => {
      await web.stop();
      await cloud.stop();
    },
  };
});
