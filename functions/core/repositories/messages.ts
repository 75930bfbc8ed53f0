/**
 * Messages: items of their ticket's partition (`MSG#<ulid>`, keys.ts), so a page of a conversation is
 * one key-condition Query read newest first, and a message id (`<ticketId>.<ulid>`) finds its item by
 * key. Storing a message also moves its ticket (last message, updatedAt and the list-index sort keys)
 * in the same transaction (conversations/store-message.ts); the ticket keeps the ULID of the newest
 * message it moved to (`lastMessageId`), so concurrent stores never leave an older message as its last,
 * and the ULID of the message its preview shows (`previewMessageId`), which a deletion follows.
 */
import { ConditionalCheckFailedException } from '@aws-sdk/client-dynamodb';
import { GetCommand, QueryCommand, UpdateCommand } from '@aws-sdk/lib-dynamodb';
import type { Ack, MediaType, QuotedMessageDto } from '../../../shared/messages';
import { DELETED_MESSAGE_PREVIEW } from '../../../shared/ticket-rules';
import { dynamo } from '../aws/clients';
import { keys, ticketListIndexes } from './keys';
import type { Ticket } from './tickets';
import { batchGetAll, fromItem, prefixQueryInput, table } from './table';

export interface StoredMessage {
  /** `<ticketId>.<messageUlid>`. */
  readonly id: string;
  readonly companyId: string;
  readonly ticketId: string;
  readonly contactId: string;
  readonly body: string;
  readonly fromMe: boolean;
  readonly mediaType: MediaType;
  /** The file in the private media bucket, with the name and type it is served with; null for none. */
  readonly mediaKey: string | null;
  readonly mediaName: string | null;
  readonly mediaContentType: string | null;
  /** A summary of the message replied to, copied when storing, so a page needs no further reads. */
  readonly quotedMsg: QuotedMessageDto | null;
  readonly isDeleted: boolean;
  readonly isEdited: boolean;
  readonly ack: Ack;
  readonly read: boolean;
  readonly bot: boolean;
  readonly userId: string | null;
  /** WhatsApp's id of the message once the session host has sent it (or for inbound messages). */
  readonly whatsappMessageId: string | null;
  readonly createdAt: string;
  readonly updatedAt: string;
  /**
   * Why WhatsApp will not deliver this outgoing message (a Cloud API send refused for good, or Meta's
   * `failed` status: issue 32), in Meta's words; absent when nothing failed (and on older items).
   */
  readonly failureReason?: string;
  /** Who deleted it and when, kept for audit (the body stays stored too). */
  readonly deletedBy?: string;
  readonly deletedAt?: string;
}

const ULID = /^[0-9A-HJKMNP-TV-Z]{26}$/;

export const messageIdOf = (ticketId: string, messageUlid: string): string => `${ticketId}.${messageUlid}`;

/** The ticket and ULID parts of a message id, or undefined for an id of another shape. */
export function parseMessageId(messageId: string): { ticketId: string; messageUlid: string } | undefined {
  const dot = messageId.lastIndexOf('.');
  const ticketId = messageId.slice(0, dot);
  const messageUlid = messageId.slice(dot + 1);
  return dot > 0 && ULID.test(messageUlid) ? { ticketId, messageUlid } : undefined;
}

function messageKey(companyId: string, messageId: string) {
  const parts = parseMessageId(messageId);
  if (!parts) throw new Error(`Malformed message id ${JSON.stringify(messageId)}`);
  return keys.message(companyId, parts.ticketId, parts.messageUlid);
}

export const messageItem = (message: StoredMessage) => ({
  ...messageKey(message.companyId, message.id),
  entity: 'message',
  ...message,
});

/** The acks of these messages (a campaign report's page), by message id; messages gone are left out. */
export async function getMessageAcks(companyId: string, messageIds: readonly string[]): Promise<Map<string, number>> {
  const ids = [...new Set(messageIds.filter((id) => parseMessageId(id)))];
  if (ids.length === 0) return new Map();
  const items = await batchGetAll(
    ids.map((id) => messageKey(companyId, id)),
    { projection: 'id, ack' },
  );
  return new Map(items.map((item) => [String(item.id), Number(item.ack ?? 0)]));
}

