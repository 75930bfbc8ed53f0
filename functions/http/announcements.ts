/**
 * Announcements (spec 3 §7): platform-wide notices. The super user writes them and their image; every
 * signed-in user reads the active ones (the shell's popover), the super user all of them.
 */
import {
  ANNOUNCEMENT_MEDIA_FIELDS,
  ANNOUNCEMENT_MEDIA_MAX_BYTES,
  AnnouncementParams,
  CreateAnnouncementBody,
  UpdateAnnouncementBody,
} from '../../shared/announcements';
import { httpModule, callerRoute } from '../core/http/http-module';
import { ListQuery } from '../core/http/pagination';
import { created, noContent, ok } from '../core/http/reply';
import { readUploadedFile } from '../core/media/multipart';
import { createAnnouncement } from '../core/platform/create-announcement';
import { deleteAnnouncement } from '../core/platform/delete-announcement';
import { deleteAnnouncementMedia } from '../core/platform/delete-announcement-media';
import { getAnnouncement } from '../core/platform/get-announcement';
import { listAnnouncements } from '../core/platform/list-announcements';
import { updateAnnouncement } from '../core/platform/update-announcement';
import { uploadAnnouncementMedia } from '../core/platform/upload-announcement-media';

const superUser = { superUser: true } as const;

export const handler = httpModule('announcements', {
  'GET /announcements': callerRoute({ query: ListQuery }, async ({ caller, query }) =>
    ok(await listAnnouncements(caller, query)),
  ),
  'GET /announcements/{id}': callerRoute({ params: AnnouncementParams }, async ({ caller, params }) =>
    ok(await getAnnouncement(caller, params.id)),
  ),
  'POST /announcements': callerRoute({ body: CreateAnnouncementBody, access: superUser }, async ({ body }) =>
    created(await createAnnouncement(body)),
  ),
  'PUT /announcements/{id}': callerRoute(
    { params: AnnouncementParams, body: UpdateAnnouncementBody, access: superUser },
    async ({ params, body }) => ok(await updateAnnouncement(params.id, body)),
  ),
  'DELETE /announcements/{id}': callerRoute({ params: AnnouncementParams, access: superUser }, async ({ params }) => {
    await deleteAnnouncement(params.id);
    return noContent();
  }),
  // No `body` schema: the body is multipart, read here rather than as JSON.
  'POST /announcements/{id}/media-upload': callerRoute(
    { params: AnnouncementParams, access: superUser },
    async ({ params, event }) => {
      const file = await readUploadedFile(event, { fieldNames: ANNOUNCEMENT_MEDIA_FIELDS, maxBytes: ANNOUNCEMENT_MEDIA_MAX_BYTES });
      return ok(await uploadAnnouncementMedia(params.id, file));
    },
  ),
  'DELETE /announcements/{id}/media-upload': callerRoute(
    { params: AnnouncementParams, access: superUser },
    async ({ params }) => ok(await deleteAnnouncementMedia(params.id)),
  ),
});
