/**
 * The Chromium a Jest worker shares between its browser test files (browser.ts; test/support/
 * worker-daemon.ts says how a worker shares a process): Playwright's browser server, which each file
 * connects to. Every file still opens its pages in contexts of its own, so nothing carries over.
 */
import { chromium } from 'playwright-core';
import { runWorkerDaemon, type DaemonBase } from '../../support/worker-daemon';

export interface SharedBrowserDescription extends DaemonBase {
  readonly wsEndpoint: string;
}

runWorkerDaemon<SharedBrowserDescription>(async () => {
  const executablePath = process.argv[3];
  if (!executablePath) throw new Error('usage: shared-browser-daemon.ts <description file> <chromium path>');
  const server = await chromium.launchServer({ executablePath });
  return { description: { wsEndpoint: server.wsEndpoint() }, stop: () => server.close() };
});
