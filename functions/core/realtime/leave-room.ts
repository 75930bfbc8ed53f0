/**
 * The leave actions of the WebSocket (`leaveTickets`, `leaveNotification`, `leaveChatBox`): the
 * connection stops hearing a subscription.
 *
 * Steps: read the connection's rooms; take those of the subscription (whatever queues the user had
 * when joining, so a changed queue list leaves nothing behind); leave them.
 */
import { getConnection, leaveRooms, type ConnectionRef } from '../repositories/realtime';
import { belongsTo, subscriptionOf, type LeaveAction } from './join-room';

export async function unsubscribeConnection(connection: ConnectionRef, action: LeaveAction): Promise<void> {
  const { companyId, connectionId } = connection;
  const stored = await getConnection(companyId, connectionId);
  if (!stored) return;
  const subscription = subscriptionOf(action);
  const rooms = stored.rooms.filter((room) => belongsTo(subscription, room));
  if (rooms.length > 0) await leaveRooms(companyId, connectionId, rooms);
}
