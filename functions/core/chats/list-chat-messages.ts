/**
 * GET /chats/{id}/messages (spec 3 §7; A-056): a page of a chat's messages, newest first, for its
 * members only. `cursor` (the previous page's) reads exactly the next, older page with one Query at
 * any depth; `pageNumber` without it reads the newer pages again to get there (the spec's paging).
 */
import { CHAT_MESSAGES_PAGE_SIZE, type ChatMessagePage, type ChatMessagesQuery } from '../../../shared/chats';
import type { Caller } from '../caller/load-caller';
import { chatMessagesPage } from '../repositories/chats';
import { userNames } from '../repositories/users';
import { presentChatMessage } from './present-chat';
import { readChatAsMember } from './read-chat';

export async function listChatMessages(caller: Caller, chatId: string, query: ChatMessagesQuery): Promise<ChatMessagePage> {
  // The membership and the first page read together: the page is answered only to a member.
  const [, first] = await Promise.all([
    readChatAsMember(caller, chatId),
    chatMessagesPage(caller.companyId, chatId, { beforeId: query.cursor, limit: CHAT_MESSAGES_PAGE_SIZE }),
  ]);
  let page = first;
  for (let number = 2; query.cursor === undefined && number <= query.pageNumber; number += 1) {
    // Past the last page: an empty one.
    if (!page.hasMore) page = { messages: [], hasMore: false };
    else page = await chatMessagesPage(caller.companyId, chatId, { beforeId: page.messages.at(-1)?.id, limit: CHAT_MESSAGES_PAGE_SIZE });
  }
  const names = await userNames(caller.companyId, page.messages.map((message) => message.senderId));
  return {
    records: await Promise.all(page.messages.map((message) => presentChatMessage(message, names))),
    hasMore: page.hasMore,
    cursor: page.hasMore ? (page.messages.at(-1)?.id ?? null) : null,
  };
}
