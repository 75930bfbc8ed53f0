/**
 * Keeps the cached queues (GET /queue) in step with what changed on the server: a `queue` realtime
 * event, or the answer of this client's own save or delete (the same change the event will bring, so
 * applying it twice changes nothing). The list is small and whole (no pages), so the change is applied
 * in place, in the server's order: orderQueue, then name.
 */
import type { QueryClient } from '@tanstack/react-query';
import type { QueueDto } from '../../../shared/queues';
import type { CompanyChannels } from '../../../shared/realtime-events';
import { queryKeys } from '../api/query-keys';

export type QueueEvent = CompanyChannels['queue'];

export const compareQueues = (a: Pick<QueueDto, 'orderQueue' | 'name'>, b: Pick<QueueDto, 'orderQueue' | 'name'>): number =>
  a.orderQueue - b.orderQueue || a.name.localeCompare(b.name);

/** The list after the event. */
export function applyToQueues(queues: readonly QueueDto[], event: QueueEvent): QueueDto[] {
  if (event.action === 'delete') return queues.filter((queue) => queue.id !== event.queueId);
  return [...queues.filter((queue) => queue.id !== event.queue.id), event.queue].sort(compareQueues);
}

/** Applies a change of queues to the cached list (when loaded); a deleted queue's menu is dropped with it. */
export function applyQueueEvent(client: QueryClient, event: QueueEvent): void {
  client.setQueryData<QueueDto[]>(queryKeys.queues.all, (queues) => (queues === undefined ? queues : applyToQueues(queues, event)));
  if (event.action === 'delete') client.removeQueries({ queryKey: queryKeys.queues.options(event.queueId) });
}
