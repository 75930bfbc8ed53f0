/**
 * Scheduled messages (spec 2 §2 Schedules, §7; `/schedules`): search, CRUD and the image, for a company
 * whose plan has useSchedules (docs/architecture.md §8: gated on the server as in the menu).
 */
import { CreateScheduleBody, SCHEDULE_MEDIA_FIELDS, SCHEDULE_MEDIA_MAX_BYTES, ScheduleParams, UpdateScheduleBody } from '../../shared/scheduled-messages';
import { httpModule, callerRoute } from '../core/http/http-module';
import { ListQuery } from '../core/http/pagination';
import { created, noContent, ok } from '../core/http/reply';
import { readUploadedFile } from '../core/media/multipart';
import { createScheduledMessage } from '../core/scheduled-messages/create-scheduled-message';
import { deleteScheduledMessage } from '../core/scheduled-messages/delete-scheduled-message';
import { deleteScheduledMessageMedia } from '../core/scheduled-messages/delete-scheduled-message-media';
import { searchScheduledMessages } from '../core/scheduled-messages/search-scheduled-messages';
import { showScheduledMessage } from '../core/scheduled-messages/show-scheduled-message';
import { updateScheduledMessage } from '../core/scheduled-messages/update-scheduled-message';
import { uploadScheduledMessageMedia } from '../core/scheduled-messages/upload-scheduled-message-media';

const access = { planFlag: 'useSchedules' } as const;

export const handler = httpModule('schedules', {
  'GET /schedules': callerRoute({ query: ListQuery, access }, async ({ caller, query }) => ok(await searchScheduledMessages(caller, query))),
  'GET /schedules/{id}': callerRoute({ params: ScheduleParams, access }, async ({ caller, params }) => ok(await showScheduledMessage(caller, params.id))),
  'POST /schedules': callerRoute({ body: CreateScheduleBody, access }, async ({ caller, body }) => created(await createScheduledMessage(caller, body))),
  'PUT /schedules/{id}': callerRoute({ params: ScheduleParams, body: UpdateScheduleBody, access }, async ({ caller, params, body }) =>
    ok(await updateScheduledMessage(caller, params.id, body)),
  ),
  'DELETE /schedules/{id}': callerRoute({ params: ScheduleParams, access }, async ({ caller, params }) => {
    await deleteScheduledMessage(caller, params.id);
    return noContent();
  }),
  // No `body` schema: the body is multipart, read here rather than as JSON.
  'POST /schedules/{id}/media-upload': callerRoute({ params: ScheduleParams, access }, async ({ caller, params, event }) => {
    const file = await readUploadedFile(event, { fieldNames: SCHEDULE_MEDIA_FIELDS, maxBytes: SCHEDULE_MEDIA_MAX_BYTES });
    return ok(await uploadScheduledMessageMedia(caller, params.id, file));
  }),
  'DELETE /schedules/{id}/media-upload': callerRoute({ params: ScheduleParams, access }, async ({ caller, params }) =>
    ok(await deleteScheduledMessageMedia(caller, params.id)),
  ),
});
