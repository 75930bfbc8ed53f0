/**
 * The one-shot EventBridge Scheduler entry of a scheduled message (docs/architecture.md §1): one entry
 * per schedule and send time, named after both, so a retried creation makes one entry and a moved
 * schedule gets a new one while its old one is removed. Whatever entry fires, the sender acts only if
 * the schedule still waits for that very send time (send-scheduled-message.ts), so a stale entry that
 * could not be removed is harmless.
 */
import type { ScheduledMessageDue } from '../scheduling/due-messages';
import { cancelOnce, scheduleOnce } from '../scheduling/one-shot';
import { logger } from '../logger';

/** An entry is never made for the past (a send time already gone, a clock behind): it fires right away instead. */
const MIN_ARM_MS = 1_000;

/**
 * `sm-<schedule ulid>-<firing time in seconds>` (42 characters, within the 64 of a schedule name): a
 * failed schedule retried for the same past time gets a new entry, not the name of the one that fired.
 */
export const sendTimerName = (scheduleId: string, at: Date): string => `sm-${scheduleId}-${Math.ceil(at.getTime() / 1000)}`;

/** Makes the entry that sends the schedule at `sendAt` (right away when that is past) and answers its name, to be stored with it. */
export async function armScheduledSend(companyId: string, scheduleId: string, sendAt: string, now: Date): Promise<string> {
  const at = new Date(Math.max(Date.parse(sendAt), now.getTime() + MIN_ARM_MS));
  const message: ScheduledMessageDue = { kind: 'scheduledMessage', companyId, scheduleId, sendAt };
  const name = sendTimerName(scheduleId, at);
  await scheduleOnce(name, at, message);
  return name;
}

/** Removes an entry no longer wanted. Never fails its caller: a stale entry fires as a no-op. */
export async function disarmScheduledSend(name: string | null): Promise<void> {
  if (!name) return;
  try {
    await cancelOnce(name);
  } catch (error) {
    logger.warn('scheduled send entry not removed; it will fire as a no-op', { name, error });
  }
}
