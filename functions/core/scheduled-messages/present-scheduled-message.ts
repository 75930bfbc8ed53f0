/**
 * Scheduled messages as the API answers them (the contact as it is now, or as it was named once
 * deleted, and a fresh link to the image) and as the realtime `schedule` event carries them, to the
 * company room: every change publishes; a failed publish is logged, not answered.
 */
import type { ScheduledMessage } from '../../../shared/scheduled-messages';
import { logger } from '../logger';
import { presignedDownloadUrl } from '../media/storage';
import { publishToCompany } from '../realtime/publisher';
import { getContact, type Contact } from '../repositories/contacts';
import type { StoredScheduledMessage } from '../repositories/scheduled-messages';

/** The API's shape: the contact as it is now (or as it was named, once deleted), and a fresh image URL. */
export async function presentScheduledMessage(schedule: StoredScheduledMessage, contact?: Pick<Contact, 'id' | 'name'>): Promise<ScheduledMessage> {
  const { contactName, sendTimer: _sendTimer, ...rest } = schedule;
  return {
    ...rest,
    // Stored before templates (issue 32): none.
    template: schedule.template ?? null,
    contact: { id: schedule.contactId, name: contact?.name ?? contactName },
    mediaUrl: schedule.mediaPath ? await presignedDownloadUrl(schedule.mediaPath) : null,
  };
}

/** The schedule presented with its contact read now. */
export async function presentWithCurrentContact(companyId: string, schedule: StoredScheduledMessage): Promise<ScheduledMessage> {
  return presentScheduledMessage(schedule, await getContact(companyId, schedule.contactId));
}

type ScheduleEvent = Parameters<typeof publishToCompany<'schedule'>>[3];

/** The change is made: a failed realtime publish is logged, not answered (the page refetches anyway). */
export async function publishScheduleEvent(companyId: string, event: ScheduleEvent): Promise<void> {
  try {
    await publishToCompany(companyId, 'company', 'schedule', event);
  } catch (error) {
    logger.warn('schedule event not published', { action: event.action, error });
  }
}
