/**
 * Campaigns (spec 2 §2-§9, `/campaign-settings`), for a company whose plan has useCampaigns or whose
 * `campaignsEnabled` setting is on (docs/architecture.md §8: decided on the server as in the menu).
 */
import { SaveCampaignSettingsBody } from '../../shared/campaign-settings';
import { getCampaignSettingPairs } from '../core/campaigns/get-campaign-settings';
import { saveCampaignSettings } from '../core/campaigns/save-campaign-settings';
import { callerRoute, httpModule } from '../core/http/http-module';
import { ok } from '../core/http/reply';

const access = { campaigns: true } as const;

export const handler = httpModule('campaigns', {
  'GET /campaign-settings': callerRoute({ access }, async ({ caller }) => ok(await getCampaignSettingPairs(caller))),
  'POST /campaign-settings': callerRoute(
    { body: SaveCampaignSettingsBody, access: { ...access, permission: 'company:administer' } },
    async ({ caller, body }) => ok(await saveCampaignSettings(caller, body)),
  ),
});
