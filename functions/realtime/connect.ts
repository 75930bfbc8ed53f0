/**
 * `$connect`: the authorizer has redeemed the ticket; remember the connection for the publisher and
 * mark its user online. Then ask again whether the user still has access: an access change (deletion,
 * logout, deactivation) that happened after the authorizer's check and looked for the user's sockets
 * before this one was written would otherwise miss it (close-sockets.ts). Such a socket is forgotten
 * and refused.
 */
import type { APIGatewayProxyResultV2 } from 'aws-lambda';
import { logger } from '../core/logger';
import { deleteConnection, putConnection } from '../core/repositories/realtime';
import { userWithSocketAccess } from '../core/use-cases/socket-access';
import { userIsAlive } from '../core/use-cases/user-status';
import { connectionContext } from './connection-context';

export async function handler(event: {
  requestContext: { connectionId?: string; authorizer?: unknown };
}): Promise<APIGatewayProxyResultV2> {
  const connection = connectionContext(event);
  const { connectionId, companyId, userId } = connection;
  const now = new Date();
  // Every connection hears its company's and its user's events; ticket and chat rooms are joined by action.
  await putConnection({ connectionId, companyId, userId, connectedAt: now.toISOString() }, ['company', `user:${userId}`], now);
  if (!(await userWithSocketAccess(connection, now))) {
    logger.info('websocket of a user without access refused', { connectionId, userId });
    await deleteConnection(companyId, connectionId);
    return { statusCode: 403 };
  }
  // After the user room holds the connection: see user-status.ts for why the order matters.
  await userIsAlive(connection, now);
  return { statusCode: 200 };
}
