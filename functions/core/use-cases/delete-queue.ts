/**
 * Deleting a queue.
 *
 * Steps: read the queue (strongly consistent; another company's id is a missing one:
 * ERR_NO_QUEUE_FOUND); delete in one transaction the queue (conditioned on its colour being still the
 * one read), its colour's uniqueness item (so the colour is free again) and one from the company's
 * `queuesCount`; on a concurrent change, start over (a few times). Then delete its option menu (deepest
 * options first, so an interrupted deletion leaves a smaller tree that a retry finishes, never orphans
 * under a live option) and take it out of the `queueIds` of the company's users, so nobody keeps a
 * queue that no longer exists; publish `queue` delete.
 *
 * Tickets, connections and prompts that point at a queue come in later issues; each of those must then
 * handle a deleted queue here too.
 */
import { AppError } from '../errors';
import { publishToCompany } from '../realtime/publisher';
import { removeQueueFromCompanyAction } from '../repositories/companies';
import { deleteQueueOptions, listOptionLevels } from '../repositories/queue-options';
import { deleteQueueAction, getQueue, releaseQueueColorAction } from '../repositories/queues';
import { Steps } from '../repositories/transaction';
import { removeQueueFromUsers } from '../repositories/users';
import type { Session } from './load-session';

const DELETE_ATTEMPTS = 3;

export async function deleteQueue(session: Pick<Session, 'companyId'>, queueId: string, now = new Date()): Promise<void> {
  const { companyId } = session;
  for (let attempt = 1; ; attempt += 1) {
    const queue = await getQueue(companyId, queueId, true);
    if (!queue) throw new AppError('ERR_NO_QUEUE_FOUND');

    const steps = new Steps();
    steps.add('queue', deleteQueueAction(queue));
    steps.add('color', releaseQueueColorAction(queue));
    steps.add('company', removeQueueFromCompanyAction(companyId));
    const failed = await steps.run();
    if (failed.size === 0) break;
    if (!failed.has('queue') || attempt >= DELETE_ATTEMPTS) {
      throw new Error(`Queue ${queueId} deletion failed on ${[...failed].join(', ')}`);
    }
  }

  const levels = await listOptionLevels(companyId, queueId, null);
  await deleteQueueOptions(
    companyId,
    levels.reverse().flatMap((level) => level.map((option) => option.id)),
  );
  await removeQueueFromUsers(companyId, queueId, now);
  await publishToCompany(companyId, 'company', 'queue', { action: 'delete', queueId });
}
