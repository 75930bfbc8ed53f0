/**
 * Quick messages (spec 2 §2, §7; spec 1 §2.6): the management page (search, CRUD, attachment) and the
 * message input's suggestions (`/list`). The company and the user are the session's: the `companyId`
 * and `userId` the original web sends to `/list` are ignored.
 */
import {
  CreateQuickMessageBody,
  QUICK_MESSAGE_MEDIA_FIELDS,
  QUICK_MESSAGE_MEDIA_MAX_BYTES,
  QuickMessageParams,
  UpdateQuickMessageBody,
} from '../../shared/quick-messages';
import { httpModule, callerRoute } from '../core/http/http-module';
import { ListQuery } from '../core/http/pagination';
import { created, noContent, ok } from '../core/http/reply';
import { readUploadedFile } from '../core/media/multipart';
import { createQuickMessage } from '../core/quick-messages/create-quick-message';
import { deleteQuickMessage } from '../core/quick-messages/delete-quick-message';
import { deleteQuickMessageMedia } from '../core/quick-messages/delete-quick-message-media';
import { listUsableQuickMessages } from '../core/quick-messages/list-usable-quick-messages';
import { searchQuickMessages } from '../core/quick-messages/search-quick-messages';
import { showQuickMessage } from '../core/quick-messages/show-quick-message';
import { updateQuickMessage } from '../core/quick-messages/update-quick-message';
import { uploadQuickMessageMedia } from '../core/quick-messages/upload-quick-message-media';

export const handler = httpModule('quick-messages', {
  'GET /quick-messages': callerRoute({ query: ListQuery }, async ({ caller, query }) => ok(await searchQuickMessages(caller, query))),
  'GET /quick-messages/list': callerRoute({}, async ({ caller }) => ok(await listUsableQuickMessages(caller))),
  'GET /quick-messages/{id}': callerRoute({ params: QuickMessageParams }, async ({ caller, params }) =>
    ok(await showQuickMessage(caller, params.id)),
  ),
  'POST /quick-messages': callerRoute({ body: CreateQuickMessageBody }, async ({ caller, body }) =>
    created(await createQuickMessage(caller, body)),
  ),
  'PUT /quick-messages/{id}': callerRoute({ params: QuickMessageParams, body: UpdateQuickMessageBody }, async ({ caller, params, body }) =>
    ok(await updateQuickMessage(caller, params.id, body)),
  ),
  'DELETE /quick-messages/{id}': callerRoute({ params: QuickMessageParams }, async ({ caller, params }) => {
    await deleteQuickMessage(caller, params.id);
    return noContent();
  }),
  // No `body` schema: the body is multipart, read here rather than as JSON.
  'POST /quick-messages/{id}/media-upload': callerRoute({ params: QuickMessageParams }, async ({ caller, params, event }) => {
    const file = await readUploadedFile(event, { fieldNames: QUICK_MESSAGE_MEDIA_FIELDS, maxBytes: QUICK_MESSAGE_MEDIA_MAX_BYTES });
    return ok(await uploadQuickMessageMedia(caller, params.id, file));
  }),
  'DELETE /quick-messages/{id}/media-upload': callerRoute({ params: QuickMessageParams }, async ({ caller, params }) =>
    ok(await deleteQuickMessageMedia(caller, params.id)),
  ),
});
