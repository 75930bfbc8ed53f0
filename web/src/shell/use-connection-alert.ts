/**
 * Whether the connections entry shows its alert badge (spec 1 §2.2, §9): GET /whatsapp 2 s after the
 * shell loads, then the `whatsapp` and `whatsappSession` events keep the same cached list current (the
 * connections page reads it too). Off for users who do not see the entry.
 */
import { useQueryClient } from '@tanstack/react-query';
import { useEffect, useState } from 'react';
import type { ConnectionDto } from '../../../shared/connections';
import type { CompanyChannels } from '../../../shared/realtime-events';
import { connectionKeys, useConnections } from '../api/connections';
import { useRealtimeEvent } from '../realtime';
import { anyConnectionNeedsAttention, applyConnectionEvent, CONNECTION_ALERT_DELAY_MS } from './connection-alert';

export function useConnectionAlert(enabled: boolean): boolean {
  const queryClient = useQueryClient();
  const [due, setDue] = useState(false);

  useEffect(() => {
    if (!enabled) return undefined;
    const timer = setTimeout(() => setDue(true), CONNECTION_ALERT_DELAY_MS);
    return () => clearTimeout(timer);
  }, [enabled]);

  const { data } = useConnections(enabled && due);

  const apply = (event: CompanyChannels['whatsapp'] | CompanyChannels['whatsappSession']) =>
    queryClient.setQueryData<ConnectionDto[]>(connectionKeys.all, (list) => (list === undefined ? list : applyConnectionEvent(list, event)));
  useRealtimeEvent('whatsapp', apply);
  useRealtimeEvent('whatsappSession', apply);

  return enabled && due && data !== undefined && anyConnectionNeedsAttention(data);
}
