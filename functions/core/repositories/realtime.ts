/**
 * WebSocket tickets, connections, room memberships and the online state of users. A ticket is
 * single-use: consuming it is a conditional delete, so two connections can never share one. Tickets,
 * connections and memberships carry a TTL so nothing outlives its use. A connection's memberships and
 * its own list of rooms change together, in one transaction, so forgetting a connection finds every
 * membership by key.
 */
import { DeleteCommand, GetCommand, PutCommand, TransactWriteCommand, UpdateCommand, type TransactWriteCommandInput } from '@aws-sdk/lib-dynamodb';
import { ConditionalCheckFailedException, TransactionCanceledException } from '@aws-sdk/client-dynamodb';
import { dynamo } from '../aws/clients';
import { keys, type KeyPrefix } from './keys';
import { batchWriteAll, prefixQueryInput, queryPages, table } from './table';

export interface WsTicketOwner {
  readonly companyId: string;
  readonly userId: string;
  /**
   * When the sign-in the ticket was minted by authenticated (epoch seconds, the token's `auth_time`),
   * so a socket of a session that has since ended is refused; absent when unknown.
   */
  readonly signInAt?: number;
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
    if (!Attributes) return undefined;
    return {
      companyId: String(Attributes.companyId),
      userId: String(Attributes.userId),
      ...(typeof Attributes.signInAt === 'number' ? { signInAt: Attributes.signInAt } : {}),
    };
  } catch (error) {
    if (error instanceof ConditionalCheckFailedException) return undefined;
    throw error;
  }
}

export interface WsConnection {
  readonly companyId: string;
  readonly userId: string;
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
 * The connection item holds its rooms (a string set) so that leaving is a few deletes by key, never a
 * search, and a `roomsVersion` that every change of the set moves, so that forgetting the connection can
 * tell whether it read the set it deletes (see deleteConnection).
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
          // DynamoDB refuses an empty set: no rooms is no attribute.
          ...(rooms.length > 0 ? { rooms: new Set(rooms) } : {}),
          roomsVersion: 0,
          lastSeenAt: now.toISOString(),
          expiresAt,
        },
      },
    },
    ...rooms.map((room) => ({ PutRequest: { Item: { ...keys.roomMember(companyId, room, connectionId), ...member } } })),
    { PutRequest: { Item: { ...keys.globalRoomMember(companyId, connectionId), ...member } } },
  ]);
}

/** Who a realtime action comes from: the connection and the company and user its ticket was minted for. */
export interface ConnectionRef {
  readonly companyId: string;
  readonly userId: string;
  readonly connectionId: string;
}

export interface StoredConnection extends WsConnection {
  readonly rooms: readonly Room[];
  readonly roomsVersion: number | undefined;
  readonly lastSeenAt: string;
  /** Epoch seconds; the memberships carry the same TTL. */
  readonly expiresAt: number;
}

/** The connection as stored, read strongly consistent (its room set decides what gets deleted). */
export async function getConnection(companyId: string, connectionId: string): Promise<StoredConnection | undefined> {
  const { Item } = await dynamo().send(
    new GetCommand({ TableName: table(), Key: keys.wsConnection(companyId, connectionId), ConsistentRead: true }),
  );
  if (!Item) return undefined;
  return {
    connectionId: String(Item.connectionId),
    companyId: String(Item.companyId),
    userId: String(Item.userId),
    connectedAt: String(Item.connectedAt),
    // A set comes back as a Set; items written before the rooms became a set hold a list.
    rooms: [...((Item.rooms ?? []) as Iterable<Room>)],
    roomsVersion: typeof Item.roomsVersion === 'number' ? Item.roomsVersion : undefined,
    lastSeenAt: String(Item.lastSeenAt),
    expiresAt: Number(Item.expiresAt),
  };
}

/** One transaction holds at most 100 actions: the connection's update and 99 memberships. */
const ROOMS_PER_TRANSACTION = 99;
/** Concurrent joins of one connection (a page load sends several) may conflict on DynamoDB; retried. */
const TRANSACTION_ATTEMPTS = 5;

/**
 * Puts the connection in rooms of its company. Each transaction writes the memberships (with the
 * connection's TTL) and adds them to the connection's room set, and holds only while the connection
 * exists: a connection being forgotten never gains a membership nobody would delete. Joining a room
 * twice changes nothing. Answers false when the connection is gone.
 */
