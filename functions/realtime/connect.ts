/** `$connect`: the authorizer has redeemed the ticket; remember the connection for the publisher. */
import type { APIGatewayProxyResultV2 } from 'aws-lambda';
import { putConnection } from '../core/repositories/realtime';
import { connectionContext } from './connection-context';

export async function handler(event: {
  requestContext: { connectionId?: string; authorizer?: unknown };
}): Promise<APIGatewayProxyResultV2> {
  const { connectionId, companyId, userId } = connectionContext(event);
  const now = new Date();
  // Every connection hears its company's and its user's events; ticket and chat rooms are joined by action.
  await putConnection({ connectionId, companyId, userId, connectedAt: now.toISOString() }, ['company', `user:${userId}`], now);
  return { statusCode: 200 };
}
