/**
 * What the app reads again once its rooms are joined again after a reconnect: the queries read before
 * the connection reopened, not those read since, and not a second time those already being read again.
 */
import { QueryClient, QueryObserver } from '@tanstack/react-query';
import { refetchAfterReconnect } from '../../../../web/src/realtime/reconnect-refetch';

const REOPENED_AT = 1_000_000;

function cacheWith(entries: Record<string, number>): QueryClient {
  const client = new QueryClient({ defaultOptions: { queries: { staleTime: Number.POSITIVE_INFINITY, retry: false } } });
  for (const [key, updatedAt] of Object.entries(entries)) client.setQueryData([key], `${key} as read`, { updatedAt });
  return client;
}

describe('refetchAfterReconnect', () => {
  it('marks stale the queries read before the connection reopened, and only those', async () => {
    const client = cacheWith({ settings: REOPENED_AT - 5_000, tickets: REOPENED_AT + 200 });

    await refetchAfterReconnect(client, REOPENED_AT);

    expect(client.getQueryState(['settings'])?.isInvalidated).toBe(true);
    expect(client.getQueryState(['tickets'])?.isInvalidated).toBe(false);
  });

  it('reads again a shown query of before the reopening, and lets one already being read again finish', async () => {
    const client = cacheWith({ settings: REOPENED_AT - 5_000, tickets: REOPENED_AT - 5_000 });
    const reads: string[] = [];
    let answer = () => {};
    const answered = new Promise<void>((resolve) => (answer = resolve));
    // Observed queries, as screens show them; every read waits until the test lets them answer.
    const observers = ['settings', 'tickets'].map(
      (key) =>
        new QueryObserver(client, {
          queryKey: [key],
          queryFn: async () => {
            reads.push(key);
            await answered;
            return `${key} read again`;
          },
        }),
    );
    const stops = observers.map((observer) => observer.subscribe(() => {}));
    // The tickets room's answer came first: its screen is reading the tickets again.
    void client.refetchQueries({ queryKey: ['tickets'] });

    const done = refetchAfterReconnect(client, REOPENED_AT);
    answer();
    await done;

    expect(reads.sort()).toEqual(['settings', 'tickets']);
    for (const stop of stops) stop();
  });
});
