/** `$disconnect`: forget the connection (API Gateway calls this at most once, best effort). */
import type { APIGatewayProxyResultV2 } from 'aws-lambda';
import { deleteConnection } from '../core/repositories/realtime';
import { connectionContext } from './connection-context';

export async function handler(event: {
  requestContext: { connectionId?: string; authorizer?: unknown };
}): Promise<APIGatewayProxyResultV2> {
  const { connectionId, companyId } = connectionContext(event);
  await deleteConnection(companyId, connectionId);
  return { statusCode: 200 };
}
