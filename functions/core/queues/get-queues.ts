/**
 * Reading queues: the company's list and one queue by id, for any signed-in user of the company.
 *
 * Steps: take the company from the session (a `companyId` in the request is never read); read the
 * company partition; a queue id of another company answers like a missing one (ERR_NO_QUEUE_FOUND).
 */
import type { QueueDto } from '../../../shared/queues';
import { AppError } from '../errors';
import { getQueue, listQueues, toQueueDto } from '../repositories/queues';
import type { Caller } from '../caller/load-caller';

/** The company's queues ordered by orderQueue, then name. */
export async function getQueues(caller: Pick<Caller, 'companyId'>): Promise<QueueDto[]> {
  return (await listQueues(caller.companyId)).map(toQueueDto);
}

export async function getQueueById(caller: Pick<Caller, 'companyId'>, queueId: string): Promise<QueueDto> {
  const queue = await getQueue(caller.companyId, queueId);
  if (!queue) throw new AppError('ERR_NO_QUEUE_FOUND');
  return toQueueDto(queue);
}
