/**
 * Bounded concurrency for fan-outs (room members, days of the dashboard, contacts of a search): at most
 * `limit` calls in flight, so one request never floods DynamoDB or the WebSocket API.
 */

/** The results of `run` over the items, in the items' order, with at most `limit` calls at a time. */
export async function mapLimited<T, R>(items: readonly T[], limit: number, run: (item: T) => Promise<R>): Promise<R[]> {
  const results = new Array<R>(items.length);
  let next = 0;
  const worker = async (): Promise<void> => {
    while (next < items.length) {
      const index = next++;
      results[index] = await run(items[index] as T);
    }
  };
  await Promise.all(Array.from({ length: Math.min(limit, items.length) }, worker));
  return results;
}

/** Runs `run` over the items with at most `limit` at a time. */
export async function forEachLimited<T>(items: readonly T[], limit: number, run: (item: T) => Promise<void>): Promise<void> {
  await mapLimited(items, limit, run);
}
