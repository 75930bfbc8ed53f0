/**
 * The online state of a user (the dashboard's attendants table, the users page). It lives on the user
 * item: `online`, `lastSeenAt` and `presenceVersion`, which every "online" write moves. These functions
 * touch only those attributes and never create a user item.
 */
import { ConditionalCheckFailedException } from '@aws-sdk/client-dynamodb';
import { GetCommand, UpdateCommand } from '@aws-sdk/lib-dynamodb';
import { dynamo } from '../aws/clients';
import { keys } from './keys';
import { transactSocketWrites, type SocketRef } from './sockets';
import { epochSeconds, prefixQueryInput, queryPages, table } from './table';

/**
 * Records that a socket is alive (it opened, or sent its `userStatus` ping): its lastSeenAt, and
 * the user's online state, lastSeenAt and presence version, in one transaction that holds only while
 * the socket exists. So a socket being forgotten never marks its user online after its
 * $disconnect looked for the user's other sockets. Answers false when the socket or the user
 * is gone (nothing is written then).
 */
export async function markSocketAlive(socket: SocketRef, now: Date): Promise<boolean> {
  const { companyId, socketId, userId } = socket;
  const at = now.toISOString();
  const cancelled = await transactSocketWrites([
    {
      Update: {
        TableName: table(),
        Key: keys.socket(companyId, socketId),
        UpdateExpression: 'SET lastSeenAt = :now',
        ConditionExpression: 'attribute_exists(PK)',
        ExpressionAttributeValues: { ':now': at },
      },
    },
    {
      Update: {
        TableName: table(),
        Key: keys.user(companyId, userId),
        UpdateExpression: 'SET #online = :true, lastSeenAt = :now ADD presenceVersion :one',
        ConditionExpression: 'attribute_exists(PK)',
        ExpressionAttributeNames: { '#online': 'online' },
        ExpressionAttributeValues: { ':true': true, ':now': at, ':one': 1 },
      },
    },
  ]);
  return cancelled === undefined;
}

export interface Presence {
  readonly online: boolean;
  /** Undefined until the user's first socket. */
  readonly version: number | undefined;
}

export async function getPresence(companyId: string, userId: string): Promise<Presence | undefined> {
  const { Item } = await dynamo().send(
    new GetCommand({
      TableName: table(),
      Key: keys.user(companyId, userId),
      ConsistentRead: true,
      ProjectionExpression: '#online, presenceVersion',
      ExpressionAttributeNames: { '#online': 'online' },
    }),
  );
  if (!Item) return undefined;
  return { online: Item.online === true, version: typeof Item.presenceVersion === 'number' ? Item.presenceVersion : undefined };
}

/**
 * Whether the user still has a socket: one strongly consistent Query of their room `user:<id>`
 * (every socket joins it on $connect), ignoring memberships past their TTL that DynamoDB has not
 * deleted yet.
 */
export async function hasSocket(companyId: string, userId: string, now: Date): Promise<boolean> {
  const input = prefixQueryInput(keys.roomPrefix(companyId, `user:${userId}`), {
    ConsistentRead: true,
    FilterExpression: 'expiresAt > :now',
    ProjectionExpression: 'socketId',
    ExpressionAttributeValues: { ':now': epochSeconds(now) },
  });
  for await (const page of queryPages(input)) if (page.length > 0) return true;
  return false;
}

/**
 * Marks the user offline unless somebody marked them online since `seen` was read (a socket opened
 * or pinged meanwhile). Answers whether the user went offline.
 */
export async function markUserOffline(companyId: string, userId: string, seen: Presence): Promise<boolean> {
  try {
    await dynamo().send(
      new UpdateCommand({
        TableName: table(),
        Key: keys.user(companyId, userId),
        UpdateExpression: 'SET #online = :false',
        ExpressionAttributeNames: { '#online': 'online' },
        ...(seen.version === undefined
          ? { ConditionExpression: 'attribute_exists(PK) AND attribute_not_exists(presenceVersion)', ExpressionAttributeValues: { ':false': false } }
          : { ConditionExpression: 'presenceVersion = :version', ExpressionAttributeValues: { ':false': false, ':version': seen.version } }),
      }),
    );
    return true;
  } catch (error) {
    if (error instanceof ConditionalCheckFailedException) return false;
    throw error;
  }
}
