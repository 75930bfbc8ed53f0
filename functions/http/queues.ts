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
import { httpModule, sessionRoute, type Access } from '../core/http/http-module';
import { created, noContent, ok } from '../core/http/reply';
import { deleteQueue } from '../core/queues/delete-queue';
import { getQueueById, getQueues } from '../core/queues/get-queues';
import { createQueueOption, deleteQueueOption, listQueueOptions, updateQueueOption } from '../core/queues/queue-options';
import { createQueue, updateQueue } from '../core/queues/save-queue';

const ADMIN: Access = { permission: 'company:administer' };

export const handler = httpModule('queues', {
  'GET /queue': sessionRoute({}, async ({ session }) => ok(await getQueues(session))),
  'GET /queue/{id}': sessionRoute({ params: QueueParams }, async ({ session, params }) => ok(await getQueueById(session, params.id))),
  'POST /queue': sessionRoute({ body: CreateQueueBody, access: ADMIN }, async ({ session, body }) =>
    created(await createQueue(session, body)),
  ),
  'PUT /queue/{id}': sessionRoute({ params: QueueParams, body: UpdateQueueBody, access: ADMIN }, async ({ session, params, body }) =>
    ok(await updateQueue(session, params.id, body)),
  ),
  'DELETE /queue/{id}': sessionRoute({ params: QueueParams, access: ADMIN }, async ({ session, params }) => {
    await deleteQueue(session, params.id);
    return noContent();
  }),

  'GET /queue-options': sessionRoute({ query: QueueOptionsQuery }, async ({ session, query }) => ok(await listQueueOptions(session, query))),
  'POST /queue-options': sessionRoute({ body: CreateQueueOptionBody, access: ADMIN }, async ({ session, body }) =>
    created(await createQueueOption(session, body)),
  ),
  'PUT /queue-options/{id}': sessionRoute(
    { params: QueueOptionParams, body: UpdateQueueOptionBody, access: ADMIN },
    async ({ session, params, body }) => ok(await updateQueueOption(session, params.id, body)),
  ),
  'DELETE /queue-options/{id}': sessionRoute({ params: QueueOptionParams, access: ADMIN }, async ({ session, params }) => {
    await deleteQueueOption(session, params.id);
    return noContent();
  }),
});
