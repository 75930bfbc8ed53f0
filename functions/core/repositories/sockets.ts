/**
 * Sockets: one item per open WebSocket, with the rooms it is in (rooms.ts). A socket's memberships and
 * its own set of rooms change together, in one transaction, so forgetting a socket finds every
 * membership by key. Sockets and memberships carry a TTL, so nothing outlives its use.
 */
import { ConditionalCheckFailedException, TransactionCanceledException } from '@aws-sdk/client-dynamodb';
import { DeleteCommand, GetCommand, TransactWriteCommand } from '@aws-sdk/lib-dynamodb';
import { dynamo } from '../aws/clients';
import { keys } from './keys';
import type { Room } from './rooms';
import { batchWriteAll, epochSeconds, table } from './table';
import type { TransactItem } from './transaction';

export interface Socket {
  readonly companyId: string;
  readonly userId: string;
  readonly socketId: string;
  readonly connectedAt: string;
}

/** API Gateway closes a WebSocket after two hours; the item lives a little longer, then expires. */
const CONNECTION_TTL_SECONDS = 2 * 60 * 60 + 5 * 60;

/**
 * Stores the socket and its memberships: the given rooms of its company and the platform-wide room.
 * The socket item holds its rooms (a string set) so that leaving is a few deletes by key, never a
 * search, and a `roomsVersion` that every change of the set moves, so that forgetting the socket can
 * tell whether it read the set it deletes (see deleteSocket).
 */
export async function putSocket(socket: Socket, rooms: readonly Room[], now: Date): Promise<void> {
  const { companyId, socketId, userId } = socket;
  const expiresAt = epochSeconds(now) + CONNECTION_TTL_SECONDS;
  const member = { entity: 'wsRoomMember', socketId, companyId, userId, expiresAt };
  await batchWriteAll([
    {
      PutRequest: {
        Item: {
          ...keys.socket(companyId, socketId),
          entity: 'socket',
          ...socket,
          // DynamoDB refuses an empty set: no rooms is no attribute.
          ...(rooms.length > 0 ? { rooms: new Set(rooms) } : {}),
          roomsVersion: 0,
          lastSeenAt: now.toISOString(),
          expiresAt,
        },
      },
    },
    ...rooms.map((room) => ({ PutRequest: { Item: { ...keys.roomMember(companyId, room, socketId), ...member } } })),
    { PutRequest: { Item: { ...keys.globalRoomMember(companyId, socketId), ...member } } },
  ]);
}

/** Who a realtime action comes from: the socket and the company and user its ticket was minted for. */
export interface SocketRef {
  readonly companyId: string;
  readonly userId: string;
  readonly socketId: string;
}

export interface StoredSocket extends Socket {
  readonly rooms: readonly Room[];
  readonly roomsVersion: number | undefined;
  readonly lastSeenAt: string;
  /** Epoch seconds; the memberships carry the same TTL. */
  readonly expiresAt: number;
}

