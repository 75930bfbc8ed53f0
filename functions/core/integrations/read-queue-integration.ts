/** One integration of the caller's company; another company's id answers as one that does not exist. */
import type { Caller } from '../caller/load-caller';
import { AppError } from '../errors';
import { getQueueIntegration, type StoredQueueIntegration } from '../repositories/queue-integrations';

export async function readQueueIntegration(caller: Caller, id: string, consistent = false): Promise<StoredQueueIntegration> {
  const integration = await getQueueIntegration(caller.companyId, id, consistent);
  if (!integration) throw new AppError('ERR_NO_INTEGRATION_FOUND');
  return integration;
}
