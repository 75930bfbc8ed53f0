/**
 * A process a Jest worker shares between the test files it runs one after another: the local cloud
 * (shared-cloud.ts), the browser (test/e2e/support/browser.ts). Jest gives every test file a fresh
 * module registry, and code loaded by a finished file must not keep serving the next one, so what is
 * shared runs in a process of its own, started by the worker's first file that asks for it.
 *
 * Two halves: `workerDaemon` (in the test file) finds the worker's daemon by the file it describes
 * itself in, named after the daemon and the worker's process id, or starts it; `runWorkerDaemon` (in the
 * daemon) writes that file when ready, answers `GET /health` and its own control routes, and stops when
 * its standard input closes: the worker that started it is gone, however it ended.
 */
import { spawn } from 'node:child_process';
import { readFile, rename, rm, writeFile } from 'node:fs/promises';
import { createServer } from 'node:http';
import type { AddressInfo, Socket } from 'node:net';
import { tmpdir } from 'node:os';
import { join } from 'node:path';
import { fileURLToPath } from 'node:url';

/** What every daemon's description carries besides its own fields. */
export interface DaemonBase {
  readonly pid: number;
  /** Its control server: `GET /health` and the daemon's own routes. */
  readonly controlUrl: string;
}

const REPO_ROOT = fileURLToPath(new URL('../../', import.meta.url));
const START_TIMEOUT_MS = 60_000;

const descriptionFile = (name: string) => join(tmpdir(), `atende-${name}-${process.pid}.json`);

/** The worker's daemon of that name: the running one when it answers, else a new one from the script (given `args` after its file). */
export async function workerDaemon<T extends DaemonBase>(name: string, script: string, args: readonly string[] = []): Promise<T> {
  return (await runningDaemon<T>(name)) ?? (await startDaemon<T>(name, script, args));
}

async function runningDaemon<T extends DaemonBase>(name: string): Promise<T | undefined> {
  let description: T;
  try {
    description = JSON.parse(await readFile(descriptionFile(name), 'utf8')) as T;
  } catch {
    return undefined;
  }
  try {
    const { pid } = (await (await fetch(`${description.controlUrl}/health`)).json()) as { pid?: number };
    if (pid === description.pid) return description;
  } catch {
    // A file left by a worker whose daemon is gone (a process id used again): start anew.
  }
  await rm(descriptionFile(name), { force: true });
  return undefined;
}

async function startDaemon<T extends DaemonBase>(name: string, script: string, args: readonly string[]): Promise<T> {
  const file = descriptionFile(name);
  await rm(file, { force: true });
  const child = spawn(process.execPath, ['--import', 'tsx', script, file, ...args], {
    cwd: REPO_ROOT,
    env: { ...process.env, LOG_LEVEL: 'silent' },
    // stdin is the daemon's lifeline: it closes when this worker exits. Its errors reach the worker's output.
    stdio: ['pipe', 'ignore', 'inherit'],
  });
  let exited: string | undefined;
  child.once('exit', (code, signal) => (exited = `exit ${code ?? signal ?? '?'}`));
  child.once('error', (error) => (exited = error.message));

  const deadline = Date.now() + START_TIMEOUT_MS;
  for (;;) {
    try {
      const description = JSON.parse(await readFile(file, 'utf8')) as T;
      // Neither the daemon nor its lifeline keeps the worker alive once its files are done.
      child.unref();
      (child.stdin as unknown as Socket).unref();
      return description;
    } catch {
      // not written yet
    }
    if (exited !== undefined) throw new Error(`the worker's ${name} did not start (${exited}); see its error above`);
    if (Date.now() > deadline) {
      child.kill();
      throw new Error(`the worker's ${name} did not start within ${START_TIMEOUT_MS / 1000} s`);
    }
    await new Promise((resolve) => setTimeout(resolve, 50));
  }
}

export interface StartedDaemon<T extends DaemonBase> {
  readonly description: Omit<T, keyof DaemonBase>;
  /** Control routes by `METHOD /path`, each answering JSON. */
  readonly routes?: Readonly<Record<string, () => Promise<unknown>>>;
  stop(): Promise<void>;
}

/** The daemon's side: starts what it shares, describes it, and serves until its worker is gone. */
export function runWorkerDaemon<T extends DaemonBase>(start: () => Promise<StartedDaemon<T>>): void {
  const file = process.argv[2];
  const fail = (error: unknown) => {
    process.stderr.write(`a worker daemon did not start: ${error instanceof Error ? (error.stack ?? error.message) : String(error)}\n`);
    process.exit(1);
  };
  if (!file) return fail(new Error('usage: <daemon script> <description file>'));

  void (async () => {
    const started = await start();
    const routes: Record<string, () => Promise<unknown>> = { 'GET /health': () => Promise.resolve({ pid: process.pid }), ...started.routes };
    const control = createServer((request, response) => {
      const route = routes[`${request.method ?? ''} ${request.url ?? ''}`];
      if (!route) {
        response.statusCode = 404;
        response.end();
        return;
      }
      route().then(
        (body) => response.end(JSON.stringify(body)),
        (error: unknown) => {
          response.statusCode = 500;
          response.end(JSON.stringify({ error: String(error) }));
        },
      );
    });
    await new Promise<void>((resolve) => control.listen(0, '127.0.0.1', resolve));

    const description = { ...started.description, pid: process.pid, controlUrl: `http://127.0.0.1:${(control.address() as AddressInfo).port}` };
    // Written whole, then renamed: a reader never sees half of it.
    await writeFile(`${file}.tmp`, JSON.stringify(description));
    await rename(`${file}.tmp`, file);

    let stopping = false;
    const stop = () => {
      if (stopping) return;
      stopping = true;
      control.close();
      void rm(file, { force: true })
        .then(() => started.stop())
        .finally(() => process.exit(0));
    };
    process.stdin.on('end', stop);
    process.stdin.on('close', stop);
    process.stdin.resume();
    process.on('SIGTERM', stop);
    process.on('SIGINT', stop);
  })().catch(fail);
}
