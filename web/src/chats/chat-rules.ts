/**
 * The internal chat's rules without React (spec 3 §2 Internal chat, §6, §9; spec 1 §9): which chat the
 * address opens, who may edit and delete a chat, when the lists load more, what a message shows, and
 * which file a message may carry. Zod-free, so the page's first load stays without it.
 */
import type { Chat, ChatMessage, ChatMessagePages } from '../api/chats';
import { dateTimeLabel, timeLabel } from '../i18n/dates';
import type { Language } from '../i18n/language';

/**
 * The most bytes of a message's file: shared/chats.ts CHAT_FILE_MAX_BYTES, written again here because
 * that module's schemas would bring zod to the page (a unit test keeps the two equal).
 */
export const CHAT_FILE_MAX_BYTES = 4 * 1024 * 1024;
export const CHAT_FILE_MAX_MEGABYTES = CHAT_FILE_MAX_BYTES / (1024 * 1024);
/** shared/chats.ts CHAT_MESSAGE_MAX and CHAT_TITLE_MAX, likewise. */
export const CHAT_MESSAGE_MAX = 4096;
export const CHAT_TITLE_MAX = 100;

/** Spec 3 §9: older messages load when the reader is within this many pixels of the top. */
export const OLDER_MESSAGES_WITHIN_PX = 600;
/** The chat lists (the page's and the popover's) load their next page near their bottom. */
export { NEXT_PAGE_WITHIN_PX, nearBottom } from '../components/scroll-position';

interface Scroll {
  readonly scrollTop: number;
  readonly scrollHeight: number;
  readonly clientHeight: number;
}

export const nearTop = (element: Pick<Scroll, 'scrollTop'>): boolean => element.scrollTop <= OLDER_MESSAGES_WITHIN_PX;

/** The chat id in a /chats/{id} path, if any. */
export function openChatOf(pathname: string): string | undefined {
  const match = /^\/chats\/([^/]+)\/?$/.exec(pathname);
  return match?.[1] === undefined ? undefined : decodeURIComponent(match[1]);
}

/** Spec 3 §6: only a chat's owner edits or deletes it. */
export const isOwner = (chat: Pick<Chat, 'ownerId'>, viewerId: string): boolean => chat.ownerId === viewerId;

/** The members' names but the viewer's, in the chat's order (the owner first). */
export function otherMembers(chat: Pick<Chat, 'users'>, viewerId: string): string[] {
  return chat.users.filter((member) => member.userId !== viewerId).map((member) => member.user.name);
}

/** The messages of the loaded pages, oldest first, each once (a page read after a new message may repeat one). */
export function messagesOldestFirst(data: Pick<ChatMessagePages, 'pages'> | undefined): ChatMessage[] {
  const seen = new Set<string>();
  const newestFirst = (data?.pages ?? []).flatMap((page) => page.records).filter((message) => !seen.has(message.id) && Boolean(seen.add(message.id)));
  return newestFirst.toReversed();
}

/** How a message's file shows: a picture inline, anything else a link that downloads it, or nothing. */
export type MessageFile =
  | { readonly kind: 'image'; readonly url: string; readonly name: string }
  | { readonly kind: 'download'; readonly url: string; readonly name: string }
  | null;

export function messageFile(message: Pick<ChatMessage, 'mediaUrl' | 'mediaName' | 'mediaType'>): MessageFile {
  if (message.mediaUrl === null) return null;
  const name = message.mediaName ?? message.mediaUrl.split('?')[0]?.split('/').at(-1) ?? '';
  return { kind: message.mediaType === 'image' ? 'image' : 'download', url: message.mediaUrl, name };
}

/** A message's time: HH:mm today, its day and hour before (spec 1 §9), local time. */
export function messageTime(iso: string, language: Language, now: Date = new Date()): string {
  const at = new Date(iso);
  if (Number.isNaN(at.getTime())) return '';
  const sameDay = at.getFullYear() === now.getFullYear() && at.getMonth() === now.getMonth() && at.getDate() === now.getDate();
  return sameDay ? timeLabel(at) : dateTimeLabel(at, language);
}

/** Why a chosen file cannot be sent, or undefined when it can. */
export function fileProblem(file: Pick<File, 'size'>): 'tooBig' | undefined {
  return file.size > CHAT_FILE_MAX_BYTES ? 'tooBig' : undefined;
}

/** What a send carries: the text, unless it is only whitespace; a file alone is a message too. */
export function draftToSend(text: string, file: File | undefined): { readonly message: string; readonly file?: File } | undefined {
  const message = text.trim() === '' ? '' : text;
  if (message === '' && file === undefined) return undefined;
  return file === undefined ? { message } : { message, file };
}

/** Spec 1 §2.6 as the ticket input has it: Enter sends, Shift+Enter is a new line, an input method's Enter is its own. */
export function enterSends(event: { readonly key: string; readonly shiftKey: boolean; readonly isComposing: boolean }): boolean {
  return event.key === 'Enter' && !event.shiftKey && !event.isComposing;
}

/** The narrow screens' tab after a navigation: a chat opened shows its messages, the list without one. */
export type NarrowView = 'chats' | 'messages';

export const narrowViewFor = (chatId: string | undefined): NarrowView => (chatId === undefined ? 'chats' : 'messages');