export async function getMessage(companyId: string, messageId: string, consistent = false): Promise<StoredMessage | undefined> {
  if (!parseMessageId(messageId)) return undefined;
  const { Item } = await dynamo().send(
    new GetCommand({ TableName: table(), Key: messageKey(companyId, messageId), ConsistentRead: consistent }),
  );
  return Item ? fromItem<StoredMessage>(Item) : undefined;
}

export interface MessageSlice {
  /** Newest first. */
  readonly messages: StoredMessage[];
  /** Whether older messages exist. */
  readonly hasMore: boolean;
}

/**
 * Up to `limit` messages of a ticket older than the message `beforeUlid` (or the newest ones), newest
 * first: one Query of `limit + 1` items, the extra one telling whether there is more.
 */
export async function readMessages(companyId: string, ticketId: string, limit: number, beforeUlid?: string): Promise<MessageSlice> {
  const prefix = keys.messagePrefix(companyId, ticketId);
  const { Items = [] } = await dynamo().send(
    new QueryCommand({
      ...prefixQueryInput(prefix),
      ScanIndexForward: false,
      Limit: limit + 1,
      ...(beforeUlid ? { ExclusiveStartKey: keys.message(companyId, ticketId, beforeUlid) } : {}),
    }),
  );
  return { messages: Items.slice(0, limit).map((item) => fromItem<StoredMessage>(item)), hasMore: Items.length > limit };
}

/** Items one step of readTicketAndMessages reads beyond the page: the ticket, the extra message, a few notes. */
const CONVERSATION_SLACK = 8;

/**
 * The ticket and its `limit` newest messages, newest first, in one strongly consistent Query of the
 * ticket's partition (keys.ticketConversationRange): the first page of a conversation without a
 * separate read of the ticket. Notes sit between the messages and the ticket; a Query filter drops them,
 * and a ticket with many notes only costs a further page. `ticket` is undefined when there is none.
 */
export async function readTicketAndMessages(
  companyId: string,
  ticketId: string,
  limit: number,
): Promise<MessageSlice & { readonly ticket: Ticket | undefined }> {
  const range = keys.ticketConversationRange(companyId, ticketId);
  let ticket: Ticket | undefined;
  const messages: StoredMessage[] = [];
  let ExclusiveStartKey: Record<string, unknown> | undefined;
  do {
    const page = await dynamo().send(
      new QueryCommand({
        TableName: table(),
        KeyConditionExpression: 'PK = :pk AND SK BETWEEN :from AND :to',
        FilterExpression: '#entity IN (:ticket, :message)',
        ExpressionAttributeNames: { '#entity': 'entity' },
        ExpressionAttributeValues: { ':pk': range.PK, ':from': range.from, ':to': range.to, ':ticket': 'ticket', ':message': 'message' },
        ScanIndexForward: false,
        ConsistentRead: true,
        Limit: limit + CONVERSATION_SLACK,
        ExclusiveStartKey,
      }),
    );
    for (const item of page.Items ?? []) {
      if (item.entity === 'ticket') ticket = fromItem<Ticket>(item);
      else messages.push(fromItem<StoredMessage>(item));
    }
    ExclusiveStartKey = page.LastEvaluatedKey;
  } while (ExclusiveStartKey && messages.length <= limit);
  return { ticket, messages: messages.slice(0, limit), hasMore: messages.length > limit };
}

/**
 * Passes over up to `count` messages of a ticket, newest first from before the message `beforeUlid` (or
 * from the newest), reading keys only: how many there were, and the ULID of the last one passed (where
 * reading goes on). The cost of the spec's `pageNumber` paging when it reaches into earlier tickets.
 */
