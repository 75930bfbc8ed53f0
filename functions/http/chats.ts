/**
 * Internal chat (spec 3 §2 Internal chat, §7): the caller's chats, their messages, reading, and the
 * owner's changes, for a company whose plan has `useInternalChat` (C-014). Every route answers only
 * the chat's members (core/chats/read-chat.ts); the company is the caller's.
 */
import {
  CHAT_FILE_FIELD,
  CHAT_FILE_MAX_BYTES,
  ChatBody,
  ChatFileFields,
  ChatMessageBody,
  ChatMessagesQuery,
  ChatParams,
  ChatReadBody,
  ChatsQuery,
} from '../../shared/chats';
import { createChat } from '../core/chats/create-chat';
import { deleteChat } from '../core/chats/delete-chat';
import { listChatMessages } from '../core/chats/list-chat-messages';
import { markChatRead } from '../core/chats/mark-chat-read';
import { postChatMessage } from '../core/chats/post-chat-message';
import { searchChats, showChat, unreadChats } from '../core/chats/search-chats';
import { updateChat } from '../core/chats/update-chat';
import { callerRoute, httpModule, isMultipart, parseJsonBody } from '../core/http/http-module';
import { created, noContent, ok } from '../core/http/reply';
import { parseInput } from '../core/http/validation';
import { readUploadedFiles } from '../core/media/multipart';

const access = { planFlag: 'useInternalChat' } as const;

export const handler = httpModule('chats', {
  'GET /chats': callerRoute({ query: ChatsQuery, access }, async ({ caller, query }) => ok(await searchChats(caller, query))),
  'GET /chats/unread': callerRoute({ access }, async ({ caller }) => ok(await unreadChats(caller))),
  'POST /chats': callerRoute({ body: ChatBody, access }, async ({ caller, body }) => created(await createChat(caller, body))),
  'GET /chats/{id}': callerRoute({ params: ChatParams, access }, async ({ caller, params }) => ok(await showChat(caller, params.id))),
  'PUT /chats/{id}': callerRoute({ params: ChatParams, body: ChatBody, access }, async ({ caller, params, body }) =>
    ok(await updateChat(caller, params.id, body)),
  ),
  'DELETE /chats/{id}': callerRoute({ params: ChatParams, access }, async ({ caller, params }) => {
    await deleteChat(caller, params.id);
    return noContent();
  }),
  'GET /chats/{id}/messages': callerRoute({ params: ChatParams, query: ChatMessagesQuery, access }, async ({ caller, params, query }) =>
    ok(await listChatMessages(caller, params.id, query)),
  ),
  // No `body` schema: the body is JSON (text) or multipart (a file, with text beside it), told apart here.
  'POST /chats/{id}/messages': callerRoute({ params: ChatParams, access }, async ({ caller, params, event }) => {
    if (!isMultipart(event)) return created(await postChatMessage(caller, params.id, parseInput(ChatMessageBody, parseJsonBody(event))));
    const form = await readUploadedFiles(event, { fieldNames: [CHAT_FILE_FIELD], maxBytes: CHAT_FILE_MAX_BYTES, maxFiles: 1, textFields: ['message'] });
    return created(await postChatMessage(caller, params.id, { ...parseInput(ChatFileFields, form.fields), file: form.files[0] }));
  }),
  'POST /chats/{id}/read': callerRoute({ params: ChatParams, body: ChatReadBody, access }, async ({ caller, params }) => {
    await markChatRead(caller, params.id);
    return noContent();
  }),
});
