/**
 * The consumer of the `campaign-sends` queue (functions/core/campaigns/send-queue.ts): send hops of the
 * connections' cursors, and the clean-up of deleted campaigns' recipients. Each message is validated;
 * an invalid one is logged and dropped (retrying cannot fix it). Messages are independent, handled at
 * once; a failed one alone is reported for redelivery. Both kinds are idempotent (send-hop.ts).
 */
import type { SQSBatchItemFailure, SQSBatchResponse, SQSEvent, SQSRecord } from 'aws-lambda';
import { purgeCampaignShipping } from '../core/campaigns/delete-campaign';
import { runSendHop } from '../core/campaigns/send-hop';
import { CampaignSendMessage } from '../core/campaigns/send-queue';
import { logger } from '../core/logger';

export async function handleCampaignSend(message: CampaignSendMessage): Promise<void> {
  switch (message.kind) {
    case 'hop': {
      const outcome = await runSendHop(message);
      logger.debug('campaign send hop', { companyId: message.companyId, whatsappId: message.whatsappId, outcome });
      return;
    }
    case 'purge': {
      const removed = await purgeCampaignShipping(message);
      logger.info('deleted campaign recipients removed', { companyId: message.companyId, campaignId: message.campaignId, removed });
      return;
    }
  }
}

function parse(record: SQSRecord): CampaignSendMessage | undefined {
  try {
    const parsed = CampaignSendMessage.safeParse(JSON.parse(record.body));
    if (parsed.success) return parsed.data;
    logger.error('campaign send message dropped: invalid', { messageId: record.messageId, issues: parsed.error.issues });
  } catch (error) {
    logger.error('campaign send message dropped: not JSON', { messageId: record.messageId, error });
  }
  return undefined;
}

export async function handler(event: SQSEvent): Promise<SQSBatchResponse> {
  const failures: SQSBatchItemFailure[] = [];
  await Promise.all(
    event.Records.map(async (record) => {
      const message = parse(record);
      if (!message) return;
      try {
        await handleCampaignSend(message);
      } catch (error) {
        logger.error('campaign send failed; it will be retried', { messageId: record.messageId, kind: message.kind, error });
        failures.push({ itemIdentifier: record.messageId });
      }
    }),
  );
  return { batchItemFailures: failures };
}
