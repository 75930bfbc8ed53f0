/**
 * WebSocket tickets and connections. A ticket is single-use: consuming it is a conditional delete, so
 * two connections can never share one. Both kinds of item carry a TTL so nothing outlives its use.
 */
import { DeleteCommand, GetCommand, PutCommand, UpdateCommand } from '@aws-sdk/lib-dynamodb';
import { ConditionalCheckFailedException } from '@aws-sdk/client-dynamodb';
import { dynamo } from '../aws/clients';
import { keys, type KeyPrefix } from './keys';
import { batchWriteAll, prefixQueryInput, queryPages, table } from './table';

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

/**
 * Rooms of a company a connection can be in: the whole company; one user's connections; one ticket's
 * chat box; the ticket lists by status, for everything (`all`: admins, show-all) or one queue (`none`
 * for tickets without queue); the notifications, likewise. Agents join only the queue rooms of their
 * queues, which is how they never hear a ticket of another queue.
 */
export type Room =
  | 'company'
  | `user:${string}`
  | `ticket:${string}`
  | `tickets:${string}:all`
  | `tickets:${string}:queue:${string}`
  | 'notification:all'
  | `notification:queue:${string}`;

/** API Gateway closes a WebSocket after two hours; the item lives a little longer, then expires. */
const CONNECTION_TTL_SECONDS = 2 * 60 * 60 + 5 * 60;

/**
 * Stores the connection and its memberships: the given rooms of its company and the platform-wide room.
 * The connection item lists its rooms so that leaving is a few deletes by key, never a search.
 */
export async function putConnection(connection: WsConnection, rooms: readonly Room[], now: Date): Promise<void> {
  const { companyId, connectionId, userId } = connection;
  const expiresAt = epochSeconds(now) + CONNECTION_TTL_SECONDS;
  const member = { entity: 'wsRoomMember', connectionId, companyId, userId, expiresAt };
  await batchWriteAll([
    {
      PutRequest: {
        Item: {
          ...keys.wsConnection(companyId, connectionId),
          entity: 'wsConnection',
          ...connection,
          rooms,
          lastSeenAt: now.toISOString(),
          expiresAt,
        },
      },
    },
    ...rooms.map((room) => ({ PutRequest: { Item: { ...keys.roomMember(companyId, room, connectionId), ...member } } })),
    { PutRequest: { Item: { ...keys.globalRoomMember(companyId, connectionId), ...member } } },
  ]);
}

export interface RoomMember {
  readonly connectionId: string;
  readonly companyId: string;
  readonly userId: string;
}

/** Every connection in a room, page by page (a room is one partition; this is the fan-out's only read). */
export async function* roomMembers(prefix: KeyPrefix): AsyncGenerator<RoomMember[]> {
  for await (const page of queryPages(prefixQueryInput(prefix, { ProjectionExpression: 'connectionId, companyId, userId' }))) {
    yield page.map((item) => ({ connectionId: String(item.connectionId), companyId: String(item.companyId), userId: String(item.userId) }));
  }
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

/** Forgets a connection and its room memberships (on $disconnect, or when API Gateway answers 410 Gone). */
export async function deleteConnection(companyId: string, connectionId: string): Promise<void> {
  const { Item } = await dynamo().send(
    new GetCommand({ TableName: table(), Key: keys.wsConnection(companyId, connectionId), ProjectionExpression: 'rooms' }),
  );
  const rooms = (Item?.rooms ?? []) as Room[];
  const deletes = [
    ...rooms.map((room) => keys.roomMember(companyId, room, connectionId)),
    keys.globalRoomMember(companyId, connectionId),
    keys.wsConnection(companyId, connectionId),
  ];
  await batchWriteAll(deletes.map((Key) => ({ DeleteRequest: { Key } })));
}
