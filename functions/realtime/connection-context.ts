/** Reads the authorizer context API Gateway attaches to every event of an authorised WebSocket. */
import { z } from 'zod';

const AuthorizerContext = z.object({ companyId: z.string().min(1), userId: z.string().min(1) });

export interface WsRequest {
  readonly connectionId: string;
  readonly companyId: string;
  readonly userId: string;
}

export function connectionContext(event: {
  requestContext: { connectionId?: string; authorizer?: unknown };
}): WsRequest {
  const { companyId, userId } = AuthorizerContext.parse(event.requestContext.authorizer);
  const connectionId = event.requestContext.connectionId;
  if (!connectionId) throw new Error('WebSocket event without connectionId');
  return { connectionId, companyId, userId };
}
