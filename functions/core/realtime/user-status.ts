/**
 * The online state of users (spec 2 dashboard: the attendants table shows it): a user is online while
 * one of their WebSocket connections is open. The web pings with `userStatus` every 5 minutes.
 *
 * Steps:
 * - connect (after the connection joined the room `user:<id>`) and every userStatus ping: refresh the
 *   connection's lastSeenAt and mark the user online with lastSeenAt, in one transaction that holds only
 *   while the connection exists;
 * - disconnect (after the connection and its memberships are gone): read the user's presence version,
 *   then look for another connection of the user with one strongly consistent Query of the room
 *   `user:<id>`; with none, mark the user offline, conditionally on the version read. Every "online"
 *   write moves the version and is made while its connection is in the room, so a connection that opens
 *   or pings meanwhile either shows in the Query or makes the offline write fail: the last disconnect
 *   marks the user offline, and no other does.
 */
import { getPresence, hasConnection, markConnectionAlive, markUserOffline, type ConnectionRef } from '../repositories/realtime';

/** On $connect and on `userStatus`; a connection already forgotten (410 Gone, $disconnect) changes nothing. */
export async function userIsAlive(connection: ConnectionRef, now = new Date()): Promise<void> {
  await markConnectionAlive(connection, now);
}

/** Answers whether the user went offline (this was their last connection). */
export async function userDisconnected(connection: Pick<ConnectionRef, 'companyId' | 'userId'>, now = new Date()): Promise<boolean> {
  const { companyId, userId } = connection;
  const presence = await getPresence(companyId, userId);
  if (!presence?.online) return false;
  if (await hasConnection(companyId, userId, now)) return false;
  return markUserOffline(companyId, userId, presence);
}
