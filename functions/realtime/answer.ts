/**
 * Answers one socket (the join answers of shared/realtime-events.ts), unlike the publisher, which
 * posts to rooms. A socket that is gone (410) is forgotten, as the publisher does: its memberships
 * may have just been written by the join being answered.
 */
import { GoneException, PostToConnectionCommand } from '@aws-sdk/client-apigatewaymanagementapi';
import type { JoinAnswer, JoinAnswers, RealtimeFrame } from '../../shared/realtime-events';
import { wsManagement } from '../core/aws/clients';
import { logger } from '../core/logger';
import { deleteSocket, type SocketRef } from '../core/repositories/sockets';

export async function answerSocket<A extends JoinAnswer>(socket: SocketRef, event: A, data: JoinAnswers[A]): Promise<void> {
  const frame: RealtimeFrame<JoinAnswers[A]> = { event, data };
  try {
    await wsManagement().send(new PostToConnectionCommand({ ConnectionId: socket.socketId, Data: JSON.stringify(frame) }));
  } catch (error) {
    if (error instanceof GoneException) {
      await deleteSocket(socket.companyId, socket.socketId);
      return;
    }
    // After the SDK's own retries. The join itself holds and events reach the socket; only the
    // client's refetch for this room waits for its next join (a reconnect).
    logger.warn('realtime answer failed', { event, socketId: socket.socketId, error });
  }
}
