/**
 * `$disconnect`: forget the connection and its rooms (API Gateway calls this at most once, best effort),
 * and mark its user offline if it was their last connection.
 */
import type { APIGatewayProxyResultV2 } from 'aws-lambda';
import { deleteConnection } from '../core/repositories/realtime';
import { userDisconnected } from '../core/realtime/user-status';
import { connectionContext } from './connection-context';

export async function handler(event: {
  requestContext: { connectionId?: string; authorizer?: unknown };
}): Promise<APIGatewayProxyResultV2> {
  const connection = connectionContext(event);
  await deleteConnection(connection.companyId, connection.connectionId);
  await userDisconnected(connection);
  return { statusCode: 200 };
}
