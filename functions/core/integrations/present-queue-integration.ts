/**
 * Queue integrations as the API answers them and their `queueIntegration` events (to the company room):
 * never a secret (docs/architecture.md §1.6). `jsonContent` is null, with `hasJsonContent` and the
 * service account's email beside it; the signing secret is only said to exist (`hasSecret`), except in
 * the one answer that made it (withSecret).
 */
import type { QueueIntegration, QueueIntegrationWithSecret } from '../../../shared/queue-integrations';
import type { CompanyChannels } from '../../../shared/realtime-events';
import { logger } from '../logger';
import { publishToCompany } from '../realtime/publisher';
import type { StoredQueueIntegration } from '../repositories/queue-integrations';
import { serviceAccountEmail } from './service-account';

export function presentQueueIntegration(stored: StoredQueueIntegration): QueueIntegration {
  return {
    id: stored.id,
    type: stored.type,
    name: stored.name,
    projectName: stored.projectName,
    jsonContent: null,
    hasJsonContent: stored.jsonContent !== '',
    serviceAccount: stored.jsonContent === '' ? null : serviceAccountEmail(stored.jsonContent),
    language: stored.language,
    urlN8N: stored.urlN8N,
    typebotSlug: stored.typebotSlug,
    typebotExpires: stored.typebotExpires,
    typebotDelayMessage: stored.typebotDelayMessage,
    typebotKeywordFinish: stored.typebotKeywordFinish,
    typebotKeywordRestart: stored.typebotKeywordRestart,
    typebotUnknownMessage: stored.typebotUnknownMessage,
    typebotRestartMessage: stored.typebotRestartMessage,
    hasSecret: stored.secret !== '',
    companyId: stored.companyId,
    createdAt: stored.createdAt,
    updatedAt: stored.updatedAt,
  };
}

/** The answer of the write that made the signing secret: the only one that carries it. */
export const withSecret = (stored: StoredQueueIntegration): QueueIntegrationWithSecret => ({ ...presentQueueIntegration(stored), secret: stored.secret });

/** Publishes a created or changed integration, presented afresh from what is stored: never with its secret. */
export const publishQueueIntegration = (action: 'create' | 'update', stored: StoredQueueIntegration): Promise<void> =>
  publish(stored.companyId, { action, record: presentQueueIntegration(stored) });

export const publishQueueIntegrationDeleted = (companyId: string, id: string): Promise<void> => publish(companyId, { action: 'delete', id });

/** The change is made: a failed realtime publish is logged, not answered (the pages refetch anyway). */
async function publish(companyId: string, event: CompanyChannels['queueIntegration']): Promise<void> {
  try {
    await publishToCompany(companyId, 'company', 'queueIntegration', event);
  } catch (error) {
    logger.warn('queueIntegration event not published', { action: event.action, error });
  }
}
