/**
 * The ticket transitions of spec 1 §4.1 as the workspace calls them (PUT /tickets/{id}). Each names
 * its `action`, so a screen that is out of date gets an error instead of another transition; the
 * answer goes straight into every cached list and the open ticket. Where the user goes afterwards
 * (spec 1 §2.3, §4.1): accept and reopen open the ticket; finish, return and transfer leave it for the
 * list when it was the one on screen. Failures are shown as toasts and a ticket that changed meanwhile
 * is read again. accept, finish, reopen and returnToPending never reject (buttons call them and move
 * on); transfer rejects after its toast, so the transfer form can stay open to try again.
 */
import { useQueryClient } from '@tanstack/react-query';
import { useCallback, useMemo, useRef, useState } from 'react';
import { matchPath, useLocation, useNavigate } from 'react-router';
import type { TicketDto, UpdateTicketBody } from '../../../shared/tickets';
import { ApiError } from '../api/client';
import { queryKeys } from '../api/query-keys';
import { TICKETS_PATH } from '../app/pages';
import { useServices } from '../app/services';
import { useToast } from '../feedback/toast';
import { storeTicket } from './ticket-cache';
import { isRouteTicket } from './ticket-lists';
import { useTicketUser } from './viewer';

export interface TicketActions {
  accept(ticket: TicketDto): Promise<void>;
  finish(ticket: TicketDto): Promise<void>;
  reopen(ticket: TicketDto): Promise<void>;
  returnToPending(ticket: TicketDto): Promise<void>;
  /** Rejects (after the toast) when the server refuses. */
  transfer(ticket: TicketDto, to: { queueId: string | null; userId: string | null }): Promise<void>;
  /** A transition is on its way to the server. */
  busy: boolean;
}

/** Codes that mean the screen showed an old state of the ticket. */
const STALE = new Set(['ERR_TICKET_ALREADY_ACCEPTED', 'ERR_TICKET_STATUS_CHANGED', 'ERR_NO_TICKET_FOUND', 'ERR_OTHER_OPEN_TICKET']);

/** The ticket reference of a /tickets/{ref} path. */
export function routeTicketOf(pathname: string): string | undefined {
  return matchPath(`${TICKETS_PATH}/:ticketId`, pathname)?.params.ticketId;
}

type After = 'open' | 'leave';

export function useTicketActions(): TicketActions {
  const { api } = useServices();
  const user = useTicketUser();
  const client = useQueryClient();
  const toast = useToast();
  const navigate = useNavigate();
  const location = useLocation();
  // Read when the answer arrives: the user may have moved to another ticket meanwhile.
  const pathname = useRef(location.pathname);
  pathname.current = location.pathname;
  const [running, setRunning] = useState(0);

  const run = useCallback(
    async (ticket: TicketDto, body: UpdateTicketBody, after: After, rethrow = false): Promise<void> => {
      setRunning((count) => count + 1);
      try {
        const updated = await api.put<TicketDto>(`/tickets/${encodeURIComponent(ticket.id)}`, body);
        storeTicket(client, user, updated);
        if (after === 'open') void navigate(`${TICKETS_PATH}/${updated.uuid}`);
        else if (isRouteTicket(routeTicketOf(pathname.current), ticket)) void navigate(TICKETS_PATH);
      } catch (error) {
        toast.error(error);
        if (error instanceof ApiError && STALE.has(error.code)) {
          void client.invalidateQueries({ queryKey: queryKeys.tickets.lists });
          void client.invalidateQueries({ queryKey: queryKeys.tickets.one(ticket.id) });
          void client.invalidateQueries({ queryKey: queryKeys.tickets.byUuid(ticket.uuid) });
        }
        if (rethrow) throw error;
      } finally {
        setRunning((count) => count - 1);
      }
    },
    [api, client, user, toast, navigate],
  );

  const busy = running > 0;
  return useMemo(
    () => ({
      accept: (ticket) => run(ticket, { action: 'accept', status: 'open', userId: user.userId }, 'open'),
      finish: (ticket) => run(ticket, { action: 'finish', status: 'closed', userId: user.userId }, 'leave'),
      reopen: (ticket) => run(ticket, { action: 'reopen', status: 'open', userId: user.userId }, 'open'),
      returnToPending: (ticket) => run(ticket, { action: 'return', status: 'pending', userId: null }, 'leave'),
      transfer: (ticket, to) => run(ticket, { action: 'transfer', queueId: to.queueId, userId: to.userId }, 'leave', true),
      busy,
    }),
    [run, user.userId, busy],
  );
}
