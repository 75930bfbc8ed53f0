/**
 * DELETE /announcements/{id}/media-upload (super user): removes the image of an announcement.
 *
 * Steps: clear mediaPath and mediaName (a missing id is 404); delete the object from the bucket (after
 * the item, so a failure in between leaves an unreferenced private object, never a broken reference);
 * tell every connected user; answer the announcement. Without an image this changes nothing but
 * updatedAt, so a retried call succeeds.
 */
import type { Announcement } from '../../../shared/announcements';
import { AppError } from '../errors';
import { deleteMediaObject } from '../media/storage';
import { setAnnouncementFields } from '../repositories/announcements';
import { presentAnnouncement, publishAnnouncement } from './present-announcement';

export async function deleteAnnouncementMedia(id: string, now = new Date()): Promise<Announcement> {
  const changed = await setAnnouncementFields(id, { mediaPath: null, mediaName: null, updatedAt: now.toISOString() });
  if (!changed) throw new AppError('ERR_NO_ANNOUNCEMENT_FOUND');
  if (changed.before.mediaPath) await deleteMediaObject(changed.before.mediaPath);
  const announcement = await presentAnnouncement(changed.after);
  await publishAnnouncement('update', announcement);
  return announcement;
}
