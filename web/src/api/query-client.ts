/**
 * The server cache (TanStack Query). Data stays fresh through realtime events, which update or
 * invalidate the cached queries, so there is no polling and no refetch on every window focus; after a
 * realtime reconnect everything is invalidated at once (RealtimeProvider), since events were missed.
 */
import { QueryClient } from '@tanstack/react-query';
import { ApiError } from './client';

/** A request the server refused (4xx) will be refused again; only unreachable or failing servers get retries. */
export function shouldRetryQuery(failureCount: number, error: unknown): boolean {
  if (failureCount >= 2) return false;
  if (!(error instanceof ApiError)) return false;
  return error.status === 0 || error.status >= 500;
}

export function createQueryClient(): QueryClient {
  return new QueryClient({
    defaultOptions: {
      queries: {
        // Events keep shown data current; a screen opened again within a minute reuses what it had.
        staleTime: 60_000,
        gcTime: 5 * 60_000,
        retry: shouldRetryQuery,
        refetchOnWindowFocus: false,
        // The realtime reconnect already invalidates everything; a second refetch wave adds nothing.
        refetchOnReconnect: false,
      },
      mutations: { retry: false },
    },
  });
}
