/**
 * Reading queue integrations (spec 3 §2, §7): the search by name or type (accents and case aside) with
 * paging, answered as `queueIntegrations, hasMore` (the page's table and the queue dialog's select), and
 * one integration (GET /queueIntegration/{id}). Never a secret (present-queue-integration.ts).
 */
import type { QueueIntegration, QueueIntegrationPage } from '../../../shared/queue-integrations';
import type { Caller } from '../caller/load-caller';
import { matchesSearch, paginate, type ListQuery } from '../http/pagination';
import { listQueueIntegrations } from '../repositories/queue-integrations';
import { presentQueueIntegration } from './present-queue-integration';
import { readQueueIntegration } from './read-queue-integration';

export async function searchQueueIntegrations(caller: Caller, query: ListQuery): Promise<QueueIntegrationPage> {
  const found = (await listQueueIntegrations(caller.companyId)).filter((integration) => matchesSearch(query.searchParam, integration.name, integration.type));
  const { page, hasMore } = paginate(found, query.pageNumber);
  return { queueIntegrations: page.map(presentQueueIntegration), hasMore };
}

export async function showQueueIntegration(caller: Caller, id: string): Promise<QueueIntegration> {
  return presentQueueIntegration(await readQueueIntegration(caller, id));
}
