/**
 * The cached chats follow each `chat` event (and this client's own writes, written as events): the
 * list's order by latest activity, the viewer's own unread count (which the events never carry), the
 * menu's summary of chats with unreads, and a chat's messages.
 */
import { QueryClient } from '@tanstack/react-query';
import type { Chat, ChatMessage } from '../../../../shared/chats';
import {
  applyChatEvent,
  applyOwnMessage,
  cachedUnreads,
  chatPages,
  ownUnreads,
  placeChat,
  withMessage,
  type ChatEvent,
} from '../../../../web/src/api/chat-cache';
import { chatKeys, type ChatMessagePages, type ChatPages, type ChatUnreadSummary } from '../../../../web/src/api/chats';
import { queryKeys } from '../../../../web/src/api/query-keys';

const ME = 'U-ME';
const ANA = 'U-ANA';

const at = (minute: number) => new Date(Date.UTC(2030, 0, 1, 12, minute)).toISOString();

const chat = (id: string, minute: number, myUnreads: number | null = 0, overrides: Partial<Chat> = {}): Chat => ({
  id,
  uuid: id,
  title: `Chat ${id}`,
  ownerId: ANA,
  lastMessage: '',
  updatedAt: at(minute),
  createdAt: at(0),
  users: [
    { userId: ANA, unreads: null, user: { id: ANA, name: 'Ana' } },
    { userId: ME, unreads: myUnreads, user: { id: ME, name: 'Eu' } },
  ],
  ...overrides,
});

/** The chat as an event carries it: nobody's count. */
const asEvent = (record: Chat): Chat => ({ ...record, users: record.users.map((member) => ({ ...member, unreads: null })) });

const message = (id: string, chatId: string, senderId: string, minute: number, text = 'Olá'): ChatMessage => ({
  id,
  chatId,
  senderId,
  sender: { id: senderId, name: senderId === ME ? 'Eu' : 'Ana' },
  message: text,
  createdAt: at(minute),
  mediaUrl: null,
  mediaName: null,
  mediaType: null,
});

const pages = (...lists: { records: Chat[]; hasMore: boolean }[]): ChatPages => ({ pages: lists, pageParams: lists.map((_, index) => index + 1) });

function clientWith(list: ChatPages, summary: number): QueryClient {
  const client = new QueryClient({ defaultOptions: { queries: { retry: false } } });
  client.setQueryData(chatKeys.list(''), list);
  client.setQueryData<ChatUnreadSummary>(chatKeys.unread, { chats: summary });
  return client;
}

const listed = (client: QueryClient) => chatPages.items(client.getQueryData<ChatPages>(chatKeys.list('')));
const ids = (client: QueryClient) => listed(client).map((each) => each.id);
const summary = (client: QueryClient) => client.getQueryData<ChatUnreadSummary>(chatKeys.unread)?.chats;
const mine = (client: QueryClient, id: string) => {
  const found = listed(client).find((each) => each.id === id);
  return found === undefined ? undefined : ownUnreads(found, ME);
};
const stale = (client: QueryClient, key: readonly unknown[]) => client.getQueryState(key)?.isInvalidated ?? false;

const apply = (client: QueryClient, event: ChatEvent, openChatId?: string) => applyChatEvent(client, event, { viewerId: ME, openChatId });

describe('the chat query keys', () => {
  it('sit under the chats root and are gathered in queryKeys under their resource name', () => {
    expect(queryKeys.chats).toBe(chatKeys);
    for (const key of [chatKeys.list(''), chatKeys.one('C1'), chatKeys.messages('C1'), chatKeys.unread, chatKeys.lists]) {
      expect(key[0]).toBe('chats');
    }
    expect(chatKeys.list('x').slice(0, 2)).toEqual([...chatKeys.lists]);
  });
});

describe('placeChat', () => {
  const data = pages({ records: [chat('C3', 30), chat('C2', 20)], hasMore: true }, { records: [chat('C1', 10)], hasMore: true });

  it('puts a chat with new activity first, taking it out of where it was', () => {
    expect(chatPages.items(placeChat(data, chat('C1', 40))).map((each) => each.id)).toEqual(['C1', 'C3', 'C2']);
  });

  it('puts a chat between the loaded ones by its time', () => {
    expect(chatPages.items(placeChat(data, chat('C9', 25))).map((each) => each.id)).toEqual(['C3', 'C9', 'C2', 'C1']);
  });

  it('leaves a chat older than every loaded one to its page while more pages exist, and adds it at the end of a complete list', () => {
    expect(chatPages.items(placeChat(data, chat('C0', 5))).map((each) => each.id)).toEqual(['C3', 'C2', 'C1']);
    const complete = pages({ records: [chat('C3', 30)], hasMore: false });
    expect(chatPages.items(placeChat(complete, chat('C0', 5))).map((each) => each.id)).toEqual(['C3', 'C0']);
  });
});

