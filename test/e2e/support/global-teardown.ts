/** After the browser tests: the build is stopped if still running, and its temporary folder goes (global-setup.ts). */
import { rm } from 'node:fs/promises';
import { BUILD_PROCESS, type RunningBuild } from './global-setup';
import { WEB_BUILD_ENV } from '../../support/web-server';

export default async function globalTeardown(): Promise<void> {
  const build = (globalThis as Record<symbol, RunningBuild | undefined>)[BUILD_PROCESS];
  if (build) {
    // A run of other projects only (or one that failed early) may end before the build does.
    if (build.child.exitCode === null) build.child.kill();
    await build.finished;
  }
  const workDir = process.env[WEB_BUILD_ENV];
  if (workDir) {
    await rm(workDir, { recursive: true, force: true });
    // eslint-disable-next-line @typescript-eslint/no-dynamic-delete -- process.env is a dictionary by nature, and the key a constant name
    delete process.env[WEB_BUILD_ENV];
  }
}
