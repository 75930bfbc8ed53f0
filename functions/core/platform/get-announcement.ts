/**
 * GET /announcements/{id}: one announcement. An inactive one answers a user who is not a super user
 * exactly as a missing one does (404), so its existence is not revealed.
 */
import type { Announcement } from '../../../shared/announcements';
import { AppError } from '../errors';
import { findAnnouncement } from '../repositories/announcements';
import { canRead, presentAnnouncement } from './present-announcement';

export async function getAnnouncement(viewer: { readonly isSuper: boolean }, id: string): Promise<Announcement> {
  const announcement = await findAnnouncement(id);
  if (!announcement || !canRead(viewer, announcement)) throw new AppError('ERR_NO_ANNOUNCEMENT_FOUND');
  return presentAnnouncement(announcement);
}
