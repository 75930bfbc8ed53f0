/**
 * The join actions of the WebSocket (`joinTickets`, `joinNotification`, `joinChatBox`; spec 1 §4.5):
 * which rooms a socket joins, decided from the user as stored, never from the frame (docs/architecture.md §6:
 * agents hear only tickets of their queues).
 *
 * Steps: check that the socket's user still has access (socket-access.ts; if not, the socket is
 * closed: it should have been already, see close-sockets.ts) and take the user as stored (the listener:
 * profile, queues, allTicket); work out the rooms of the subscription (a status list or the
 * notifications: the `all` room for those who may see all, else one room per visible queue; a chat
 * box: the ticket's room, after checking that the ticket is the company's and the user may see it);
 * leave the rooms of the same subscription the socket should no longer be in (the user's queues
 * changed since it joined); join the rooms. The `$default` handler answers the outcome to the
 * socket (shared/realtime-events.ts, `JoinAnswers`).
 */
import type { ClientAction } from '../../../shared/realtime-actions';
import type { JoinAction, JoinRefusalCode } from '../../../shared/realtime-events';
import type { TicketStatus } from '../../../shared/tickets';
import { canSeeTicket, notificationRooms, ticketListRooms, type Listener } from './ticket-rooms';
import { closeSocket } from './close-sockets';
import type { Room } from '../repositories/rooms';
import { getSocket, joinRooms, leaveRooms, type SocketRef } from '../repositories/sockets';
import { getTicket } from '../repositories/tickets';
import { userWithSocketAccess, type SocketOwner } from './socket-access';

export type { JoinAction };
export type LeaveAction = Extract<ClientAction, { action: 'leaveTickets' | 'leaveNotification' | 'leaveChatBox' }>;

/**
 * What a join did. `refused`: a chat box of a ticket the company does not have (`ERR_NO_TICKET_FOUND`)
 * or the user may not see (`ERR_NO_PERMISSION`). `gone`: the socket was forgotten meanwhile,
 * nothing joined. `ended`: the user's access has ended (deleted, signed out, company inactive); the
 * socket was closed, nothing joined.
 */
export type JoinOutcome =
  | { readonly status: 'joined' }
  | { readonly status: 'refused'; readonly error: JoinRefusalCode }
  | { readonly status: 'gone' }
  | { readonly status: 'ended' };

const JOINED: JoinOutcome = { status: 'joined' };
const GONE: JoinOutcome = { status: 'gone' };
const ENDED: JoinOutcome = { status: 'ended' };
const refused = (error: JoinRefusalCode): JoinOutcome => ({ status: 'refused', error });

/** A thing a client listens to, made of one or more rooms. */
export type Subscription =
  | { readonly kind: 'tickets'; readonly status: TicketStatus }
  | { readonly kind: 'notification' }
  | { readonly kind: 'chatBox'; readonly ticketId: string };

export function subscriptionOf(action: JoinAction | LeaveAction): Subscription {
  switch (action.action) {
    case 'joinTickets':
    case 'leaveTickets':
      return { kind: 'tickets', status: action.status };
    case 'joinNotification':
    case 'leaveNotification':
      return { kind: 'notification' };
    case 'joinChatBox':
    case 'leaveChatBox':
      return { kind: 'chatBox', ticketId: action.ticketId };
  }
}

/** Whether a room is one of the subscription's, whichever queues the user had when joining it. */
export function belongsTo(subscription: Subscription, room: Room): boolean {
  switch (subscription.kind) {
    case 'tickets':
      return room.startsWith(`tickets:${subscription.status}:`);
    case 'notification':
      return room.startsWith('notification:');
    case 'chatBox':
      return room === `ticket:${subscription.ticketId}`;
  }
}

export async function subscribeSocket(socket: SocketRef & SocketOwner, action: JoinAction): Promise<JoinOutcome> {
  const { companyId, socketId } = socket;
  const user = await userWithSocketAccess(socket);
  if (!user) {
    await closeSocket(socket);
    return ENDED;
  }
  const subscription = subscriptionOf(action);
  const rooms = await roomsFor(companyId, user, subscription);
  if (!Array.isArray(rooms)) return refused(rooms.refused);

  const stored = await getSocket(companyId, socketId);
  if (!stored) return GONE;
  const stale = stored.rooms.filter((room) => belongsTo(subscription, room) && !rooms.includes(room));
  if (stale.length > 0 && !(await leaveRooms(companyId, socketId, stale))) return GONE;
  return (await joinRooms(companyId, socketId, rooms)) ? JOINED : GONE;
}

/** The rooms of a subscription for this listener, or why the listener may not have it. */
async function roomsFor(companyId: string, listener: Listener, subscription: Subscription): Promise<Room[] | { refused: JoinRefusalCode }> {
  switch (subscription.kind) {
    case 'tickets':
      return ticketListRooms(listener, subscription.status);
    case 'notification':
      return notificationRooms(listener);
    case 'chatBox': {
      // The company comes from the socket, so another company's ticket is simply not found.
      const ticket = await getTicket(companyId, subscription.ticketId);
      if (!ticket) return { refused: 'ERR_NO_TICKET_FOUND' };
      return canSeeTicket(listener, ticket) ? [`ticket:${ticket.id}`] : { refused: 'ERR_NO_PERMISSION' };
    }
  }
}
