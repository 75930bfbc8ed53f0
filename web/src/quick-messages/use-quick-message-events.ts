/**
 * Live quick messages (spec 2 §4, checklist O-092): the `quickmessage` events (shared ones from the
 * company room, the user's personal ones from their own), applied to the cached lists while the page
 * is open.
 */
import { useQueryClient } from '@tanstack/react-query';
import { useCallback } from 'react';
import { useRealtimeEvent } from '../realtime/hooks';
import { applyQuickMessageEvent, type QuickMessageEvent } from './quick-message-cache';

export function useQuickMessageEvents(): void {
  const queryClient = useQueryClient();
  const apply = useCallback((event: QuickMessageEvent) => applyQuickMessageEvent(queryClient, event), [queryClient]);
  useRealtimeEvent('quickmessage', apply);
}
