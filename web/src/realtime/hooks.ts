/**
 * How screens use the realtime connection. Handlers and callbacks are read through a ref, so callers
 * may pass inline functions without resubscribing on every render. Outside the private area (no
 * RealtimeProvider) the hooks do nothing.
 */
import { useCallback, useEffect, useMemo, useRef, useSyncExternalStore } from 'react';
import type { ClientAction } from '../../../shared/realtime-actions';
import type { CompanyChannel, CompanyChannels, GlobalChannel, GlobalChannels, JoinAction } from '../../../shared/realtime-events';
import type { RoomState } from './realtime-client';
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
 *
 * A page reads its data while the join is on its way, so whatever changed in between reaches it as no
 * event: `onJoined` runs each time the server answers that the room is joined (the first join, and the
 * rejoin after every reconnect), and refetches what the page shows of the room. Returns the room's
 * state ('joining', 'joined', 'refused'), undefined without a join or outside the private area.
 */
export function useRealtimeRoom(join: JoinAction | null, leave: ClientAction | null, onJoined?: () => void): RoomState | undefined {
  const client = useRealtimeClient();
  const latestOnJoined = useLatest(onJoined);
  // Compared by content: callers build the actions inline, a new object on every render.
  const joinKey = join === null ? null : JSON.stringify(join);
  const leaveKey = leave === null ? null : JSON.stringify(leave);
  const joinAction = useMemo(() => (joinKey === null ? null : (JSON.parse(joinKey) as JoinAction)), [joinKey]);
  const leaveAction = useMemo(() => (leaveKey === null ? null : (JSON.parse(leaveKey) as ClientAction)), [leaveKey]);

  // Holding the room is the subscription: React holds it while mounted, and reads its state from the client.
  const subscribe = useCallback(
    (changed: () => void) => {
      if (client === undefined || joinAction === null) return () => undefined;
      return client.joinRoom(joinAction, leaveAction, (next) => {
        changed();
        if (next === 'joined') latestOnJoined.current?.();
      });
    },
    [client, joinAction, leaveAction, latestOnJoined],
  );
  // A room another screen already holds may be joined already: nothing to refetch then, the join came
  // before this screen read its data.
  const roomState = useCallback(
    () => (client === undefined || joinAction === null ? undefined : client.roomState(joinAction)),
    [client, joinAction],
  );
  return useSyncExternalStore(subscribe, roomState);
}

/**
 * Called after each reconnect, once the rooms held are joined again, for work beyond refetching: the
 * provider already invalidates the cached queries then (and each room's `onJoined` refetches its own).
 */
export function useRealtimeReconnected(callback: () => void): void {
  const client = useRealtimeClient();
  const latest = useLatest(callback);
  useEffect(() => client?.onReconnected(() => latest.current()), [client, latest]);
}
