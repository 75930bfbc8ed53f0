/**
 * The internal chat's page rules: the address of an open chat, the owner's rights, when the lists and
 * the messages load more (100 px of the bottom, 600 px of the top), how a message's file shows, what a
 * send carries and when Enter sends; and the limits it repeats from shared/chats.ts to keep zod off
 * the page stay equal to them.
 */
import {
  CHAT_FILE_MAX_BYTES as SHARED_FILE_MAX,
  CHAT_MESSAGE_MAX as SHARED_MESSAGE_MAX,
  CHAT_TITLE_MAX as SHARED_TITLE_MAX,
  type ChatMessage,
} from '../../../../shared/chats';
import {
  CHAT_FILE_MAX_BYTES,
  CHAT_MESSAGE_MAX,
  CHAT_TITLE_MAX,
  draftToSend,
  enterSends,
  fileProblem,
  isOwner,
  messageFile,
  messagesOldestFirst,
  messageTime,
  narrowViewFor,
  nearBottom,
  nearTop,
  openChatOf,
  otherMembers,
} from '../../../../web/src/chats/chat-rules';
import { chatRoutePath } from '../../../../web/src/runtime/paths';

const message = (id: string, overrides: Partial<ChatMessage> = {}): ChatMessage => ({
  id,
  chatId: 'C1',
  senderId: 'U1',
  sender: { id: 'U1', name: 'Ana' },
  message: id,
  createdAt: '2030-01-01T12:00:00.000Z',
  mediaUrl: null,
  mediaName: null,
  mediaType: null,
  ...overrides,
});

describe('the internal chat page', () => {
  it("keeps shared/chats.ts's limits", () => {
    expect([CHAT_FILE_MAX_BYTES, CHAT_MESSAGE_MAX, CHAT_TITLE_MAX]).toEqual([SHARED_FILE_MAX, SHARED_MESSAGE_MAX, SHARED_TITLE_MAX]);
  });

  it('reads the open chat from /chats/{id}, the address every link to a chat uses', () => {
    expect(openChatOf(chatRoutePath('01HZX'))).toBe('01HZX');
    expect(openChatOf('/chats/01HZX/')).toBe('01HZX');
    expect(openChatOf('/chats')).toBeUndefined();
    expect(openChatOf('/tickets/01HZX')).toBeUndefined();
  });

  it('gives edit and delete to the owner only', () => {
    expect(isOwner({ ownerId: 'U1' }, 'U1')).toBe(true);
    expect(isOwner({ ownerId: 'U1' }, 'U2')).toBe(false);
  });

  it('names the other members, the owner first', () => {
    const users = [
      { userId: 'U1', unreads: null, user: { id: 'U1', name: 'Ana' } },
      { userId: 'U2', unreads: 0, user: { id: 'U2', name: 'Bruno' } },
      { userId: 'U3', unreads: null, user: { id: 'U3', name: 'Carla' } },
    ];
    expect(otherMembers({ users }, 'U2')).toEqual(['Ana', 'Carla']);
  });

  it('loads older messages within 600 px of the top, and the next chats within 100 px of the bottom', () => {
    expect(nearTop({ scrollTop: 600 })).toBe(true);
    expect(nearTop({ scrollTop: 601 })).toBe(false);
    expect(nearBottom({ scrollTop: 800, scrollHeight: 1300, clientHeight: 400 })).toBe(true);
    expect(nearBottom({ scrollTop: 799, scrollHeight: 1300, clientHeight: 400 })).toBe(false);
  });

  it('shows the messages oldest first, each once though two pages hold it', () => {
    const data = {
      pages: [
        { records: [message('M4'), message('M3')], hasMore: true, cursor: 'M3' },
        { records: [message('M3'), message('M2'), message('M1')], hasMore: false, cursor: null },
      ],
    };
    expect(messagesOldestFirst(data).map((each) => each.id)).toEqual(['M1', 'M2', 'M3', 'M4']);
  });

  it('shows a picture inline and any other file as a link to download, by its name', () => {
    expect(messageFile(message('M1', { mediaUrl: 'https://files.test/a.png?sig=1', mediaName: 'a.png', mediaType: 'image' }))).toEqual({
      kind: 'image',
      url: 'https://files.test/a.png?sig=1',
      name: 'a.png',
    });
    expect(messageFile(message('M2', { mediaUrl: 'https://files.test/b.pdf?sig=1', mediaName: null, mediaType: 'application' }))).toEqual({
      kind: 'download',
      url: 'https://files.test/b.pdf?sig=1',
      name: 'b.pdf',
    });
    expect(messageFile(message('M3'))).toBeNull();
  });

  it("writes a message's time as HH:mm today and with its day before", () => {
    const now = new Date(2030, 0, 2, 15, 0);
    expect(messageTime(new Date(2030, 0, 2, 9, 5).toISOString(), 'pt', now)).toBe('09:05');
    expect(messageTime(new Date(2030, 0, 1, 9, 5).toISOString(), 'pt', now)).toBe('01/01/2030 09:05');
  });

  it('refuses a file over 4 MB before sending it', () => {
    expect(fileProblem({ size: 4 * 1024 * 1024 })).toBeUndefined();
    expect(fileProblem({ size: 4 * 1024 * 1024 + 1 })).toBe('tooBig');
  });

  it('sends text that is not only whitespace, a file alone, or both; nothing otherwise', () => {
    const file = { name: 'a.txt' } as File;
    expect(draftToSend('  \n ', undefined)).toBeUndefined();
    expect(draftToSend('Oi\n', undefined)).toEqual({ message: 'Oi\n' });
    expect(draftToSend('  ', file)).toEqual({ message: '', file });
    expect(draftToSend('Veja', file)).toEqual({ message: 'Veja', file });
  });

  it('sends on Enter, and not on Shift+Enter (a new line) or while an input method composes', () => {
    expect(enterSends({ key: 'Enter', shiftKey: false, isComposing: false })).toBe(true);
    expect(enterSends({ key: 'Enter', shiftKey: true, isComposing: false })).toBe(false);
    expect(enterSends({ key: 'Enter', shiftKey: false, isComposing: true })).toBe(false);
    expect(enterSends({ key: 'a', shiftKey: false, isComposing: false })).toBe(false);
  });

  it("shows a chat's messages on narrow screens when one is opened, and the list without one", () => {
    expect(narrowViewFor('C1')).toBe('messages');
    expect(narrowViewFor(undefined)).toBe('chats');
  });
});
