/**
 * The online state of users (spec 2 dashboard: the attendants table shows it): a user is online while
 * one of their WebSocket sockets is open. The web pings with `userStatus` every 5 minutes.
 *
 * Steps:
 * - connect (after the socket joined the room `user:<id>`) and every userStatus ping: refresh the
 *   socket's lastSeenAt and mark the user online with lastSeenAt, in one transaction that holds only
 *   while the socket exists;
 * - disconnect (after the socket and its memberships are gone): read the user's presence version,
 *   then look for another socket of the user with one strongly consistent Query of the room
 *   `user:<id>`; with none, mark the user offline, conditionally on the version read. Every "online"
 *   write moves the version and is made while its socket is in the room, so a socket that opens
 *   or pings meanwhile either shows in the Query or makes the offline write fail: the last disconnect
 *   marks the user offline, and no other does.
 */
import { getPresence, hasSocket, markSocketAlive, markUserOffline } from '../repositories/presence';
import type { SocketRef } from '../repositories/sockets';

/** On $connect and on `userStatus`; a socket already forgotten (410 Gone, $disconnect) changes nothing. */
export async function userIsAlive(socket: SocketRef, now = new Date()): Promise<void> {
  await markSocketAlive(socket, now);
}

/** Answers whether the user went offline (this was their last socket). */
export async function userDisconnected(socket: Pick<SocketRef, 'companyId' | 'userId'>, now = new Date()): Promise<boolean> {
  const { companyId, userId } = socket;
  const presence = await getPresence(companyId, userId);
  if (!presence?.online) return false;
  if (await hasSocket(companyId, userId, now)) return false;
  return markUserOffline(companyId, userId, presence);
}
