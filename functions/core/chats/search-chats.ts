/**
 * The caller's chats (spec 3 §7, C-203): GET /chats, a page of them, the latest activity first, with
 * a title search (one Query of the caller's list on GSI1 per page, whatever the company holds); GET
 * /chats/{id}, one of them; GET /chats/unread, how many have messages the caller has not read (the
 * side menu's dot, C-028: one Query).
 */
import { CHAT_PAGE_SIZE, type Chat, type ChatPage, type ChatsQuery, type ChatUnreadSummary } from '../../../shared/chats';
import type { Caller } from '../caller/load-caller';
import { countUnreadChats, userChatsPage } from '../repositories/chats';
import { userNames } from '../repositories/users';
import { namesOfMembers, presentChat, presentMemberChat } from './present-chat';
import { readChatAsMember } from './read-chat';

export async function searchChats(caller: Caller, query: ChatsQuery): Promise<ChatPage> {
  const { members, hasMore } = await userChatsPage(caller.companyId, caller.userId, {
    term: query.searchParam,
    skip: (query.pageNumber - 1) * CHAT_PAGE_SIZE,
    limit: CHAT_PAGE_SIZE,
  });
  const names = await namesOfMembers(caller.companyId, members);
  return { records: members.map((member) => presentMemberChat(member, names)), hasMore };
}

export async function showChat(caller: Caller, chatId: string): Promise<Chat> {
  const { chat, member } = await readChatAsMember(caller, chatId);
  const names = await userNames(caller.companyId, chat.memberIds);
  return presentChat(chat, names, (userId) => (userId === caller.userId ? member.unreads : null));
}

export async function unreadChats(caller: Caller): Promise<ChatUnreadSummary> {
  return { chats: await countUnreadChats(caller.companyId, caller.userId) };
}
