/**
 * POST /chats/{id}/messages (spec 3 §7: `message`; A-052): a member's message, text and, where one is
 * attached, a file (stored privately in the media bucket first, typed by its bytes, never by what the
 * browser claims).
 *
 * The message, the chat's last message and every member's item are one transaction (repositories/chats.ts):
 * the chat moves to the top of each member's list, every member but the sender has one more unread,
 * the sender none. It holds only while the chat's members are those read: a change meanwhile, or
 * another message written at the same instant, reads again and retries. Then the message is published
 * as `chat` new-message to the members' own rooms, the chat after it beside it.
 */
import { setTimeout as sleep } from 'node:timers/promises';
import { ulid } from 'ulid';
import type { ChatFileFields, ChatMessage } from '../../../shared/chats';
import type { Caller } from '../caller/load-caller';
import { mediaTypeOf } from '../conversations/present-message';
import { conflict, isConflict } from '../errors';
import { contentTypeOf, objectKey, safeFileName, sniffMediaType } from '../media/files';
import type { UploadedFile } from '../media/multipart';
import { deleteMediaObject, putMediaObject } from '../media/storage';
import {
  chatMessagedAction,
  memberMessagedAction,
  putChatMessageAction,
  type StoredChat,
  type StoredChatFile,
  type StoredChatMessage,
} from '../repositories/chats';
import { Steps } from '../repositories/transaction';
import { userNames } from '../repositories/users';
import { presentChatForEvent, presentChatMessage, publishChat } from './present-chat';
import { readChatAsMember } from './read-chat';

const ATTEMPTS = 6;
/** Longest text a chat keeps of its last message (the lists show one line of it). */
const LAST_MESSAGE_MAX = 200;

export async function postChatMessage(caller: Caller, chatId: string, input: ChatFileFields & { readonly file?: UploadedFile }, now = new Date()): Promise<ChatMessage> {
  let { chat } = await readChatAsMember(caller, chatId);
  const id = ulid(now.getTime());
  const at = now.toISOString();
  const file = input.file ? await storeChatFile(chat, id, input.file) : null;
  const message: StoredChatMessage = {
    id,
    chatId,
    companyId: caller.companyId,
    senderId: caller.userId,
    senderName: caller.user.name,
    message: input.message,
    file,
    createdAt: at,
  };
  const lastMessage = (input.message.trim() || file?.name || '').slice(0, LAST_MESSAGE_MAX);
  // The members' names, for the event, read while the message is written (again if the members change).
  let namesRead = readNames(caller.companyId, chat);
  try {
    for (let attempt = 1; ; attempt += 1) {
      if (await writeMessage(chat, message, lastMessage)) break;
      if (attempt === ATTEMPTS) throw conflict(`Chat ${chatId}`);
      // Another message or change of this chat at the same moment: wait a little, read again.
      await sleep(Math.random() * 20 * attempt);
      const before = chat;
      ({ chat } = await readChatAsMember(caller, chatId));
      if (chat.version !== before.version) namesRead = readNames(caller.companyId, chat);
    }
  } catch (error) {
    if (file) await deleteMediaObject(file.key);
    throw error;
  }
  const names = await namesRead;
  const presented = await presentChatMessage(message, names);
  const after = presentChatForEvent({ ...chat, lastMessage, updatedAt: at }, names);
  await publishChat(caller.companyId, chat.memberIds, { action: 'new-message', record: after, message: presented });
  return presented;
}

/** The names of the chat's members, a read whose failure is reported where it is awaited. */
function readNames(companyId: string, chat: StoredChat): Promise<Map<string, string>> {
  const read = userNames(companyId, chat.memberIds);
  // Awaited only after the write: a failure meanwhile must not count as unhandled.
  read.catch(() => undefined);
  return read;
}

/** One try: false when the chat or a member was not as read, or another write held them. */
async function writeMessage(chat: StoredChat, message: StoredChatMessage, lastMessage: string): Promise<boolean> {
  const steps = new Steps();
  steps.add('message', putChatMessageAction(message));
  steps.add('chat', chatMessagedAction(chat, lastMessage, message.createdAt));
  for (const userId of chat.memberIds) {
    steps.add(`member ${userId}`, memberMessagedAction(chat, userId, userId === message.senderId, lastMessage, message.createdAt));
  }
  try {
    const failed = await steps.run();
    if (failed.has('message')) throw new Error(`Chat message ${message.id} exists already`);
    return failed.size === 0;
  } catch (error) {
    if (isConflict(error)) return false;
    throw error;
  }
}

async function storeChatFile(chat: StoredChat, messageId: string, file: UploadedFile): Promise<StoredChatFile> {
  const name = safeFileName(file.fileName);
  const contentType = contentTypeOf(sniffMediaType(file.bytes), name);
  const key = objectKey('companies', chat.companyId, 'chats', chat.id, `${messageId}-${name}`);
  await putMediaObject(key, file.bytes, contentType);
  return { key, name, type: mediaTypeOf(contentType), contentType };
}
