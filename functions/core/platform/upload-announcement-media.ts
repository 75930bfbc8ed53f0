/**
 * POST /announcements/{id}/media-upload (super user): attaches an image, replacing any earlier one.
 *
 * Steps: refuse a file whose name is not .png, .jpg or .jpeg, or whose bytes are not an image of that
 * kind (400, on the `file` field); make the name safe (spaces as underscores, only [A-Za-z0-9._-]);
 * find the announcement (404 before anything is stored); store the object at
 * `announcements/<id>/<safe name>` in the private media bucket; point the announcement at it (if the
 * announcement was deleted meanwhile, delete the object again and answer 404); delete the earlier image
 * when it had another key; tell every connected user; answer the announcement with a presigned URL.
 */
import {
  ANNOUNCEMENT_MEDIA_EXTENSIONS,
  ANNOUNCEMENT_MEDIA_FIELDS,
  type Announcement,
} from '../../../shared/announcements';
import { AppError } from '../errors';
import { fileExtension, objectKey, safeFileName, sniffMediaType } from '../media/files';
import type { UploadedFile } from '../media/multipart';
import { deleteMediaObject, putMediaObject } from '../media/storage';
import { findAnnouncement, setAnnouncementFields } from '../repositories/announcements';
import { presentAnnouncement, publishAnnouncement } from './present-announcement';

/** The key prefix of announcement images in the media bucket: platform data, outside every tenant's. */
export const ANNOUNCEMENT_MEDIA_PREFIX = 'announcements';

const invalidFile = (message: string) =>
  new AppError('ERR_VALIDATION', { message, fields: [{ path: ANNOUNCEMENT_MEDIA_FIELDS[0], message }] });

export async function uploadAnnouncementMedia(id: string, file: UploadedFile, now = new Date()): Promise<Announcement> {
  const mediaName = safeFileName(file.fileName, 'image');
  const extension = fileExtension(mediaName);
  const allowed: readonly string[] = ANNOUNCEMENT_MEDIA_EXTENSIONS;
  if (!allowed.includes(extension)) throw invalidFile('Only .png, .jpg and .jpeg images are accepted');
  const type = sniffMediaType(file.bytes);
  if (!type || !type.extensions.includes(extension)) throw invalidFile(`The file is not a ${extension} image`);

  if (!(await findAnnouncement(id))) throw new AppError('ERR_NO_ANNOUNCEMENT_FOUND');
  const mediaPath = objectKey(ANNOUNCEMENT_MEDIA_PREFIX, id, mediaName);
  await putMediaObject(mediaPath, file.bytes, type.contentType);

  const changed = await setAnnouncementFields(id, { mediaPath, mediaName, updatedAt: now.toISOString() });
  if (!changed) {
    await deleteMediaObject(mediaPath);
    throw new AppError('ERR_NO_ANNOUNCEMENT_FOUND');
  }
  const earlier = changed.before.mediaPath;
  if (earlier && earlier !== mediaPath) await deleteMediaObject(earlier);

  const announcement = await presentAnnouncement(changed.after);
  await publishAnnouncement('update', announcement);
  return announcement;
}
