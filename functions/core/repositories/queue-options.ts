/**
 * The options of a queue's chatbot menu: a tree. Each node is an item of the company partition found by
 * its id (keys.queueOption), and listed under its parent, in menu order, through GSI1
 * (queueOptionListIndex: one index partition per queue and parent).
 */
import { GetCommand, QueryCommand } from '@aws-sdk/lib-dynamodb';
import { dynamo } from '../aws/clients';
import { keys, queueOptionListIndex } from './keys';
import { batchWriteAll, fromItem, queryAll, table } from './table';
import type { TransactItem } from './transaction';

export interface QueueOption {
  readonly id: string;
  readonly companyId: string;
  readonly queueId: string;
  /** null for the top level of the menu. */
  readonly parentId: string | null;
  readonly title: string;
  readonly message: string;
  /** Position among its siblings. */
  readonly option: number;
  readonly createdAt: string;
  readonly updatedAt: string;
}

export const queueOptionItem = (option: QueueOption) => ({
  ...keys.queueOption(option.companyId, option.id),
  ...queueOptionListIndex(option.companyId, option.queueId, option.parentId, option.option),
  entity: 'queueOption',
  ...option,
});

/** Menu order: position, then creation (positions may repeat; ids are time-sortable). */
export const compareOptions = (a: QueueOption, b: QueueOption): number => a.option - b.option || a.id.localeCompare(b.id);

/** One option of the company, read strongly consistent (it is checked before being changed or used as a parent). */
export async function getQueueOption(companyId: string, optionId: string): Promise<QueueOption | undefined> {
  const { Item } = await dynamo().send(
    new GetCommand({ TableName: table(), Key: keys.queueOption(companyId, optionId), ConsistentRead: true }),
  );
  return Item ? fromItem<QueueOption>(Item) : undefined;
}

/** The options directly under a parent (null: the top level) of one queue, in menu order. */
export async function listChildOptions(companyId: string, queueId: string, parentId: string | null): Promise<QueueOption[]> {
  const { GSI1PK } = queueOptionListIndex(companyId, queueId, parentId, 0);
  const items = await queryAll({
    TableName: table(),
    IndexName: 'GSI1',
    KeyConditionExpression: 'GSI1PK = :pk',
    ExpressionAttributeValues: { ':pk': GSI1PK },
  });
  return items.map((item) => fromItem<QueueOption>(item)).sort(compareOptions);
}

/** Child lists read at once while walking a tree: enough to be quick, few enough not to throttle. */
const CONCURRENT_READS = 8;

/**
 * Every option under a parent (null: the whole menu), level by level: the first level holds the
 * parent's children, the next their children, and so on. One Query per option with possible children;
 * a menu is a few dozen options.
 */
export async function listOptionLevels(companyId: string, queueId: string, parentId: string | null): Promise<QueueOption[][]> {
  const levels: QueueOption[][] = [];
  const seen = new Set<string>();
  let parents: (string | null)[] = [parentId];
  while (parents.length > 0) {
    const children: QueueOption[] = [];
    for (let start = 0; start < parents.length; start += CONCURRENT_READS) {
      const lists = await Promise.all(
        parents.slice(start, start + CONCURRENT_READS).map((parent) => listChildOptions(companyId, queueId, parent)),
      );
      // Options never move, so a cycle cannot exist; the check only makes the walk finite whatever the data.
      children.push(...lists.flat().filter((option) => !seen.has(option.id)));
    }
    if (children.length === 0) break;
    for (const option of children) seen.add(option.id);
    levels.push(children);
    parents = children.map((option) => option.id);
  }
  return levels;
}

/** The highest position under a parent, or 0 when it has no options yet. */
export async function lastOptionPosition(companyId: string, queueId: string, parentId: string | null): Promise<number> {
  const { GSI1PK } = queueOptionListIndex(companyId, queueId, parentId, 0);
  const { Items = [] } = await dynamo().send(
    new QueryCommand({
      TableName: table(),
      IndexName: 'GSI1',
      KeyConditionExpression: 'GSI1PK = :pk',
      ExpressionAttributeValues: { ':pk': GSI1PK },
      ScanIndexForward: false,
      Limit: 1,
    }),
  );
  const last = Items[0];
  return last ? Number(last.option) : 0;
}

/** Deletes options by id, in the order given. */
export async function deleteQueueOptions(companyId: string, optionIds: readonly string[]): Promise<void> {
  await batchWriteAll(optionIds.map((id) => ({ DeleteRequest: { Key: keys.queueOption(companyId, id) } })));
}

// ---- transaction actions ----------------------------------------------------------------------------

export const putNewQueueOptionAction = (option: QueueOption): TransactItem => ({
  Put: { TableName: table(), Item: queueOptionItem(option), ConditionExpression: 'attribute_not_exists(PK)' },
});

/** Writes the option over the stored one; fails when it is gone. */
export const replaceQueueOptionAction = (option: QueueOption): TransactItem => ({
  Put: { TableName: table(), Item: queueOptionItem(option), ConditionExpression: 'attribute_exists(PK)' },
});

/** Holds while the option exists and belongs to the queue (so an option created under it is no orphan). */
export const checkQueueOptionAction = (companyId: string, optionId: string, queueId: string): TransactItem => ({
  ConditionCheck: {
    TableName: table(),
    Key: keys.queueOption(companyId, optionId),
    ConditionExpression: 'attribute_exists(PK) AND queueId = :queueId',
    ExpressionAttributeValues: { ':queueId': queueId },
  },
});
