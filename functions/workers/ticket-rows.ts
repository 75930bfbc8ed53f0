/**
 * The consumer of the `ticket-rows` queue: a contact, queue, connection or user was renamed, and its
 * tickets' row copies are brought up to date (functions/core/conversations/ticket-rows.ts). Each message
 * is validated; an invalid one is logged and dropped (retrying cannot fix it). A walk that did not end
 * within its budget puts its continuation on the queue before the message is acknowledged. Handling is
 * idempotent: a copy is replaced only by a newer one, so a redelivered message changes nothing twice.
 */
import type { SQSBatchItemFailure, SQSBatchResponse, SQSEvent, SQSRecord } from 'aws-lambda';
import { logger } from '../core/logger';
import { announceRowChange, refreshTicketRows, TicketRowChange } from '../core/conversations/ticket-rows';

export async function handleRowChange(change: TicketRowChange): Promise<void> {
  const outcome = await refreshTicketRows(change);
  if (outcome.continuation) await announceRowChange(outcome.continuation);
  logger.info('ticket rows refreshed', { source: change.source, entityId: change.entityId, updated: outcome.updated, more: Boolean(outcome.continuation) });
}

function parse(record: SQSRecord): TicketRowChange | undefined {
  try {
    const parsed = TicketRowChange.safeParse(JSON.parse(record.body));
    if (parsed.success) return parsed.data;
    logger.error('ticket row change dropped: invalid', { messageId: record.messageId, issues: parsed.error.issues });
  } catch (error) {
    logger.error('ticket row change dropped: not JSON', { messageId: record.messageId, error });
  }
  return undefined;
}

export async function handler(event: SQSEvent): Promise<SQSBatchResponse> {
  const failures: SQSBatchItemFailure[] = [];
  await Promise.all(
    event.Records.map(async (record) => {
      const change = parse(record);
      if (!change) return;
      try {
        await handleRowChange(change);
      } catch (error) {
        logger.error('ticket row change failed; it will be retried', { messageId: record.messageId, source: change.source, error });
        failures.push({ itemIdentifier: record.messageId });
      }
    }),
  );
  return { batchItemFailures: failures };
}
