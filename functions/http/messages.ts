/**
 * Messages of a conversation (spec 1 §2.5, §2.6, §7): read a page, send text and media, get a
 * presigned upload URL for big media, delete one's own message, a fresh link to a message's media.
 * `{id}` is the ticket's id, except for DELETE and GET .../media, where it is the message's
 * (`<ticketId>.<ulid>`). The company is the session's.
 */
import {
  ListMessagesQuery,
  MediaUrlBody,
  MESSAGE_MEDIA_FIELDS,
  MESSAGE_UPLOAD_MAX_BYTES,
  MESSAGE_UPLOAD_MAX_FILES,
  MediaCaptionFields,
  MessageParams,
  SendMessageBody,
  TicketMessagesParams,
} from '../../shared/messages';
import { httpModule, callerRoute, callerRouteWithEarlyRead, isMultipart, parseJsonBody } from '../core/http/http-module';
import { created, ok } from '../core/http/reply';
import { parseInput } from '../core/http/validation';
import { readUploadedFiles } from '../core/media/multipart';
import { deleteMessage } from '../core/conversations/delete-message';
import { listMessages, readPageStart } from '../core/conversations/list-messages';
import { getMessageMedia } from '../core/conversations/message-media';
import { createMediaUpload, postMediaMessages, postMessage } from '../core/conversations/post-message';

export const handler = httpModule('messages', {
  // A first page's Query of the ticket's partition needs only the tenant: it starts with the caller's read.
  'GET /messages/{id}': callerRouteWithEarlyRead(
    { params: TicketMessagesParams, query: ListMessagesQuery },
    ({ params, query }, companyId) => readPageStart(companyId, params.id, query),
    async ({ caller, params, query, early }) => ok(await listMessages(caller, params.id, query, new Date(), early)),
  ),
  // No `body` schema: the body is JSON or multipart, told apart here.
  'POST /messages/{id}': callerRoute({ params: TicketMessagesParams }, async ({ caller, params, event }) => {
    if (!isMultipart(event)) return created(await postMessage(caller, params.id, parseInput(SendMessageBody, parseJsonBody(event))));
    const form = await readUploadedFiles(event, {
      fieldNames: MESSAGE_MEDIA_FIELDS,
      maxBytes: MESSAGE_UPLOAD_MAX_BYTES,
      maxFiles: MESSAGE_UPLOAD_MAX_FILES,
      textFields: ['body', 'quotedMsg'],
    });
    const caption = parseInput(MediaCaptionFields, { body: form.fields.body ?? '', quotedMsg: form.fields.quotedMsg || null });
    return created(await postMediaMessages(caller, params.id, form.files, caption));
  }),
  'DELETE /messages/{id}': callerRoute({ params: MessageParams }, async ({ caller, params }) => ok(await deleteMessage(caller, params.id))),
  'GET /messages/{id}/media': callerRoute({ params: MessageParams }, async ({ caller, params }) => ok(await getMessageMedia(caller, params.id))),
  'POST /messages/{id}/media-url': callerRoute({ params: TicketMessagesParams, body: MediaUrlBody }, async ({ caller, params, body }) =>
    created(await createMediaUpload(caller, params.id, body)),
  ),
});
