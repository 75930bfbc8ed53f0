/**
 * Idempotency-Key of the external API: one item per connection and key (keys.apiIdempotency), removed
 * by the table's TTL after IDEMPOTENCY_TTL_SECONDS.
 *
 * Claim: a conditional put of `{ state: 'running', fingerprint }` when no item exists. When one exists,
 * read it strongly consistent: another fingerprint, or a first use still running, is
 * ERR_IDEMPOTENCY_KEY_CONFLICT; a finished one answers its stored answer. Complete stores the answer;
 * release deletes a running claim whose send failed, so a retry may send.
 */
import { ConditionalCheckFailedException } from '@aws-sdk/client-dynamodb';
import { DeleteCommand, GetCommand, PutCommand, UpdateCommand } from '@aws-sdk/lib-dynamodb';
import { IDEMPOTENCY_TTL_SECONDS, type ExternalSendResult } from '../../../shared/external-api';
import { dynamo } from '../aws/clients';
import { AppError } from '../errors';
import { logger } from '../logger';
import { keys } from '../repositories/keys';
import { table } from '../repositories/table';

interface Caller {
  readonly companyId: string;
  readonly connectionId: string;
}

const keyOf = (caller: Caller, idempotencyKey: string) => keys.apiIdempotency(caller.companyId, caller.connectionId, idempotencyKey);

/** Claims the key for this request; answers the stored answer when the same request was answered before. */
export async function claimIdempotencyKey(
  caller: Caller,
  idempotencyKey: string,
  fingerprint: string,
  now: Date,
): Promise<ExternalSendResult | undefined> {
  const Key = keyOf(caller, idempotencyKey);
  try {
    await dynamo().send(
      new PutCommand({
        TableName: table(),
        Item: {
          ...Key,
          entity: 'apiIdempotency',
          companyId: caller.companyId,
          state: 'running',
          fingerprint,
          expiresAt: Math.floor(now.getTime() / 1000) + IDEMPOTENCY_TTL_SECONDS,
        },
        ConditionExpression: 'attribute_not_exists(PK)',
      }),
    );
    return undefined;
  } catch (error) {
    if (!(error instanceof ConditionalCheckFailedException)) throw error;
  }
  const { Item } = await dynamo().send(new GetCommand({ TableName: table(), Key, ConsistentRead: true }));
  if (!Item || Item.fingerprint !== fingerprint) {
    throw new AppError('ERR_IDEMPOTENCY_KEY_CONFLICT', { message: 'This Idempotency-Key was used with another request' });
  }
  if (Item.state !== 'done') {
    throw new AppError('ERR_IDEMPOTENCY_KEY_CONFLICT', { message: 'A request with this Idempotency-Key is still running' });
  }
  return Item.response as ExternalSendResult;
}

export async function completeIdempotencyKey(caller: Caller, idempotencyKey: string, response: ExternalSendResult): Promise<void> {
  try {
    await dynamo().send(
      new UpdateCommand({
        TableName: table(),
        Key: keyOf(caller, idempotencyKey),
        UpdateExpression: 'SET #state = :done, #response = :response',
        ExpressionAttributeNames: { '#state': 'state', '#response': 'response' },
        ExpressionAttributeValues: { ':done': 'done', ':response': response },
      }),
    );
  } catch (error) {
    // The message is sent; a retry will be told the key is still running rather than send twice.
    logger.error('idempotency answer not stored', { companyId: caller.companyId, error });
  }
}

export async function releaseIdempotencyKey(caller: Caller, idempotencyKey: string): Promise<void> {
  try {
    await dynamo().send(
      new DeleteCommand({
        TableName: table(),
        Key: keyOf(caller, idempotencyKey),
        ConditionExpression: '#state = :running',
        ExpressionAttributeNames: { '#state': 'state' },
        ExpressionAttributeValues: { ':running': 'running' },
      }),
    );
  } catch (error) {
    logger.warn('idempotency claim not released', { companyId: caller.companyId, error });
  }
}
