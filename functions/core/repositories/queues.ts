/**
 * Queues (departments) of a company, with the item that keeps each colour unique in the company. A
 * company's queues are few (bounded by its plan), so they are listed with one key-condition Query of the
 * company partition.
 */
import { BatchGetCommand, GetCommand, QueryCommand, UpdateCommand, type QueryCommandInput } from '@aws-sdk/lib-dynamodb';
import { ConditionalCheckFailedException } from '@aws-sdk/client-dynamodb';
import type { QueueDto } from '../../../shared/queues';
import type { ScheduleEntry } from '../../../shared/schedules';
import type { QueueSummary } from '../../../shared/session';
import { dynamo } from '../aws/clients';
import { keys } from './keys';
import { fromItem, table } from './table';

export interface Queue {
  readonly id: string;
  readonly companyId: string;
  readonly name: string;
  readonly color: string;
  readonly orderQueue: number;
  readonly greetingMessage: string;
  readonly outOfHoursMessage: string;
  readonly schedules: readonly ScheduleEntry[];
  readonly promptId: string | null;
  readonly integrationId: string | null;
  readonly createdAt: string;
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
export const compareQueues = (a: Queue, b: Queue): number =>
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
  const { PK, SKPrefix } = keys.queuePrefix(companyId);
  const items = await queryAll({
    TableName: table(),
    KeyConditionExpression: 'PK = :pk AND begins_with(SK, :sk)',
    ExpressionAttributeValues: { ':pk': PK, ':sk': SKPrefix },
  });
  return items.map((item) => fromItem<Queue>(item)).sort(compareQueues);
}

/** Name and colour of the given queues of one company (at most 100 ids, a BatchGet's limit). */
export async function getQueueSummaries(companyId: string, queueIds: readonly string[]): Promise<QueueSummary[]> {
  if (queueIds.length === 0) return [];
  const { Responses } = await dynamo().send(
    new BatchGetCommand({
      RequestItems: {
        [table()]: {
          Keys: queueIds.slice(0, 100).map((id) => keys.queue(companyId, id)),
          ProjectionExpression: 'id, #name, color',
          ExpressionAttributeNames: { '#name': 'name' },
        },
      },
    }),
  );
  const found = new Map((Responses?.[table()] ?? []).map((item) => [String(item.id), item]));
  return queueIds.flatMap((id) => {
    const item = found.get(id);
    return item ? [{ id, name: String(item.name), color: String(item.color) }] : [];
  });
}

/**
 * Takes a deleted queue out of the `queueIds` of every user of the company, so nobody keeps a queue
 * that no longer exists. The users are in the company partition and bounded by the plan: one Query,
 * filtered to those holding the queue. Each removal is conditional on the list still holding the id at
 * that position, and re-read on a concurrent change. (It touches user items, which the users
 * repository owns; it lives here because only a queue's deletion needs it.)
 */
export async function removeQueueFromUsers(companyId: string, queueId: string, now: Date): Promise<number> {
  const { PK, SKPrefix } = keys.userPrefix(companyId);
  const holders = await queryAll({
    TableName: table(),
    KeyConditionExpression: 'PK = :pk AND begins_with(SK, :sk)',
    FilterExpression: 'contains(queueIds, :queueId)',
    ProjectionExpression: 'id, queueIds',
    ExpressionAttributeValues: { ':pk': PK, ':sk': SKPrefix, ':queueId': queueId },
  });
  for (const holder of holders) {
    await removeFromUserQueues(companyId, String(holder.id), queueId, (holder.queueIds ?? []) as readonly string[], now);
  }
  return holders.length;
}

async function removeFromUserQueues(
  companyId: string,
  userId: string,
  queueId: string,
  known: readonly string[],
  now: Date,
): Promise<void> {
  let queueIds = known;
  for (let attempt = 0; attempt < 5; attempt += 1) {
    const index = queueIds.indexOf(queueId);
    if (index < 0) return;
    try {
      await dynamo().send(
        new UpdateCommand({
          TableName: table(),
          Key: keys.user(companyId, userId),
          UpdateExpression: `REMOVE queueIds[${index}] SET updatedAt = :now`,
          ConditionExpression: `queueIds[${index}] = :queueId`,
          ExpressionAttributeValues: { ':queueId': queueId, ':now': now.toISOString() },
        }),
      );
      // The same id twice in one list would be a bug elsewhere; go round once more to be sure.
      queueIds = queueIds.filter((_, position) => position !== index);
    } catch (error) {
      if (!(error instanceof ConditionalCheckFailedException)) throw error;
      const { Item } = await dynamo().send(
        new GetCommand({ TableName: table(), Key: keys.user(companyId, userId), ConsistentRead: true, ProjectionExpression: 'queueIds' }),
      );
      if (!Item) return;
      queueIds = (Item.queueIds ?? []) as readonly string[];
    }
  }
  throw new Error(`Could not take queue ${queueId} out of user ${userId}: it kept changing`);
}

async function queryAll(input: QueryCommandInput): Promise<Record<string, unknown>[]> {
  const items: Record<string, unknown>[] = [];
  let ExclusiveStartKey: QueryCommandInput['ExclusiveStartKey'];
  do {
    const page = await dynamo().send(new QueryCommand({ ...input, ExclusiveStartKey }));
    items.push(...(page.Items ?? []));
    ExclusiveStartKey = page.LastEvaluatedKey;
  } while (ExclusiveStartKey);
  return items;
}
