/**
 * Internal chat's items (keys.chat*): each chat in a partition of its own, with
 * - the chat (`CHAT`): title, owner, members, last message, and a `version` that every change of title
 *   or members moves, so a message is written only to the members it was decided for;
 * - one item per member (`MEMBER#<userId>`): that member's unread count and their copy of what their
 *   list shows (title, owner, members, last message), indexed on GSI1 by the member and the latest
 *   activity (a page of a user's chats is one Query) and, while they have unread messages, on GSI2 (the
 *   menu's dot is one Query);
 * - the messages (`MSG#<ulid>`), newest first by their ULID.
 *
 * A message, the chat and every member's item are written in one transaction (the `...Action`
 * builders), so a list never shows a last message that the counts missed.
 */
import { ConditionalCheckFailedException } from '@aws-sdk/client-dynamodb';
import { DeleteCommand, GetCommand, QueryCommand, UpdateCommand, type QueryCommandInput } from '@aws-sdk/lib-dynamodb';
import type { ChatFileType } from '../../../shared/chats';
import { foldForSearch } from '../../../shared/text';
import { dynamo } from '../aws/clients';
import {
  keys,
  userChatListIndex,
  userChatListPartition,
  userUnreadChatIndex,
  userUnreadChatsPartition,
} from './keys';
import { batchWriteAll, fromItem, prefixQueryInput, queryAll, table } from './table';
import type { TransactItem } from './transaction';

export interface StoredChat {
  readonly id: string;
  readonly companyId: string;
  readonly title: string;
  readonly ownerId: string;
  /** The owner first, then the others in the order they were added. */
  readonly memberIds: readonly string[];
  readonly lastMessage: string;
  /** The last message's time, or the creation's before the first message. */
  readonly updatedAt: string;
  readonly createdAt: string;
  /** 1 when created, one more with each change of title or members. */
  readonly version: number;
}

/** A member's item: their unread count and their copy of the chat as their list shows it. */
export interface StoredChatMember {
  readonly chatId: string;
  readonly companyId: string;
  readonly userId: string;
  readonly unreads: number;
  readonly title: string;
  readonly ownerId: string;
  readonly memberIds: readonly string[];
  readonly lastMessage: string;
  readonly updatedAt: string;
  readonly createdAt: string;
}

export interface StoredChatFile {
  /** The object's key in the media bucket. */
  readonly key: string;
  readonly name: string;
  readonly type: ChatFileType;
  readonly contentType: string;
}

export interface StoredChatMessage {
  /** A ULID: the messages' order. */
  readonly id: string;
  readonly chatId: string;
  readonly companyId: string;
  readonly senderId: string;
  /** The sender's name when they sent it: shown once they have left the company. */
  readonly senderName: string;
  readonly message: string;
  readonly file: StoredChatFile | null;
  readonly createdAt: string;
}

// ---- items -------------------------------------------------------------------------------------------

const chatItem = (chat: StoredChat) => ({ ...keys.chat(chat.companyId, chat.id), entity: 'chat', ...chat });

const memberItem = (chat: StoredChat, userId: string) => ({
  ...keys.chatMember(chat.companyId, chat.id, userId),
  ...userChatListIndex(chat.companyId, userId, chat.updatedAt, chat.id),
  entity: 'chatMember',
  chatId: chat.id,
  companyId: chat.companyId,
  userId,
  unreads: 0,
  // The member's copy of what their list shows, the title folded for its search.
  title: chat.title,
  foldedTitle: foldForSearch(chat.title),
  ownerId: chat.ownerId,
  memberIds: chat.memberIds,
  lastMessage: chat.lastMessage,
  updatedAt: chat.updatedAt,
  createdAt: chat.createdAt,
});

function memberOf(item: Record<string, unknown>): StoredChatMember {
  const { foldedTitle: _folded, ...member } = fromItem<StoredChatMember & { foldedTitle?: string }>(item);
  return member;
}

// ---- reads -------------------------------------------------------------------------------------------

