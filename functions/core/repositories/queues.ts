/**
 * Queues (departments) of a company, with the item that keeps each colour unique in the company. A
 * company's queues are few (bounded by its plan), so they are listed with one key-condition Query of the
 * company partition.
 */
import { ConditionalCheckFailedException } from '@aws-sdk/client-dynamodb';
import { GetCommand, UpdateCommand } from '@aws-sdk/lib-dynamodb';
import type { QueueDto } from '../../../shared/queues';
import type { QueueSummary } from '../../../shared/sign-in';
import { dynamo } from '../aws/clients';
import { keys } from './keys';
import { batchGetAll, fromItem, queryPrefix, table } from './table';
import type { TransactItem } from './transaction';

/** A queue as stored: the API's shape with its company. */
export interface Queue extends Omit<QueueDto, 'updatedAt'> {
  readonly companyId: string;
  /** Absent on a queue never changed since it was created with its company. */
  readonly updatedAt?: string;
}

export const queueItem = (queue: Queue) => ({ ...keys.queue(queue.companyId, queue.id), entity: 'queue', ...queue });

export const queueColorItem = (queue: Pick<Queue, 'companyId' | 'id' | 'color'>) => ({
  ...keys.uniqueQueueColor(queue.companyId, queue.color),
  entity: 'uniqueQueueColor',
  queueId: queue.id,
});

export const toQueueDto = (queue: Queue): QueueDto => ({
  id: queue.id,
  name: queue.name,
  color: queue.color,
  orderQueue: queue.orderQueue,
  greetingMessage: queue.greetingMessage,
  outOfHoursMessage: queue.outOfHoursMessage,
  schedules: queue.schedules,
  promptId: queue.promptId,
  integrationId: queue.integrationId,
  createdAt: queue.createdAt,
  updatedAt: queue.updatedAt ?? queue.createdAt,
});

/** Lists order: `orderQueue` ascending, then name (accents and case ignored). */
export const compareQueues = (a: Pick<Queue, 'orderQueue' | 'name' | 'id'>, b: Pick<Queue, 'orderQueue' | 'name' | 'id'>): number =>
  a.orderQueue - b.orderQueue || a.name.localeCompare(b.name, 'pt', { sensitivity: 'base' }) || a.id.localeCompare(b.id);

/** One queue of the company; strongly consistent when about to be changed. */
export async function getQueue(companyId: string, queueId: string, consistent = false): Promise<Queue | undefined> {
  const { Item } = await dynamo().send(
    new GetCommand({ TableName: table(), Key: keys.queue(companyId, queueId), ConsistentRead: consistent }),
  );
  return Item ? fromItem<Queue>(Item) : undefined;
}

/** Every queue of the company, in list order. */
export async function listQueues(companyId: string): Promise<Queue[]> {
  const items = await queryPrefix(keys.queuePrefix(companyId));
  return items.map((item) => fromItem<Queue>(item)).sort(compareQueues);
}

/**
 * Name and colour of the given queues of one company, in the order of the ids (distinct); ids without
 * a queue are left out.
 */
export async function getQueueSummaries(companyId: string, queueIds: readonly string[]): Promise<QueueSummary[]> {
  const items = await batchGetAll(
    queueIds.map((id) => keys.queue(companyId, id)),
    { projection: 'id, #name, color', names: { '#name': 'name' } },
  );
  const found = new Map(items.map((item) => [String(item.id), item]));
  return queueIds.flatMap((id) => {
    const item = found.get(id);
    return item ? [{ id, name: String(item.name), color: String(item.color) }] : [];
  });
}

/**
 * Clears the queue's link to a deleted integration, only while it still names that one (a concurrent
 * save may have named another). Answers the queue after the change, or undefined when it was not made.
 */
export async function unlinkQueueIntegration(companyId: string, queueId: string, integrationId: string, now: Date): Promise<Queue | undefined> {
  try {
    const { Attributes } = await dynamo().send(
      new UpdateCommand({
        TableName: table(),
        Key: keys.queue(companyId, queueId),
        UpdateExpression: 'SET integrationId = :none, updatedAt = :now',
        ConditionExpression: 'attribute_exists(PK) AND integrationId = :integrationId',
        ExpressionAttributeValues: { ':none': null, ':now': now.toISOString(), ':integrationId': integrationId },
        ReturnValues: 'ALL_NEW',
      }),
    );
    return Attributes ? fromItem<Queue>(Attributes) : undefined;
  } catch (error) {
    if (error instanceof ConditionalCheckFailedException) return undefined;
    throw error;
  }
}

/** Whether a colour change needs another uniqueness item (colours compare without case). */
export const queueColorKeyChanged = (before: Pick<Queue, 'companyId' | 'color'>, after: Pick<Queue, 'companyId' | 'color'>): boolean =>
  keys.uniqueQueueColor(before.companyId, before.color).SK !== keys.uniqueQueueColor(after.companyId, after.color).SK;

// ---- transaction actions ----------------------------------------------------------------------------

const isNew = 'attribute_not_exists(PK)';

export const putNewQueueAction = (queue: Queue): TransactItem => ({
  Put: { TableName: table(), Item: queueItem(queue), ConditionExpression: isNew },
});

/** Writes the queue over the one read as `before`, only while its colour is still the one read. */
export const replaceQueueAction = (before: Pick<Queue, 'color'>, queue: Queue): TransactItem => ({
  Put: {
    TableName: table(),
    Item: queueItem(queue),
    ConditionExpression: 'attribute_exists(PK) AND #color = :previousColor',
    ExpressionAttributeNames: { '#color': 'color' },
    ExpressionAttributeValues: { ':previousColor': before.color },
  },
});

/** Deletes the queue, only while its colour is still the one read. */
export const deleteQueueAction = (queue: Pick<Queue, 'companyId' | 'id' | 'color'>): TransactItem => ({
  Delete: {
    TableName: table(),
    Key: keys.queue(queue.companyId, queue.id),
    ConditionExpression: 'attribute_exists(PK) AND #color = :color',
    ExpressionAttributeNames: { '#color': 'color' },
    ExpressionAttributeValues: { ':color': queue.color },
  },
});

/** Holds while the queue exists. */
export const checkQueueAction = (companyId: string, queueId: string): TransactItem => ({
  ConditionCheck: { TableName: table(), Key: keys.queue(companyId, queueId), ConditionExpression: 'attribute_exists(PK)' },
});

/** Takes the queue's colour in the company; fails when another queue has it. */
export const claimQueueColorAction = (queue: Pick<Queue, 'companyId' | 'id' | 'color'>): TransactItem => ({
  Put: { TableName: table(), Item: queueColorItem(queue), ConditionExpression: isNew },
});

/** Frees the queue's colour. Never one that some other queue holds; a missing item is nothing to free. */
export const releaseQueueColorAction = (queue: Pick<Queue, 'companyId' | 'id' | 'color'>): TransactItem => ({
  Delete: {
    TableName: table(),
    Key: keys.uniqueQueueColor(queue.companyId, queue.color),
    ConditionExpression: 'attribute_not_exists(PK) OR queueId = :queueId',
    ExpressionAttributeValues: { ':queueId': queue.id },
  },
});
