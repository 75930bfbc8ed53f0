/**
 * The JSON lines the backend's logger writes while `run` runs (stdout and stderr), parsed. The logger
 * writes through the process's streams (Powertools' own console on them), so their `write` is borrowed.
 */
export async function logLinesOf(run: () => Promise<unknown>): Promise<Record<string, unknown>[]> {
  const written: string[] = [];
  const writes = { out: process.stdout.write.bind(process.stdout), err: process.stderr.write.bind(process.stderr) };
  const capture = (chunk: string | Uint8Array): boolean => {
    written.push(String(chunk));
    return true;
  };
  process.stdout.write = capture;
  process.stderr.write = capture;
  try {
    await run();
  } finally {
    process.stdout.write = writes.out;
    process.stderr.write = writes.err;
  }
  return written
    .join('')
    .split('\n')
    .filter((line) => line.trim() !== '')
    .map((line) => JSON.parse(line) as Record<string, unknown>);
}

/** Runs `run` with LOG_LEVEL set to `level`, then puts the previous level back. */
export async function atLogLevel<T>(level: string, run: () => Promise<T>): Promise<T> {
  const previous = process.env.LOG_LEVEL;
  process.env.LOG_LEVEL = level;
  try {
    return await run();
  } finally {
    process.env.LOG_LEVEL = previous;
  }
}
