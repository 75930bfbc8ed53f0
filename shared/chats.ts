/**
 * Internal chat (spec 3 §2 Internal chat, §3, §5, §7; spec 1 §2.2, §2.7): conversations between users of
 * one company, open to their members only. A chat has a title, an owner (who created it; the only one
 * who renames it, changes its members or deletes it) and members (the owner among them); its messages
 * are text, with a file where one is attached.
 *
 * Ours where the spec is silent (README, behaviour notes):
 * - `uuid` is the chat's id: it is as unguessable as a uuid and the page's address (/chats/:uuid) needs
 *   no second lookup. Nobody who is not a member reads anything of a chat either way: a non-member gets
 *   the same answer as for a chat that does not exist.
 * - `users[].unreads` is the caller's own count on the caller's entry; on the others it is null: how
 *   far a colleague has read is theirs (and keeping it to oneself keeps a list page one Query).
 * - At most CHAT_MAX_MEMBERS members: a message, its chat and every member's count are written together.
 * - Messages page newest first behind an opaque `cursor` (what the previous page answered); `pageNumber`
 *   is taken too but reads every newer message again to get there.
 */
import { z } from 'zod';
import { EntityId } from './tickets';
import { PageNumber, SearchParam } from './paging';
import { withoutControls, writtenText } from './text';

/** The most members of one chat, its owner included: a message, its chat and each member's count are one transaction of at most 100 writes. */
export const CHAT_MAX_MEMBERS = 98;
export const CHAT_TITLE_MAX = 100;
export const CHAT_MESSAGE_MAX = 4096;
/** Chats per page of GET /chats, messages per page of GET /chats/{id}/messages. */
export const CHAT_PAGE_SIZE = 20;
export const CHAT_MESSAGES_PAGE_SIZE = 20;
/** A file sent in a chat: under Lambda's 6 MB request once API Gateway has base64-encoded the body. */
export const CHAT_FILE_MAX_BYTES = 4 * 1024 * 1024;
/** The multipart field of POST /chats/{id}/messages that carries the file; `message` carries the text. */
export const CHAT_FILE_FIELD = 'file';

/** A member of a chat, as the spec shapes it. */
export interface ChatMember {
  readonly userId: string;
  /** The caller's unread messages on the caller's own entry; null on the others' (see above). */
  readonly unreads: number | null;
  readonly user: { readonly id: string; readonly name: string };
}

export interface Chat {
  readonly id: string;
  /** The chat's id (see above): /chats/:uuid. */
  readonly uuid: string;
  readonly title: string;
  readonly ownerId: string;
  /** The last message's text ('' before the first; a file's name when it had no text). */
  readonly lastMessage: string;
  /** The last message's time, or the chat's creation before the first: the list's order. */
  readonly updatedAt: string;
  readonly createdAt: string;
  /** The members, the owner first, then in the order they were added. */
  readonly users: readonly ChatMember[];
}

/** How a chat's file is shown: a picture, a player, or a document to download. */
export type ChatFileType = 'image' | 'audio' | 'video' | 'application';

export interface ChatMessage {
  readonly id: string;
  readonly chatId: string;
  readonly senderId: string;
  /** The sender's name now, or as it was when they sent it if they have left the company. */
  readonly sender: { readonly id: string; readonly name: string };
  readonly message: string;
  readonly createdAt: string;
  /** A short-lived signed link to the attached file; null without one. */
  readonly mediaUrl: string | null;
  readonly mediaName: string | null;
  readonly mediaType: ChatFileType | null;
}

/** GET /chats: a page of the caller's chats, the latest activity first (spec: `records`, `hasMore`). */
export interface ChatPage {
  readonly records: readonly Chat[];
  readonly hasMore: boolean;
}

/** GET /chats/{id}/messages: newest first; `cursor` reads the next (older) page, null on the last. */
export interface ChatMessagePage {
  readonly records: readonly ChatMessage[];
  readonly hasMore: boolean;
  readonly cursor: string | null;
}

/** GET /chats/unread: how many of the caller's chats have messages the caller has not read (the menu's dot). */
export interface ChatUnreadSummary {
  readonly chats: number;
}

export const ChatsQuery = z.object({ searchParam: SearchParam, pageNumber: PageNumber });
export type ChatsQuery = z.output<typeof ChatsQuery>;

/** A chat's id: the ULID the API answered. */
export const ChatParams = z.object({ id: z.ulid('Invalid id') });

/** Messages' cursor: the ULID of the oldest message of the previous page. */
export const ChatMessagesQuery = z.object({
  pageNumber: z.coerce.number({ error: 'Invalid page' }).int('Invalid page').min(1, 'Invalid page').max(500, 'Invalid page').optional().default(1),
  cursor: z.ulid('Invalid cursor').optional(),
});
export type ChatMessagesQuery = z.output<typeof ChatMessagesQuery>;

/** Spec 3 §5. */
export const CHAT_TITLE_REQUIRED = 'Por favor, preencha o título da conversa.';
export const CHAT_USERS_REQUIRED = 'Por favor, selecione pelo menos um usuário.';

/** A chosen user as the original web sends it (the user object: its `id` is taken) or as a bare id. */
const chosenUser = z.union([EntityId, z.object({ id: EntityId }).transform((user) => user.id)], { error: 'Invalid user' });

/**
 * POST /chats and PUT /chats/{id} (spec 3 §7: `users`, `title`): the title and the other members. The
 * caller (the owner) is a member without being listed; a list naming them too is taken without them.
 * A PUT's `users` are the whole set of the other members: those left out leave the chat.
 */
export const ChatBody = z.object({
  title: z
    .string({ error: CHAT_TITLE_REQUIRED })
    .overwrite(withoutControls)
    .trim()
    .min(1, CHAT_TITLE_REQUIRED)
    .max(CHAT_TITLE_MAX, 'Muito longo!'),
  users: z
    .array(chosenUser, { error: CHAT_USERS_REQUIRED })
    .min(1, CHAT_USERS_REQUIRED)
    .max(CHAT_MAX_MEMBERS, `No máximo ${CHAT_MAX_MEMBERS} participantes`)
    .transform((ids) => [...new Set(ids)]),
});
export type ChatBody = z.output<typeof ChatBody>;

const messageText = z.string({ error: 'Invalid message' }).overwrite(writtenText).max(CHAT_MESSAGE_MAX, 'Muito longo!');

/** POST /chats/{id}/messages as JSON (spec 3 §7: `message`): text that is not only whitespace. */
export const ChatMessageBody = z.object({
  message: messageText.refine((text) => text.trim() !== '', 'Required'),
});
export type ChatMessageBody = z.output<typeof ChatMessageBody>;

/** The text field beside a multipart message's file: optional, the file is the message. */
export const ChatFileFields = z.object({ message: messageText.optional().default('') });
export type ChatFileFields = z.output<typeof ChatFileFields>;

/**
 * POST /chats/{id}/read (spec 3 §7: `userId`). The server marks the caller's own count read: a `userId`
 * sent is checked to be a user id and otherwise not taken (nobody marks another's reading).
 */
export const ChatReadBody = z.object({ userId: EntityId.optional() });
