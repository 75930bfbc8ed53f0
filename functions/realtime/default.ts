/**
 * `$default`: every client action arrives here as `{ "action": ..., ... }` (shared/realtime-actions.ts)
 * and is validated before it is acted on. Unknown or malformed frames are logged and dropped: nothing
 * stored is touched. A join is answered to its socket only, once its rooms are joined (`joined`) or
 * when it is refused (`joinRefused` with the error code), so a page knows from when on it hears every
 * event (shared/realtime-events.ts, `JoinAnswers`). Who is acting comes from the socket's
 * authorizer context, never the frame.
 */
import type { APIGatewayProxyResultV2 } from 'aws-lambda';
import { ClientAction } from '../../shared/realtime-actions';
import { roomNameOf } from '../../shared/realtime-events';
import { logger } from '../core/logger';
import { subscribeSocket, type JoinAction, type JoinOutcome } from '../core/realtime/join-room';
import { unsubscribeSocket } from '../core/realtime/leave-room';
import { userIsAlive } from '../core/realtime/user-status';
import { answerSocket } from './answer';
import { socketContext, type WsRequest } from './socket-context';
import { observed } from '../core/observability';

async function handle(event: {
  body?: string;
  requestContext: { connectionId?: string; authorizer?: unknown };
}): Promise<APIGatewayProxyResultV2> {
  const socket = socketContext(event);
  const parsed = ClientAction.safeParse(parseJson(event.body));
  if (!parsed.success) {
    logger.info('websocket frame dropped', { socketId: socket.socketId, issues: parsed.error.issues.length });
    return { statusCode: 400 };
  }
  const action = parsed.data;
  switch (action.action) {
    case 'userStatus':
      await userIsAlive(socket);
      return { statusCode: 200 };
    case 'joinTickets':
    case 'joinNotification':
    case 'joinChatBox':
      return answerJoin(socket, action, await subscribeSocket(socket, action));
    case 'leaveTickets':
    case 'leaveNotification':
    case 'leaveChatBox':
      await unsubscribeSocket(socket, action);
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

/** The answer to a join, by its outcome: the socket hears `joined` or `joinRefused` when someone is there to hear it. */
async function answerJoin(socket: WsRequest, action: JoinAction, outcome: JoinOutcome): Promise<APIGatewayProxyResultV2> {
  const room = roomNameOf(action);
  switch (outcome.status) {
    case 'joined':
      await answerSocket(socket, 'joined', { room });
      return { statusCode: 200 };
    case 'refused':
      logger.info('websocket join refused', { socketId: socket.socketId, userId: socket.userId, action, error: outcome.error });
      await answerSocket(socket, 'joinRefused', { room, error: outcome.error });
      return { statusCode: 403 };
    case 'gone':
      // Nobody to answer: the socket was forgotten while joining.
      return { statusCode: 410 };
    case 'ended':
      // The user's access has ended: the socket is closed, there is nobody to answer.
      logger.info('websocket of a user without access closed', { socketId: socket.socketId, userId: socket.userId });
      return { statusCode: 403 };
  }
}

export const handler = observed(handle);
