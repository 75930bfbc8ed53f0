/**
 * What the app reads again after a reconnect, once its rooms are joined again: every cached query read
 * before the connection reopened, since events were missed meanwhile. What was read since missed
 * nothing: the company and user rooms come with every connection, and the screens read again what they
 * show of their own rooms on each join's answer (useRealtimeRoom), which may be under way: it is not
 * started over.
 */
import type { QueryClient } from '@tanstack/react-query';

export function refetchAfterReconnect(queryClient: QueryClient, reopenedAt: number): Promise<void> {
  return queryClient.invalidateQueries({ predicate: (query) => query.state.dataUpdatedAt < reopenedAt }, { cancelRefetch: false });
}
