/**
 * Live users: the company's `user` events (shared/realtime-events.ts), applied to the cached users while
 * the users page is open, so a user another admin adds, changes or deletes (or one who goes on or off
 * line) shows without a reload.
 */
import { useQueryClient } from '@tanstack/react-query';
import { useCallback } from 'react';
import { useRealtimeEvent } from '../realtime/hooks';
import { applyUserEvent, type UserEvent } from './user-cache';

export function useUserEvents(): void {
  const queryClient = useQueryClient();
  const apply = useCallback((event: UserEvent) => applyUserEvent(queryClient, event), [queryClient]);
  useRealtimeEvent('user', apply);
}