describe('applyChatEvent', () => {
  it('lists a created chat first with no unread messages, the summary unchanged', () => {
    const client = clientWith(pages({ records: [chat('C1', 10)], hasMore: false }), 0);

    const outcome = apply(client, { action: 'create', record: asEvent(chat('C2', 20)) });

    expect(outcome).toBe('none');
    expect(ids(client)).toEqual(['C2', 'C1']);
    expect(mine(client, 'C2')).toBe(0);
    expect(summary(client)).toBe(0);
  });

  it("keeps the viewer's own count over an update, which carries nobody's, and changes the chat where it is", () => {
    const client = clientWith(pages({ records: [chat('C2', 20), chat('C1', 10, 3)], hasMore: false }), 1);

    apply(client, { action: 'update', record: asEvent(chat('C1', 10, null, { title: 'Renomeado' })) });

    expect(ids(client)).toEqual(['C2', 'C1']);
    expect(listed(client)[1]?.title).toBe('Renomeado');
    expect(mine(client, 'C1')).toBe(3);
    expect(stale(client, chatKeys.list(''))).toBe(false);
  });

  it('reads the lists and the summary again after an update of a chat the caches did not hold (the viewer was just added)', () => {
    const client = clientWith(pages({ records: [chat('C1', 10)], hasMore: false }), 0);

    apply(client, { action: 'update', record: asEvent(chat('C5', 50)) });

    expect(ids(client)).toEqual(['C5', 'C1']);
    expect(stale(client, chatKeys.list(''))).toBe(true);
    expect(stale(client, chatKeys.unread)).toBe(true);
  });

  it("moves the chat of someone else's new message to the top with its last message, adds one unread and one chat to the summary, and rings", () => {
    const client = clientWith(pages({ records: [chat('C2', 20), chat('C1', 10)], hasMore: false }), 0);
    const record = asEvent(chat('C1', 30, null, { lastMessage: 'Bom dia' }));

    const outcome = apply(client, { action: 'new-message', record, message: message('M1', 'C1', ANA, 30, 'Bom dia') });

    expect(outcome).toBe('alert');
    expect(ids(client)).toEqual(['C1', 'C2']);
    expect(listed(client)[0]?.lastMessage).toBe('Bom dia');
    expect(mine(client, 'C1')).toBe(1);
    expect(summary(client)).toBe(1);
  });

  it('counts a second message of a chat already unread without counting the chat twice in the summary', () => {
    const client = clientWith(pages({ records: [chat('C1', 10, 1)], hasMore: false }), 1);

    apply(client, { action: 'new-message', record: asEvent(chat('C1', 30)), message: message('M2', 'C1', ANA, 30) });

    expect(mine(client, 'C1')).toBe(2);
    expect(summary(client)).toBe(1);
  });

  it('adds nothing for a message in the chat the viewer has open, and asks for it to be marked read', () => {
    const client = clientWith(pages({ records: [chat('C1', 10)], hasMore: false }), 0);

    const outcome = apply(client, { action: 'new-message', record: asEvent(chat('C1', 30)), message: message('M1', 'C1', ANA, 30) }, 'C1');

    expect(outcome).toBe('read');
    expect(mine(client, 'C1')).toBe(0);
    expect(summary(client)).toBe(0);
  });

  it("reads the chat on the viewer's own message (from another tab), as the server does, and neither rings nor marks read", () => {
    const client = clientWith(pages({ records: [chat('C2', 20), chat('C1', 10, 2)], hasMore: false }), 1);

    const outcome = apply(client, { action: 'new-message', record: asEvent(chat('C1', 30)), message: message('M1', 'C1', ME, 30) });

    expect(outcome).toBe('none');
    expect(ids(client)).toEqual(['C1', 'C2']);
    expect(mine(client, 'C1')).toBe(0);
    expect(summary(client)).toBe(0);
  });

  it("puts a new message first in the chat's loaded messages, once however often it comes", () => {
    const client = clientWith(pages({ records: [chat('C1', 10)], hasMore: false }), 0);
    const loaded: ChatMessagePages = { pages: [{ records: [message('M1', 'C1', ME, 10)], hasMore: false, cursor: null }], pageParams: [null] };
    client.setQueryData(chatKeys.messages('C1'), loaded);
    const event: ChatEvent = { action: 'new-message', record: asEvent(chat('C1', 30)), message: message('M2', 'C1', ANA, 30) };

    apply(client, event);
    apply(client, event);

    expect(client.getQueryData<ChatMessagePages>(chatKeys.messages('C1'))?.pages[0]?.records.map((each) => each.id)).toEqual(['M2', 'M1']);
  });

  it('reads the lists and the summary again after a message in a chat the caches did not hold, whose count only the server knows', () => {
    const client = clientWith(pages({ records: [chat('C1', 10)], hasMore: true }), 2);

    apply(client, { action: 'new-message', record: asEvent(chat('C7', 40)), message: message('M9', 'C7', ANA, 40) });

    expect(ids(client)).toEqual(['C7', 'C1']);
    expect(stale(client, chatKeys.list(''))).toBe(true);
    expect(stale(client, chatKeys.unread)).toBe(true);
  });

  it('takes a deleted chat out of the lists, forgets it and its messages, and takes it out of the summary when it had unreads', () => {
    const client = clientWith(pages({ records: [chat('C2', 20, 4), chat('C1', 10)], hasMore: false }), 1);
    client.setQueryData(chatKeys.one('C2'), chat('C2', 20, 4));
    client.setQueryData(chatKeys.messages('C2'), { pages: [], pageParams: [] });

    apply(client, { action: 'delete', id: 'C2' });

    expect(ids(client)).toEqual(['C1']);
    expect(client.getQueryData(chatKeys.one('C2'))).toBeUndefined();
    expect(client.getQueryData(chatKeys.messages('C2'))).toBeUndefined();
    expect(summary(client)).toBe(0);
  });

  it("takes the viewer's count from a read event of another tab, in the list and the chat, and the summary follows", () => {
    const client = clientWith(pages({ records: [chat('C1', 10, 2)], hasMore: false }), 1);
    client.setQueryData(chatKeys.one('C1'), chat('C1', 10, 2));

    apply(client, { action: 'read', id: 'C1', userId: ME, unreads: 0 });

    expect(mine(client, 'C1')).toBe(0);
    expect(cachedUnreads(client, 'C1', ME)).toBe(0);
    expect(ownUnreads(client.getQueryData<Chat>(chatKeys.one('C1')) ?? chat('X', 0, null), ME)).toBe(0);
    expect(summary(client)).toBe(0);
  });

  it("ignores a read event of someone else's reading", () => {
    const client = clientWith(pages({ records: [chat('C1', 10, 2)], hasMore: false }), 1);

    apply(client, { action: 'read', id: 'C1', userId: ANA, unreads: 0 });

    expect(mine(client, 'C1')).toBe(2);
    expect(summary(client)).toBe(1);
  });

  it('reads a searched list again rather than guessing what matches it', () => {
    const client = clientWith(pages({ records: [chat('C1', 10)], hasMore: false }), 0);
    client.setQueryData(chatKeys.list('vendas'), pages({ records: [chat('C1', 10)], hasMore: false }));

    apply(client, { action: 'create', record: asEvent(chat('C2', 20)) });

    expect(stale(client, chatKeys.list('vendas'))).toBe(true);
    expect(stale(client, chatKeys.list(''))).toBe(false);
  });
});

