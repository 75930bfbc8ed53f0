/**
 * PUT /chats/{id} (spec 3 §7; A-055): the owner renames the chat and sets its other members (the whole
 * set: those left out leave it). Members only (ERR_NO_CHAT_FOUND otherwise), the owner only
 * (ERR_NO_PERMISSION for the others). Written on the condition that the chat is still as read; a lost
 * race reads again (ERR_CONFLICT after a few). Published as `chat` update to its members and as
 * `chat` delete to those who left, whose open chat then closes.
 */
import type { Chat, ChatBody } from '../../../shared/chats';
import type { Caller } from '../caller/load-caller';
import { AppError, conflict } from '../errors';
import { actionsOf, MAX_TRANSACTION_ACTIONS, memberChange, writeMemberChange } from './change-chat-members';
import { chosenMembers } from './chat-members';
import { presentChat, presentChatForEvent, publishChat } from './present-chat';
import { readChatAsOwner } from './read-chat';

const ATTEMPTS = 4;
const TOO_MANY_SWAPS = 'Troque menos participantes de uma vez: salve em duas etapas';

export async function updateChat(caller: Caller, chatId: string, body: ChatBody): Promise<Chat> {
  for (let attempt = 1; attempt <= ATTEMPTS; attempt += 1) {
    const { chat, member } = await readChatAsOwner(caller, chatId);
    const { memberIds, names } = await chosenMembers(caller, body.users);
    const change = memberChange(chat, { title: body.title, ownerId: chat.ownerId, memberIds });
    if (actionsOf(change) > MAX_TRANSACTION_ACTIONS) {
      // Only when most of a big chat's members leave and as many join at once: in two saves, it fits.
      throw new AppError('ERR_VALIDATION', { message: TOO_MANY_SWAPS, fields: [{ path: 'users', message: TOO_MANY_SWAPS }] });
    }
    if (await writeMemberChange(chat, change)) {
      await Promise.all([
        publishChat(caller.companyId, change.next.memberIds, { action: 'update', record: presentChatForEvent(change.next, names) }),
        publishChat(caller.companyId, change.removed, { action: 'delete', id: chat.id }),
      ]);
      return presentChat(change.next, names, (userId) => (userId === caller.userId ? member.unreads : null));
    }
  }
  throw conflict(`Chat ${chatId}`);
}
