/**
 * Numbers that asked for no more campaigns (their stop word, campaigns/opt-out.ts): one item per
 * number in the company's opt-out partition. The sender reads those of a hop's recipients in one batch.
 */
import { ConditionalCheckFailedException } from '@aws-sdk/client-dynamodb';
import { PutCommand } from '@aws-sdk/lib-dynamodb';
import { dynamo } from '../aws/clients';
import { keys } from './keys';
import { batchGetAll, table } from './table';

/** Records the opt-out; false when the number had opted out already. */
export async function putCampaignOptOut(companyId: string, number: string, word: string, now: Date): Promise<boolean> {
  try {
    await dynamo().send(
      new PutCommand({
        TableName: table(),
        Item: { ...keys.campaignOptOut(companyId, number), entity: 'campaignOptOut', companyId, number, word, createdAt: now.toISOString() },
        ConditionExpression: 'attribute_not_exists(PK)',
      }),
    );
    return true;
  } catch (error) {
    if (error instanceof ConditionalCheckFailedException) return false;
    throw error;
  }
}

/** Which of these numbers opted out. */
export async function optedOutAmong(companyId: string, numbers: readonly string[]): Promise<Set<string>> {
  const unique = [...new Set(numbers)];
  if (unique.length === 0) return new Set();
  const items = await batchGetAll(unique.map((number) => keys.campaignOptOut(companyId, number)), { projection: '#number', names: { '#number': 'number' } });
  return new Set(items.map((item) => String(item.number)));
}
