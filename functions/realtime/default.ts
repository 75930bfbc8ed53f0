/**
 * `$default`: every client action arrives here as `{ "action": ..., ... }` and is validated before it
 * is acted on. Unknown or malformed frames are logged and dropped: a WebSocket client gets no error
 * answer from API Gateway anyway, and nothing stored is touched.
 */
import type { APIGatewayProxyResultV2 } from 'aws-lambda';
import { z } from 'zod';
import { logger } from '../core/logger';
import { touchConnection } from '../core/repositories/realtime';
import { connectionContext } from './connection-context';

const ClientAction = z.discriminatedUnion('action', [
  // Sent every 5 minutes (spec 1 §9) to say the user is still there.
  z.object({ action: z.literal('userStatus') }),
]);

export async function handler(event: {
  body?: string;
  requestContext: { connectionId?: string; authorizer?: unknown };
}): Promise<APIGatewayProxyResultV2> {
  const { connectionId, companyId } = connectionContext(event);
  const parsed = ClientAction.safeParse(parseJson(event.body));
  if (!parsed.success) {
    logger.info('websocket frame dropped', { connectionId, issues: parsed.error.issues.length });
    return { statusCode: 400 };
  }
  switch (parsed.data.action) {
    case 'userStatus':
      await touchConnection(companyId, connectionId, new Date());
      break;
  }
  return { statusCode: 200 };
}

function parseJson(body: string | undefined): unknown {
  try {
    return JSON.parse(body ?? '');
  } catch {
    return undefined;
  }
}
