/**
 * Queues (departments) and their chatbot option menus (spec 3 §7). Every signed-in user of the company
 * reads them (agents pick queues when transferring); writes are for administrators. The company is the
 * session's: a `companyId` in a query or body is never read.
 */
import {
  CreateQueueBody,
  CreateQueueOptionBody,
  QueueOptionParams,
  QueueOptionsQuery,
  QueueParams,
  UpdateQueueBody,
  UpdateQueueOptionBody,
} from '../../shared/queues';
import { httpModule, callerRoute, type Access } from '../core/http/http-module';
import { created, noContent, ok } from '../core/http/reply';
import { deleteQueue } from '../core/queues/delete-queue';
import { getQueueById, getQueues } from '../core/queues/get-queues';
import { createQueueOption, deleteQueueOption, listQueueOptions, updateQueueOption } from '../core/queues/queue-options';
import { createQueue, updateQueue } from '../core/queues/save-queue';

const ADMIN: Access = { permission: 'company:administer' };

export const handler = httpModule('queues', {
  'GET /queue': callerRoute({}, async ({ caller }) => ok(await getQueues(caller))),
  'GET /queue/{id}': callerRoute({ params: QueueParams }, async ({ caller, params }) => ok(await getQueueById(caller, params.id))),
  'POST /queue': callerRoute({ body: CreateQueueBody, access: ADMIN }, async ({ caller, body }) =>
    created(await createQueue(caller, body)),
  ),
  'PUT /queue/{id}': callerRoute({ params: QueueParams, body: UpdateQueueBody, access: ADMIN }, async ({ caller, params, body }) =>
    ok(await updateQueue(caller, params.id, body)),
  ),
  'DELETE /queue/{id}': callerRoute({ params: QueueParams, access: ADMIN }, async ({ caller, params }) => {
    await deleteQueue(caller, params.id);
    return noContent();
  }),

  'GET /queue-options': callerRoute({ query: QueueOptionsQuery }, async ({ caller, query }) => ok(await listQueueOptions(caller, query))),
  'POST /queue-options': callerRoute({ body: CreateQueueOptionBody, access: ADMIN }, async ({ caller, body }) =>
    created(await createQueueOption(caller, body)),
  ),
  'PUT /queue-options/{id}': callerRoute(
    { params: QueueOptionParams, body: UpdateQueueOptionBody, access: ADMIN },
    async ({ caller, params, body }) => ok(await updateQueueOption(caller, params.id, body)),
  ),
  'DELETE /queue-options/{id}': callerRoute({ params: QueueOptionParams, access: ADMIN }, async ({ caller, params }) => {
    await deleteQueueOption(caller, params.id);
    return noContent();
  }),
});
