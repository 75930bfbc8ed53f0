/**
 * `$disconnect`: forget the socket and its rooms (API Gateway calls this at most once, best effort),
 * and mark its user offline if it was their last socket.
 */
import type { APIGatewayProxyResultV2 } from 'aws-lambda';
import { deleteSocket } from '../core/repositories/sockets';
import { userDisconnected } from '../core/realtime/user-status';
import { socketContext } from './socket-context';
import { observed } from '../core/observability';

async function handle(event: {
  requestContext: { connectionId?: string; authorizer?: unknown };
}): Promise<APIGatewayProxyResultV2> {
  const socket = socketContext(event);
  await deleteSocket(socket.companyId, socket.socketId);
  await userDisconnected(socket);
  return { statusCode: 200 };
}

export const handler = observed(handle);
