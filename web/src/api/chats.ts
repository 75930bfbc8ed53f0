/**
 * Internal chat (spec 3 §2 Internal chat, §4, §7; spec 1 §2.2, §2.7): paths, cache keys, the caller's
 * chats page by page (GET /chats, page numbers, the latest activity first; the /chats page and the
 * header's popover read the same cache), one chat, a chat's messages (GET /chats/{id}/messages, newest
 * first behind the cursor each page answers), the menu's unread summary (GET /chats/unread), and the
 * writes as requests the screens run in their mutations. What the `chat` events and this client's own
 * writes do to these caches is chat-cache.ts.
 *
 * Spec 3 §8: chat calls fail silently. The client never toasts by itself (a screen shows an error only
 * where it calls `toast.error`), so the chat screens simply never do.
 */
import { useInfiniteQuery, useQuery, type InfiniteData } from '@tanstack/react-query';
// Types only: the shared module's schemas (and zod) stay out of the shell's chunk, which reads these keys.
import type { Chat, ChatMember, ChatMessage, ChatMessagePage, ChatPage, ChatUnreadSummary } from '../../../shared/chats';
import { useServices } from '../runtime/services';
import type { ApiClient } from './client';

export type { Chat, ChatMember, ChatMessage, ChatMessagePage, ChatPage, ChatUnreadSummary };

/** The list's cache: the pages read so far, each asked by its page number (from 1). */
export type ChatPages = InfiniteData<ChatPage, number>;
/** A chat's messages: the pages read so far, newest first, each asked with the cursor of the one before. */
export type ChatMessagePages = InfiniteData<ChatMessagePage, string | null>;

export const CHATS_PATH = '/chats';
export const CHATS_UNREAD_PATH = '/chats/unread';
export const chatPath = (id: string) => `${CHATS_PATH}/${encodeURIComponent(id)}`;
export const chatMessagesPath = (id: string) => `${chatPath(id)}/messages`;
export const chatReadPath = (id: string) => `${chatPath(id)}/read`;

/** The multipart field of a message's file (shared/chats.ts CHAT_FILE_FIELD, written here to keep zod out). */
const FILE_FIELD = 'file';

export const chatKeys = {
  all: ['chats'] as const,
  /** Every search of the chats (the prefix of `list`); the page and the popover read `list('')`. */
  lists: ['chats', 'list'] as const,
  list: (search: string) => ['chats', 'list', search] as const,
  one: (id: string) => ['chats', 'one', id] as const,
  messages: (id: string) => ['chats', 'messages', id] as const,
  /** How many of the caller's chats have unread messages: the side menu's dot. */
  unread: ['chats', 'unread'] as const,
};

/** The caller's chats for a search, page by page (GET /chats with `pageNumber`, from 1). */
export function useChatPages(search = '', enabled = true) {
  const { api } = useServices();
  return useInfiniteQuery({
    queryKey: chatKeys.list(search),
    queryFn: ({ pageParam, signal }) =>
      api.get<ChatPage>(CHATS_PATH, { query: { searchParam: search === '' ? undefined : search, pageNumber: pageParam }, signal }),
    initialPageParam: 1,
    getNextPageParam: (last, _pages, lastPageParam) => (last.hasMore ? lastPageParam + 1 : null),
    enabled,
  });
}

/** One chat (GET /chats/{id}): its title, members and the caller's own unread count. */
export function useChat(id: string | undefined) {
  const { api } = useServices();
  return useQuery({
    queryKey: chatKeys.one(id ?? ''),
    queryFn: ({ signal }) => api.get<Chat>(chatPath(id ?? ''), { signal }),
    enabled: id !== undefined,
  });
}

/** A chat's messages, newest page first; the next page is the older one. */
export function useChatMessages(id: string) {
  const { api } = useServices();
  return useInfiniteQuery<ChatMessagePage, Error, ChatMessagePages, ReturnType<typeof chatKeys.messages>, string | null>({
    queryKey: chatKeys.messages(id),
    queryFn: ({ pageParam, signal }) =>
      api.get<ChatMessagePage>(chatMessagesPath(id), { ...(pageParam !== null && { query: { cursor: pageParam } }), signal }),
    initialPageParam: null,
    getNextPageParam: (last) => (last.hasMore && last.cursor !== null ? last.cursor : undefined),
    // The `chat` events keep it current; a refetch would read every page again.
    staleTime: Infinity,
  });
}

/** GET /chats/unread: how many chats have messages the caller has not read. */
export function useChatUnread(enabled = true) {
  const { api } = useServices();
  return useQuery({
    queryKey: chatKeys.unread,
    queryFn: ({ signal }) => api.get<ChatUnreadSummary>(CHATS_UNREAD_PATH, { signal }),
    enabled,
  });
}

/** The body of POST /chats and PUT /chats/{id} (shared/chats.ts ChatBody): the title and the other members' ids. */
export interface ChatSaveBody {
  readonly title: string;
  readonly users: readonly string[];
}

/** Creates a chat, or saves `id` when given (its owner only). */
export function saveChat(api: ApiClient, body: ChatSaveBody, id?: string): Promise<Chat> {
  return id === undefined ? api.post<Chat>(CHATS_PATH, body) : api.put<Chat>(chatPath(id), body);
}

export function deleteChat(api: ApiClient, id: string): Promise<void> {
  return api.delete<undefined>(chatPath(id));
}

/** What a message sends: its text, and a file (then as multipart, the text beside it). */
export interface ChatMessageDraft {
  readonly message: string;
  readonly file?: File | undefined;
}

/** POST /chats/{id}/messages: JSON `{ message }`, or multipart with `file` and `message`. */
export function sendChatMessage(api: ApiClient, id: string, { message, file }: ChatMessageDraft): Promise<ChatMessage> {
  if (file === undefined) return api.post<ChatMessage>(chatMessagesPath(id), { message });
  const form = new FormData();
  form.append(FILE_FIELD, file, file.name);
  if (message !== '') form.append('message', message);
  return api.upload<ChatMessage>(chatMessagesPath(id), form);
}

/** POST /chats/{id}/read: the caller's unread messages of the chat become 0. */
export function markChatRead(api: ApiClient, id: string, userId: string): Promise<void> {
  return api.post<undefined>(chatReadPath(id), { userId });
}
