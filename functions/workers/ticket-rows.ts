/**
 * The consumer of the `ticket-rows` queue: a contact, queue, connection or user was renamed, and its
 * tickets' row copies are brought up to date (functions/core/conversations/ticket-rows.ts). Each message
 * is validated; an invalid one is logged and dropped (retrying cannot fix it). A walk that did not end
 * within its budget puts its continuation on the queue before the message is acknowledged. Handling is
 * idempotent: a copy is replaced only by a newer one, so a redelivered message changes nothing twice.
 */
import { logger } from '../core/logger';
import { independentRecordsHandler } from './independent-records';
import { announceRowChange, refreshTicketRows, TicketRowChange } from '../core/conversations/ticket-rows';

export async function handleRowChange(change: TicketRowChange): Promise<void> {
  const outcome = await refreshTicketRows(change);
  if (outcome.continuation) await announceRowChange(outcome.continuation);
  logger.info('ticket rows refreshed', { source: change.source, entityId: change.entityId, updated: outcome.updated, more: Boolean(outcome.continuation) });
}

export const handler = independentRecordsHandler('ticket row change', TicketRowChange, handleRowChange, (change) => ({ source: change.source }));