export async function skipMessages(
  companyId: string,
  ticketId: string,
  count: number,
  beforeUlid?: string,
): Promise<{ readonly skipped: number; readonly lastUlid: string | undefined }> {
  let skipped = 0;
  let lastUlid: string | undefined;
  let ExclusiveStartKey: Record<string, unknown> | undefined = beforeUlid ? { ...keys.message(companyId, ticketId, beforeUlid) } : undefined;
  while (skipped < count) {
    const page = await dynamo().send(
      new QueryCommand({
        ...prefixQueryInput(keys.messagePrefix(companyId, ticketId)),
        ScanIndexForward: false,
        ProjectionExpression: 'SK',
        Limit: count - skipped,
        ExclusiveStartKey,
      }),
    );
    const items = page.Items ?? [];
    skipped += items.length;
    const last = items.at(-1);
    if (last) lastUlid = String(last.SK).slice('MSG#'.length);
    ExclusiveStartKey = page.LastEvaluatedKey;
    if (!ExclusiveStartKey) break;
  }
  return { skipped, lastUlid };
}

/** Longest text a ticket keeps of its last message (list items show one line of it). */
const LAST_MESSAGE_MAX = 200;

/** What a ticket list shows of a message: its text, or for media without text the file's name or kind. */
export function lastMessageText(message: Pick<StoredMessage, 'body' | 'mediaName' | 'mediaType'>): string {
  const text = message.body.trim() || message.mediaName || (message.mediaType === 'chat' ? '' : message.mediaType);
  return text.length > LAST_MESSAGE_MAX ? text.slice(0, LAST_MESSAGE_MAX) : text;
}

/**
 * The transaction action that moves a ticket to a new message: SET its updatedAt, the sort keys of its
 * list indexes and `lastMessageId`, on the condition that the ticket exists and shows no newer message.
 * With `preview` the message also becomes the list preview (lastMessage, previewMessageId, previewBot);
 * an automatic message does so only on the further condition that the preview still shows no person's
 * message (none yet, or another automatic one: conversations/store-message.ts). The index partition keys
 * (status, queue, contact) are not touched, so a concurrent change of status or queue is never undone.
 * Inbound messages also ADD one to the unread counter. A customer's message (not fromMe) also sets
 * `customerMessageAt`, which opens a Cloud API connection's 24-hour reply window (issue 32); an older
 * customer message stored after a newer one (keepTicketForOlderMessage) leaves it as it is, so the window
 * is never taken as longer than it is.
 */
export function moveTicketToMessage(message: StoredMessage, ticket: Ticket, countsAsUnread: boolean, preview = true) {
  const { messageUlid } = parseMessageId(message.id) ?? {};
  if (!messageUlid) throw new Error(`Malformed message id ${message.id}`);
  const order = ticketListIndexes({ ...ticket, updatedAt: message.createdAt }).GSI1SK;
  const botPreview = preview && message.bot;
  return {
    Update: {
      TableName: table(),
      Key: keys.ticket(message.companyId, message.ticketId),
      UpdateExpression:
        (preview ? 'SET lastMessage = :text, previewMessageId = :mid, previewBot = :bot, ' : 'SET ') +
        (message.fromMe ? '' : 'customerMessageAt = :at, ') +
        'updatedAt = :at, lastMessageId = :mid, GSI1SK = :order, GSI2SK = :order, GSI3SK = :order' +
        (countsAsUnread ? ' ADD unreadMessages :one' : ''),
      ConditionExpression:
        'attribute_exists(PK) AND (attribute_not_exists(lastMessageId) OR lastMessageId < :mid)' +
        (botPreview ? ' AND (lastMessage = :none OR previewBot = :bot)' : ''),
      ExpressionAttributeValues: {
        ...(preview ? { ':text': lastMessageText(message), ':bot': message.bot } : {}),
        ':at': message.createdAt,
        ':mid': messageUlid,
        ':order': order,
        ...(botPreview ? { ':none': '' } : {}),
        ...(countsAsUnread ? { ':one': 1 } : {}),
      },
    },
  };
}

