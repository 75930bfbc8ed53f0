/**
 * The consumer of the `webhooks` queue: the n8n and webhook integrations' deliveries
 * (core/integrations/webhook-delivery.ts). Each record is validated (an invalid one is logged and
 * dropped: retrying cannot fix it) and tried once. A failed try comes back after a growing pause: this
 * consumer sets the message's visibility to INTEGRATION_RETRY_BASE_SECONDS x 2^(tries - 1) before
 * reporting it failed (partial batch failures); after the queue's last try it is let go at once, and SQS
 * parks it in the dead-letter queue. Log lines name the delivery, never the secret or the body.
 */
import { ChangeMessageVisibilityCommand } from '@aws-sdk/client-sqs';
import type { SQSBatchItemFailure, SQSBatchResponse, SQSEvent, SQSRecord } from 'aws-lambda';
import { QUEUES, WEBHOOKS_QUEUE_ID } from '../../infra/resources/queues';
import { sqs } from '../core/aws/clients';
import { config } from '../core/config';
import { deliverWebhook, WebhookDelivery } from '../core/integrations/webhook-delivery';
import { OutboundCallError } from '../core/integrations/outbound-http';
import { logger } from '../core/logger';

/** Tries of one delivery before the dead-letter queue: the queue's maxReceiveCount. */
export const WEBHOOK_TRIES = QUEUES.find((queue) => queue.id === WEBHOOKS_QUEUE_ID)?.maxReceiveCount ?? 1;
/** SQS's longest visibility timeout is 12 hours; our pauses stay far below. */
const MAX_PAUSE_SECONDS = 15 * 60;

/** The pause before try `tries + 1`, in whole seconds (what SQS takes). */
export const retryPauseSeconds = (tries: number): number =>
  Math.min(MAX_PAUSE_SECONDS, Math.max(1, Math.round(config.integrationRetryBaseSeconds() * 2 ** Math.max(0, tries - 1))));

function parse(record: SQSRecord): WebhookDelivery | undefined {
  try {
    const parsed = WebhookDelivery.safeParse(JSON.parse(record.body));
    if (parsed.success) return parsed.data;
    logger.error('webhook delivery dropped: invalid', { messageId: record.messageId, issues: parsed.error.issues.map((issue) => issue.path.join('.')) });
  } catch {
    logger.error('webhook delivery dropped: not JSON', { messageId: record.messageId });
  }
  return undefined;
}

async function retryLater(record: SQSRecord, tries: number): Promise<void> {
  // After the last try: visible again at once, so SQS moves it to the dead-letter queue without waiting out the timeout.
  const pause = tries >= WEBHOOK_TRIES ? 1 : retryPauseSeconds(tries);
  try {
    await sqs().send(
      new ChangeMessageVisibilityCommand({ QueueUrl: config.queueUrl(WEBHOOKS_QUEUE_ID), ReceiptHandle: record.receiptHandle, VisibilityTimeout: pause }),
    );
  } catch (error) {
    // It comes back after the queue's own visibility timeout instead.
    logger.warn('webhook retry pause not set', { messageId: record.messageId, error });
  }
}

async function handle(record: SQSRecord): Promise<SQSBatchItemFailure | undefined> {
  const delivery = parse(record);
  if (!delivery) return undefined;
  const tries = Number(record.attributes.ApproximateReceiveCount) || 1;
  const about = { deliveryId: delivery.deliveryId, integrationId: delivery.integrationId, ticketId: delivery.ticket.id, try: tries };
  try {
    const outcome = await deliverWebhook(delivery);
    logger.debug('webhook delivered', { ...about, outcome });
    return undefined;
  } catch (error) {
    const reason = error instanceof OutboundCallError ? { status: error.status, reason: error.message } : { error };
    if (tries >= WEBHOOK_TRIES) logger.error('webhook failed its last try; parked in the dead-letter queue', { ...about, ...reason });
    else logger.warn('webhook failed; it will be retried', { ...about, ...reason, retryInSeconds: retryPauseSeconds(tries) });
    await retryLater(record, tries);
    return { itemIdentifier: record.messageId };
  }
}

export async function handler(event: SQSEvent): Promise<SQSBatchResponse> {
  const results = await Promise.all(event.Records.map(handle));
  return { batchItemFailures: results.filter((failure): failure is SQSBatchItemFailure => failure !== undefined) };
}