export async function joinRooms(companyId: string, connectionId: string, rooms: readonly Room[]): Promise<boolean> {
  const wanted = [...new Set(rooms)];
  const connection = await getConnection(companyId, connectionId);
  if (!connection) return false;
  const member = { entity: 'wsRoomMember', connectionId, companyId, userId: connection.userId, expiresAt: connection.expiresAt };
  for (const chunk of chunks(wanted, ROOMS_PER_TRANSACTION)) {
    const puts = chunk.map((room) => ({ Put: { TableName: table(), Item: { ...keys.roomMember(companyId, room, connectionId), ...member } } }));
    if (!(await changeRoomSet(companyId, connectionId, 'ADD', chunk, puts))) return false;
  }
  return true;
}

export const joinRoom = (companyId: string, connectionId: string, room: Room) => joinRooms(companyId, connectionId, [room]);

/**
 * Takes the connection out of rooms: the memberships go and the connection's room set loses them, in
 * one transaction per 99 rooms. Answers false when the connection is gone (its memberships went with it).
 */
export async function leaveRooms(companyId: string, connectionId: string, rooms: readonly Room[]): Promise<boolean> {
  for (const chunk of chunks([...new Set(rooms)], ROOMS_PER_TRANSACTION)) {
    const deletes = chunk.map((room) => ({ Delete: { TableName: table(), Key: keys.roomMember(companyId, room, connectionId) } }));
    if (!(await changeRoomSet(companyId, connectionId, 'DELETE', chunk, deletes))) return false;
  }
  return true;
}

export const leaveRoom = (companyId: string, connectionId: string, room: Room) => leaveRooms(companyId, connectionId, [room]);

type TransactItem = NonNullable<TransactWriteCommandInput['TransactItems']>[number];

async function changeRoomSet(
  companyId: string,
  connectionId: string,
  operation: 'ADD' | 'DELETE',
  rooms: readonly Room[],
  memberships: readonly TransactItem[],
): Promise<boolean> {
  if (rooms.length === 0) return true;
  const connectionUpdate: TransactItem = {
    Update: {
      TableName: table(),
      Key: keys.wsConnection(companyId, connectionId),
      // One path may appear in one clause only, so ADD names both when it can.
      UpdateExpression: operation === 'ADD' ? 'ADD rooms :rooms, roomsVersion :one' : 'DELETE rooms :rooms ADD roomsVersion :one',
      ConditionExpression: 'attribute_exists(PK)',
      ExpressionAttributeValues: { ':rooms': new Set(rooms), ':one': 1 },
    },
  };
  // The connection's update goes first: a failed condition there means the connection is gone.
  return (await transact([connectionUpdate, ...memberships]))?.[0] !== 'ConditionalCheckFailed';
}

/**
 * Runs a transaction; answers undefined when it committed, else the cancellation code of each action.
 * A cancellation for a conflict with another transaction (concurrent actions of one connection) is
 * retried after a short pause; one for a failed condition is the caller's to read.
 */
async function transact(items: readonly TransactItem[]): Promise<(string | undefined)[] | undefined> {
  for (let attempt = 1; ; attempt += 1) {
    try {
      await dynamo().send(new TransactWriteCommand({ TransactItems: [...items] }));
      return undefined;
    } catch (error) {
      if (!(error instanceof TransactionCanceledException)) throw error;
      const codes = (error.CancellationReasons ?? []).map((reason) => reason.Code);
      if (codes.includes('ConditionalCheckFailed')) return codes;
      if (attempt >= TRANSACTION_ATTEMPTS) throw error;
      await new Promise((resolve) => setTimeout(resolve, 20 * attempt + Math.random() * 30));
    }
  }
}

function chunks<T>(items: readonly T[], size: number): T[][] {
  const result: T[][] = [];
  for (let start = 0; start < items.length; start += size) result.push(items.slice(start, start + size));
  return result;
}

export interface RoomMember {
  readonly connectionId: string;
  readonly companyId: string;
  readonly userId: string;
}

/**
 * Every connection in a room, page by page (a room is one partition; this is the fan-out's only read).
 * Strongly consistent: a socket told its join is done (the `joined` answer) then refetches, and an event
 * published right after must not miss it on a replica that has not seen the membership yet.
 */
export async function* roomMembers(prefix: KeyPrefix): AsyncGenerator<RoomMember[]> {
  for await (const page of queryPages(prefixQueryInput(prefix, { ProjectionExpression: 'connectionId, companyId, userId', ConsistentRead: true }))) {
    yield page.map((item) => ({ connectionId: String(item.connectionId), companyId: String(item.companyId), userId: String(item.userId) }));
  }
}

