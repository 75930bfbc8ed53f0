/**
 * Whether the connections entry shows its alert badge (spec 1 §2.2, §9): GET /whatsapp 2 s after the
 * shell loads, then the `whatsapp` and `whatsappSession` events keep the same cached list current
 * (api/connections.ts, useConnectionEvents; the connections page reads that list too, so the badge and
 * the page always show the same status). Off for users who do not see the entry.
 */
import { useEffect, useState } from 'react';
import { useConnectionEvents, useConnections } from '../../api/connections';
import { anyConnectionNeedsAttention, CONNECTION_ALERT_DELAY_MS } from './connection-alert';

export function useConnectionAlert(enabled: boolean): boolean {
  const [due, setDue] = useState(false);

  useEffect(() => {
    if (!enabled) return undefined;
    const timer = setTimeout(() => setDue(true), CONNECTION_ALERT_DELAY_MS);
    return () => clearTimeout(timer);
  }, [enabled]);

  const { data } = useConnections(enabled && due);
  useConnectionEvents();

  return enabled && due && data !== undefined && anyConnectionNeedsAttention(data);
}
