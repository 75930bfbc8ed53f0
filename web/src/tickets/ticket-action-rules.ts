/**
 * What each ticket action sends (PUT /tickets/{id}, spec 1 §4.1) and where the user goes afterwards
 * (spec 1 §2.3, §4.1), as plain functions for useTicketActions.
 */
import { matchPath } from 'react-router';
import type { TicketDto, TicketStatus, UpdateTicketBody } from '../../../shared/tickets';
import { TICKETS_PATH, ticketRoutePath } from '../runtime/paths';
import { isRouteTicket } from './ticket-lists';

export type TicketActionKind = 'accept' | 'finish' | 'reopen' | 'return' | 'transfer';

/** Where a transfer sends the ticket: a queue, optionally a user and another connection (spec 1 §4.1). */
export interface TransferTarget {
  readonly queueId: string | null;
  readonly userId: string | null;
  /** Absent (or null) keeps the ticket's connection. */
  readonly whatsappId?: string | null;
}

/**
 * The body of the action: the `action` the server checks against the ticket as stored, plus the spec's
 * fields (the caller takes the ticket on accept, finish and reopen). A transfer's new connection goes
 * in the same body, so the server moves queue, user and connection in one change or none of them.
 */
export function actionBody(kind: TicketActionKind, userId: string, to: TransferTarget = { queueId: null, userId: null }): UpdateTicketBody {
  switch (kind) {
    case 'accept':
      return { action: 'accept', status: 'open', userId };
    case 'finish':
      return { action: 'finish', status: 'closed', userId };
    case 'reopen':
      return { action: 'reopen', status: 'open', userId };
    case 'return':
      return { action: 'return', status: 'pending', userId: null };
    case 'transfer':
      return { action: 'transfer', queueId: to.queueId, userId: to.userId, ...(to.whatsappId ? { whatsappId: to.whatsappId } : {}) };
  }
}

/** The ticket reference of a /tickets/{ref} path. */
export function routeTicketOf(pathname: string): string | undefined {
  return matchPath(`${TICKETS_PATH}/:ticketId`, pathname)?.params.ticketId;
}

/**
 * Where to go after the action succeeded: accept and reopen open the ticket; finish, return and
 * transfer leave it for the list when it is the ticket on screen; otherwise stay (null).
 */
export function pathAfterAction(kind: TicketActionKind, before: Pick<TicketDto, 'id' | 'uuid'>, after: Pick<TicketDto, 'uuid'>, pathname: string): string | null {
  if (kind === 'accept' || kind === 'reopen') return ticketRoutePath(after.uuid);
  return isRouteTicket(routeTicketOf(pathname), before) ? TICKETS_PATH : null;
}

/**
 * The history state of the navigation after an accept or a reopen: the ticket is open and the caller's
 * now, so the list shows the tab it moved to (open, Assigned) and the ticket stays selected there
 * (spec 1 §4.1), instead of the tab it left.
 */
export const OPENED_TICKET_STATE = { ticketOpened: true } as const;

/** The history state to navigate with after the action. */
export function stateAfterAction(kind: TicketActionKind): typeof OPENED_TICKET_STATE | undefined {
  return kind === 'accept' || kind === 'reopen' ? OPENED_TICKET_STATE : undefined;
}

/** Whether a location came from an accept or a reopen (its history state). */
export function cameFromOpening(state: unknown): boolean {
  return typeof state === 'object' && state !== null && (state as { ticketOpened?: unknown }).ticketOpened === true;
}

/**
 * The history state of a navigation to a ticket chosen outside the lists (a notification): its status,
 * so the list shows the tab the ticket is in (a pending ticket opened from a notification left the list
 * on 'Atendendo', issue 27).
 */
export function shownTicketState(status: TicketStatus): { readonly ticketStatus: TicketStatus } {
  return { ticketStatus: status };
}

/** A tab of the ticket list, with the open tab's sub-tab. */
export type ListPlace = { readonly tab: 'open'; readonly openTab: 'assigned' | 'pending' } | { readonly tab: 'closed' };

/**
 * The list tab a navigation asks for: open, Assigned after an accept or a reopen; the tab of the
 * ticket's status for a ticket chosen elsewhere (shownTicketState); none otherwise (the list stays).
 */
export function listPlaceOf(state: unknown): ListPlace | undefined {
  if (cameFromOpening(state)) return { tab: 'open', openTab: 'assigned' };
  const status = typeof state === 'object' && state !== null ? (state as { ticketStatus?: unknown }).ticketStatus : undefined;
  if (status === 'pending') return { tab: 'open', openTab: 'pending' };
  if (status === 'open') return { tab: 'open', openTab: 'assigned' };
  if (status === 'closed') return { tab: 'closed' };
  return undefined;
}

/** Which panel a narrow screen shows (TicketsPage): the conversation or the list. */
export type NarrowView = 'ticket' | 'list';

/**
 * The narrow screen's panel after a navigation: the list without a ticket in the route; the
 * conversation when the route names another ticket, or the same one again after an accept or a reopen
 * (the agent accepted from the list a ticket the route already named, say one opened from a
 * notification: the address does not change, the conversation must still show); else as it was.
 */
export function narrowViewAfter(
  current: NarrowView,
  navigation: { readonly before: string | undefined; readonly reference: string | undefined; readonly state: unknown },
): NarrowView {
  if (navigation.reference === undefined) return 'list';
  if (navigation.reference !== navigation.before || cameFromOpening(navigation.state)) return 'ticket';
  return current;
}
