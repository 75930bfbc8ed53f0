/**
 * Ends sockets at once when access ends or changes (docs/architecture.md §8): API Gateway's DeleteConnection closes
 * each one, and its socket item and room memberships are deleted right away rather than left to
 * its `$disconnect` (best effort, and later), so the fan-out never reaches it again and no join can add
 * a room to it (a join holds only while the socket item exists).
 *
 * A user's sockets are found by their room `user:<id>`, a company's by its room `company`: every socket
 * joins both on `$connect`. A socket whose `$connect` is still running when it is looked for is refused
 * by `$connect` itself, which asks again whether its user still has access once its memberships are
 * written (socket-access.ts).
 */
import { DeleteConnectionCommand, GoneException } from '@aws-sdk/client-apigatewaymanagementapi';
import { wsManagement } from '../aws/clients';
import { logger } from '../logger';
import { companySockets, userSockets } from '../repositories/rooms';
import { deleteSocket, type SocketRef } from '../repositories/sockets';
import { forEachLimited } from '../limited';

/** Closes in flight at once: a company may have a socket per user and tab. */
const CONCURRENCY = 16;

/** Closes every socket of a user (logout, deletion, password change, changed rights); answers how many. */
export async function closeUserSockets(companyId: string, userId: string): Promise<number> {
  const sockets = await userSockets(companyId, userId);
  await forEachLimited(sockets, CONCURRENCY, closeSocket);
  return sockets.length;
}

/** Closes every socket of a company (deactivated or deleted); answers how many. */
export async function closeCompanySockets(companyId: string): Promise<number> {
  const sockets = await companySockets(companyId);
  await forEachLimited(sockets, CONCURRENCY, closeSocket);
  return sockets.length;
}

/**
 * Closes one socket and forgets it. A socket API Gateway no longer knows (410) is forgotten all the
 * same; one it fails to close is still forgotten, so it hears nothing and joins nothing until it drops.
 */
export async function closeSocket(socket: SocketRef): Promise<void> {
  try {
    await wsManagement().send(new DeleteConnectionCommand({ ConnectionId: socket.socketId }));
  } catch (error) {
    if (!(error instanceof GoneException)) logger.warn('socket not closed', { socketId: socket.socketId, error });
  }
  await deleteSocket(socket.companyId, socket.socketId);
}
