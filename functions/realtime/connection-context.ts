/** Reads the authorizer context API Gateway attaches to every event of an authorised WebSocket. */
import { z } from 'zod';

const AuthorizerContext = z.object({
  companyId: z.string().min(1),
  userId: z.string().min(1),
  // API Gateway hands context values on as strings. Absent on sockets opened before tickets carried it.
  signInAt: z.coerce.number().int().optional(),
});

export interface WsRequest {
  readonly connectionId: string;
  readonly companyId: string;
  readonly userId: string;
  /** The sign-in the socket's ticket was minted by (epoch seconds), when known. */
  readonly signInAt?: number;
}

export function connectionContext(event: {
  requestContext: { connectionId?: string; authorizer?: unknown };
}): WsRequest {
  const { companyId, userId, signInAt } = AuthorizerContext.parse(event.requestContext.authorizer);
  const connectionId = event.requestContext.connectionId;
  if (!connectionId) throw new Error('WebSocket event without connectionId');
  return { connectionId, companyId, userId, ...(signInAt === undefined ? {} : { signInAt }) };
}
