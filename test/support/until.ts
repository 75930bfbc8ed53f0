/**
 * Polling for what a test waits on outside its own code (a queue's consumer, the session host, a
 * webhook): the probe is asked every `pauseMs` until it answers something other than undefined or
 * false, which is returned; after `attempts` tries the wait fails, naming `what`.
 */
export async function until<T>(what: string, probe: () => Promise<T | undefined | false>, attempts = 400, pauseMs = 50): Promise<T> {
  for (let attempt = 0; attempt < attempts; attempt += 1) {
    const value = await probe();
    if (value !== undefined && value !== false) return value;
    await new Promise((resolve) => setTimeout(resolve, pauseMs));
  }
  throw new Error(`timed out waiting for ${what}`);
}
