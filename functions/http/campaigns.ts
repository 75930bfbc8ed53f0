/**
 * Campaigns (spec 2 §2-§9; `/campaigns`, `/campaign-settings`), for a company whose plan has
 * useCampaigns or whose `campaignsEnabled` setting is on (docs/architecture.md §8: decided on the
 * server as in the menu). Saving the settings needs company:administer.
 */
import { SaveCampaignSettingsBody } from '../../shared/campaign-settings';
import { CampaignBody, CampaignParams, CampaignShippingQuery, CAMPAIGN_MEDIA_FIELDS, CAMPAIGN_MEDIA_MAX_BYTES } from '../../shared/campaigns';
import { deleteCampaignMedia, uploadCampaignMedia } from '../core/campaigns/campaign-media';
import { cancelCampaign, restartCampaign } from '../core/campaigns/cancel-campaign';
import { deleteCampaign } from '../core/campaigns/delete-campaign';
import { getCampaignSettingPairs } from '../core/campaigns/get-campaign-settings';
import { createCampaign, updateCampaign } from '../core/campaigns/save-campaign';
import { saveCampaignSettings } from '../core/campaigns/save-campaign-settings';
import { campaignShipping, searchCampaigns, showCampaign } from '../core/campaigns/search-campaigns';
import { callerRoute, httpModule } from '../core/http/http-module';
import { ListQuery } from '../core/http/pagination';
import { created, noContent, ok } from '../core/http/reply';
import { readUploadedFile } from '../core/media/multipart';

const access = { campaigns: true } as const;

export const handler = httpModule('campaigns', {
  'GET /campaign-settings': callerRoute({ access }, async ({ caller }) => ok(await getCampaignSettingPairs(caller))),
  'POST /campaign-settings': callerRoute(
    { body: SaveCampaignSettingsBody, access: { ...access, permission: 'company:administer' } },
    async ({ caller, body }) => ok(await saveCampaignSettings(caller, body)),
  ),
  'GET /campaigns': callerRoute({ query: ListQuery, access }, async ({ caller, query }) => ok(await searchCampaigns(caller, query))),
  'POST /campaigns': callerRoute({ body: CampaignBody, access }, async ({ caller, body }) => created(await createCampaign(caller, body))),
  'GET /campaigns/{id}': callerRoute({ params: CampaignParams, access }, async ({ caller, params }) => ok(await showCampaign(caller, params.id))),
  'PUT /campaigns/{id}': callerRoute({ params: CampaignParams, body: CampaignBody, access }, async ({ caller, params, body }) =>
    ok(await updateCampaign(caller, params.id, body)),
  ),
  'DELETE /campaigns/{id}': callerRoute({ params: CampaignParams, access }, async ({ caller, params }) => {
    await deleteCampaign(caller, params.id);
    return noContent();
  }),
  // No `body` schema: the body is multipart (the file in `file`).
  'POST /campaigns/{id}/media-upload': callerRoute({ params: CampaignParams, access }, async ({ caller, params, event }) => {
    const file = await readUploadedFile(event, { fieldNames: CAMPAIGN_MEDIA_FIELDS, maxBytes: CAMPAIGN_MEDIA_MAX_BYTES });
    return ok(await uploadCampaignMedia(caller, params.id, file));
  }),
  'DELETE /campaigns/{id}/media-upload': callerRoute({ params: CampaignParams, access }, async ({ caller, params }) =>
    ok(await deleteCampaignMedia(caller, params.id)),
  ),
  'POST /campaigns/{id}/cancel': callerRoute({ params: CampaignParams, access }, async ({ caller, params }) => ok(await cancelCampaign(caller, params.id))),
  'POST /campaigns/{id}/restart': callerRoute({ params: CampaignParams, access }, async ({ caller, params }) => ok(await restartCampaign(caller, params.id))),
  'GET /campaigns/{id}/shipping': callerRoute({ params: CampaignParams, query: CampaignShippingQuery, access }, async ({ caller, params, query }) =>
    ok(await campaignShipping(caller, params.id, query)),
  ),
});
