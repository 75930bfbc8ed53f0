/** Keeps the quick-reply suggestions current: quick messages changed elsewhere refetch them (spec 2 §4). */
import { useQueryClient } from '@tanstack/react-query';
import { useCallback } from 'react';
import { queryKeys } from '../../api/query-keys';
import { useRealtimeEvent } from './realtime';

export function QuickMessageSync() {
  const queryClient = useQueryClient();
  const refresh = useCallback(() => void queryClient.invalidateQueries({ queryKey: queryKeys.quickMessages.usable }), [queryClient]);
  useRealtimeEvent('quickmessage', refresh);
  return null;
}
