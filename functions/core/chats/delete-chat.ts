/**
 * DELETE /chats/{id} (spec 3 §7, §8; A-055): the owner deletes the chat. The chat and every member's
 * item go in one transaction (on the condition that no change came between), so it leaves every list
 * and every member's access at once; then its messages and their files. Published as `chat` delete to
 * the members: a member who has it open goes back to /chats.
 */
import type { Caller } from '../caller/load-caller';
import { conflict } from '../errors';
import { deleteMediaObject } from '../media/storage';
import { deleteChatAction, deleteChatMemberAction, deleteChatMessages, type StoredChat } from '../repositories/chats';
import { Steps } from '../repositories/transaction';
import { publishChat } from './present-chat';
import { readChatAsOwner } from './read-chat';

const ATTEMPTS = 4;

export async function deleteChat(caller: Caller, chatId: string): Promise<void> {
  for (let attempt = 1; attempt <= ATTEMPTS; attempt += 1) {
    const { chat } = await readChatAsOwner(caller, chatId);
    if (await removeChat(chat)) {
      await publishChat(caller.companyId, chat.memberIds, { action: 'delete', id: chat.id });
      return;
    }
  }
  throw conflict(`Chat ${chatId}`);
}

/**
 * Removes the chat as read, with its members' items, then its messages and their files; false when it
 * changed since it was read (read again and retry).
 */
export async function removeChat(chat: StoredChat): Promise<boolean> {
  const steps = new Steps();
  steps.add('chat', deleteChatAction(chat));
  for (const userId of chat.memberIds) steps.add(`member ${userId}`, deleteChatMemberAction(chat.companyId, chat.id, userId));
  if ((await steps.run()).size > 0) return false;
  const files = await deleteChatMessages(chat.companyId, chat.id);
  await Promise.all(files.map((key) => deleteMediaObject(key)));
  return true;
}