/** The transaction action for a message stored without moving its ticket (a newer one is shown). */
export function keepTicketForOlderMessage(message: StoredMessage, countsAsUnread: boolean) {
  const Key = keys.ticket(message.companyId, message.ticketId);
  return countsAsUnread
    ? {
        Update: {
          TableName: table(),
          Key,
          UpdateExpression: 'ADD unreadMessages :one',
          ConditionExpression: 'attribute_exists(PK)',
          ExpressionAttributeValues: { ':one': 1 },
        },
      }
    : { ConditionCheck: { TableName: table(), Key, ConditionExpression: 'attribute_exists(PK)' } };
}

/** The transaction action that stores a new message. */
export const putNewMessage = (message: StoredMessage) => ({
  Put: { TableName: table(), Item: messageItem(message), ConditionExpression: 'attribute_not_exists(PK)' },
});

/**
 * Sets fields of an existing message when `condition` (over the item, with `values`) holds; answers the
 * message after the change, or undefined when it is missing or the condition failed.
 */
async function updateMessage(
  companyId: string,
  messageId: string,
  update: { expression: string; condition?: string; names?: Record<string, string>; values: Record<string, unknown> },
): Promise<StoredMessage | undefined> {
  if (!parseMessageId(messageId)) return undefined;
  try {
    const { Attributes } = await dynamo().send(
      new UpdateCommand({
        TableName: table(),
        Key: messageKey(companyId, messageId),
        UpdateExpression: update.expression,
        ConditionExpression: `attribute_exists(PK)${update.condition ? ` AND ${update.condition}` : ''}`,
        ...(update.names ? { ExpressionAttributeNames: update.names } : {}),
        ExpressionAttributeValues: update.values,
        ReturnValues: 'ALL_NEW',
      }),
    );
    return Attributes ? fromItem<StoredMessage>(Attributes) : undefined;
  } catch (error) {
    if (error instanceof ConditionalCheckFailedException) return undefined;
    throw error;
  }
}

/**
 * Raises a message's ack; acks only ever grow (a late "delivered" after "read" is ignored). Answers the
 * message after the change, or undefined when it is missing or already at that ack or beyond.
 */
export function setMessageAck(companyId: string, messageId: string, ack: Ack, now: Date): Promise<StoredMessage | undefined> {
  return updateMessage(companyId, messageId, {
    expression: 'SET ack = :ack, updatedAt = :now',
    condition: 'ack < :ack',
    values: { ':ack': ack, ':now': now.toISOString() },
  });
}

/**
 * Records why WhatsApp will not deliver an outgoing message (issue 32); its ack stays as it is. Answers
 * the message after the change, or undefined when it is missing, not ours, or already says this reason.
 */
export function setMessageFailureReason(companyId: string, messageId: string, reason: string, now: Date): Promise<StoredMessage | undefined> {
  return updateMessage(companyId, messageId, {
    expression: 'SET failureReason = :reason, updatedAt = :now',
    condition: 'fromMe = :true AND (attribute_not_exists(failureReason) OR failureReason <> :reason)',
    values: { ':reason': reason, ':now': now.toISOString(), ':true': true },
  });
}

/** Records the WhatsApp id an outgoing message left with; undefined when the message is gone. */
export function setMessageWhatsappId(companyId: string, messageId: string, whatsappMessageId: string, now: Date): Promise<StoredMessage | undefined> {
  return updateMessage(companyId, messageId, {
    expression: 'SET whatsappMessageId = :id, updatedAt = :now',
    values: { ':id': whatsappMessageId, ':now': now.toISOString() },
  });
}

/** Replaces the text of a message edited on WhatsApp and flags it edited; undefined when missing. */
export function setMessageEdited(companyId: string, messageId: string, body: string, now: Date): Promise<StoredMessage | undefined> {
  return updateMessage(companyId, messageId, {
    expression: 'SET body = :body, isEdited = :true, updatedAt = :now',
    values: { ':body': body, ':true': true, ':now': now.toISOString() },
  });
}

/**
 * Flags a message deleted, on the condition that it is not yet: of two deletes at once one wins. The
 * body stays stored (audit). Undefined when the message is missing or was already deleted.
 */
