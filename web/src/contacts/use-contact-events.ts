/**
 * Live contacts (spec 3 §7, checklist A-128): the company's `contact` events, applied to the cached
 * lists and contacts while the contacts page is open.
 */
import { useQueryClient } from '@tanstack/react-query';
import { useCallback } from 'react';
import { useRealtimeEvent } from '../realtime/hooks';
import { applyContactEvent, type ContactEvent } from './contact-cache';

export function useContactEvents(): void {
  const queryClient = useQueryClient();
  const apply = useCallback((event: ContactEvent) => applyContactEvent(queryClient, event), [queryClient]);
  useRealtimeEvent('contact', apply);
}
