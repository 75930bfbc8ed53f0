/**
 * `$connect`: the authorizer has redeemed the ticket; remember the socket for the publisher and
 * mark its user online. Then ask again whether the user still has access: an access change (deletion,
 * logout, deactivation) that happened after the authorizer's check and looked for the user's sockets
 * before this one was written would otherwise miss it (close-sockets.ts). Such a socket is forgotten
 * and refused.
 */
import type { APIGatewayProxyResultV2 } from 'aws-lambda';
import { logger } from '../core/logger';
import { deleteSocket, putSocket } from '../core/repositories/sockets';
import { userWithSocketAccess } from '../core/realtime/socket-access';
import { userIsAlive } from '../core/realtime/user-status';
import { socketContext } from './socket-context';
import { observed } from '../core/observability';

async function handle(event: {
  requestContext: { connectionId?: string; authorizer?: unknown };
}): Promise<APIGatewayProxyResultV2> {
  const socket = socketContext(event);
  const { socketId, companyId, userId } = socket;
  const now = new Date();
  // Every socket hears its company's and its user's events; ticket and chat rooms are joined by action.
  await putSocket({ socketId, companyId, userId, connectedAt: now.toISOString() }, ['company', `user:${userId}`], now);
  if (!(await userWithSocketAccess(socket, now))) {
    logger.info('websocket of a user without access refused', { socketId, userId });
    await deleteSocket(companyId, socketId);
    return { statusCode: 403 };
  }
  // After the user room holds the socket: see user-status.ts for why the order matters.
  await userIsAlive(socket, now);
  return { statusCode: 200 };
}

export const handler = observed(handle);
