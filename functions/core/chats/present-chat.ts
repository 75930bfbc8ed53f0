/**
 * Chats and their messages as the API and the `chat` events answer them (shared/chats.ts), with the
 * members' and senders' names read now (one BatchGet), and publishing to the members' own rooms only:
 * nobody who is not a member hears of a chat (docs/architecture.md §6).
 */
import type { Chat, ChatMessage } from '../../../shared/chats';
import type { CompanyChannels } from '../../../shared/realtime-events';
import { mediaTypeOf } from '../conversations/present-message';
import { DOWNLOAD_URL_SECONDS, presignedDownloadUrl } from '../media/storage';
import { publishToUsers } from '../realtime/publisher';
import type { StoredChat, StoredChatMember, StoredChatMessage } from '../repositories/chats';
import { userNames } from '../repositories/users';

/** What a chat's answer is made of: the chat item, or a member's copy of it. */
type ChatFields = Pick<StoredChat, 'title' | 'ownerId' | 'memberIds' | 'lastMessage' | 'updatedAt' | 'createdAt'> & { readonly id: string };

/** The names of everyone the chats name (their members). */
export const namesOfMembers = (companyId: string, chats: readonly Pick<StoredChat, 'memberIds'>[]) =>
  userNames(companyId, chats.flatMap((chat) => chat.memberIds));

/**
 * The chat for one reader: `unreads` is the reader's count on their own entry and null on the others'
 * (shared/chats.ts); `unreadsOf` gives it. A member no longer in the company (their name unknown) is left out.
 */
export function presentChat(chat: ChatFields, names: ReadonlyMap<string, string>, unreadsOf: (userId: string) => number | null): Chat {
  return {
    id: chat.id,
    uuid: chat.id,
    title: chat.title,
    ownerId: chat.ownerId,
    lastMessage: chat.lastMessage,
    updatedAt: chat.updatedAt,
    createdAt: chat.createdAt,
    users: chat.memberIds.flatMap((userId) => {
      const name = names.get(userId);
      return name === undefined ? [] : [{ userId, unreads: unreadsOf(userId), user: { id: userId, name } }];
    }),
  };
}

/** The chat as the member's own list shows it: their count on their entry. */
export const presentMemberChat = (member: StoredChatMember, names: ReadonlyMap<string, string>): Chat =>
  presentChat({ ...member, id: member.chatId }, names, (userId) => (userId === member.userId ? member.unreads : null));

/** The chat as an event carries it to every member: nobody's count (each client keeps its own). */
export const presentChatForEvent = (chat: StoredChat, names: ReadonlyMap<string, string>, unreads: 0 | null = null): Chat =>
  presentChat(chat, names, () => unreads);

export async function presentChatMessage(message: StoredChatMessage, names: ReadonlyMap<string, string>): Promise<ChatMessage> {
  const file = message.file;
  return {
    id: message.id,
    chatId: message.chatId,
    senderId: message.senderId,
    sender: { id: message.senderId, name: names.get(message.senderId) ?? message.senderName },
    message: message.message,
    createdAt: message.createdAt,
    mediaUrl: file
      ? await presignedDownloadUrl(file.key, DOWNLOAD_URL_SECONDS, {
          contentType: file.contentType,
          attachmentName: file.type === 'application' ? file.name : undefined,
        })
      : null,
    mediaName: file?.name ?? null,
    mediaType: file ? mediaTypeOf(file.contentType) : null,
  };
}

/** Sends a `chat` event to the sockets of these users only (a chat's members, and those who just left it). */
export async function publishChat(companyId: string, userIds: readonly string[], data: CompanyChannels['chat']): Promise<void> {
  await publishToUsers(companyId, userIds, 'chat', data);
}
