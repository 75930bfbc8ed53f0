/**
 * POST /chats (spec 3 §7: `users`, `title`): a chat owned by the caller with the chosen users of their
 * company, nothing unread; written with every member's item in one transaction, then published as
 * `chat` create to the members' own rooms (a new chat appears in their lists at once).
 */
import { ulid } from 'ulid';
import type { Chat, ChatBody } from '../../../shared/chats';
import type { Caller } from '../caller/load-caller';
import { putChatMemberAction, putNewChatAction, type StoredChat } from '../repositories/chats';
import { Steps } from '../repositories/transaction';
import { chosenMembers } from './chat-members';
import { presentChat, presentChatForEvent, publishChat } from './present-chat';

export async function createChat(caller: Caller, body: ChatBody, now = new Date()): Promise<Chat> {
  const { memberIds, names } = await chosenMembers(caller, body.users);
  const at = now.toISOString();
  const chat: StoredChat = {
    id: ulid(now.getTime()),
    companyId: caller.companyId,
    title: body.title,
    ownerId: caller.userId,
    memberIds,
    lastMessage: '',
    updatedAt: at,
    createdAt: at,
    version: 1,
  };
  const steps = new Steps();
  steps.add('chat', putNewChatAction(chat));
  for (const userId of memberIds) steps.add(`member ${userId}`, putChatMemberAction(chat, userId));
  const failed = await steps.run();
  if (failed.size > 0) throw new Error(`Creating chat ${chat.id} failed on ${[...failed].join(', ')}`);
  await publishChat(caller.companyId, memberIds, { action: 'create', record: presentChatForEvent(chat, names, 0) });
  return presentChat(chat, names, (userId) => (userId === caller.userId ? 0 : null));
}
