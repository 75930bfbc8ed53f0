/**
 * The realtime publisher any backend code calls: it sends a typed event of the catalogue
 * (shared/realtime-events.ts) to every socket of a room. Fan-out Queries the rooms (never a Scan),
 * all at once, posts with bounded concurrency, and forgets sockets API Gateway answers 410 Gone for.
 * Several events for the same rooms share one lookup of their members and reach each socket in
 * the order given (a stored message, then its ticket's update).
 */
import { GoneException, PostToConnectionCommand } from '@aws-sdk/client-apigatewaymanagementapi';
import {
  companyEventName,
  MAX_FRAME_BYTES,
  type CompanyChannel,
  type CompanyChannels,
  type GlobalChannel,
  type GlobalChannels,
} from '../../../shared/realtime-events';
import { wsManagement } from '../aws/clients';
import { forEachLimited } from '../limited';
import { logger } from '../logger';
import { globalRoomMembers, roomMembers, type Room, type RoomMember } from '../repositories/rooms';
import { deleteSocket } from '../repositories/sockets';

/**
 * Posts in flight at once per publish: enough that an event for a chat of 50 members or a busy
 * company's ticket list goes out in one or two rounds, within the SDK's 50 sockets per host.
 */
const CONCURRENCY = 32;

export type { Room };

export async function publishToCompany<C extends CompanyChannel>(
  companyId: string,
  room: Room,
  channel: C,
  data: CompanyChannels[C],
): Promise<void> {
  await publishToRooms(companyId, [room], channel, data);
}

/** One event of a company channel, its payload typed by the channel. */
export type CompanyEvent = { [C in CompanyChannel]: { readonly channel: C; readonly data: CompanyChannels[C] } }[CompanyChannel];

/**
 * Sends one event to several rooms of a company; a socket in more than one of them gets it once
 * (an admin listening to a status list and to notifications hears a ticket update once).
 */
export async function publishToRooms<C extends CompanyChannel>(
  companyId: string,
  rooms: readonly Room[],
  channel: C,
  data: CompanyChannels[C],
): Promise<void> {
  await publishEventsToRooms(companyId, rooms, [{ channel, data } as CompanyEvent]);
}

/**
 * The most users whose own rooms are read one by one (a Query each); an event for more users reads the
 * company's room once and keeps their sockets: one Query however many they are (a chat of 50 members).
 */
const USER_ROOMS_UP_TO = 4;

/** Sends one event to every socket of these users of the company, and to nobody else. */
export async function publishToUsers<C extends CompanyChannel>(
  companyId: string,
  userIds: readonly string[],
  channel: C,
  data: CompanyChannels[C],
): Promise<void> {
  const users = new Set(userIds);
  if (users.size === 0) return;
  const rooms =
    users.size <= USER_ROOMS_UP_TO
      ? [...users].map((userId) => () => roomMembers(companyId, `user:${userId}`))
      : [async () => (await roomMembers(companyId, 'company')).filter((member) => users.has(member.userId))];
  await fanOut(rooms, [{ event: companyEventName(companyId, channel), data }]);
}

/** Sends several events to the same rooms, each socket once and in this order. */
export async function publishEventsToRooms(companyId: string, rooms: readonly Room[], events: readonly CompanyEvent[]): Promise<void> {
  await fanOut(
    rooms.map((room) => () => roomMembers(companyId, room)),
    events.map((event) => ({ event: companyEventName(companyId, event.channel), data: event.data })),
  );
}

export async function publishGlobal<C extends GlobalChannel>(channel: C, data: GlobalChannels[C]): Promise<void> {
  await fanOut([globalRoomMembers], [{ event: channel, data }]);
}

/** `rooms` read the members of each room: called only once the frames are known to fit. */
async function fanOut(rooms: readonly (() => Promise<RoomMember[]>)[], frames: readonly { event: string; data: unknown }[]): Promise<void> {
  const payloads = frames.map((frame) => {
    const payload = JSON.stringify(frame);
    if (Buffer.byteLength(payload) > MAX_FRAME_BYTES) {
      // A bug, not an input: events carry the changed entity only. Refuse loudly rather than drop silently.
      throw new Error(`Realtime frame ${frame.event} is ${Buffer.byteLength(payload)} bytes, over ${MAX_FRAME_BYTES}`);
    }
    return { payload, event: frame.event };
  });
  // The rooms are read at once rather than one after the other: most are empty, and each is a round trip.
  const memberLists = await Promise.all(rooms.map((members) => members()));
  const unique = new Map<string, RoomMember>();
  for (const member of memberLists.flat()) if (!unique.has(member.socketId)) unique.set(member.socketId, member);
  await forEachLimited([...unique.values()], CONCURRENCY, async (member) => {
    for (const { payload, event } of payloads) {
      if (!(await post(member, payload, event))) return;
    }
  });
}

/** Posts one frame; false when the socket is gone (and forgotten), so it gets no further frames. */
async function post(member: RoomMember, payload: string, event: string): Promise<boolean> {
  try {
    await wsManagement().send(new PostToConnectionCommand({ ConnectionId: member.socketId, Data: payload }));
  } catch (error) {
    if (error instanceof GoneException) {
      await deleteSocket(member.companyId, member.socketId);
      return false;
    }
    // One broken socket must not stop the others from hearing the event.
    logger.warn('realtime post failed', { event, socketId: member.socketId, error });
  }
  return true;
}
