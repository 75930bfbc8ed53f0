/**
 * The leave actions of the WebSocket (`leaveTickets`, `leaveNotification`, `leaveChatBox`): the
 * socket stops hearing a subscription.
 *
 * Steps: read the socket's rooms; take those of the subscription (whatever queues the user had
 * when joining, so a changed queue list leaves nothing behind); leave them.
 */
import { getSocket, leaveRooms, type SocketRef } from '../repositories/sockets';
import { belongsTo, subscriptionOf, type LeaveAction } from './join-room';

export async function unsubscribeSocket(socket: SocketRef, action: LeaveAction): Promise<void> {
  const { companyId, socketId } = socket;
  const stored = await getSocket(companyId, socketId);
  if (!stored) return;
  const subscription = subscriptionOf(action);
  const rooms = stored.rooms.filter((room) => belongsTo(subscription, room));
  if (rooms.length > 0) await leaveRooms(companyId, socketId, rooms);
}
