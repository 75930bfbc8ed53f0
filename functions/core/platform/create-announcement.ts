/**
 * POST /announcements (super user): a new platform-wide notice.
 *
 * Steps: store the announcement under a new time-sortable id (priority 3 and active unless given, no
 * image yet); tell every connected user (an inactive one by id only); answer it.
 */
import { ulid } from 'ulid';
import type { Announcement, CreateAnnouncementBody } from '../../../shared/announcements';
import { insertAnnouncement, type StoredAnnouncement } from '../repositories/announcements';
import { presentAnnouncement, publishAnnouncement } from './present-announcement';

export async function createAnnouncement(input: CreateAnnouncementBody, now = new Date()): Promise<Announcement> {
  const at = now.toISOString();
  const stored: StoredAnnouncement = {
    id: ulid(now.getTime()),
    title: input.title,
    text: input.text,
    priority: input.priority,
    status: input.status,
    mediaPath: null,
    mediaName: null,
    createdAt: at,
    updatedAt: at,
  };
  await insertAnnouncement(stored);
  const announcement = await presentAnnouncement(stored);
  await publishAnnouncement('create', announcement);
  return announcement;
}
