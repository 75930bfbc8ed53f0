/**
 * The session host as a process of its own (functions/sessions/main.ts), as Fargate and `npm start` run
 * it, for tests that must end it the hard way: SIGKILL leaves no chance to release leases or finish
 * what it was doing. It takes the local cloud's endpoints from this process's environment (set by
 * startTestCloud), so start the cloud first.
 */
import { spawn } from 'node:child_process';
import { fileURLToPath } from 'node:url';

export interface HostProcess {
  /** Ends the process with `signal` and settles once it is gone. */
  kill(signal: NodeJS.Signals): Promise<void>;
  /** What the process wrote so far (its JSON log lines and any error), for a failing test's message. */
  output(): string;
}

const MAIN = fileURLToPath(new URL('../../functions/sessions/main.ts', import.meta.url));

export function startHostProcess(env: NodeJS.ProcessEnv = {}): HostProcess {
  const child = spawn(process.execPath, ['--import', 'tsx', MAIN], {
    env: { ...process.env, LOG_LEVEL: 'warn', ...env },
    stdio: ['ignore', 'pipe', 'pipe'],
  });
  let written = '';
  const keep = (chunk: Buffer) => {
    // The last 20,000 characters are plenty to tell why a test failed.
    written = (written + chunk.toString('utf8')).slice(-20_000);
  };
  child.stdout.on('data', keep);
  child.stderr.on('data', keep);
  const exited = new Promise<void>((resolve) => child.once('exit', () => resolve()));
  return {
    async kill(signal) {
      if (child.exitCode === null && child.signalCode === null) child.kill(signal);
      await exited;
    },
    output: () => written,
  };
}