export function setMessageDeleted(companyId: string, messageId: string, userId: string | null, now: Date): Promise<StoredMessage | undefined> {
  return updateMessage(companyId, messageId, {
    expression: 'SET isDeleted = :true, deletedAt = :now, deletedBy = :by, updatedAt = :now',
    condition: 'isDeleted = :false',
    values: { ':true': true, ':false': false, ':now': now.toISOString(), ':by': userId ?? 'whatsapp' },
  });
}

/**
 * The ticket's preview shows the message: `previewMessageId` is its ULID (tickets stored before
 * `previewMessageId` was kept: their newest message is the one).
 */
const PREVIEW_SHOWS_MESSAGE =
  'attribute_exists(PK) AND (previewMessageId = :mid OR (attribute_not_exists(previewMessageId) AND lastMessageId = :mid))';

/**
 * The ticket's preview follows the deletion of the message it shows: lastMessage becomes
 * DELETED_MESSAGE_PREVIEW on the condition that the preview still shows that message. Neither updatedAt
 * nor the list order change: a deletion is no new activity. Answers the ticket after the change, or
 * undefined when it shows another message (or is gone).
 */
export function showDeletionInPreview(message: Pick<StoredMessage, 'companyId' | 'ticketId' | 'id'>): Promise<Ticket | undefined> {
  return rewritePreview(message, { update: 'SET lastMessage = :deleted', values: { ':deleted': DELETED_MESSAGE_PREVIEW } });
}

/**
 * The ticket's preview follows an edit of the message it shows: lastMessage becomes the message's text
 * as it is now (lastMessageText), on the condition that the preview still shows that message and not
 * its deletion (an edit that arrives after the message was deleted leaves the deletion shown). Like a
 * deletion, an edit is no new activity: updatedAt and the list order stay. Answers the ticket after the
 * change, or undefined when it shows another message (or is gone).
 */
export function showEditInPreview(message: Pick<StoredMessage, 'companyId' | 'ticketId' | 'id' | 'body' | 'mediaName' | 'mediaType'>): Promise<Ticket | undefined> {
  return rewritePreview(message, {
    update: 'SET lastMessage = :text',
    condition: 'lastMessage <> :deleted',
    values: { ':text': lastMessageText(message), ':deleted': DELETED_MESSAGE_PREVIEW },
  });
}

/** One write of the preview of the message's ticket, held by PREVIEW_SHOWS_MESSAGE (and `change.condition`). */
async function rewritePreview(
  message: Pick<StoredMessage, 'companyId' | 'ticketId' | 'id'>,
  change: { readonly update: string; readonly condition?: string; readonly values: Readonly<Record<string, unknown>> },
): Promise<Ticket | undefined> {
  const { messageUlid } = parseMessageId(message.id) ?? {};
  if (!messageUlid) return undefined;
  try {
    const { Attributes } = await dynamo().send(
      new UpdateCommand({
        TableName: table(),
        Key: keys.ticket(message.companyId, message.ticketId),
        UpdateExpression: change.update,
        ConditionExpression: change.condition === undefined ? PREVIEW_SHOWS_MESSAGE : `${PREVIEW_SHOWS_MESSAGE} AND ${change.condition}`,
        ExpressionAttributeValues: { ...change.values, ':mid': messageUlid },
        ReturnValues: 'ALL_NEW',
      }),
    );
    return Attributes ? fromItem<Ticket>(Attributes) : undefined;
  } catch (error) {
    if (error instanceof ConditionalCheckFailedException) return undefined;
    throw error;
  }
}

/** Flags inbound messages read (an agent opened the conversation). */
export async function setMessagesRead(companyId: string, messageIds: readonly string[], now: Date): Promise<void> {
  await Promise.all(
    messageIds.map((messageId) =>
      updateMessage(companyId, messageId, {
        expression: 'SET #read = :true, updatedAt = :now',
        names: { '#read': 'read' },
        values: { ':true': true, ':now': now.toISOString() },
      }),
    ),
  );
}
