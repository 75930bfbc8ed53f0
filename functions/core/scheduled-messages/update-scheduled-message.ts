/**
 * PUT /schedules/{id}: by its author or an admin, who becomes its author; where it goes is checked as
 * for a new one (schedule-target.ts), and the edit makes it PENDENTE again (change-scheduled-message.ts).
 * A template goes without an image (Meta's template carries none here): saving one removes the schedule's
 * image (change-scheduled-message.ts deletes it once the write is made).
 */
import type { ScheduledMessage, UpdateScheduleBody } from '../../../shared/scheduled-messages';
import type { Caller } from '../caller/load-caller';
import type { ScheduledMessageChanges } from '../repositories/scheduled-messages';
import { changeScheduledMessage } from './change-scheduled-message';
import { readScheduledMessageToChange } from './read-scheduled-message';
import { scheduleTargetOf } from './schedule-target';


export async function updateScheduledMessage(caller: Caller, id: string, body: UpdateScheduleBody, now = new Date()): Promise<ScheduledMessage> {
  const current = await readScheduledMessageToChange(caller, id);
  const target = await scheduleTargetOf(caller, body);
  const changes: ScheduledMessageChanges = {
    body: body.body,
    contactId: target.contact.id,
    contactName: target.contact.name,
    sendAt: body.sendAt,
    whatsappId: target.whatsappId,
    template: body.template,
    ...(body.template ? { mediaPath: null, mediaName: null } : {}),
    ticketId: target.ticketId,
    status: 'PENDENTE',
    error: null,
  };
  return changeScheduledMessage(caller, id, changes, now, current);
}
