/**
 * A change of a chat's members (change-chat-members.ts): who stays, joins and leaves, the owner first,
 * the version moved by one, and how many writes it takes.
 */
import { actionsOf, memberChange } from '../../../functions/core/chats/change-chat-members';
import type { StoredChat } from '../../../functions/core/repositories/chats';

const read: StoredChat = {
  id: 'CH',
  companyId: 'C1',
  title: 'Plantão',
  ownerId: 'A',
  memberIds: ['A', 'B', 'C'],
  lastMessage: 'Oi',
  updatedAt: '2030-01-01T00:00:00.000Z',
  createdAt: '2030-01-01T00:00:00.000Z',
  version: 3,
};

describe('a change of a chat’s members', () => {
  it('keeps those staying in their order, then adds the new ones, and names who leaves', () => {
    const change = memberChange(read, { title: 'Plantão novo', ownerId: 'A', memberIds: ['A', 'D', 'C'] });

    expect(change).toEqual({ next: { ...read, title: 'Plantão novo', memberIds: ['A', 'C', 'D'], version: 4 }, added: ['D'], removed: ['B'] });
    // The chat, three members' items, one leaving member's.
    expect(actionsOf(change)).toBe(5);
  });

  it('puts a new owner first when the owner leaves', () => {
    const change = memberChange(read, { title: read.title, ownerId: 'B', memberIds: ['B', 'C'] });

    expect(change.next).toMatchObject({ ownerId: 'B', memberIds: ['B', 'C'] });
    expect(change.removed).toEqual(['A']);
  });
});
