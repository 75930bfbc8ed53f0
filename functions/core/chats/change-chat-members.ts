/**
 * One change of a chat's title, owner or members, as one transaction: the chat (on the condition that
 * it is still as read), the staying members' copies, the new members' items, the leaving members'
 * items deleted. A leaving member loses the chat at once: their item is what every read and every
 * event asks. Used by the owner's edit (update-chat.ts) and by a user leaving the company (leave-chats.ts).
 */
import type { StoredChat } from '../repositories/chats';
import { changeChatAction, deleteChatMemberAction, putChatMemberAction, refreshChatMemberAction } from '../repositories/chats';
import { Steps } from '../repositories/transaction';

/** DynamoDB's most actions in one transaction. */
export const MAX_TRANSACTION_ACTIONS = 100;

export interface MemberChange {
  readonly next: StoredChat;
  readonly added: readonly string[];
  readonly removed: readonly string[];
}

/** The chat after the change, members in order: those staying as they were, then the new ones. */
export function memberChange(read: StoredChat, change: { readonly title: string; readonly ownerId: string; readonly memberIds: readonly string[] }): MemberChange {
  const wanted = new Set(change.memberIds);
  const staying = read.memberIds.filter((id) => wanted.has(id));
  const added = change.memberIds.filter((id) => !read.memberIds.includes(id));
  const removed = read.memberIds.filter((id) => !wanted.has(id));
  // The owner leads the list, as they do at creation.
  const ordered = [...staying, ...added].sort((a, b) => Number(b === change.ownerId) - Number(a === change.ownerId));
  return { next: { ...read, title: change.title, ownerId: change.ownerId, memberIds: ordered, version: read.version + 1 }, added, removed };
}

export const actionsOf = (change: MemberChange) => 1 + change.next.memberIds.length + change.removed.length;

/** Writes the change; false when the chat or a member changed since it was read (read again and retry). */
export async function writeMemberChange(read: StoredChat, change: MemberChange): Promise<boolean> {
  const { next, added, removed } = change;
  const steps = new Steps();
  steps.add('chat', changeChatAction(next, read));
  for (const userId of next.memberIds) {
    steps.add(`member ${userId}`, added.includes(userId) ? putChatMemberAction(next, userId) : refreshChatMemberAction(next, userId));
  }
  for (const userId of removed) steps.add(`leaving ${userId}`, deleteChatMemberAction(read.companyId, read.id, userId));
  return (await steps.run()).size === 0;
}