export async function getChat(companyId: string, chatId: string): Promise<StoredChat | undefined> {
  const { Item } = await dynamo().send(new GetCommand({ TableName: table(), Key: keys.chat(companyId, chatId), ConsistentRead: true }));
  return Item ? fromItem<StoredChat>(Item) : undefined;
}

/** The user's item in the chat: whether they are a member, and their count. */
export async function getChatMember(companyId: string, chatId: string, userId: string): Promise<StoredChatMember | undefined> {
  const { Item } = await dynamo().send(
    new GetCommand({ TableName: table(), Key: keys.chatMember(companyId, chatId, userId), ConsistentRead: true }),
  );
  return Item ? memberOf(Item) : undefined;
}

/** Every member's item of one chat (one Query of its partition's `MEMBER#` range). */
export async function listChatMembers(companyId: string, chatId: string): Promise<StoredChatMember[]> {
  return (await queryAll(prefixQueryInput(keys.chatMemberPrefix(companyId, chatId), { ConsistentRead: true }))).map(memberOf);
}

/**
 * A page of the user's chats, the latest activity first: `skip` of them passed over (the spec's
 * pageNumber), then `limit`. A `term` keeps the chats whose title contains it (accents and case aside),
 * filtered by DynamoDB as it reads.
 */
export async function userChatsPage(
  companyId: string,
  userId: string,
  { term, skip, limit }: { readonly term: string; readonly skip: number; readonly limit: number },
): Promise<{ members: StoredChatMember[]; hasMore: boolean }> {
  const folded = foldForSearch(term);
  const wanted = skip + limit + 1;
  const input: QueryCommandInput = {
    TableName: table(),
    IndexName: 'GSI1',
    KeyConditionExpression: 'GSI1PK = :pk',
    ExpressionAttributeValues: { ':pk': userChatListPartition(companyId, userId), ...(folded ? { ':term': folded } : {}) },
    ...(folded ? { FilterExpression: 'contains(foldedTitle, :term)' } : {}),
    ScanIndexForward: false,
  };
  const found: Record<string, unknown>[] = [];
  let ExclusiveStartKey: Record<string, unknown> | undefined;
  do {
    const page = await dynamo().send(new QueryCommand({ ...input, Limit: folded ? undefined : wanted - found.length, ExclusiveStartKey }));
    found.push(...(page.Items ?? []));
    ExclusiveStartKey = page.LastEvaluatedKey;
  } while (ExclusiveStartKey && found.length < wanted);
  return { members: found.slice(skip, skip + limit).map(memberOf), hasMore: found.length > skip + limit };
}

/** How many of the user's chats have messages they have not read (one Query of the sparse GSI2 partition). */
export async function countUnreadChats(companyId: string, userId: string): Promise<number> {
  let count = 0;
  let ExclusiveStartKey: Record<string, unknown> | undefined;
  do {
    const page = await dynamo().send(
      new QueryCommand({
        TableName: table(),
        IndexName: 'GSI2',
        KeyConditionExpression: 'GSI2PK = :pk',
        ExpressionAttributeValues: { ':pk': userUnreadChatsPartition(companyId, userId) },
        Select: 'COUNT',
        ExclusiveStartKey,
      }),
    );
    count += page.Count ?? 0;
    ExclusiveStartKey = page.LastEvaluatedKey;
  } while (ExclusiveStartKey);
  return count;
}

/** Every chat the user is a member of (their GSI1 partition): what their leaving the company ends. */
export async function allChatsOfUser(companyId: string, userId: string): Promise<StoredChatMember[]> {
  const items = await queryAll({
    TableName: table(),
    IndexName: 'GSI1',
    KeyConditionExpression: 'GSI1PK = :pk',
    ExpressionAttributeValues: { ':pk': userChatListPartition(companyId, userId) },
  });
  return items.map(memberOf);
}

