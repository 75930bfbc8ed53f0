/**
 * The ticket lists' server data: one infinite query per list (GET /tickets, following `nextCursor`) and
 * the live updates that keep every loaded list current without polling (spec 1 §4.2): the list rooms
 * of every status are joined while the workspace is open, the lists of a status are read again when
 * the server answers that its room is joined (what changed before the join came as no event), and each
 * `ticket`, `appMessage` and `contact` event is applied to the cached lists.
 */
import { useInfiniteQuery, useQueryClient } from '@tanstack/react-query';
import { useCallback } from 'react';
import type { ClientAction } from '../../../shared/realtime-actions';
import type { CompanyChannels, JoinAction } from '../../../shared/realtime-events';
import type { TicketPage, TicketStatus } from '../../../shared/tickets';
import { queryKeys } from '../api/query-keys';
import { getTicketPage } from '../api/tickets';
import { useServices } from '../runtime/services';
import { useRealtimeEvent, useRealtimeRoom } from '../realtime/hooks';
import { applyToTicketLists, shareTicketPages } from './ticket-cache';
import { ticketListQuery, type TicketListSpec, type TicketViewer } from './ticket-lists';

export function useTicketListQuery(spec: TicketListSpec, enabled: boolean) {
  const { api } = useServices();
  return useInfiniteQuery({
    queryKey: queryKeys.tickets.list(spec),
    queryFn: ({ pageParam, signal }) => getTicketPage(api, ticketListQuery(spec, pageParam), signal),
    initialPageParam: null as string | null,
    getNextPageParam: (last: TicketPage) => (last.hasMore && last.nextCursor !== null ? last.nextCursor : undefined),
    enabled,
    // Live events keep a loaded list current while the workspace is open; coming back to the page
    // (its rooms were left meanwhile) reads it again.
    staleTime: Number.POSITIVE_INFINITY,
    refetchOnMount: 'always',
    // A list read again never brings back a contact's name from before a rename it already shows.
    structuralSharing: shareTicketPages,
  });
}

// Constants, so the rooms are joined once and not again on every render.
const ROOMS: readonly { readonly join: JoinAction; readonly leave: ClientAction }[] = (['open', 'pending', 'closed'] as const).map(
  (status) => ({ join: { action: 'joinTickets', status }, leave: { action: 'leaveTickets', status } }),
);
const [OPEN_ROOM, PENDING_ROOM, CLOSED_ROOM] = ROOMS as [(typeof ROOMS)[number], (typeof ROOMS)[number], (typeof ROOMS)[number]];

/** Whether a cached ticket list (by its query key) shows tickets of a status: that status's lists, and the search's, which spans every status. */
export function listShowsStatus(queryKey: readonly unknown[], status: TicketStatus): boolean {
  const spec = queryKey[2] as Partial<TicketListSpec> | undefined;
  return spec?.status === undefined || spec.status === status;
}

export function useTicketLiveUpdates(viewer: TicketViewer): void {
  const client = useQueryClient();
  const refetchLists = (status: TicketStatus) =>
    void client.invalidateQueries({ queryKey: queryKeys.tickets.lists, predicate: (query) => listShowsStatus(query.queryKey, status) });
  useRealtimeRoom(OPEN_ROOM.join, OPEN_ROOM.leave, () => refetchLists('open'));
  useRealtimeRoom(PENDING_ROOM.join, PENDING_ROOM.leave, () => refetchLists('pending'));
  useRealtimeRoom(CLOSED_ROOM.join, CLOSED_ROOM.leave, () => refetchLists('closed'));

  const onTicket = useCallback(
    (data: CompanyChannels['ticket']) => applyToTicketLists(client, viewer, { channel: 'ticket', data }),
    [client, viewer],
  );
  const onMessage = useCallback(
    (data: CompanyChannels['appMessage']) => applyToTicketLists(client, viewer, { channel: 'appMessage', data }),
    [client, viewer],
  );
  const onContact = useCallback(
    (data: CompanyChannels['contact']) => {
      if (data.action === 'update') applyToTicketLists(client, viewer, { channel: 'contact', data: { action: 'update', contact: data.contact } });
      // Many contacts changed at once (an import): the lists read their contacts again.
      else if (data.action === 'reload') void client.invalidateQueries({ queryKey: queryKeys.tickets.lists });
    },
    [client, viewer],
  );
  useRealtimeEvent('ticket', onTicket);
  useRealtimeEvent('appMessage', onMessage);
  useRealtimeEvent('contact', onContact);
}
