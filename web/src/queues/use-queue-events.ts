/**
 * Live queues: the company's `queue` events (shared/realtime-events.ts), applied to the cached queues
 * while the queues page is open, so a queue another admin adds, changes or deletes shows without a reload.
 */
import { useQueryClient } from '@tanstack/react-query';
import { useCallback } from 'react';
import { useRealtimeEvent } from '../realtime/hooks';
import { applyQueueEvent, type QueueEvent } from './queue-cache';

export function useQueueEvents(): void {
  const queryClient = useQueryClient();
  const apply = useCallback((event: QueueEvent) => applyQueueEvent(queryClient, event), [queryClient]);
  useRealtimeEvent('queue', apply);
}
