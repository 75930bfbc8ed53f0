/**
 * The ticket transitions of spec 1 §4.1 as the workspace calls them (PUT /tickets/{id}). Each names
 * its `action`, so a screen that is out of date gets an error instead of another transition; the
 * answer goes straight into every cached list and the open ticket. Where the user goes afterwards
 * (spec 1 §2.3, §4.1): accept and reopen open the ticket (and the list shows it in its new tab); finish,
 * return and transfer leave it for the list when it was the one on screen. Failures are shown as toasts and a ticket that changed meanwhile
 * is read again. accept, finish, reopen and returnToPending never reject (buttons call them and move
 * on); transfer rejects after its toast, so the transfer form can stay open to try again.
 */
import { useQueryClient } from '@tanstack/react-query';
import { useCallback, useEffect, useMemo, useRef, useState } from 'react';
import { useLocation, useNavigate } from 'react-router';
import type { TicketDto } from '../../../shared/tickets';
import { ApiError } from '../api/client';
import { queryKeys } from '../api/query-keys';
import { updateTicket } from '../api/tickets';
import { useServices } from '../runtime/services';
import { useToast } from '../feedback/toast';
import { storeOpenedTicket, storeTicket } from './ticket-cache';
import { actionBody, pathAfterAction, stateAfterAction, type TicketActionKind, type TransferTarget } from './ticket-action-rules';
import { useTicketUser } from './viewer';

export interface TicketActions {
  accept(ticket: TicketDto): Promise<void>;
  finish(ticket: TicketDto): Promise<void>;
  reopen(ticket: TicketDto): Promise<void>;
  returnToPending(ticket: TicketDto): Promise<void>;
  /** Rejects (after the toast) when the server refuses. */
  transfer(ticket: TicketDto, to: TransferTarget): Promise<void>;
  /** A transition is on its way to the server. */
  busy: boolean;
}

/**
 * Codes that mean the screen showed an old state of the ticket (ERR_NO_PERMISSION: another user took it
 * meanwhile, or it left the user's queues).
 */
const STALE = new Set(['ERR_TICKET_ALREADY_ACCEPTED', 'ERR_TICKET_STATUS_CHANGED', 'ERR_NO_TICKET_FOUND', 'ERR_OTHER_OPEN_TICKET', 'ERR_NO_PERMISSION']);

export function useTicketActions(): TicketActions {
  const { api } = useServices();
  const user = useTicketUser();
  const client = useQueryClient();
  const toast = useToast();
  const navigate = useNavigate();
  const location = useLocation();
  // Read when the answer arrives: the user may have moved to another ticket meanwhile.
  const pathname = useRef(location.pathname);
  useEffect(() => {
    pathname.current = location.pathname;
  }, [location.pathname]);
  const [running, setRunning] = useState(0);

  const run = useCallback(
    async (ticket: TicketDto, kind: TicketActionKind, to?: TransferTarget): Promise<void> => {
      setRunning((count) => count + 1);
      try {
        const updated = await updateTicket(api, ticket.id, actionBody(kind, user.userId, to));
        storeTicket(client, user, updated);
        if (kind === 'accept' || kind === 'reopen') storeOpenedTicket(client, updated);
        const next = pathAfterAction(kind, ticket, updated, pathname.current);
        if (next !== null) void navigate(next, { state: stateAfterAction(kind) });
      } catch (error) {
        toast.error(error);
        if (error instanceof ApiError && STALE.has(error.code)) {
          void client.invalidateQueries({ queryKey: queryKeys.tickets.lists });
          void client.invalidateQueries({ queryKey: queryKeys.tickets.one(ticket.id) });
          void client.invalidateQueries({ queryKey: queryKeys.tickets.byUuid(ticket.uuid) });
        }
        // The transfer form stays open to try again; buttons just move on.
        if (kind === 'transfer') throw error;
      } finally {
        setRunning((count) => count - 1);
      }
    },
    [api, client, user, toast, navigate],
  );

  const busy = running > 0;
  return useMemo(
    () => ({
      accept: (ticket) => run(ticket, 'accept'),
      finish: (ticket) => run(ticket, 'finish'),
      reopen: (ticket) => run(ticket, 'reopen'),
      returnToPending: (ticket) => run(ticket, 'return'),
      transfer: (ticket, to) => run(ticket, 'transfer', to),
      busy,
    }),
    [run, busy],
  );
}
