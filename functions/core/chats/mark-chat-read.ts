/**
 * POST /chats/{id}/read (spec 3 §4, §7; A-087): the caller has read the chat; their count goes to 0 and
 * the chat leaves their dot. Nobody marks another's reading: a `userId` sent is not taken. Published as
 * `chat` read to the caller's own room, so their other tabs clear the badge and the dot too.
 */
import type { Caller } from '../caller/load-caller';
import { AppError } from '../errors';
import { markChatMemberRead } from '../repositories/chats';
import { publishChat } from './present-chat';

export async function markChatRead(caller: Caller, chatId: string): Promise<void> {
  if (!(await markChatMemberRead(caller.companyId, chatId, caller.userId))) throw new AppError('ERR_NO_CHAT_FOUND');
  await publishChat(caller.companyId, [caller.userId], { action: 'read', id: chatId, userId: caller.userId, unreads: 0 });
}
