/**
 * Campaigns: one item each in the company's campaign partition (keys.campaign). A company has tens to
 * hundreds of campaigns, so the list reads the partition with one key-condition Query and pages in memory
 * (as contact lists). The item holds the dialog's fields, the media's private object key, the progress
 * counters (moved with `ADD` as the sender works) and where the sender stands (`planned`, `position`).
 *
 * Every change of the state a worker relies on is conditional on what its caller read (`expected`), so
 * two writers (a user cancelling, the sender finishing) never undo each other.
 */
import { ConditionalCheckFailedException } from '@aws-sdk/client-dynamodb';
import { DeleteCommand, GetCommand, PutCommand, UpdateCommand } from '@aws-sdk/lib-dynamodb';
import type { CampaignStatus } from '../../../shared/campaigns';
import { TemplateMessage } from '../../../shared/whatsapp-cloud';
import { dynamo } from '../aws/clients';
import { keys } from './keys';
import { fromItem, queryPrefix, setFields, table } from './table';

export interface StoredCampaign {
  readonly id: string;
  readonly companyId: string;
  readonly name: string;
  readonly message1: string;
  readonly message2: string;
  readonly message3: string;
  readonly message4: string;
  readonly message5: string;
  readonly status: CampaignStatus;
  readonly scheduledAt: string | null;
  readonly completedAt: string | null;
  readonly whatsappId: string | null;
  readonly contactListId: string | null;
  readonly tagListId: string | null;
  readonly fileListId: string | null;
  /** A Cloud API campaign's template, its variables as written (with the recipient's placeholders); null otherwise. */
  readonly template: TemplateMessage | null;
  /** The attached file in the private media bucket, and its name as sent. */
  readonly mediaKey: string | null;
  readonly mediaName: string | null;
  readonly mediaContentType: string | null;
  /** How many recipients the start wrote as shipping items; null until it has written them all. */
  readonly planned: number | null;
  /** The place of the next recipient the sender looks at (0-based). */
  readonly position: number;
  readonly delivered: number;
  readonly skipped: number;
  /** When it last started (the start, a restart): its messages' ids derive from it. */
  readonly startedAt: string | null;
  readonly createdAt: string;
  readonly updatedAt: string;
}

export type CampaignChanges = Partial<Omit<StoredCampaign, 'id' | 'companyId' | 'createdAt' | 'delivered' | 'skipped'>>;

/** What a conditional change expects the campaign to be. */
export interface CampaignExpectation {
  readonly status?: CampaignStatus | readonly CampaignStatus[];
  readonly scheduledAt?: string | null;
  readonly updatedAt?: string;
  readonly position?: number;
}

const text = (value: unknown): string => (typeof value === 'string' ? value : '');
const textOrNull = (value: unknown): string | null => (typeof value === 'string' && value.length > 0 ? value : null);
const count = (value: unknown): number => (typeof value === 'number' && Number.isFinite(value) ? Math.max(0, value) : 0);

/** A campaign saved before templates existed has none; one stored unreadable is treated alike (and fails at send). */
function templateOrNull(value: unknown): TemplateMessage | null {
  if (value === undefined || value === null) return null;
  const parsed = TemplateMessage.safeParse(value);
  return parsed.success ? parsed.data : null;
}

function campaignFromItem(item: Record<string, unknown>): StoredCampaign {
  const stored = fromItem<StoredCampaign>(item);
  return {
    id: String(item.id),
    companyId: String(item.companyId),
    name: text(item.name),
    message1: text(item.message1),
    message2: text(item.message2),
    message3: text(item.message3),
    message4: text(item.message4),
    message5: text(item.message5),
    status: stored.status,
    scheduledAt: textOrNull(item.scheduledAt),
    completedAt: textOrNull(item.completedAt),
    whatsappId: textOrNull(item.whatsappId),
    contactListId: textOrNull(item.contactListId),
    tagListId: textOrNull(item.tagListId),
    fileListId: textOrNull(item.fileListId),
    template: templateOrNull(item.template),
    mediaKey: textOrNull(item.mediaKey),
    mediaName: textOrNull(item.mediaName),
    mediaContentType: textOrNull(item.mediaContentType),
    planned: typeof item.planned === 'number' ? item.planned : null,
    position: count(item.position),
    delivered: count(item.delivered),
    skipped: count(item.skipped),
    startedAt: textOrNull(item.startedAt),
    createdAt: String(item.createdAt),
    updatedAt: String(item.updatedAt),
  };
}

export async function putNewCampaign(campaign: StoredCampaign): Promise<void> {
  await dynamo().send(
    new PutCommand({
      TableName: table(),
      Item: { ...keys.campaign(campaign.companyId, campaign.id), entity: 'campaign', ...campaign },
      ConditionExpression: 'attribute_not_exists(PK)',
    }),
  );
}

