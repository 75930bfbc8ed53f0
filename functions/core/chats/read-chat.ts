/**
 * A chat as one of its members reaches it: the chat and the caller's own member item, read together.
 * Anyone else, a chat of another company, or none at all: the same ERR_NO_CHAT_FOUND, so a chat's
 * existence is told to nobody outside it.
 */
import type { Caller } from '../caller/load-caller';
import { AppError } from '../errors';
import { getChat, getChatMember, type StoredChat, type StoredChatMember } from '../repositories/chats';

export interface MemberView {
  readonly chat: StoredChat;
  readonly member: StoredChatMember;
}

export async function readChatAsMember(caller: Caller, chatId: string): Promise<MemberView> {
  const [chat, member] = await Promise.all([getChat(caller.companyId, chatId), getChatMember(caller.companyId, chatId, caller.userId)]);
  if (!chat || !member) throw new AppError('ERR_NO_CHAT_FOUND');
  return { chat, member };
}

/** The chat for a change only its owner may make (title, members, deletion): ERR_NO_PERMISSION for other members. */
export async function readChatAsOwner(caller: Caller, chatId: string): Promise<MemberView> {
  const view = await readChatAsMember(caller, chatId);
  if (view.chat.ownerId !== caller.userId) throw new AppError('ERR_NO_PERMISSION', { message: 'Only the chat’s owner changes or deletes it' });
  return view;
}
