/** Queues (departments) of a company, with the item that keeps each colour unique in the company. */
import { BatchGetCommand } from '@aws-sdk/lib-dynamodb';
import type { ScheduleEntry } from '../../../shared/schedules';
import type { QueueSummary } from '../../../shared/session';
import { dynamo } from '../aws/clients';
import { keys } from './keys';
import { table } from './table';

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
}

export const queueItem = (queue: Queue) => ({ ...keys.queue(queue.companyId, queue.id), entity: 'queue', ...queue });

export const queueColorItem = (queue: Pick<Queue, 'companyId' | 'id' | 'color'>) => ({
  ...keys.uniqueQueueColor(queue.companyId, queue.color),
  entity: 'uniqueQueueColor',
  queueId: queue.id,
});

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
