/**
 * Runs the session host (functions/sessions/main.ts) as a child process, as Fargate runs it on AWS: the
 * same entry, its own process, the local cloud's endpoints in its environment.
 */
import { spawn, type ChildProcess } from 'node:child_process';
import { join } from 'node:path';
import { REPO_ROOT } from './paths';

export interface ChildService {
  stop(): Promise<void>;
}

/** Generous: the host releases its leases before exiting, which takes a few DynamoDB writes. */
const STOP_TIMEOUT_MS = 10_000;

export function startSessionHostProcess(env: NodeJS.ProcessEnv): ChildService {
  const child: ChildProcess = spawn(process.execPath, ['--import', 'tsx', join(REPO_ROOT, 'functions/sessions/main.ts')], {
    cwd: REPO_ROOT,
    env,
    stdio: 'inherit',
  });
  const exited = new Promise<void>((resolve) => child.once('exit', () => resolve()));
  child.once('exit', (code, signal) => {
    if (code !== 0 && signal === null) process.stderr.write(`The session host exited with code ${code}.\n`);
  });
  return {
    async stop() {
      if (child.exitCode !== null || child.signalCode !== null) return;
      // Ctrl-C in a terminal already sent SIGINT to the whole process group; SIGTERM covers the rest.
      child.kill('SIGTERM');
      const timer = setTimeout(() => child.kill('SIGKILL'), STOP_TIMEOUT_MS);
      await exited;
      clearTimeout(timer);
    },
  };
}
