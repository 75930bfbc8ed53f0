/** The realtime client of the signed-in area, provided by RealtimeProvider. */
import { createContext, useContext } from 'react';
import type { RealtimeClient } from './realtime-client';

export const RealtimeContext = createContext<RealtimeClient | undefined>(undefined);

/** Undefined outside the private area (public pages have no realtime connection). */
export function useRealtimeClient(): RealtimeClient | undefined {
  return useContext(RealtimeContext);
}
