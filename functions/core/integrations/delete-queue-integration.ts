/**
 * DELETE /queueIntegration/{id}: the integration, on the condition that it is still as read (a lost race
 * reads again, then ERR_CONFLICT); then the queues that named it name none (each published as `queue`
 * update, so the queue page and dialog follow), and `queueIntegration` delete is published. Tickets
 * whose conversation it was go to the agents with their next message (answer-by-integration.ts finds
 * no integration).
 */
import type { Caller } from '../caller/load-caller';
import { conflict } from '../errors';
import { logger } from '../logger';
import { publishToCompany } from '../realtime/publisher';
import { listQueues, toQueueDto, unlinkQueueIntegration } from '../repositories/queues';
import { removeQueueIntegration } from '../repositories/queue-integrations';
import { publishQueueIntegrationDeleted } from './present-queue-integration';
import { readQueueIntegration } from './read-queue-integration';
import { CHANGE_ATTEMPTS } from './save-queue-integration';

export async function deleteQueueIntegration(caller: Caller, id: string, now = new Date()): Promise<void> {
  for (let attempt = 1; attempt <= CHANGE_ATTEMPTS; attempt += 1) {
    const current = await readQueueIntegration(caller, id, true);
    if (await removeQueueIntegration(caller.companyId, id, current.version)) {
      await unlinkQueues(caller.companyId, id, now);
      await publishQueueIntegrationDeleted(caller.companyId, id);
      return;
    }
  }
  throw conflict(`Queue integration ${id}`);
}

/** A company's queues are few (plan-bounded): one Query of its partition finds those that name it. */
async function unlinkQueues(companyId: string, integrationId: string, now: Date): Promise<void> {
  const linked = (await listQueues(companyId)).filter((queue) => queue.integrationId === integrationId);
  for (const queue of linked) {
    const after = await unlinkQueueIntegration(companyId, queue.id, integrationId, now);
    if (!after) continue;
    await publishToCompany(companyId, 'company', 'queue', { action: 'update', queue: toQueueDto(after) }).catch((error: unknown) =>
      logger.warn('queue event not published', { queueId: queue.id, error }),
    );
  }
}
