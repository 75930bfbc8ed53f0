/**
 * The realtime publisher any backend code calls: it sends a typed event of the catalogue
 * (shared/realtime-events.ts) to every connection of a room. Fan-out Queries the room (never a Scan),
 * posts with bounded concurrency, and forgets connections API Gateway answers 410 Gone for.
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
import { logger } from '../logger';
import { keys } from '../repositories/keys';
import { deleteConnection, roomMembers, type Room, type RoomMember } from '../repositories/realtime';

/** Posts in flight at once per publish: enough to be quick, few enough not to throttle. */
const CONCURRENCY = 16;

export type { Room };

export async function publishToCompany<C extends CompanyChannel>(
  companyId: string,
  room: Room,
  channel: C,
  data: CompanyChannels[C],
): Promise<void> {
  await publishToRooms(companyId, [room], channel, data);
}

/**
 * Sends one event to several rooms of a company; a connection in more than one of them gets it once
 * (an admin listening to a status list and to notifications hears a ticket update once).
 */
export async function publishToRooms<C extends CompanyChannel>(
  companyId: string,
  rooms: readonly Room[],
  channel: C,
  data: CompanyChannels[C],
): Promise<void> {
  await fanOut(
    rooms.map((room) => keys.roomPrefix(companyId, room)),
    { event: companyEventName(companyId, channel), data },
  );
}

export async function publishGlobal<C extends GlobalChannel>(channel: C, data: GlobalChannels[C]): Promise<void> {
  await fanOut([keys.globalRoomPrefix()], { event: channel, data });
}

async function fanOut(rooms: readonly { PK: string; SKPrefix: string }[], frame: { event: string; data: unknown }): Promise<void> {
  const payload = JSON.stringify(frame);
  if (Buffer.byteLength(payload) > MAX_FRAME_BYTES) {
    // A bug, not an input: events carry the changed entity only. Refuse loudly rather than drop silently.
    throw new Error(`Realtime frame ${frame.event} is ${Buffer.byteLength(payload)} bytes, over ${MAX_FRAME_BYTES}`);
  }
  const sent = new Set<string>();
  for (const room of rooms) {
    for await (const members of roomMembers(room)) {
      const fresh = members.filter((member) => !sent.has(member.connectionId));
      for (const member of fresh) sent.add(member.connectionId);
      await forEachLimited(fresh, CONCURRENCY, (member) => post(member, payload, frame.event));
    }
  }
}

async function post(member: RoomMember, payload: string, event: string): Promise<void> {
  try {
    await wsManagement().send(new PostToConnectionCommand({ ConnectionId: member.connectionId, Data: payload }));
  } catch (error) {
    if (error instanceof GoneException) {
      await deleteConnection(member.companyId, member.connectionId);
      return;
    }
    // One broken connection must not stop the others from hearing the event.
    logger.warn('realtime post failed', { event, connectionId: member.connectionId, error });
  }
}

async function forEachLimited<T>(items: readonly T[], limit: number, run: (item: T) => Promise<void>): Promise<void> {
  let next = 0;
  const workers = Array.from({ length: Math.min(limit, items.length) }, async () => {
    while (next < items.length) {
      const item = items[next++] as T;
      await run(item);
    }
  });
  await Promise.all(workers);
}
