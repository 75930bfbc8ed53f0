/**
 * The cached chats kept in step with the `chat` events (shared/realtime-events.ts) and with the answers
 * of this client's own writes, written as the same events (harmless twice):
 *
 * - `create`, `update` and `new-message` put the chat where the list's order (the latest activity
 *   first) puts it among the loaded pages: a new message's chat goes to the top, with its last message
 *   and time; a chat older than every loaded one waits for its page. `delete` takes it out, and its
 *   messages with it.
 * - Unread counts: the server tells each member only their own (`users[].unreads` on their entry) and
 *   its events tell nobody (null; 0 on create), so the client keeps the viewer's count: it carries it
 *   over an `update`, adds one on a `new-message` from someone else unless the viewer has that chat open
 *   (the screen then posts read), sets it to 0 on the viewer's own message (the server does: writing in
 *   a chat reads it), and takes a `read` event's count (the viewer read in another tab).
 *   The menu's summary (how many chats have unreads) moves with a chat's count crossing 0. A chat the
 *   caches do not hold has a count the client cannot know: the lists and the summary are read again.
 */
import type { QueryClient } from '@tanstack/react-query';
import type { CompanyChannels } from '../../../shared/realtime-events';
import { chatKeys, type Chat, type ChatMessage, type ChatMessagePages, type ChatPage, type ChatPages, type ChatUnreadSummary } from './chats';
import { listCache, type ListData } from './list-cache';

export type ChatEvent = CompanyChannels['chat'];

/** The loaded pages of a search (api/list-cache.ts): their chats, each once. */
export const chatPages = listCache<ChatPage, 'records'>('records');

/** The viewer's own unread count on a chat (their entry's), or null when the chat does not say it. */
export function ownUnreads(chat: Pick<Chat, 'users'>, viewerId: string): number | null {
  return chat.users.find((member) => member.userId === viewerId)?.unreads ?? null;
}

/** The chat with the viewer's own count set. */
export function withOwnUnreads(chat: Chat, viewerId: string, unreads: number): Chat {
  if (ownUnreads(chat, viewerId) === unreads) return chat;
  return { ...chat, users: chat.users.map((member) => (member.userId === viewerId ? { ...member, unreads } : member)) };
}

const time = (iso: string): number => {
  const at = Date.parse(iso);
  return Number.isNaN(at) ? 0 : at;
};

/**
 * The pages with the chat where the order puts it: before the first loaded chat with older activity;
 * after every loaded one only when the last page is the list's end (otherwise its place is on a page
 * not read yet, which brings it).
 */
export function placeChat<Data extends ListData<ChatPage>>(data: Data, chat: Chat): Data {
  const without = chatPages.remove(data, chat.id);
  const at = time(chat.updatedAt);
  for (const [index, page] of without.pages.entries()) {
    const position = page.records.findIndex((record) => time(record.updatedAt) < at);
    if (position !== -1) return chatPages.withPage(without, index, { ...page, records: page.records.toSpliced(position, 0, chat) });
  }
  const lastIndex = without.pages.length - 1;
  const last = without.pages[lastIndex];
  if (last === undefined || last.hasMore) return without;
  return chatPages.withPage(without, lastIndex, { ...last, records: [...last.records, chat] });
}

/** The pages with the chat changed where it is (a count, a title); the very same object when it is not loaded. */
function replaceChat<Data extends ListData<ChatPage>>(data: Data, id: string, change: (chat: Chat) => Chat): Data {
  const current = chatPages.items(data).find((chat) => chat.id === id);
  return current === undefined ? data : chatPages.replace(data, id, change(current));
}

/** The viewer's count of a chat as the caches hold it (the chat itself, else a list), or undefined when unknown. */
export function cachedUnreads(client: QueryClient, id: string, viewerId: string): number | undefined {
  const one = client.getQueryData<Chat>(chatKeys.one(id));
  const fromOne = one === undefined ? null : ownUnreads(one, viewerId);
  if (fromOne !== null) return fromOne;
  for (const [, data] of client.getQueriesData<ChatPages>({ queryKey: chatKeys.lists })) {
    const chat = data?.pages.flatMap((page) => page.records).find((record) => record.id === id);
    const count = chat === undefined ? null : ownUnreads(chat, viewerId);
    if (count !== null) return count;
  }
  return undefined;
}

/** Applies `change` to every cached list of the chats without a search; searched lists are read again (their matches are the server's). */
function updateLists(client: QueryClient, change: (data: ListData<ChatPage>) => ListData<ChatPage>): void {
  chatPages.updateLists(client, chatKeys.lists, (data, search) => {
    if (search === '') return change(data);
    void client.invalidateQueries({ queryKey: chatKeys.list(search), exact: true });
    return data;
  });
}

function putChat(client: QueryClient, chat: Chat): void {
  updateLists(client, (data) => placeChat(data, chat));
  if (client.getQueryData(chatKeys.one(chat.id)) !== undefined) client.setQueryData(chatKeys.one(chat.id), chat);
}

function setCount(client: QueryClient, id: string, viewerId: string, unreads: number): void {
  updateLists(client, (data) => replaceChat(data, id, (chat) => withOwnUnreads(chat, viewerId, unreads)));
  client.setQueryData<Chat>(chatKeys.one(id), (chat) => (chat === undefined ? chat : withOwnUnreads(chat, viewerId, unreads)));
}