/** The socket as stored, read strongly consistent (its room set decides what gets deleted). */
export async function getSocket(companyId: string, socketId: string): Promise<StoredSocket | undefined> {
  const { Item } = await dynamo().send(
    new GetCommand({ TableName: table(), Key: keys.socket(companyId, socketId), ConsistentRead: true }),
  );
  if (!Item) return undefined;
  return {
    socketId: String(Item.socketId),
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

/** One transaction holds at most 100 actions: the socket's update and 99 memberships. */
const ROOMS_PER_TRANSACTION = 99;
/** Concurrent joins of one socket (a page load sends several) may conflict on DynamoDB; retried. */
const TRANSACTION_ATTEMPTS = 5;

/**
 * Puts the socket in rooms of its company. Each transaction writes the memberships (with the
 * socket's TTL) and adds them to the socket's room set, and holds only while the socket
 * exists: a socket being forgotten never gains a membership nobody would delete. Joining a room
 * twice changes nothing. Answers false when the socket is gone.
 */
export async function joinRooms(companyId: string, socketId: string, rooms: readonly Room[]): Promise<boolean> {
  const wanted = [...new Set(rooms)];
  const socket = await getSocket(companyId, socketId);
  if (!socket) return false;
  const member = { entity: 'wsRoomMember', socketId, companyId, userId: socket.userId, expiresAt: socket.expiresAt };
  for (const chunk of chunks(wanted, ROOMS_PER_TRANSACTION)) {
    const puts = chunk.map((room) => ({ Put: { TableName: table(), Item: { ...keys.roomMember(companyId, room, socketId), ...member } } }));
    if (!(await changeRoomSet(companyId, socketId, 'ADD', chunk, puts))) return false;
  }
  return true;
}

export const joinRoom = (companyId: string, socketId: string, room: Room) => joinRooms(companyId, socketId, [room]);

/**
 * Takes the socket out of rooms: the memberships go and the socket's room set loses them, in
 * one transaction per 99 rooms. Answers false when the socket is gone (its memberships went with it).
 */
export async function leaveRooms(companyId: string, socketId: string, rooms: readonly Room[]): Promise<boolean> {
  for (const chunk of chunks([...new Set(rooms)], ROOMS_PER_TRANSACTION)) {
    const deletes = chunk.map((room) => ({ Delete: { TableName: table(), Key: keys.roomMember(companyId, room, socketId) } }));
    if (!(await changeRoomSet(companyId, socketId, 'DELETE', chunk, deletes))) return false;
  }
  return true;
}

export const leaveRoom = (companyId: string, socketId: string, room: Room) => leaveRooms(companyId, socketId, [room]);

async function changeRoomSet(
  companyId: string,
  socketId: string,
  operation: 'ADD' | 'DELETE',
  rooms: readonly Room[],
  memberships: readonly TransactItem[],
): Promise<boolean> {
  if (rooms.length === 0) return true;
  const socketUpdate: TransactItem = {
    Update: {
      TableName: table(),
      Key: keys.socket(companyId, socketId),
      // One path may appear in one clause only, so ADD names both when it can.
      UpdateExpression: operation === 'ADD' ? 'ADD rooms :rooms, roomsVersion :one' : 'DELETE rooms :rooms ADD roomsVersion :one',
      ConditionExpression: 'attribute_exists(PK)',
      ExpressionAttributeValues: { ':rooms': new Set(rooms), ':one': 1 },
    },
  };
  // The socket's update goes first: a failed condition there means the socket is gone.
  return (await transactSocketWrites([socketUpdate, ...memberships]))?.[0] !== 'ConditionalCheckFailed';
}

/**
 * Runs a transaction of a socket's writes (its rooms, its user's presence); answers undefined when it
 * committed, else the cancellation code of each action.
 * A cancellation for a conflict with another transaction (concurrent actions of one socket) is
 * retried after a short pause; one for a failed condition is the caller's to read.
 */
export async function transactSocketWrites(items: readonly TransactItem[]): Promise<(string | undefined)[] | undefined> {
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

/** Rounds of "read the rooms, delete them" before giving up on a socket whose rooms keep changing. */
const FORGET_ATTEMPTS = 5;

/**
 * Forgets a socket and its room memberships (on $disconnect, or when API Gateway answers 410 Gone).
 * The memberships go first and the socket item last, and only if its room set is still the one
 * read (same `roomsVersion`); otherwise a join slipped in, and the round starts again. So a failure
 * half-way leaves the socket item to find the rest by, and no membership outlives its socket.
 */
export async function deleteSocket(companyId: string, socketId: string): Promise<void> {
  for (let attempt = 1; ; attempt += 1) {
    const socket = await getSocket(companyId, socketId);
    const memberships = [
      ...(socket?.rooms ?? []).map((room) => keys.roomMember(companyId, room, socketId)),
      keys.globalRoomMember(companyId, socketId),
    ];
    await batchWriteAll(memberships.map((Key) => ({ DeleteRequest: { Key } })));
    if (!socket) return;
    try {
      await dynamo().send(
        new DeleteCommand({
          TableName: table(),
          Key: keys.socket(companyId, socketId),
          ...(socket.roomsVersion === undefined
            ? { ConditionExpression: 'attribute_exists(PK) AND attribute_not_exists(roomsVersion)' }
            : { ConditionExpression: 'roomsVersion = :version', ExpressionAttributeValues: { ':version': socket.roomsVersion } }),
        }),
      );
      return;
    } catch (error) {
      if (!(error instanceof ConditionalCheckFailedException) || attempt >= FORGET_ATTEMPTS) throw error;
    }
  }
}
