/**
 * Idempotency-Key records of the external API: one item per connection and key (keys.apiIdempotency),
 * `running` while the first request with the key runs, then `done` with its answer; removed by the
 * table's TTL at `expiresAt`.
 */
import { ConditionalCheckFailedException } from '@aws-sdk/client-dynamodb';
import { DeleteCommand, GetCommand, PutCommand, UpdateCommand } from '@aws-sdk/lib-dynamodb';
import type { ExternalSendResult } from '../../../shared/external-api';
import { dynamo } from '../aws/clients';
import type { TokenLookup } from './connections';
import { keys } from './keys';
import { fromItem, table } from './table';

export interface ApiIdempotencyRecord {
  readonly state: 'running' | 'done';
  /** A hash of the request, so that a key used again for another request is told apart. */
  readonly fingerprint: string;
  /** The answer, once done. */
  readonly response?: ExternalSendResult;
}

/** Keys are per connection: the connection whose token made the request. */
const keyOf = (caller: TokenLookup, idempotencyKey: string) => keys.apiIdempotency(caller.companyId, caller.connectionId, idempotencyKey);

/** Takes the key with a running record; false when the key has a record already. */
export async function claimApiIdempotencyKey(
  caller: TokenLookup,
  idempotencyKey: string,
  fingerprint: string,
  expiresAt: number,
): Promise<boolean> {
  try {
    await dynamo().send(
      new PutCommand({
        TableName: table(),
        Item: {
          ...keyOf(caller, idempotencyKey),
          entity: 'apiIdempotency',
          companyId: caller.companyId,
          state: 'running',
          fingerprint,
          expiresAt,
        },
        ConditionExpression: 'attribute_not_exists(PK)',
      }),
    );
    return true;
  } catch (error) {
    if (error instanceof ConditionalCheckFailedException) return false;
    throw error;
  }
}

/** The key's record, read strongly consistent; undefined when it has none (or it expired). */
export async function getApiIdempotencyRecord(caller: TokenLookup, idempotencyKey: string): Promise<ApiIdempotencyRecord | undefined> {
  const { Item } = await dynamo().send(new GetCommand({ TableName: table(), Key: keyOf(caller, idempotencyKey), ConsistentRead: true }));
  return Item ? fromItem<ApiIdempotencyRecord>(Item) : undefined;
}

/** Marks the key done with the answer of its request. */
export async function completeApiIdempotencyKey(caller: TokenLookup, idempotencyKey: string, response: ExternalSendResult): Promise<void> {
  await dynamo().send(
    new UpdateCommand({
      TableName: table(),
      Key: keyOf(caller, idempotencyKey),
      UpdateExpression: 'SET #state = :done, #response = :response',
      ExpressionAttributeNames: { '#state': 'state', '#response': 'response' },
      ExpressionAttributeValues: { ':done': 'done', ':response': response },
    }),
  );
}

/** Deletes the key's record while it is running; fails (ConditionalCheckFailed) on a done one. */
export async function releaseApiIdempotencyKey(caller: TokenLookup, idempotencyKey: string): Promise<void> {
  await dynamo().send(
    new DeleteCommand({
      TableName: table(),
      Key: keyOf(caller, idempotencyKey),
      ConditionExpression: '#state = :running',
      ExpressionAttributeNames: { '#state': 'state' },
      ExpressionAttributeValues: { ':running': 'running' },
    }),
  );
}
