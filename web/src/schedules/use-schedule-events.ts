/** Live schedules (spec 2 §4, checklist O-093): the `schedule` events of the company keep the page's cache current. */
import { useQueryClient } from '@tanstack/react-query';
import { useCallback } from 'react';
import { useRealtimeEvent } from '../realtime/hooks';
import { applyScheduleEvent, type ScheduleEvent } from './schedule-cache';

export function useScheduleEvents(): void {
  const client = useQueryClient();
  const apply = useCallback((event: ScheduleEvent) => applyScheduleEvent(client, event), [client]);
  useRealtimeEvent('schedule', apply);
}
