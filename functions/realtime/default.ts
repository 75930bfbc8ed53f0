/**
 * `$default`: every client action arrives here as `{ "action": ..., ... }` (shared/realtime-actions.ts)
 * and is validated before it is acted on. Unknown or malformed frames are logged and dropped: nothing
 * stored is touched. A join is answered to its connection only, once its rooms are joined (`joined`) or
 * when it is refused (`joinRefused` with the error code), so a page knows from when on it hears every
 * event (shared/realtime-events.ts, `JoinAnswers`). Who is acting comes from the connection's
 * authorizer context, never the frame.
 */
import type { APIGatewayProxyResultV2 } from 'aws-lambda';
import { ClientAction } from '../../shared/realtime-actions';
import { roomNameOf } from '../../shared/realtime-events';
import { logger } from '../core/logger';
import { subscribeConnection } from '../core/use-cases/join-room';
import { unsubscribeConnection } from '../core/use-cases/leave-room';
import { userIsAlive } from '../core/use-cases/user-status';
import { answerConnection } from './answer';
import { connectionContext } from './connection-context';

export async function handler(event: {
  body?: string;
  requestContext: { connectionId?: string; authorizer?: unknown };
}): Promise<APIGatewayProxyResultV2> {
  const connection = connectionContext(event);
  const parsed = ClientAction.safeParse(parseJson(event.body));
  if (!parsed.success) {
    logger.info('websocket frame dropped', { connectionId: connection.connectionId, issues: parsed.error.issues.length });
    return { statusCode: 400 };
  }
  const action = parsed.data;
  switch (action.action) {
    case 'userStatus':
      await userIsAlive(connection);
      return { statusCode: 200 };
    case 'joinTickets':
    case 'joinNotification':
    case 'joinChatBox': {
      const outcome = await subscribeConnection(connection, action);
      const room = roomNameOf(action);
      switch (outcome.status) {
        case 'joined':
          await answerConnection(connection, 'joined', { room });
          return { statusCode: 200 };
        case 'refused':
          logger.info('websocket join refused', { connectionId: connection.connectionId, userId: connection.userId, action, error: outcome.error });
          await answerConnection(connection, 'joinRefused', { room, error: outcome.error });
          return { statusCode: 403 };
        case 'gone':
          // Nobody to answer: the connection was forgotten while joining.
          return { statusCode: 410 };
        case 'ended':
          // The user's access has ended: the socket is closed, there is nobody to answer.
          logger.info('websocket of a user without access closed', { connectionId: connection.connectionId, userId: connection.userId });
          return { statusCode: 403 };
      }
    }
    case 'leaveTickets':
    case 'leaveNotification':
    case 'leaveChatBox':
      await unsubscribeConnection(connection, action);
      return { statusCode: 200 };
  }
}

function parseJson(body: string | undefined): unknown {
  try {
    return JSON.parse(body ?? '');
  } catch {
    return undefined;
  }
}
