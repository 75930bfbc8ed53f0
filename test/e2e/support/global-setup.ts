/**
 * Once per run of the browser tests: the web app built for production into a temporary folder, which
 * every test file then serves beside its own local cloud (web-server.ts). A built bundle is a few
 * dozen files a page loads in well under a second, where Vite's dev server sends hundreds of modules
 * to every fresh browser context; and it is what the stack deploys.
 *
 * The build runs in the background: Jest runs every project's globalSetup before the first test of any,
 * so waiting for it here would hold the unit and integration tests back too. The first browser test
 * file waits for it instead (web-server.ts, `builtWebRoot`), reading the marker the build leaves.
 */
import { spawn, type ChildProcess } from 'node:child_process';
import { mkdtemp, writeFile } from 'node:fs/promises';
import { setPriority, tmpdir } from 'node:os';
import { join } from 'node:path';
import { fileURLToPath } from 'node:url';
import { BUILD_FAILED_MARKER, BUILT_MARKER, WEB_BUILD_ENV } from '../../support/web-server';

const REPO_ROOT = fileURLToPath(new URL('../../../', import.meta.url));
const VITE = fileURLToPath(new URL('../../../node_modules/vite/bin/vite.js', import.meta.url));

/** The build, for global-teardown.ts (the globalSetup and globalTeardown share Jest's main process). */
export const BUILD_PROCESS = Symbol.for('atende.e2e.webBuild');

export default async function globalSetup(): Promise<void> {
  const workDir = await mkdtemp(join(tmpdir(), 'atende-e2e-web-'));
  const outDir = join(workDir, 'web');
  // Vite in its own process: inside Jest's module sandbox its bundler refuses its own plugin objects.
  // NODE_ENV as a deployment builds it: Jest sets NODE_ENV=test, which Vite passes on to the bundle, so
  // the tests drove React's development build (a page load's scripts ran 0.55 s instead of 0.33 s).
  const child = spawn(
    process.execPath,
    [VITE, 'build', '--config', 'web/vite.config.ts', '--outDir', outDir, '--emptyOutDir', '--logLevel', 'warn'],
    { cwd: REPO_ROOT, stdio: ['ignore', 'pipe', 'pipe'], env: { ...process.env, NODE_ENV: 'production' } },
  );
  // Below the tests in priority, as the static checks are (scripts/test.ts): the tests that run first need no build.
  if (child.pid !== undefined) setPriority(child.pid, 10);
  let output = '';
  child.stdout.on('data', (chunk: Buffer) => (output += chunk.toString()));
  child.stderr.on('data', (chunk: Buffer) => (output += chunk.toString()));
  const finished = new Promise<void>((resolve) => {
    const fail = (why: string) => void writeFile(join(workDir, BUILD_FAILED_MARKER), `Building the web app for the browser tests failed (${why}):\n${output}`).finally(resolve);
    child.once('error', (error) => fail(error.message));
    child.once('exit', (code) => (code === 0 ? void writeFile(join(workDir, BUILT_MARKER), '').finally(resolve) : fail(`exit ${code ?? '?'}`)));
  });
  (globalThis as Record<symbol, unknown>)[BUILD_PROCESS] = { child, finished } satisfies RunningBuild;
  // Test workers start after this and inherit the environment.
  process.env[WEB_BUILD_ENV] = workDir;
}

export interface RunningBuild {
  readonly child: ChildProcess;
  readonly finished: Promise<void>;
}
