/**
 * POST /schedules: check where it goes (schedule-target.ts: the contact, the ticket, the connection and
 * the ticket rules); make the one-shot entry first, then store the schedule PENDENTE, written by the
 * caller (an entry without its schedule fires as a no-op; a schedule without its entry would never go);
 * then publish `schedule`.
 */
import { ulid } from 'ulid';
import type { CreateScheduleBody, ScheduledMessage } from '../../../shared/scheduled-messages';
import type { Caller } from '../caller/load-caller';
import { putNewScheduledMessage, type StoredScheduledMessage } from '../repositories/scheduled-messages';
import { presentScheduledMessage, publishScheduleEvent } from './present-scheduled-message';
import { scheduleTargetOf } from './schedule-target';
import { armScheduledSend } from './send-timer';

export async function createScheduledMessage(caller: Caller, body: CreateScheduleBody, now = new Date()): Promise<ScheduledMessage> {
  const target = await scheduleTargetOf(caller, body);
  const at = now.toISOString();
  const id = ulid();
  const sendTimer = await armScheduledSend(caller.companyId, id, body.sendAt, now);
  const stored: StoredScheduledMessage = {
    id,
    body: body.body,
    contactId: target.contact.id,
    contactName: target.contact.name,
    sendAt: body.sendAt,
    sentAt: null,
    status: 'PENDENTE',
    error: null,
    whatsappId: target.whatsappId,
    template: body.template,
    ticketId: target.ticketId,
    mediaPath: null,
    mediaName: null,
    userId: caller.userId,
    sendTimer,
    createdAt: at,
    updatedAt: at,
  };
  await putNewScheduledMessage(caller.companyId, stored);
  const schedule = await presentScheduledMessage(stored, target.contact);
  await publishScheduleEvent(caller.companyId, { action: 'create', schedule });
  return schedule;
}
