/**
 * The steps of every edit of a scheduled message (its fields, its image): only while it is neither sent
 * nor being sent (ERR_SCHEDULE_ALREADY_SENT); a failed one (ERRO) becomes PENDENTE again, so editing its
 * time retries it. A new send time gets a new one-shot entry (made first) and the old entry is removed
 * after the write. Every write is conditional on the schedule being as read (a send claimed meanwhile
 * wins: the edit answers ERR_SCHEDULE_ALREADY_SENT, or reads and decides again on a mere edit, a few
 * times, then ERR_CONFLICT). Then `schedule` is published.
 */
import { isScheduleEditable, type ScheduledMessage } from '../../../shared/scheduled-messages';
import type { Caller } from '../caller/load-caller';
import { AppError, conflict } from '../errors';
import { deleteMediaObject } from '../media/storage';
import { setScheduledMessageFields, type ScheduledMessageChanges, type StoredScheduledMessage } from '../repositories/scheduled-messages';
import { presentWithCurrentContact, publishScheduleEvent } from './present-scheduled-message';
import { readScheduledMessageToChange } from './read-scheduled-message';
import { armScheduledSend, disarmScheduledSend } from './send-timer';

/** How often a change lost to a concurrent one is read, decided and tried again. */
export const CHANGE_ATTEMPTS = 4;

/**
 * Applies an edit to a schedule that may still be edited, by its author or an admin, conditional on it
 * being as read; the caller becomes its author (`userId`: it goes out in the name of who last wrote it).
 * When the send time moves, the new entry is made before the write and the old one removed after it.
 */
export async function changeScheduledMessage(
  caller: Caller,
  id: string,
  changes: ScheduledMessageChanges,
  now: Date,
  read?: StoredScheduledMessage,
): Promise<ScheduledMessage> {
  let current = read;
  for (let attempt = 1; attempt <= CHANGE_ATTEMPTS; attempt += 1) {
    current ??= await readScheduledMessageToChange(caller, id);
    if (!isScheduleEditable(current)) throw new AppError('ERR_SCHEDULE_ALREADY_SENT');
    const rearm = changes.status === 'PENDENTE' && (current.status !== 'PENDENTE' || changes.sendAt !== current.sendAt);
    const sendTimer = rearm ? await armScheduledSend(caller.companyId, id, changes.sendAt ?? current.sendAt, now) : undefined;
    const changed = await setScheduledMessageFields(
      caller.companyId,
      id,
      { ...changes, userId: caller.userId, sendTimer, updatedAt: now.toISOString() },
      { updatedAt: current.updatedAt },
    );
    if (changed) {
      if (sendTimer !== undefined && changed.before.sendTimer !== sendTimer) await disarmScheduledSend(changed.before.sendTimer);
      if (changed.before.mediaPath && changed.before.mediaPath !== changed.after.mediaPath) await deleteMediaObject(changed.before.mediaPath);
      const schedule = await presentWithCurrentContact(caller.companyId, changed.after);
      await publishScheduleEvent(caller.companyId, { action: 'update', schedule });
      return schedule;
    }
    // Changed meanwhile (an edit, or the sender's claim): decide again on what is stored now.
    current = undefined;
  }
  throw conflict(`Schedule ${id}`);
}