/**
 * The summary after a chat's count went from `before` to `after`: one chat more or fewer with unreads
 * when it crosses 0; read again when `before` is unknown.
 */
function moveSummary(client: QueryClient, before: number | undefined, after: number): void {
  const summary = client.getQueryData<ChatUnreadSummary>(chatKeys.unread);
  if (summary === undefined) return;
  if (before === undefined) {
    void client.invalidateQueries({ queryKey: chatKeys.unread, exact: true });
    return;
  }
  const change = (after > 0 ? 1 : 0) - (before > 0 ? 1 : 0);
  if (change !== 0) client.setQueryData<ChatUnreadSummary>(chatKeys.unread, { chats: Math.max(0, summary.chats + change) });
}

/** A message in its chat's cached pages (newest first): replaced where it is, else first. */
export function withMessage(data: ChatMessagePages, message: ChatMessage): ChatMessagePages {
  if (data.pages.some((page) => page.records.some((record) => record.id === message.id))) {
    return { ...data, pages: data.pages.map((page) => ({ ...page, records: page.records.map((record) => (record.id === message.id ? message : record)) })) };
  }
  const [first, ...rest] = data.pages;
  if (first === undefined) return data;
  return { ...data, pages: [{ ...first, records: [message, ...first.records] }, ...rest] };
}

function putMessage(client: QueryClient, message: ChatMessage): void {
  client.setQueryData<ChatMessagePages>(chatKeys.messages(message.chatId), (data) => (data === undefined ? data : withMessage(data, message)));
}

function forgetChat(client: QueryClient, id: string): void {
  updateLists(client, (data) => chatPages.remove(data, id));
  client.removeQueries({ queryKey: chatKeys.one(id), exact: true });
  client.removeQueries({ queryKey: chatKeys.messages(id), exact: true });
}

/** The lists and the summary read again: a chat the caches did not hold came with a count only the server knows. */
function readAgain(client: QueryClient): void {
  void client.invalidateQueries({ queryKey: chatKeys.lists });
  void client.invalidateQueries({ queryKey: chatKeys.unread, exact: true });
}

/** Who is looking: the viewer, and the chat they have open before their eyes (none when the tab is hidden). */
export interface ChatViewer {
  readonly viewerId: string;
  readonly openChatId?: string | undefined;
}

/**
 * What the screen does after an event: `alert` rings (a message from someone else in a chat not open),
 * `read` posts read (a message from someone else in the open chat), `none` nothing.
 */
export type ChatEventOutcome = 'none' | 'alert' | 'read';

/** Applies a `chat` event (or this client's own write, as one) to every cached chat query. */
export function applyChatEvent(client: QueryClient, event: ChatEvent, { viewerId, openChatId }: ChatViewer): ChatEventOutcome {
  switch (event.action) {
    case 'create':
      putChat(client, withOwnUnreads(event.record, viewerId, ownUnreads(event.record, viewerId) ?? 0));
      return 'none';
    case 'update': {
      const before = cachedUnreads(client, event.record.id, viewerId);
      putChat(client, withOwnUnreads(event.record, viewerId, before ?? ownUnreads(event.record, viewerId) ?? 0));
      if (before === undefined) readAgain(client);
      return 'none';
    }
    case 'delete': {
      const before = cachedUnreads(client, event.id, viewerId);
      forgetChat(client, event.id);
      moveSummary(client, before, 0);
      return 'none';
    }
    case 'new-message': {
      const { record, message } = event;
      const fromOther = message.senderId !== viewerId;
      const open = openChatId === record.id;
      const before = cachedUnreads(client, record.id, viewerId);
      // The sender's own count goes to 0 on the server: writing in a chat reads it.
      const after = !fromOther ? 0 : (before ?? 0) + (open ? 0 : 1);
      putChat(client, withOwnUnreads(record, viewerId, after));
      putMessage(client, message);
      if (before === undefined) readAgain(client);
      else moveSummary(client, before, after);
      if (!fromOther) return 'none';
      return open ? 'read' : 'alert';
    }
    case 'read': {
      if (event.userId !== viewerId) return 'none';
      const before = cachedUnreads(client, event.id, viewerId);
      setCount(client, event.id, viewerId, event.unreads);
      moveSummary(client, before, event.unreads);
      return 'none';
    }
  }
}

/**
 * The viewer's own message as the server answered it: in its chat's messages at once, and the chat on
 * top with it as its last message and nothing unread (the `new-message` event that follows brings the
 * same).
 */
export function applyOwnMessage(client: QueryClient, message: ChatMessage, viewerId: string): void {
  putMessage(client, message);
  const cached =
    client.getQueryData<Chat>(chatKeys.one(message.chatId)) ??
    client
      .getQueriesData<ChatPages>({ queryKey: chatKeys.lists })
      .flatMap(([, data]) => data?.pages.flatMap((page) => page.records) ?? [])
      .find((chat) => chat.id === message.chatId);
  // Already moved past this message (its event came first, or a later one): nothing older replaces it.
  if (cached === undefined || time(cached.updatedAt) > time(message.createdAt)) return;
  const lastMessage = message.message !== '' ? message.message : (message.mediaName ?? '');
  const chat: Chat = { ...cached, lastMessage, updatedAt: message.createdAt };
  const before = ownUnreads(cached, viewerId);
  putChat(client, withOwnUnreads(chat, viewerId, 0));
  moveSummary(client, before ?? undefined, 0);
}