/**
 * Every connection of one user: the members of their room `user:<id>`, which every connection joins on
 * $connect (a Query of one partition, strongly consistent, so a connection whose $connect wrote its
 * membership before an access change is found by that change).
 */
export async function userConnections(companyId: string, userId: string): Promise<RoomMember[]> {
  return allRoomMembers(keys.roomPrefix(companyId, `user:${userId}`));
}

/** Every connection of a company: the members of its room `company`, which every connection joins on $connect. */
export async function companyConnections(companyId: string): Promise<RoomMember[]> {
  return allRoomMembers(keys.roomPrefix(companyId, 'company'));
}

async function allRoomMembers(prefix: KeyPrefix): Promise<RoomMember[]> {
  const members: RoomMember[] = [];
  for await (const page of roomMembers(prefix)) members.push(...page);
  return members;
}

/** Rounds of "read the rooms, delete them" before giving up on a connection whose rooms keep changing. */
const FORGET_ATTEMPTS = 5;

/**
 * Forgets a connection and its room memberships (on $disconnect, or when API Gateway answers 410 Gone).
 * The memberships go first and the connection item last, and only if its room set is still the one
 * read (same `roomsVersion`); otherwise a join slipped in, and the round starts again. So a failure
 * half-way leaves the connection item to find the rest by, and no membership outlives its connection.
 */
export async function deleteConnection(companyId: string, connectionId: string): Promise<void> {
  for (let attempt = 1; ; attempt += 1) {
    const connection = await getConnection(companyId, connectionId);
    const memberships = [
      ...(connection?.rooms ?? []).map((room) => keys.roomMember(companyId, room, connectionId)),
      keys.globalRoomMember(companyId, connectionId),
    ];
    await batchWriteAll(memberships.map((Key) => ({ DeleteRequest: { Key } })));
    if (!connection) return;
    try {
      await dynamo().send(
        new DeleteCommand({
          TableName: table(),
          Key: keys.wsConnection(companyId, connectionId),
          ...(connection.roomsVersion === undefined
            ? { ConditionExpression: 'attribute_exists(PK) AND attribute_not_exists(roomsVersion)' }
            : { ConditionExpression: 'roomsVersion = :version', ExpressionAttributeValues: { ':version': connection.roomsVersion } }),
        }),
      );
      return;
    } catch (error) {
      if (!(error instanceof ConditionalCheckFailedException) || attempt >= FORGET_ATTEMPTS) throw error;
    }
  }
}

// ---- presence --------------------------------------------------------------------------------------
// The online state of a user (the dashboard's attendants table, the users page) lives on the user item:
// `online`, `lastSeenAt` and `presenceVersion`, which every "online" write moves. These functions touch
// only those attributes and never create a user item.

/**
 * Records that a connection is alive (it opened, or sent its `userStatus` ping): its lastSeenAt, and
 * the user's online state, lastSeenAt and presence version, in one transaction that holds only while
 * the connection exists. So a connection being forgotten never marks its user online after its
 * $disconnect looked for the user's other connections. Answers false when the connection or the user
 * is gone (nothing is written then).
 */
export async function markConnectionAlive(connection: ConnectionRef, now: Date): Promise<boolean> {
  const { companyId, connectionId, userId } = connection;
  const at = now.toISOString();
  const cancelled = await transact([
    {
      Update: {
        TableName: table(),
        Key: keys.wsConnection(companyId, connectionId),
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
  /** Undefined until the user's first connection. */
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
 * Whether the user still has a connection: one strongly consistent Query of their room `user:<id>`
 * (every connection joins it on $connect), ignoring memberships past their TTL that DynamoDB has not
 * deleted yet.
 */
export async function hasConnection(companyId: string, userId: string, now: Date): Promise<boolean> {
  const input = prefixQueryInput(keys.roomPrefix(companyId, `user:${userId}`), {
    ConsistentRead: true,
    FilterExpression: 'expiresAt > :now',
    ProjectionExpression: 'connectionId',
    ExpressionAttributeValues: { ':now': epochSeconds(now) },
  });
  for await (const page of queryPages(input)) if (page.length > 0) return true;
  return false;
}

/**
 * Marks the user offline unless somebody marked them online since `seen` was read (a connection opened
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