export async function getCampaign(companyId: string, campaignId: string, consistent = false): Promise<StoredCampaign | undefined> {
  const { Item } = await dynamo().send(new GetCommand({ TableName: table(), Key: keys.campaign(companyId, campaignId), ConsistentRead: consistent }));
  return Item ? campaignFromItem(Item) : undefined;
}

/** Every campaign of the company, newest first. */
export async function listCampaigns(companyId: string): Promise<StoredCampaign[]> {
  const campaigns = (await queryPrefix(keys.campaignPrefix(companyId))).map(campaignFromItem);
  return campaigns.sort((a, b) => b.id.localeCompare(a.id));
}

function expectation(expected: CampaignExpectation) {
  const parts = ['attribute_exists(PK)'];
  const names: Record<string, string> = {};
  const values: Record<string, unknown> = {};
  if (expected.status !== undefined) {
    const statuses = typeof expected.status === 'string' ? [expected.status] : expected.status;
    names['#xstatus'] = 'status';
    parts.push(`#xstatus IN (${statuses.map((status, index) => ((values[`:xs${index}`] = status), `:xs${index}`)).join(', ')})`);
  }
  if (expected.scheduledAt !== undefined) {
    names['#xscheduled'] = 'scheduledAt';
    values[':xscheduled'] = expected.scheduledAt;
    parts.push('#xscheduled = :xscheduled');
  }
  if (expected.updatedAt !== undefined) {
    names['#xupdated'] = 'updatedAt';
    values[':xupdated'] = expected.updatedAt;
    parts.push('#xupdated = :xupdated');
  }
  if (expected.position !== undefined) {
    names['#xposition'] = 'position';
    values[':xposition'] = expected.position;
    parts.push('#xposition = :xposition');
  }
  return { condition: parts.join(' AND '), names, values };
}

/**
 * Sets the defined fields when the campaign is as expected; answers it after the change, or undefined
 * when it is gone or not as expected.
 */
export async function setCampaignFields(
  companyId: string,
  campaignId: string,
  changes: CampaignChanges,
  expected: CampaignExpectation = {},
): Promise<StoredCampaign | undefined> {
  const update = setFields(changes);
  const condition = expectation(expected);
  try {
    const { Attributes } = await dynamo().send(
      new UpdateCommand({
        TableName: table(),
        Key: keys.campaign(companyId, campaignId),
        ...update,
        ConditionExpression: condition.condition,
        ExpressionAttributeNames: { ...update.ExpressionAttributeNames, ...condition.names },
        ExpressionAttributeValues: { ...update.ExpressionAttributeValues, ...condition.values },
        ReturnValues: 'ALL_NEW',
      }),
    );
    return Attributes ? campaignFromItem(Attributes) : undefined;
  } catch (error) {
    if (error instanceof ConditionalCheckFailedException) return undefined;
    throw error;
  }
}

/**
 * Moves the sender past recipients it finished: `position` from `from` to `to`, the counters up by
 * what became of them, on the condition that no other hop moved it meanwhile and it is still running.
 */
export async function advanceCampaign(
  companyId: string,
  campaignId: string,
  move: { readonly from: number; readonly to: number; readonly delivered: number; readonly skipped: number },
  now: Date,
): Promise<StoredCampaign | undefined> {
  try {
    const { Attributes } = await dynamo().send(
      new UpdateCommand({
        TableName: table(),
        Key: keys.campaign(companyId, campaignId),
        UpdateExpression: 'SET #position = :to, updatedAt = :now ADD delivered :delivered, skipped :skipped',
        ConditionExpression: 'attribute_exists(PK) AND #position = :from AND #status = :running',
        ExpressionAttributeNames: { '#position': 'position', '#status': 'status' },
        ExpressionAttributeValues: {
          ':to': move.to,
          ':from': move.from,
          ':delivered': move.delivered,
          ':skipped': move.skipped,
          ':running': 'EM_ANDAMENTO',
          ':now': now.toISOString(),
        },
        ReturnValues: 'ALL_NEW',
      }),
    );
    return Attributes ? campaignFromItem(Attributes) : undefined;
  } catch (error) {
    if (error instanceof ConditionalCheckFailedException) return undefined;
    throw error;
  }
}

/** Deletes the campaign's own item; answers what was deleted, or undefined when there was none. */
export async function deleteCampaignRecord(companyId: string, campaignId: string): Promise<StoredCampaign | undefined> {
  const { Attributes } = await dynamo().send(
    new DeleteCommand({ TableName: table(), Key: keys.campaign(companyId, campaignId), ReturnValues: 'ALL_OLD' }),
  );
  return Attributes ? campaignFromItem(Attributes) : undefined;
}
