/**
 * The REQUEST authorizer of the WebSocket `$connect` route: redeems the single-use socket ticket of the
 * `ticket` query parameter. A missing, malformed, expired or already used ticket is refused with 401
 * (API Gateway's answer to `throw new Error('Unauthorized')`), and so is a ticket whose user no longer
 * has access (deleted, signed out, password changed, company inactive: socket-access.ts), whenever the
 * ticket was minted.
 */
import type { APIGatewayAuthorizerResult, APIGatewayRequestAuthorizerEvent } from 'aws-lambda';
import { WS_AUTHORIZER } from '../../infra/resources/ws-routes';
import { logger } from '../core/logger';
import { redeemSocketTicket } from '../core/realtime/socket-tickets';
import { userWithSocketAccess } from '../core/realtime/socket-access';
import { observed } from '../core/observability';

async function handle(event: APIGatewayRequestAuthorizerEvent): Promise<APIGatewayAuthorizerResult> {
  const socketTicket = event.queryStringParameters?.[WS_AUTHORIZER.queryParameter] ?? '';
  const owner = await redeemSocketTicket(socketTicket);
  if (!owner) {
    logger.info('socket ticket refused', { requestId: event.requestContext.requestId });
    throw new Error('Unauthorized');
  }
  logger.appendKeys({ companyId: owner.companyId, userId: owner.userId });
  if (!(await userWithSocketAccess(owner))) {
    logger.info('socket ticket of a user without access refused', { requestId: event.requestContext.requestId, userId: owner.userId });
    throw new Error('Unauthorized');
  }
  return {
    principalId: owner.userId,
    policyDocument: {
      Version: '2012-10-17',
      Statement: [{ Action: 'execute-api:Invoke', Effect: 'Allow', Resource: event.methodArn }],
    },
    // API Gateway hands this context to every later route of the socket ($default, $disconnect).
    context: { companyId: owner.companyId, userId: owner.userId, ...(owner.signInAt === undefined ? {} : { signInAt: owner.signInAt }) },
  };
}

export const handler = observed(handle);
