/**
 * `$connect`: the authorizer has redeemed the ticket; remember the connection for the publisher and
 * mark its user online.
 */
import type { APIGatewayProxyResultV2 } from 'aws-lambda';
import { putConnection } from '../core/repositories/realtime';
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
  // After the user room holds the connection: see user-status.ts for why the order matters.
  await userIsAlive(connection, now);
  return { statusCode: 200 };
}
