/**
 * Live tags: the company's `tag` events (shared/realtime-events.ts), applied to the cached tags while
 * the tags page is open, so a tag another user adds, changes or deletes shows without a reload.
 */
import { useQueryClient } from '@tanstack/react-query';
import { useCallback } from 'react';
import { useRealtimeEvent } from '../realtime/hooks';
import { applyTagEvent, type TagEvent } from './tag-cache';

export function useTagEvents(): void {
  const queryClient = useQueryClient();
  const apply = useCallback((event: TagEvent) => applyTagEvent(queryClient, event), [queryClient]);
  useRealtimeEvent('tag', apply);
}
