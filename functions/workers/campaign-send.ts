/**
 * The consumer of the `campaign-sends` queue (functions/core/campaigns/send-queue.ts): send hops of the
 * connections' cursors, and the clean-up of deleted campaigns' recipients, as independent records
 * (independent-records.ts). Both kinds are idempotent (send-hop.ts).
 */
import { purgeCampaignShipping } from '../core/campaigns/delete-campaign';
import { runSendHop } from '../core/campaigns/send-hop';
import { CampaignSendMessage } from '../core/campaigns/send-queue';
import { logger } from '../core/logger';
import { independentRecordsHandler } from './independent-records';

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

export const handler = independentRecordsHandler('campaign send message', CampaignSendMessage, handleCampaignSend, (message) => ({ kind: message.kind }));
