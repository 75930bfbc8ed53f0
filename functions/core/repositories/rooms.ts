/**
 * Rooms: who hears what (docs/architecture.md §6). A room of a company is one partition of membership
 * items, one per socket in it, so the fan-out's only read is a Query of that partition; the
 * platform-wide room holds every socket of every company. Memberships are written and removed with
 * their socket's room set (sockets.ts).
 */
import { keys, type KeyPrefix } from './keys';
import { prefixQueryInput, queryPages } from './table';

/**
 * Rooms of a company a socket can be in: the whole company; one user's sockets; one ticket's
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

export interface RoomMember {
  readonly socketId: string;
  readonly companyId: string;
  readonly userId: string;
}

/**
 * Every socket in a room of the company (a room is one partition; this is the fan-out's only read).
 * Strongly consistent: a socket told its join is done (the `joined` answer) then refetches, and an event
 * published right after must not miss it on a replica that has not seen the membership yet.
 */
export async function roomMembers(companyId: string, room: Room): Promise<RoomMember[]> {
  return allRoomMembers(keys.roomPrefix(companyId, room));
}

/** Every socket of every company: the members of the platform-wide room (read as roomMembers). */
export async function globalRoomMembers(): Promise<RoomMember[]> {
  return allRoomMembers(keys.globalRoomPrefix());
}

/** The members of a room, page by page. */
async function* roomMemberPages(prefix: KeyPrefix): AsyncGenerator<RoomMember[]> {
  for await (const page of queryPages(prefixQueryInput(prefix, { ProjectionExpression: 'socketId, companyId, userId', ConsistentRead: true }))) {
    yield page.map((item) => ({ socketId: String(item.socketId), companyId: String(item.companyId), userId: String(item.userId) }));
  }
}

/**
 * Every socket of one user: the members of their room `user:<id>`, which every socket joins on
 * $connect (a Query of one partition, strongly consistent, so a socket whose $connect wrote its
 * membership before an access change is found by that change).
 */
export async function userSockets(companyId: string, userId: string): Promise<RoomMember[]> {
  return allRoomMembers(keys.roomPrefix(companyId, `user:${userId}`));
}

/** Every socket of a company: the members of its room `company`, which every socket joins on $connect. */
export async function companySockets(companyId: string): Promise<RoomMember[]> {
  return allRoomMembers(keys.roomPrefix(companyId, 'company'));
}

async function allRoomMembers(prefix: KeyPrefix): Promise<RoomMember[]> {
  const members: RoomMember[] = [];
  for await (const page of roomMemberPages(prefix)) members.push(...page);
  return members;
}
