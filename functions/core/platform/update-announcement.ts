/**
 * PUT /announcements/{id} (super user): edits title, text and, when given, priority and status.
 *
 * Steps: set the fields on the existing announcement (a conditional update: a missing id is 404, never
 * a new item); tell every connected user (an announcement made inactive by id only, so popovers drop
 * it); answer it.
 */
import type { Announcement, UpdateAnnouncementBody } from '../../../shared/announcements';
import { AppError } from '../errors';
import { setAnnouncementFields } from '../repositories/announcements';
import { presentAnnouncement, publishAnnouncement } from './present-announcement';

export async function updateAnnouncement(id: string, input: UpdateAnnouncementBody, now = new Date()): Promise<Announcement> {
  const changed = await setAnnouncementFields(id, {
    title: input.title,
    text: input.text,
    priority: input.priority,
    status: input.status,
    updatedAt: now.toISOString(),
  });
  if (!changed) throw new AppError('ERR_NO_ANNOUNCEMENT_FOUND');
  const announcement = await presentAnnouncement(changed.after);
  await publishAnnouncement('update', announcement);
  return announcement;
}
