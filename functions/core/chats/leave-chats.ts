/**
 * A user leaving the company (deleted) leaves every chat they were in, at once: their member items go,
 * so nothing of those chats reaches them again. A chat they owned passes to its longest-standing other
 * member, who may then rename it, change its members or delete it; a chat left with no other member is
 * deleted with its messages. The members who stay hear the change (`chat` update).
 */
import { conflict } from '../errors';
import { allChatsOfUser, deleteChatMember, getChat, type StoredChat } from '../repositories/chats';
import { userNames } from '../repositories/users';
import { memberChange, writeMemberChange } from './change-chat-members';
import { removeChat } from './delete-chat';
import { presentChatForEvent, publishChat } from './present-chat';

const ATTEMPTS = 4;

export async function leaveAllChats(companyId: string, userId: string): Promise<void> {
  const memberships = await allChatsOfUser(companyId, userId);
  // One chat after the other: a user is in tens of chats, and each is a transaction of its own.
  for (const membership of memberships) await leaveChat(companyId, membership.chatId, userId);
}

async function leaveChat(companyId: string, chatId: string, userId: string): Promise<void> {
  for (let attempt = 1; attempt <= ATTEMPTS; attempt += 1) {
    const chat = await getChat(companyId, chatId);
    if (!chat || !chat.memberIds.includes(userId)) {
      // The chat went, or they left it, meanwhile: an item left behind goes too.
      await deleteChatMember(companyId, chatId, userId);
      return;
    }
    const others = chat.memberIds.filter((id) => id !== userId);
    if (others.length === 0 ? await removeChat(chat) : await handOver(chat, userId, others)) return;
  }
  throw conflict(`Chat ${chatId}`);
}

async function handOver(chat: StoredChat, userId: string, others: readonly string[]): Promise<boolean> {
  const ownerId = chat.ownerId === userId ? (others[0] ?? chat.ownerId) : chat.ownerId;
  const change = memberChange(chat, { title: chat.title, ownerId, memberIds: others });
  if (!(await writeMemberChange(chat, change))) return false;
  const names = await userNames(chat.companyId, change.next.memberIds);
  await publishChat(chat.companyId, change.next.memberIds, { action: 'update', record: presentChatForEvent(change.next, names) });
  return true;
}