/** `limit` messages older than `beforeId` (or the newest), newest first; one Query, the same at any depth. */
export async function chatMessagesPage(
  companyId: string,
  chatId: string,
  { beforeId, limit }: { readonly beforeId?: string; readonly limit: number },
): Promise<{ messages: StoredChatMessage[]; hasMore: boolean }> {
  const { Items = [] } = await dynamo().send(
    new QueryCommand({
      ...prefixQueryInput(keys.chatMessagePrefix(companyId, chatId)),
      ScanIndexForward: false,
      Limit: limit + 1,
      ...(beforeId ? { ExclusiveStartKey: keys.chatMessage(companyId, chatId, beforeId) } : {}),
    }),
  );
  return { messages: Items.slice(0, limit).map((item) => fromItem<StoredChatMessage>(item)), hasMore: Items.length > limit };
}

// ---- transaction actions -----------------------------------------------------------------------------

export const putNewChatAction = (chat: StoredChat): TransactItem => ({
  Put: { TableName: table(), Item: chatItem(chat), ConditionExpression: 'attribute_not_exists(PK)' },
});

/**
 * The chat's title, owner and members after a change, on the condition that it is still as `read`: at
 * its version (no other change) and its last message (no message meanwhile, so the new members' copies
 * carry the right one).
 */
export const changeChatAction = (next: StoredChat, read: StoredChat): TransactItem => ({
  Update: {
    TableName: table(),
    Key: keys.chat(read.companyId, read.id),
    UpdateExpression: 'SET title = :title, ownerId = :owner, memberIds = :members, #version = :next',
    ConditionExpression: 'attribute_exists(PK) AND #version = :expected AND updatedAt = :updatedAt',
    ExpressionAttributeNames: { '#version': 'version' },
    ExpressionAttributeValues: {
      ':title': next.title,
      ':owner': next.ownerId,
      ':members': next.memberIds,
      ':next': next.version,
      ':expected': read.version,
      ':updatedAt': read.updatedAt,
    },
  },
});

/** Deletes the chat item if it is still at the version read (its members' items go in the same transaction). */
export const deleteChatAction = (read: StoredChat): TransactItem => ({
  Delete: {
    TableName: table(),
    Key: keys.chat(read.companyId, read.id),
    ConditionExpression: 'attribute_exists(PK) AND #version = :expected',
    ExpressionAttributeNames: { '#version': 'version' },
    ExpressionAttributeValues: { ':expected': read.version },
  },
});

/** A member joining the chat (at its creation or later), with nothing unread. */
export const putChatMemberAction = (chat: StoredChat, userId: string): TransactItem => ({
  Put: { TableName: table(), Item: memberItem(chat, userId), ConditionExpression: 'attribute_not_exists(PK)' },
});

/** A staying member's copy of the chat after a change of title, owner or members; their count and order stay. */
export const refreshChatMemberAction = (chat: StoredChat, userId: string): TransactItem => ({
  Update: {
    TableName: table(),
    Key: keys.chatMember(chat.companyId, chat.id, userId),
    UpdateExpression: 'SET title = :title, foldedTitle = :folded, ownerId = :owner, memberIds = :members',
    ConditionExpression: 'attribute_exists(PK)',
    ExpressionAttributeValues: { ':title': chat.title, ':folded': foldForSearch(chat.title), ':owner': chat.ownerId, ':members': chat.memberIds },
  },
});

export const deleteChatMemberAction = (companyId: string, chatId: string, userId: string): TransactItem => ({
  Delete: { TableName: table(), Key: keys.chatMember(companyId, chatId, userId) },
});

export const putChatMessageAction = (message: StoredChatMessage): TransactItem => ({
  Put: {
    TableName: table(),
    Item: { ...keys.chatMessage(message.companyId, message.chatId, message.id), entity: 'chatMessage', ...message },
    ConditionExpression: 'attribute_not_exists(PK)',
  },
});

