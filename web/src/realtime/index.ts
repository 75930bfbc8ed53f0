/** The realtime API the screens use (see hooks.ts) and the provider the shell renders. */
export { useGlobalRealtimeEvent, useRealtimeEvent, useRealtimeReconnected, useRealtimeRoom } from './hooks';
export { RealtimeProvider, type RealtimeProviderProps } from './RealtimeProvider';
export type { RoomState } from './realtime-client';