describe('applyOwnMessage', () => {
  it('shows the sent message at once and moves its chat first with it as the last message and nothing unread', () => {
    const client = clientWith(pages({ records: [chat('C2', 20), chat('C1', 10, 3)], hasMore: false }), 1);
    client.setQueryData<ChatMessagePages>(chatKeys.messages('C1'), { pages: [{ records: [], hasMore: false, cursor: null }], pageParams: [null] });

    applyOwnMessage(client, message('M1', 'C1', ME, 30, 'Enviada'), ME);

    expect(ids(client)).toEqual(['C1', 'C2']);
    expect(listed(client)[0]?.lastMessage).toBe('Enviada');
    expect(mine(client, 'C1')).toBe(0);
    expect(summary(client)).toBe(0);
    expect(client.getQueryData<ChatMessagePages>(chatKeys.messages('C1'))?.pages[0]?.records.map((each) => each.id)).toEqual(['M1']);
  });

  it("names a file sent without text as the chat's last message", () => {
    const client = clientWith(pages({ records: [chat('C1', 10)], hasMore: false }), 0);

    applyOwnMessage(client, { ...message('M1', 'C1', ME, 30, ''), mediaName: 'planilha.xlsx', mediaUrl: 'https://files.test/p', mediaType: 'application' }, ME);

    expect(listed(client)[0]?.lastMessage).toBe('planilha.xlsx');
  });
});

describe('withMessage', () => {
  it('replaces a message already loaded where it is', () => {
    const data: ChatMessagePages = {
      pages: [{ records: [message('M2', 'C1', ANA, 2), message('M1', 'C1', ANA, 1)], hasMore: false, cursor: null }],
      pageParams: [null],
    };

    const next = withMessage(data, message('M1', 'C1', ANA, 1, 'Editada'));

    expect(next.pages[0]?.records.map((each) => each.message)).toEqual(['Olá', 'Editada']);
  });
});
