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
import { httpModule, sessionRoute } from '../core/http/http-module';
import { ListQuery } from '../core/http/pagination';
import { created, noContent, ok } from '../core/http/reply';
import { readUploadedFile } from '../core/media/multipart';
import {
  createQuickMessage,
  deleteQuickMessage,
  deleteQuickMessageMedia,
  listUsableQuickMessages,
  searchQuickMessages,
  showQuickMessage,
  updateQuickMessage,
  uploadQuickMessageMedia,
} from '../core/quick-messages/quick-messages';

export const handler = httpModule('quick-messages', {
  'GET /quick-messages': sessionRoute({ query: ListQuery }, async ({ session, query }) => ok(await searchQuickMessages(session, query))),
  'GET /quick-messages/list': sessionRoute({}, async ({ session }) => ok(await listUsableQuickMessages(session))),
  'GET /quick-messages/{id}': sessionRoute({ params: QuickMessageParams }, async ({ session, params }) =>
    ok(await showQuickMessage(session, params.id)),
  ),
  'POST /quick-messages': sessionRoute({ body: CreateQuickMessageBody }, async ({ session, body }) =>
    created(await createQuickMessage(session, body)),
  ),
  'PUT /quick-messages/{id}': sessionRoute({ params: QuickMessageParams, body: UpdateQuickMessageBody }, async ({ session, params, body }) =>
    ok(await updateQuickMessage(session, params.id, body)),
  ),
  'DELETE /quick-messages/{id}': sessionRoute({ params: QuickMessageParams }, async ({ session, params }) => {
    await deleteQuickMessage(session, params.id);
    return noContent();
  }),
  // No `body` schema: the body is multipart, read here rather than as JSON.
  'POST /quick-messages/{id}/media-upload': sessionRoute({ params: QuickMessageParams }, async ({ session, params, event }) => {
    const file = await readUploadedFile(event, { fieldNames: QUICK_MESSAGE_MEDIA_FIELDS, maxBytes: QUICK_MESSAGE_MEDIA_MAX_BYTES });
    return ok(await uploadQuickMessageMedia(session, params.id, file));
  }),
  'DELETE /quick-messages/{id}/media-upload': sessionRoute({ params: QuickMessageParams }, async ({ session, params }) =>
    ok(await deleteQuickMessageMedia(session, params.id)),
  ),
});
