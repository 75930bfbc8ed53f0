/**
 * DELETE /announcements/{id} (super user).
 *
 * Steps: delete the item (a missing id is 404); delete its image from the bucket (after the item, so a
 * failure in between leaves an unreferenced private object, never a reference to nothing); tell every
 * connected user.
 */
import { AppError } from '../errors';
import { deleteMediaObject } from '../media/storage';
import { publishGlobal } from '../realtime/publisher';
import { removeAnnouncement } from '../repositories/announcements';

export async function deleteAnnouncement(id: string): Promise<void> {
  const deleted = await removeAnnouncement(id);
  if (!deleted) throw new AppError('ERR_NO_ANNOUNCEMENT_FOUND');
  if (deleted.mediaPath) await deleteMediaObject(deleted.mediaPath);
  await publishGlobal('company-announcement', { action: 'delete', id });
}
