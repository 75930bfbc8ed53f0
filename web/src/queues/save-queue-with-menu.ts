/**
 * Saving the queue dialog: the queue first (POST /queue or PUT /queue/{id}, with its work hours), then
 * its option menu through the option routes as syncPlan orders the calls, one at a time (a child is
 * created once its parent has an id). When the queue is saved but a call of the menu fails, the error
 * says so (MenuNotSavedError), with the queue as saved: what was written stays, and reopening the
 * queue shows the menu as the server has it.
 */
import type { QueueDto, QueueOptionDto } from '../../../shared/queues';
import type { ApiClient } from '../api/client';
import { createQueueOption, deleteQueueOption, saveQueue, updateQueueOption } from '../api/queues';
import { syncPlan } from './option-tree';
import { queueBodyOf, type QueueFormBody } from './queue-form';

export class MenuNotSavedError extends Error {
  constructor(
    readonly queue: QueueDto,
    override readonly cause: unknown,
  ) {
    super(`The menu of queue ${queue.id} was not saved`);
  }
}

export interface QueueWithMenu {
  /** The form's body, with the menu's draft. */
  readonly body: QueueFormBody;
  /** The menu as it was read when the dialog opened (empty for a new queue). */
  readonly stored: readonly QueueOptionDto[];
  /** The queue to update; none to create one. */
  readonly queueId?: string;
}

export async function saveQueueWithMenu(api: ApiClient, { body, stored, queueId }: QueueWithMenu): Promise<QueueDto> {
  const queue = await saveQueue(api, queueBodyOf(body), queueId);
  // Draft keys to stored ids: a stored option's key is its id; a new one's id is known once created.
  const ids = new Map<string, string>();
  try {
    for (const call of syncPlan(stored, body.menu)) {
      if (call.kind === 'delete') await deleteQueueOption(api, call.id);
      else if (call.kind === 'update') await updateQueueOption(api, call.id, call.changes);
      else {
        const parentId = call.parentKey === null ? null : (ids.get(call.parentKey) ?? call.parentKey);
        const created = await createQueueOption(api, { queueId: queue.id, parentId, title: call.title, message: call.message, option: call.option });
        ids.set(call.key, created.id);
      }
    }
  } catch (error) {
    throw new MenuNotSavedError(queue, error);
  }
  return queue;
}
