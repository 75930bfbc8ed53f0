/**
 * DELETE /campaigns/{id} (spec 2 §2, §8: the page asks first): the campaign goes at once, a running one
 * included (the sender finds it gone and drops it); its recipients are removed in the background (a
 * `purge` on the campaign-sends queue: they may be twenty thousand). Its attached file goes with it
 * unless messages were sent with it: those messages still show it in the conversations.
 */
import type { Caller } from '../caller/load-caller';
import { AppError } from '../errors';
import { logger } from '../logger';
import { deleteMediaObject } from '../media/storage';
import { deleteShippingFrom } from '../repositories/campaign-shipping';
import { deleteCampaignRecord } from '../repositories/campaigns';
import { publishCampaign } from './present-campaign';
import { enqueueCampaignSend, type PurgeCampaignMessage } from './send-queue';

export async function deleteCampaign(caller: Caller, id: string): Promise<void> {
  const deleted = await deleteCampaignRecord(caller.companyId, id);
  if (!deleted) throw new AppError('ERR_NO_CAMPAIGN_FOUND');
  if (deleted.mediaKey && !deleted.startedAt) {
    await deleteMediaObject(deleted.mediaKey).catch((error: unknown) => logger.warn('campaign media not deleted', { campaignId: id, error }));
  }
  if (deleted.startedAt) await enqueueCampaignSend({ kind: 'purge', companyId: caller.companyId, campaignId: id });
  await publishCampaign(caller.companyId, { action: 'delete', id });
}

/** The worker's side of a `purge`: every recipient of the deleted campaign. Run again, it finds none left. */
export async function purgeCampaignShipping(message: PurgeCampaignMessage): Promise<number> {
  return deleteShippingFrom(message.companyId, message.campaignId, 0);
}