/** The chat's last message, on the condition that its members are still those of `version`. */
export const chatMessagedAction = (chat: StoredChat, lastMessage: string, at: string): TransactItem => ({
  Update: {
    TableName: table(),
    Key: keys.chat(chat.companyId, chat.id),
    UpdateExpression: 'SET lastMessage = :last, updatedAt = :at',
    ConditionExpression: 'attribute_exists(PK) AND #version = :version',
    ExpressionAttributeNames: { '#version': 'version' },
    ExpressionAttributeValues: { ':last': lastMessage, ':at': at, ':version': chat.version },
  },
});

/**
 * A member's item after a message: the chat moves to the top of their list with its last message; the
 * sender has read everything, every other member has one more unread (and is on the dot's index).
 */
export function memberMessagedAction(chat: StoredChat, userId: string, fromThem: boolean, lastMessage: string, at: string): TransactItem {
  const list = userChatListIndex(chat.companyId, userId, at, chat.id);
  const common = { ':last': lastMessage, ':at': at, ':order': list.GSI1SK };
  return {
    Update: {
      TableName: table(),
      Key: keys.chatMember(chat.companyId, chat.id, userId),
      ConditionExpression: 'attribute_exists(PK)',
      ...(fromThem
        ? {
            UpdateExpression: 'SET lastMessage = :last, updatedAt = :at, GSI1SK = :order, unreads = :zero REMOVE GSI2PK, GSI2SK',
            ExpressionAttributeValues: { ...common, ':zero': 0 },
          }
        : {
            UpdateExpression:
              'SET lastMessage = :last, updatedAt = :at, GSI1SK = :order, unreads = if_not_exists(unreads, :zero) + :one, GSI2PK = :unreadPk, GSI2SK = :unreadSk',
            ExpressionAttributeValues: {
              ...common,
              ':zero': 0,
              ':one': 1,
              ':unreadPk': userUnreadChatIndex(chat.companyId, userId, chat.id).GSI2PK,
              ':unreadSk': chat.id,
            },
          }),
    },
  };
}

// ---- single writes -----------------------------------------------------------------------------------

/** Sets the member's count to 0 (off the dot's index); false when they are not a member. */
export async function markChatMemberRead(companyId: string, chatId: string, userId: string): Promise<boolean> {
  try {
    await dynamo().send(
      new UpdateCommand({
        TableName: table(),
        Key: keys.chatMember(companyId, chatId, userId),
        UpdateExpression: 'SET unreads = :zero REMOVE GSI2PK, GSI2SK',
        ConditionExpression: 'attribute_exists(PK)',
        ExpressionAttributeValues: { ':zero': 0 },
      }),
    );
    return true;
  } catch (error) {
    if (error instanceof ConditionalCheckFailedException) return false;
    throw error;
  }
}

/** Deletes a member's item left behind by a chat that went, or that no longer lists them. */
export async function deleteChatMember(companyId: string, chatId: string, userId: string): Promise<void> {
  await dynamo().send(new DeleteCommand({ TableName: table(), Key: keys.chatMember(companyId, chatId, userId) }));
}

/**
 * Deletes what is left of a chat once its chat and members' items are gone: its messages, a page at a
 * time (a chat of years holds many); answers the files they pointed at, for the bucket.
 */
export async function deleteChatMessages(companyId: string, chatId: string): Promise<string[]> {
  const fileKeys: string[] = [];
  let ExclusiveStartKey: Record<string, unknown> | undefined;
  do {
    const page = await dynamo().send(
      new QueryCommand({
        ...prefixQueryInput(keys.chatMessagePrefix(companyId, chatId), {
          ProjectionExpression: 'PK, SK, #file',
          ExpressionAttributeNames: { '#file': 'file' },
        }),
        ExclusiveStartKey,
      }),
    );
    const items = page.Items ?? [];
    for (const item of items) {
      const file = item.file as { key?: unknown } | null | undefined;
      if (file && typeof file.key === 'string') fileKeys.push(file.key);
    }
    await batchWriteAll(items.map((item) => ({ DeleteRequest: { Key: { PK: String(item.PK), SK: String(item.SK) } } })));
    ExclusiveStartKey = page.LastEvaluatedKey;
  } while (ExclusiveStartKey);
  return fileKeys;
}
