/**
 * Quick messages: one item per quick message in the company partition (`QM#<ulid>`). A company keeps
 * tens to a few hundred of them, so lists read the company's quick messages with one key-condition
 * Query and filter (visibility, search) and page in memory.
 */
import { ConditionalCheckFailedException } from '@aws-sdk/client-dynamodb';
import { DeleteCommand, GetCommand, PutCommand, UpdateCommand } from '@aws-sdk/lib-dynamodb';
import type { QuickMessage } from '../../../shared/quick-messages';
import { dynamo } from '../aws/clients';
import { keys } from './keys';
import { fromItem, queryPrefix, setFields, table } from './table';

/** As stored: the API's shape without what is derived per answer (the presigned URL, isMedia). */
export type StoredQuickMessage = Omit<QuickMessage, 'mediaUrl' | 'isMedia'>;

export const quickMessageItem = (companyId: string, quickMessage: StoredQuickMessage) => ({
  ...keys.quickMessage(companyId, quickMessage.id),
  entity: 'quickMessage',
  companyId,
  ...quickMessage,
});

/** The stored fields only, whatever else the item carries. */
function quickMessageFromItem(item: Record<string, unknown>): StoredQuickMessage {
  const stored = fromItem<StoredQuickMessage & { companyId?: string }>(item);
  const { companyId: _companyId, ...quickMessage } = stored;
  return quickMessage;
}

export async function putNewQuickMessage(companyId: string, quickMessage: StoredQuickMessage): Promise<void> {
  await dynamo().send(
    new PutCommand({ TableName: table(), Item: quickMessageItem(companyId, quickMessage), ConditionExpression: 'attribute_not_exists(PK)' }),
  );
}

export async function getQuickMessage(companyId: string, id: string): Promise<StoredQuickMessage | undefined> {
  const { Item } = await dynamo().send(new GetCommand({ TableName: table(), Key: keys.quickMessage(companyId, id) }));
  return Item ? quickMessageFromItem(Item) : undefined;
}

/** Every quick message of the company, oldest first. */
export async function listQuickMessages(companyId: string): Promise<StoredQuickMessage[]> {
  return (await queryPrefix(keys.quickMessagePrefix(companyId))).map(quickMessageFromItem);
}

export type QuickMessageChanges = Partial<Omit<StoredQuickMessage, 'id' | 'createdAt' | 'userId'>>;

export interface ChangedQuickMessage {
  readonly before: StoredQuickMessage;
  readonly after: StoredQuickMessage;
}

/**
 * Sets the given fields of an existing quick message, on the condition that it is still as the caller
 * last read it (`expectedUpdatedAt`), so a permission decided on that read cannot be outrun by another
 * change. Undefined when it is missing or changed meanwhile.
 */
export async function setQuickMessageFields(
  companyId: string,
  id: string,
  changes: QuickMessageChanges,
  expectedUpdatedAt: string,
): Promise<ChangedQuickMessage | undefined> {
  const update = setFields(changes);
  try {
    const { Attributes } = await dynamo().send(
      new UpdateCommand({
        TableName: table(),
        Key: keys.quickMessage(companyId, id),
        ...update,
        ConditionExpression: 'attribute_exists(PK) AND #expected = :expected',
        ExpressionAttributeNames: { ...update.ExpressionAttributeNames, '#expected': 'updatedAt' },
        ExpressionAttributeValues: { ...update.ExpressionAttributeValues, ':expected': expectedUpdatedAt },
        ReturnValues: 'ALL_OLD',
      }),
    );
    if (!Attributes) return undefined;
    const before = quickMessageFromItem(Attributes);
    const defined = Object.fromEntries(Object.entries(changes as Record<string, unknown>).filter(([, value]) => value !== undefined));
    return { before, after: { ...before, ...defined } };
  } catch (error) {
    if (error instanceof ConditionalCheckFailedException) return undefined;
    throw error;
  }
}

/**
 * Deletes the quick message if it is still as the caller last read it; answers what was deleted, or
 * undefined when it is missing or changed meanwhile.
 */
export async function removeQuickMessage(companyId: string, id: string, expectedUpdatedAt: string): Promise<StoredQuickMessage | undefined> {
  try {
    const { Attributes } = await dynamo().send(
      new DeleteCommand({
        TableName: table(),
        Key: keys.quickMessage(companyId, id),
        ConditionExpression: 'attribute_exists(PK) AND updatedAt = :expected',
        ExpressionAttributeValues: { ':expected': expectedUpdatedAt },
        ReturnValues: 'ALL_OLD',
      }),
    );
    return Attributes ? quickMessageFromItem(Attributes) : undefined;
  } catch (error) {
    if (error instanceof ConditionalCheckFailedException) return undefined;
    throw error;
  }
}
