/**
 * Queue integrations (shared/queue-integrations.ts): one item per integration in the company partition
 * (`QINTEG#<ulid>`). A company has a handful, so the page reads them with one key-condition Query and
 * filters and pages in memory (as file lists).
 *
 * The item holds the secrets the runtime needs, which no answer carries (docs/architecture.md §1.6): the
 * Dialogflow service account (`jsonContent`) and the webhook signing `secret` (kept as is: signing needs
 * the secret itself, not a hash). Only integrations/ reads them, to call the services.
 *
 * Every write after the first is conditional on the `version` its writer read, and moves it by one.
 */
import { GetCommand, PutCommand } from '@aws-sdk/lib-dynamodb';
import { QUEUE_INTEGRATION_LANGUAGES, QUEUE_INTEGRATION_TYPES, type QueueIntegrationLanguage, type QueueIntegrationType } from '../../../shared/queue-integrations';
import { dynamo } from '../aws/clients';
import type { Company } from './companies';
import { keys } from './keys';
import { batchGetAll, deleteAtVersion, fromItem, queryPrefix, replaceAtVersion, table } from './table';

export interface StoredQueueIntegration {
  readonly id: string;
  readonly companyId: string;
  readonly type: QueueIntegrationType;
  readonly name: string;
  readonly projectName: string;
  /** The Dialogflow service account's JSON; '' without one. Never answered. */
  readonly jsonContent: string;
  readonly language: QueueIntegrationLanguage | null;
  readonly urlN8N: string;
  readonly typebotSlug: string;
  readonly typebotExpires: number;
  readonly typebotDelayMessage: number;
  readonly typebotKeywordFinish: string;
  readonly typebotKeywordRestart: string;
  readonly typebotUnknownMessage: string;
  readonly typebotRestartMessage: string;
  /** The webhook signing secret (n8n, webhook); '' without one. Never answered but by the write that made it. */
  readonly secret: string;
  readonly createdAt: string;
  readonly updatedAt: string;
  /** 1 when created, one more with each write: the condition of the next one. */
  readonly version: number;
}

const text = (value: unknown): string => (typeof value === 'string' ? value : '');
const count = (value: unknown, fallback: number): number => (typeof value === 'number' && Number.isFinite(value) ? value : fallback);

/** The stored integration, field by field, whatever else the item carries. */
function integrationFromItem(item: Record<string, unknown>): StoredQueueIntegration {
  return {
    id: text(item.id),
    companyId: text(item.companyId),
    type: QUEUE_INTEGRATION_TYPES.find((type) => type === item.type) ?? 'webhook',
    name: text(item.name),
    projectName: text(item.projectName),
    jsonContent: text(item.jsonContent),
    language: QUEUE_INTEGRATION_LANGUAGES.find((language) => language === item.language) ?? null,
    urlN8N: text(item.urlN8N),
    typebotSlug: text(item.typebotSlug),
    typebotExpires: count(item.typebotExpires, 1),
    typebotDelayMessage: count(item.typebotDelayMessage, 1000),
    typebotKeywordFinish: text(item.typebotKeywordFinish),
    typebotKeywordRestart: text(item.typebotKeywordRestart),
    typebotUnknownMessage: text(item.typebotUnknownMessage),
    typebotRestartMessage: text(item.typebotRestartMessage),
    secret: text(item.secret),
    createdAt: text(item.createdAt),
    updatedAt: text(item.updatedAt),
    version: count(item.version, 0),
  };
}

const integrationItem = (integration: StoredQueueIntegration) => ({
  ...keys.queueIntegration(integration.companyId, integration.id),
  entity: 'queueIntegration',
  ...integration,
});

export async function putNewQueueIntegration(integration: StoredQueueIntegration): Promise<void> {
  await dynamo().send(new PutCommand({ TableName: table(), Item: integrationItem(integration), ConditionExpression: 'attribute_not_exists(PK)' }));
}

/** One integration of the company, or undefined when it has none with this id. */
export async function getQueueIntegration(companyId: string, integrationId: string, consistent = false): Promise<StoredQueueIntegration | undefined> {
  const { Item } = await dynamo().send(
    new GetCommand({ TableName: table(), Key: keys.queueIntegration(companyId, integrationId), ...(consistent ? { ConsistentRead: true } : {}) }),
  );
  return Item ? integrationFromItem(Item) : undefined;
}

/**
 * The integration and its company in one BatchGetItem (the inbound pipeline checks the company's plan
 * before a bot answers): either is undefined when missing.
 */
export async function getQueueIntegrationAndCompany(
  companyId: string,
  integrationId: string,
): Promise<{ integration: StoredQueueIntegration | undefined; company: Company | undefined }> {
  const integrationKey = keys.queueIntegration(companyId, integrationId);
  const items = await batchGetAll([integrationKey, keys.company(companyId)]);
  const integration = items.find((item) => item.SK === integrationKey.SK);
  const company = items.find((item) => item.SK === keys.company(companyId).SK);
  return { integration: integration ? integrationFromItem(integration) : undefined, company: company ? fromItem<Company>(company) : undefined };
}

/** Every integration of the company, by name (accents and case aside), then by creation. */
export async function listQueueIntegrations(companyId: string): Promise<StoredQueueIntegration[]> {
  const integrations = (await queryPrefix(keys.queueIntegrationPrefix(companyId))).map(integrationFromItem);
  return integrations.sort((a, b) => a.name.localeCompare(b.name, 'pt-BR', { sensitivity: 'base' }) || a.id.localeCompare(b.id));
}

/**
 * Writes `next` over the stored integration on the condition that it is still at `expectedVersion`
 * (`next` carries the version after it). False when it is gone or was changed meanwhile.
 */
export async function replaceQueueIntegration(next: StoredQueueIntegration, expectedVersion: number): Promise<boolean> {
  return replaceAtVersion(integrationItem(next), expectedVersion);
}

/** Deletes the integration if it is still at `expectedVersion`; false when it is gone or was changed meanwhile. */
export async function removeQueueIntegration(companyId: string, integrationId: string, expectedVersion: number): Promise<boolean> {
  return (await deleteAtVersion(keys.queueIntegration(companyId, integrationId), expectedVersion)) !== undefined;
}
