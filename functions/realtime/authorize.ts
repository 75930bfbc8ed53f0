/**
 * The REQUEST authorizer of the WebSocket `$connect` route: redeems the single-use ticket of the
 * `ticket` query parameter. A missing, malformed, expired or already used ticket is refused with 401
 * (API Gateway's answer to `throw new Error('Unauthorized')`), and so is a ticket whose user no longer
 * has access (deleted, signed out, password changed, company inactive: socket-access.ts), whenever the
 * ticket was minted.
 */
import type { APIGatewayAuthorizerResult, APIGatewayRequestAuthorizerEvent } from 'aws-lambda';
import { WS_AUTHORIZER } from '../../infra/resources/ws-routes';
import { logger } from '../core/logger';
import { redeemWsTicket } from '../core/realtime/tickets';
import { userWithSocketAccess } from '../core/use-cases/socket-access';

export async function handler(event: APIGatewayRequestAuthorizerEvent): Promise<APIGatewayAuthorizerResult> {
  const ticket = event.queryStringParameters?.[WS_AUTHORIZER.queryParameter] ?? '';
  const owner = await redeemWsTicket(ticket);
  if (!owner) {
    logger.info('websocket ticket refused', { requestId: event.requestContext.requestId });
    throw new Error('Unauthorized');
  }
  if (!(await userWithSocketAccess(owner))) {
    logger.info('websocket ticket of a user without access refused', { requestId: event.requestContext.requestId, userId: owner.userId });
    throw new Error('Unauthorized');
  }
  return {
    principalId: owner.userId,
    policyDocument: {
      Version: '2012-10-17',
      Statement: [{ Action: 'execute-api:Invoke', Effect: 'Allow', Resource: event.methodArn }],
    },
    // API Gateway hands this context to every later route of the connection ($default, $disconnect).
    context: { companyId: owner.companyId, userId: owner.userId, ...(owner.signInAt === undefined ? {} : { signInAt: owner.signInAt }) },
  };
}
