/**
 * DELETE /schedules/{id}: by its author or an admin, in any status (a sent one leaves the calendar; one
 * being sent still goes out), on the condition that it is still as read; its entry and image go with it;
 * then `schedule` is published.
 */
import type { Caller } from '../caller/load-caller';
import { conflict } from '../errors';
import { deleteMediaObject } from '../media/storage';
import { removeScheduledMessage } from '../repositories/scheduled-messages';
import { CHANGE_ATTEMPTS } from './change-scheduled-message';
import { publishScheduleEvent } from './present-scheduled-message';
import { readScheduledMessageToChange } from './read-scheduled-message';
import { disarmScheduledSend } from './send-timer';

export async function deleteScheduledMessage(caller: Caller, id: string): Promise<void> {
  for (let attempt = 1; attempt <= CHANGE_ATTEMPTS; attempt += 1) {
    const current = await readScheduledMessageToChange(caller, id);
    const removed = await removeScheduledMessage(caller.companyId, id, current.updatedAt);
    if (removed) {
      await disarmScheduledSend(removed.sendTimer);
      if (removed.mediaPath) await deleteMediaObject(removed.mediaPath);
      await publishScheduleEvent(caller.companyId, { action: 'delete', scheduleId: removed.id });
      return;
    }
  }
  throw conflict(`Schedule ${id}`);
}
