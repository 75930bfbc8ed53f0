/**
 * The consumer of the `webhooks` queue: the n8n and webhook integrations' deliveries
 * (core/integrations/webhook-delivery.ts). Each record is validated (an invalid one is logged and
 * dropped: retrying cannot fix it) and tried once. A failed try that has tries left puts the next one on
 * the queue, delayed by its pause (1x, 2x, 4x INTEGRATION_RETRY_BASE_SECONDS), and is done; the last
 * failed try is reported failed and made visible again at once, and SQS parks it in the dead-letter
 * queue (the queue's maxReceiveCount is 1: each try is a message of its own). A try whose retry could
 * not be queued is parked the same way, so no delivery is lost. Log lines name the delivery, never the
 * secret nor the body.
 */
import { ChangeMessageVisibilityCommand } from '@aws-sdk/client-sqs';
import type { SQSBatchItemFailure, SQSBatchResponse, SQSEvent, SQSRecord } from 'aws-lambda';
import { WEBHOOKS_QUEUE_ID } from '../../infra/resources/queues';
import { sqs } from '../core/aws/clients';
import { config } from '../core/config';
import { deliverWebhook, retryWebhookDelivery, WEBHOOK_TRIES, WebhookDelivery } from '../core/integrations/webhook-delivery';
import { OutboundCallError } from '../core/http/outbound-http';
import { logger } from '../core/logger';
import { appendSharedKeys, logKeysOf, observed } from '../core/observability';
import { BUSINESS_METRICS } from '../../infra/resources/metrics';
import { countMetric } from '../core/metrics';

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

/** Parks the record: visible again at once, so SQS moves it to the dead-letter queue without waiting out its timeout. */
async function park(record: SQSRecord): Promise<SQSBatchItemFailure> {
  countMetric(BUSINESS_METRICS.webhookDeadLetters);
  try {
    await sqs().send(new ChangeMessageVisibilityCommand({ QueueUrl: config.queueUrl(WEBHOOKS_QUEUE_ID), ReceiptHandle: record.receiptHandle, VisibilityTimeout: 1 }));
  } catch (error) {
    // It goes after the queue's own visibility timeout instead.
    logger.warn('webhook delivery not let go early', { messageId: record.messageId, error });
  }
  return { itemIdentifier: record.messageId };
}

async function handle({ record, delivery }: { record: SQSRecord; delivery: WebhookDelivery | undefined }): Promise<SQSBatchItemFailure | undefined> {
  if (!delivery) return undefined;
  const about = { companyId: delivery.companyId, deliveryId: delivery.deliveryId, integrationId: delivery.integrationId, ticketId: delivery.ticket.id, attempt: delivery.attempt };
  try {
    const outcome = await deliverWebhook(delivery);
    logger.debug('webhook delivered', { ...about, outcome });
    return undefined;
  } catch (error) {
    const reason = error instanceof OutboundCallError ? { status: error.status, reason: error.message } : { error };
    if (delivery.attempt >= WEBHOOK_TRIES) {
      logger.error('webhook failed its last try; parked in the dead-letter queue', { ...about, ...reason });
      return park(record);
    }
    try {
      const pause = await retryWebhookDelivery(delivery);
      logger.warn('webhook failed; it will be tried again', { ...about, ...reason, retryInSeconds: pause });
      return undefined;
    } catch (queueError) {
      logger.error('webhook failed and its retry could not be queued; parked in the dead-letter queue', { ...about, ...reason, queueError });
      return park(record);
    }
  }
}

async function handleBatch(event: SQSEvent): Promise<SQSBatchResponse> {
  const deliveries = event.Records.map((record) => ({ record, delivery: parse(record) }));
  appendSharedKeys(deliveries.map(({ delivery }) => delivery).filter((delivery) => delivery !== undefined), logKeysOf);
  const results = await Promise.all(deliveries.map(handle));
  return { batchItemFailures: results.filter((failure): failure is SQSBatchItemFailure => failure !== undefined) };
}

export const handler = observed(handleBatch);
