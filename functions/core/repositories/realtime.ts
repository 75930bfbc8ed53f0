/**
 * WebSocket tickets and connections. A ticket is single-use: consuming it is a conditional delete, so
 * two connections can never share one. Both kinds of item carry a TTL so nothing outlives its use.
 */
import { DeleteCommand, PutCommand, UpdateCommand } from '@aws-sdk/lib-dynamodb';
import { ConditionalCheckFailedException } from '@aws-sdk/client-dynamodb';
import { dynamo } from '../aws/clients';
import { keys } from './keys';
import { table } from './table';

export interface WsTicketOwner {
  readonly companyId: string;
  readonly userId: string;
}

const epochSeconds = (date: Date) => Math.floor(date.getTime() / 1000);

export async function putWsTicket(ticketHash: string, owner: WsTicketOwner, expiresAt: Date): Promise<void> {
  await dynamo().send(
    new PutCommand({
      TableName: table(),
      Item: { ...keys.wsTicket(owner.companyId, ticketHash), entity: 'wsTicket', ...owner, expiresAt: epochSeconds(expiresAt) },
      ConditionExpression: 'attribute_not_exists(PK)',
    }),
  );
}

/** Deletes the ticket if it exists and has not expired; answers its owner, or undefined. */
export async function consumeWsTicket(companyId: string, ticketHash: string, now: Date): Promise<WsTicketOwner | undefined> {
  try {
    const { Attributes } = await dynamo().send(
      new DeleteCommand({
        TableName: table(),
        Key: keys.wsTicket(companyId, ticketHash),
        ConditionExpression: 'attribute_exists(PK) AND expiresAt > :now',
        ExpressionAttributeValues: { ':now': epochSeconds(now) },
        ReturnValues: 'ALL_OLD',
      }),
    );
    return Attributes ? { companyId: String(Attributes.companyId), userId: String(Attributes.userId) } : undefined;
  } catch (error) {
    if (error instanceof ConditionalCheckFailedException) return undefined;
    throw error;
  }
}

export interface WsConnection extends WsTicketOwner {
  readonly connectionId: string;
  readonly connectedAt: string;
}

/** API Gateway closes a WebSocket after two hours; the item lives a little longer, then expires. */
const CONNECTION_TTL_SECONDS = 2 * 60 * 60 + 5 * 60;

export async function putConnection(connection: WsConnection, now: Date): Promise<void> {
  await dynamo().send(
    new PutCommand({
      TableName: table(),
      Item: {
        ...keys.wsConnection(connection.companyId, connection.connectionId),
        entity: 'wsConnection',
        ...connection,
        lastSeenAt: now.toISOString(),
        expiresAt: epochSeconds(now) + CONNECTION_TTL_SECONDS,
      },
    }),
  );
}

/** Records that the client is alive (its `userStatus` ping); a vanished connection is not recreated. */
export async function touchConnection(companyId: string, connectionId: string, now: Date): Promise<boolean> {
  try {
    await dynamo().send(
      new UpdateCommand({
        TableName: table(),
        Key: keys.wsConnection(companyId, connectionId),
        UpdateExpression: 'SET lastSeenAt = :now',
        ConditionExpression: 'attribute_exists(PK)',
        ExpressionAttributeValues: { ':now': now.toISOString() },
      }),
    );
    return true;
  } catch (error) {
    if (error instanceof ConditionalCheckFailedException) return false;
    throw error;
  }
}

export async function deleteConnection(companyId: string, connectionId: string): Promise<void> {
  await dynamo().send(new DeleteCommand({ TableName: table(), Key: keys.wsConnection(companyId, connectionId) }));
}
