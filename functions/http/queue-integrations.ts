/**
 * Queue integrations (spec 3 §2, §7; `/queueIntegration`), for a company whose plan has
 * `useIntegrations` (decided here, docs/architecture.md §1.3). Administrators only: the page sits in
 * the administration section and the queue dialog that names an integration is theirs; the records
 * carry the addresses the company's messages are sent to.
 */
import { QueueIntegrationBody, QueueIntegrationParams, QueueIntegrationTestBody } from '../../shared/queue-integrations';
import { deleteQueueIntegration } from '../core/integrations/delete-queue-integration';
import { createQueueIntegration, renewSigningSecret, updateQueueIntegration } from '../core/integrations/save-queue-integration';
import { searchQueueIntegrations, showQueueIntegration } from '../core/integrations/search-queue-integrations';
import { testDialogflowSession } from '../core/integrations/test-session';
import { callerRoute, httpModule } from '../core/http/http-module';
import { ListQuery } from '../core/http/pagination';
import { created, noContent, ok } from '../core/http/reply';

const access = { planFlag: 'useIntegrations', permission: 'company:administer' } as const;

export const handler = httpModule('queue-integrations', {
  'GET /queueIntegration': callerRoute({ query: ListQuery, access }, async ({ caller, query }) => ok(await searchQueueIntegrations(caller, query))),
  'GET /queueIntegration/{id}': callerRoute({ params: QueueIntegrationParams, access }, async ({ caller, params }) =>
    ok(await showQueueIntegration(caller, params.id)),
  ),
  'POST /queueIntegration': callerRoute({ body: QueueIntegrationBody, access }, async ({ caller, body }) => created(await createQueueIntegration(caller, body))),
  'PUT /queueIntegration/{id}': callerRoute({ params: QueueIntegrationParams, body: QueueIntegrationBody, access }, async ({ caller, params, body }) =>
    ok(await updateQueueIntegration(caller, params.id, body)),
  ),
  'DELETE /queueIntegration/{id}': callerRoute({ params: QueueIntegrationParams, access }, async ({ caller, params }) => {
    await deleteQueueIntegration(caller, params.id);
    return noContent();
  }),
  'POST /queueIntegration/testSession': callerRoute({ body: QueueIntegrationTestBody, access }, async ({ caller, body }) =>
    ok(await testDialogflowSession(caller, body)),
  ),
  'POST /queueIntegration/{id}/secret': callerRoute({ params: QueueIntegrationParams, access }, async ({ caller, params }) =>
    ok(await renewSigningSecret(caller, params.id)),
  ),
});
