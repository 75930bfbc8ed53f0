/**
 * Reads the authorizer context API Gateway attaches to every event of an authorised WebSocket; from then
 * on the invocation's log lines name the socket, its company and user.
 */
import { z } from 'zod';
import { logger } from '../core/logger';

const AuthorizerContext = z.object({
  companyId: z.string().min(1),
  userId: z.string().min(1),
  // API Gateway hands context values on as strings. Absent on sockets opened before tickets carried it.
  signInAt: z.coerce.number().int().optional(),
});

export interface WsRequest {
  readonly socketId: string;
  readonly companyId: string;
  readonly userId: string;
  /** The sign-in the socket's ticket was minted by (epoch seconds), when known. */
  readonly signInAt?: number;
}

export function socketContext(event: {
  requestContext: { connectionId?: string; authorizer?: unknown };
}): WsRequest {
  const { companyId, userId, signInAt } = AuthorizerContext.parse(event.requestContext.authorizer);
  const socketId = event.requestContext.connectionId;
  if (!socketId) throw new Error('WebSocket event without connectionId');
  logger.appendKeys({ companyId, userId, socketId });
  return { socketId, companyId, userId, ...(signInAt === undefined ? {} : { signInAt }) };
}
