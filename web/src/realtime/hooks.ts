/**
 * How screens use the realtime connection. Handlers and callbacks are read through a ref, so callers
 * may pass inline functions without resubscribing on every render. Outside the private area (no
 * RealtimeProvider) the hooks do nothing.
 */
import { useEffect, useRef } from 'react';
import type { ClientAction } from '../../../shared/realtime-actions';
import type { CompanyChannel, CompanyChannels, GlobalChannel, GlobalChannels } from '../../../shared/realtime-events';
import { useRealtimeClient } from './realtime-context';

function useLatest<T>(value: T): { readonly current: T } {
  const ref = useRef(value);
  useEffect(() => {
    ref.current = value;
  });
  return ref;
}

/** Calls `handler` with each event of the company channel while the component is mounted. */
export function useRealtimeEvent<C extends CompanyChannel>(channel: C, handler: (data: CompanyChannels[C]) => void): void {
  const client = useRealtimeClient();
  const latest = useLatest(handler);
  useEffect(() => client?.subscribe(channel, (data) => latest.current(data)), [client, channel, latest]);
}

/** Same for the platform-wide channels (announcements). */
export function useGlobalRealtimeEvent<C extends GlobalChannel>(channel: C, handler: (data: GlobalChannels[C]) => void): void {
  const client = useRealtimeClient();
  const latest = useLatest(handler);
  useEffect(() => client?.subscribeGlobal(channel, (data) => latest.current(data)), [client, channel, latest]);
}

/**
 * Joins a room while mounted (and again after every reconnect), leaving it on unmount or when `join`
 * changes. `null` joins nothing, for screens that wait for an id.
 */
export function useRealtimeRoom(join: ClientAction | null, leave: ClientAction | null): void {
  const client = useRealtimeClient();
  // Compared by content: callers build the actions inline, a new object on every render.
  const joinKey = join === null ? null : JSON.stringify(join);
  const leaveKey = leave === null ? null : JSON.stringify(leave);
  useEffect(() => {
    if (client === undefined || joinKey === null) return undefined;
    return client.joinRoom(JSON.parse(joinKey) as ClientAction, leaveKey === null ? null : (JSON.parse(leaveKey) as ClientAction));
  }, [client, joinKey, leaveKey]);
}

/**
 * Called after each reconnect, for work beyond refetching: the provider already invalidates every
 * cached query then.
 */
export function useRealtimeReconnected(callback: () => void): void {
  const client = useRealtimeClient();
  const latest = useLatest(callback);
  useEffect(() => client?.onReconnected(() => latest.current()), [client, latest]);
}
