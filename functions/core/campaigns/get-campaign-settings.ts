/**
 * GET /campaign-settings: the caller's company's campaign settings as the spec answers them, key/value
 * pairs with JSON-encoded values, each key never saved answered with its default.
 */
import { campaignSettingPairs, type CampaignSettingPair } from '../../../shared/campaign-settings';
import type { Caller } from '../caller/load-caller';
import { getCampaignSettings } from '../repositories/campaign-settings';

export async function getCampaignSettingPairs(caller: Caller): Promise<CampaignSettingPair[]> {
  return campaignSettingPairs(await getCampaignSettings(caller.companyId));
}
