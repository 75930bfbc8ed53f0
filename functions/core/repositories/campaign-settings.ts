/**
 * A company's campaign settings: one item holding every key, so a save is one write and the sending
 * engine's read one GetItem. What was never stored, or no longer validates, answers its default
 * (shared/campaign-settings.ts).
 */
import { GetCommand, UpdateCommand } from '@aws-sdk/lib-dynamodb';
import { campaignSettingsOver, type CampaignSettings } from '../../../shared/campaign-settings';
import { dynamo } from '../aws/clients';
import { keys } from './keys';
import { table } from './table';

export async function getCampaignSettings(companyId: string): Promise<CampaignSettings> {
  const { Item } = await dynamo().send(new GetCommand({ TableName: table(), Key: keys.campaignSettings(companyId) }));
  return campaignSettingsOver(Item);
}

/**
 * Sets the given keys and keeps the others (one UpdateItem, so two saves of different keys never undo
 * each other); answers the settings as they are after it.
 */
export async function updateCampaignSettings(companyId: string, changes: Partial<CampaignSettings>, now = new Date()): Promise<CampaignSettings> {
  // A key sent as undefined is left out, like one not sent.
  const entries = Object.entries({ ...changes, entity: 'campaignSettings', updatedAt: now.toISOString() }).filter(
    ([, value]) => (value as unknown) !== undefined,
  );
  const { Attributes } = await dynamo().send(
    new UpdateCommand({
      TableName: table(),
      Key: keys.campaignSettings(companyId),
      UpdateExpression: `SET ${entries.map((_, index) => `#k${index} = :v${index}`).join(', ')}`,
      ExpressionAttributeNames: Object.fromEntries(entries.map(([key], index) => [`#k${index}`, key])),
      ExpressionAttributeValues: Object.fromEntries(entries.map(([, value], index) => [`:v${index}`, value])),
      ReturnValues: 'ALL_NEW',
    }),
  );
  return campaignSettingsOver(Attributes);
}
