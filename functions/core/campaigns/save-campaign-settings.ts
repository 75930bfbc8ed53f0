/**
 * POST /campaign-settings: an administrator changes the company's campaign settings (the route admits
 * only 'company:administer').
 *
 * Steps: the body is validated at the edge (each interval among the spec's options, variable keys unique
 * and not a built-in variable's name, opt-out words); the keys sent are stored and the others kept; the
 * company's users hear `campaignSettings` (the page of another administrator shows the change); answer
 * every key as GET does.
 */
import { campaignSettingPairs, type CampaignSettingPair, type SaveCampaignSettingsBody } from '../../../shared/campaign-settings';
import type { Caller } from '../caller/load-caller';
import { publishToCompany } from '../realtime/publisher';
import { updateCampaignSettings } from '../repositories/campaign-settings';

export async function saveCampaignSettings(caller: Caller, body: SaveCampaignSettingsBody, now = new Date()): Promise<CampaignSettingPair[]> {
  const settings = campaignSettingPairs(await updateCampaignSettings(caller.companyId, body.settings, now));
  await publishToCompany(caller.companyId, 'company', 'campaignSettings', { action: 'update', settings });
  return settings;
}
