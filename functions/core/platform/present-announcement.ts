/**
 * How an announcement leaves the backend, shared by the announcement use cases: the API's shape (the
 * stored fields plus a fresh presigned image URL, nothing else of S3) and the platform-wide realtime
 * event, which carries active announcements only since it reaches every user of every company.
 */
import type { Announcement } from '../../../shared/announcements';
import { presignedDownloadUrl } from '../media/storage';
import { publishGlobal } from '../realtime/publisher';
import type { StoredAnnouncement } from '../repositories/announcements';

/** Who may read an announcement: the super user any, everyone else the active ones only. */
export const canRead = (viewer: { readonly isSuper: boolean }, announcement: StoredAnnouncement): boolean =>
  viewer.isSuper || announcement.status;

export async function presentAnnouncement(announcement: StoredAnnouncement): Promise<Announcement> {
  return {
    ...announcement,
    mediaUrl: announcement.mediaPath ? await presignedDownloadUrl(announcement.mediaPath) : null,
  };
}

/** Tells every connected user about a written announcement; an inactive one only by its id. */
export async function publishAnnouncement(action: 'create' | 'update', announcement: Announcement): Promise<void> {
  await publishGlobal(
    'company-announcement',
    announcement.status ? { action, record: announcement } : { action: 'inactive', id: announcement.id },
  );
}
