/**
 * Tags of a company: one item per tag in the company partition. A company has tens of tags, not
 * thousands, so lists read the partition's tags with one key-condition Query and page in memory.
 *
 * `ticketsCount` is a counter on the tag item: 0 at creation, and ticket tagging (a later issue) keeps
 * it with `ADD ticketsCount :n` in the same transaction as the ticket-tag link it counts. Writes here
 * never overwrite it.
 */
import { ConditionalCheckFailedException } from '@aws-sdk/client-dynamodb';
import { DeleteCommand, GetCommand, PutCommand, UpdateCommand } from '@aws-sdk/lib-dynamodb';
import type { KanbanFlag, Tag } from '../../../shared/tags';
import { dynamo } from '../aws/clients';
import { keys } from './keys';
import { batchGetAll, queryPrefix, table } from './table';
import type { TransactItem } from './transaction';

export const tagItem = (companyId: string, tag: Tag) => ({ ...keys.tag(companyId, tag.id), entity: 'tag', companyId, ...tag });

/** The tag as the API answers it, field by field, so nothing stored beside it leaks out. */
function tagFromItem(item: Record<string, unknown>): Tag {
  return {
    id: String(item.id),
    name: String(item.name),
    color: String(item.color),
    kanban: item.kanban === 1 ? 1 : 0,
    userId: typeof item.userId === 'string' ? item.userId : null,
    ticketsCount: typeof item.ticketsCount === 'number' ? item.ticketsCount : 0,
    createdAt: String(item.createdAt),
    updatedAt: String(item.updatedAt),
  };
}

export async function putNewTag(companyId: string, tag: Tag): Promise<void> {
  await dynamo().send(
    new PutCommand({ TableName: table(), Item: tagItem(companyId, tag), ConditionExpression: 'attribute_not_exists(PK)' }),
  );
}

export async function getTag(companyId: string, tagId: string): Promise<Tag | undefined> {
  const { Item } = await dynamo().send(new GetCommand({ TableName: table(), Key: keys.tag(companyId, tagId) }));
  return Item ? tagFromItem(Item) : undefined;
}

/** Every tag of the company, by name (accents and case aside), then by creation. */
export async function listTags(companyId: string): Promise<Tag[]> {
  const tags = (await queryPrefix(keys.tagPrefix(companyId))).map(tagFromItem);
  return tags.sort((a, b) => a.name.localeCompare(b.name, 'pt-BR', { sensitivity: 'base' }) || a.id.localeCompare(b.id));
}

export interface TagChanges {
  readonly name: string;
  readonly color: string;
  /** Left as it is when undefined. */
  readonly kanban?: KanbanFlag;
}

/** Applies the changes to an existing tag and answers it; undefined when the tag does not exist. */
export async function updateTag(companyId: string, tagId: string, changes: TagChanges, now = new Date()): Promise<Tag | undefined> {
  const sets = ['#name = :name', 'color = :color', 'updatedAt = :updatedAt'];
  const values: Record<string, unknown> = { ':name': changes.name, ':color': changes.color, ':updatedAt': now.toISOString() };
  if (changes.kanban !== undefined) {
    sets.push('kanban = :kanban');
    values[':kanban'] = changes.kanban;
  }
  try {
    const { Attributes } = await dynamo().send(
      new UpdateCommand({
        TableName: table(),
        Key: keys.tag(companyId, tagId),
        UpdateExpression: `SET ${sets.join(', ')}`,
        ConditionExpression: 'attribute_exists(PK)',
        ExpressionAttributeNames: { '#name': 'name' },
        ExpressionAttributeValues: values,
        ReturnValues: 'ALL_NEW',
      }),
    );
    return Attributes ? tagFromItem(Attributes) : undefined;
  } catch (error) {
    if (error instanceof ConditionalCheckFailedException) return undefined;
    throw error;
  }
}

/** Deletes the tag; answers whether it existed. */
export async function deleteTag(companyId: string, tagId: string): Promise<boolean> {
  try {
    await dynamo().send(
      new DeleteCommand({ TableName: table(), Key: keys.tag(companyId, tagId), ConditionExpression: 'attribute_exists(PK)' }),
    );
    return true;
  } catch (error) {
    if (error instanceof ConditionalCheckFailedException) return false;
    throw error;
  }
}

/** Whether a tag is a kanban lane, by id. */
export interface TagKind {
  readonly id: string;
  readonly kanban: boolean;
}

/** The kind of each of the given tags, by id; tags that do not exist are left out. */
export async function getTagKinds(companyId: string, tagIds: readonly string[]): Promise<Map<string, TagKind>> {
  const unique = [...new Set(tagIds)];
  if (unique.length === 0) return new Map();
  const items = await batchGetAll(unique.map((id) => keys.tag(companyId, id)), { projection: 'id, kanban' });
  return new Map(items.map((item) => [String(item.id), { id: String(item.id), kanban: item.kanban === 1 }]));
}

/** The ids of the given tags that still exist (a tag deleted meanwhile is left out). */
export async function existingTagIds(companyId: string, tagIds: readonly string[]): Promise<string[]> {
  const items = await batchGetAll(tagIds.map((tagId) => keys.tag(companyId, tagId)), { projection: 'id' });
  return items.map((item) => String(item.id));
}

export interface TagSummary {
  readonly id: string;
  readonly name: string;
  readonly color: string;
}

/** Name and colour of the given tags (distinct ids), by id; tags that do not exist are left out. */
export async function getTagSummaries(companyId: string, tagIds: readonly string[]): Promise<Map<string, TagSummary>> {
  if (tagIds.length === 0) return new Map();
  const items = await batchGetAll(
    tagIds.map((id) => keys.tag(companyId, id)),
    { projection: 'id, #name, color', names: { '#name': 'name' } },
  );
  return new Map(items.map((item) => [String(item.id), { id: String(item.id), name: String(item.name), color: String(item.color) }]));
}

/** Adds `delta` to a tag's ticket counter, on the condition that the tag exists (never creates one). */
export function tagCounterAction(companyId: string, tagId: string, delta: number): TransactItem {
  return {
    Update: {
      TableName: table(),
      Key: keys.tag(companyId, tagId),
      UpdateExpression: 'ADD ticketsCount :delta',
      ConditionExpression: 'attribute_exists(PK)',
      ExpressionAttributeValues: { ':delta': delta },
    },
  };
}
