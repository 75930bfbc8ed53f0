/**
 * The idempotency of a Cloud API connection's sends (issue 32): Meta gives every message its own id, so
 * a command delivered twice would be two messages on the customer's phone (a campaign's derived WhatsApp
 * id cannot be chosen as on Baileys). The worker claims the command's id before calling Meta and marks
 * the claim with Meta's answer after (whatsapp-cloud/run-cloud-command.ts). TTL'd after a week: SQS
 * keeps a message four days at most.
 */
import { ConditionalCheckFailedException } from '@aws-sdk/client-dynamodb';
import { DeleteCommand, GetCommand, PutCommand, UpdateCommand } from '@aws-sdk/lib-dynamodb';
import { dynamo } from '../aws/clients';
import { keys } from './keys';
import { epochSeconds, table } from './table';

const KEPT_SECONDS = 7 * 24 * 3600;

export type CloudSendClaim =
  /** Claimed, Meta not answered yet (or the run that claimed it died before recording the answer). */
  | { readonly state: 'sending'; readonly claimedAt: string }
  /** Meta took it under this id. */
  | { readonly state: 'sent'; readonly claimedAt: string; readonly whatsappMessageId: string }
  /** Meta refused it for good. */
  | { readonly state: 'failed'; readonly claimedAt: string };

/** Claims the command's send; answers undefined when claimed now, else the claim found (a redelivery). */
export async function claimCloudSend(companyId: string, commandId: string, now: Date): Promise<CloudSendClaim | undefined> {
  try {
    await dynamo().send(
      new PutCommand({
        TableName: table(),
        Item: { ...keys.cloudSend(companyId, commandId), entity: 'cloudSend', state: 'sending', claimedAt: now.toISOString(), expiresAt: epochSeconds(now) + KEPT_SECONDS },
        ConditionExpression: 'attribute_not_exists(PK)',
      }),
    );
    return undefined;
  } catch (error) {
    if (!(error instanceof ConditionalCheckFailedException)) throw error;
  }
  const { Item } = await dynamo().send(new GetCommand({ TableName: table(), Key: keys.cloudSend(companyId, commandId), ConsistentRead: true }));
  const claimedAt = typeof Item?.claimedAt === 'string' ? Item.claimedAt : now.toISOString();
  if (Item?.state === 'sent' && typeof Item.whatsappMessageId === 'string') return { state: 'sent', claimedAt, whatsappMessageId: Item.whatsappMessageId };
  if (Item?.state === 'failed') return { state: 'failed', claimedAt };
  return { state: 'sending', claimedAt };
}

/** Records Meta's id (sent) or its final refusal (failed) on the claim. */
export async function settleCloudSend(companyId: string, commandId: string, outcome: { readonly state: 'sent'; readonly whatsappMessageId: string } | { readonly state: 'failed' }): Promise<void> {
  await dynamo().send(
    new UpdateCommand({
      TableName: table(),
      Key: keys.cloudSend(companyId, commandId),
      UpdateExpression: outcome.state === 'sent' ? 'SET #state = :state, whatsappMessageId = :id' : 'SET #state = :state',
      ExpressionAttributeNames: { '#state': 'state' },
      ExpressionAttributeValues: { ':state': outcome.state, ...(outcome.state === 'sent' ? { ':id': outcome.whatsappMessageId } : {}) },
    }),
  );
}

/** Lets the claim go: Meta did not take the message (a retryable failure), so the next try may send it. */
export async function releaseCloudSend(companyId: string, commandId: string): Promise<void> {
  await dynamo().send(new DeleteCommand({ TableName: table(), Key: keys.cloudSend(companyId, commandId) }));
}
