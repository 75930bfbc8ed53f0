/**
 * The board's live updates (spec 2 §2 Kanban; docs/architecture.md §6): while the page is open it joins
 * the ticket rooms of the statuses it shows (pending and open; the server puts an agent in the rooms of
 * their queues only, so the board hears what GET /ticket/kanban would answer), reads the board again
 * each time a room is joined (what changed before the join came as no event), and applies each
 * `ticket`, `appMessage` and `contact` event to the loaded boards.
 */
import { useQueryClient } from '@tanstack/react-query';
import { useCallback } from 'react';
import type { ClientAction } from '../../../shared/realtime-actions';
import type { CompanyChannels, JoinAction } from '../../../shared/realtime-events';
import { queryKeys } from '../api/query-keys';
import { useRealtimeEvent, useRealtimeRoom } from '../realtime/hooks';
import { applyToBoards } from './kanban-cache';

// Constants, so the rooms are joined once and not again on every render.
const PENDING_JOIN: JoinAction = { action: 'joinTickets', status: 'pending' };
const PENDING_LEAVE: ClientAction = { action: 'leaveTickets', status: 'pending' };
const OPEN_JOIN: JoinAction = { action: 'joinTickets', status: 'open' };
const OPEN_LEAVE: ClientAction = { action: 'leaveTickets', status: 'open' };

export function useKanbanLiveUpdates(): void {
  const client = useQueryClient();
  const refetch = () => void client.invalidateQueries({ queryKey: queryKeys.tickets.kanbanBoards });
  useRealtimeRoom(PENDING_JOIN, PENDING_LEAVE, refetch);
  useRealtimeRoom(OPEN_JOIN, OPEN_LEAVE, refetch);

  const onTicket = useCallback((data: CompanyChannels['ticket']) => applyToBoards(client, { channel: 'ticket', data }), [client]);
  const onMessage = useCallback((data: CompanyChannels['appMessage']) => applyToBoards(client, { channel: 'appMessage', data }), [client]);
  const onContact = useCallback(
    (data: CompanyChannels['contact']) => {
      if (data.action === 'update') applyToBoards(client, { channel: 'contact', data: { action: 'update', contact: data.contact } });
      // Many contacts changed at once (an import): the board reads its cards again.
      else if (data.action === 'reload') void client.invalidateQueries({ queryKey: queryKeys.tickets.kanbanBoards });
    },
    [client],
  );
  useRealtimeEvent('ticket', onTicket);
  useRealtimeEvent('appMessage', onMessage);
  useRealtimeEvent('contact', onContact);
}
