/**
 * Waiting for a page's realtime connection to listen: a page that has shown its lists may still be
 * joining their rooms, and an event published before the join never reaches it. Tests that make
 * something happen outside the page (a customer writes) first wait for the page to be in the room.
 */
import type { Page } from 'playwright-core';
import { keys } from '../../../functions/core/repositories/keys';
import { roomMembers, type Room } from '../../../functions/core/repositories/realtime';
import { until } from './browser';

/** The connections in a room of the company, as the fan-out reads them. */
async function roomConnections(companyId: string, room: Room): Promise<Set<string>> {
  const ids = new Set<string>();
  for await (const members of roomMembers(keys.roomPrefix(companyId, room))) for (const member of members) ids.add(member.connectionId);
  return ids;
}

/** Opens the path and waits until a connection that was not in the room before (the page's) joined it. */
export async function gotoListening(page: Page, path: string, companyId: string, room: Room): Promise<void> {
  const before = await roomConnections(companyId, room);
  await page.goto(path);
  await until(`the page to join ${room}`, async () => [...(await roomConnections(companyId, room))].some((id) => !before.has(id)));
}
