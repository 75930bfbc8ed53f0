/**
 * Idempotency-Key of the external API: one record per connection and key (repositories/api-idempotency.ts),
 * removed by the table's TTL after IDEMPOTENCY_TTL_SECONDS.
 *
 * Claim: a conditional put of `{ state: 'running', fingerprint }` when no item exists. When one exists,
 * read it strongly consistent: another fingerprint, or a first use still running, is
 * ERR_IDEMPOTENCY_KEY_CONFLICT; a finished one answers its stored answer. Complete stores the answer;
 * release deletes a running claim whose send failed, so a retry may send.
 */
import { IDEMPOTENCY_TTL_SECONDS, type ExternalSendResult } from '../../../shared/external-api';
import { AppError } from '../errors';
import { logger } from '../logger';
import {
  claimApiIdempotencyKey,
  completeApiIdempotencyKey,
  getApiIdempotencyRecord,
  releaseApiIdempotencyKey,
} from '../repositories/api-idempotency';

interface Caller {
  readonly companyId: string;
  readonly connectionId: string;
}

/** Claims the key for this request; answers the stored answer when the same request was answered before. */
export async function claimIdempotencyKey(
  caller: Caller,
  idempotencyKey: string,
  fingerprint: string,
  now: Date,
): Promise<ExternalSendResult | undefined> {
  const expiresAt = Math.floor(now.getTime() / 1000) + IDEMPOTENCY_TTL_SECONDS;
  if (await claimApiIdempotencyKey(caller, idempotencyKey, fingerprint, expiresAt)) return undefined;
  const record = await getApiIdempotencyRecord(caller, idempotencyKey);
  if (!record || record.fingerprint !== fingerprint) {
    throw new AppError('ERR_IDEMPOTENCY_KEY_CONFLICT', { message: 'This Idempotency-Key was used with another request' });
  }
  if (record.state !== 'done') {
    throw new AppError('ERR_IDEMPOTENCY_KEY_CONFLICT', { message: 'A request with this Idempotency-Key is still running' });
  }
  return record.response;
}

export async function completeIdempotencyKey(caller: Caller, idempotencyKey: string, response: ExternalSendResult): Promise<void> {
  try {
    await completeApiIdempotencyKey(caller, idempotencyKey, response);
  } catch (error) {
    // The message is sent; a retry will be told the key is still running rather than send twice.
    logger.error('idempotency answer not stored', { companyId: caller.companyId, error });
  }
}

export async function releaseIdempotencyKey(caller: Caller, idempotencyKey: string): Promise<void> {
  try {
    await releaseApiIdempotencyKey(caller, idempotencyKey);
  } catch (error) {
    logger.warn('idempotency claim not released', { companyId: caller.companyId, error });
  }
}
