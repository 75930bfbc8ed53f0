/**
 * Fixed-window rate-limit counters: one item per scope, subject and window (keys.rateLimit), removed by
 * the table's TTL once the window is over.
 */
import { ConditionalCheckFailedException } from '@aws-sdk/client-dynamodb';
import { UpdateCommand } from '@aws-sdk/lib-dynamodb';
import { dynamo } from '../aws/clients';
import { keys } from './keys';
import { table } from './table';

export interface RateLimitWindow {
  readonly scope: string;
  /** Who is counted, never in clear (a hash of the email or IP): it is part of the key. */
  readonly subject: string;
  /** The window's number since the epoch. */
  readonly window: number;
  /** Epoch seconds when the window ends: the counter's TTL. */
  readonly endsAt: number;
}

/**
 * Adds one to the window's counter if it holds fewer than `limit` hits; answers false, counting
 * nothing, when it is full.
 */
export async function addRateLimitHit(counter: RateLimitWindow, limit: number): Promise<boolean> {
  try {
    await dynamo().send(
      new UpdateCommand({
        TableName: table(),
        Key: keys.rateLimit(counter.scope, counter.subject, String(counter.window)),
        UpdateExpression: 'ADD hits :one SET entity = :entity, expiresAt = :expiresAt',
        ConditionExpression: 'attribute_not_exists(hits) OR hits < :limit',
        ExpressionAttributeValues: { ':one': 1, ':limit': limit, ':entity': 'rateLimit', ':expiresAt': counter.endsAt },
      }),
    );
    return true;
  } catch (error) {
    if (error instanceof ConditionalCheckFailedException) return false;
    throw error;
  }
}
