/**
 * Campaign settings (spec 2 §2, §3, §7): GET /campaign-settings answers every key as `[{ key, value }]`
 * with JSON-encoded values; POST saves `{ settings }` (administrators) and answers every key the same way.
 *
 * The decoding (shared/campaign-settings.ts campaignSettingsFromPairs) lives beside the settings' zod
 * schemas, so it is loaded with the first read rather than imported: query-keys.ts gathers these keys
 * for every screen, and no first screen may carry zod (docs/architecture.md §9, `npm run bench:web`).
 */
import { useQuery } from '@tanstack/react-query';
// Types only: the shared module's schemas (and zod) stay out of the chunks that read these keys.
import type { CampaignSettingPair, CampaignSettings } from '../../../shared/campaign-settings';
import { useServices } from '../runtime/services';
import type { ApiClient } from './client';

export type { CampaignSettings };

export const CAMPAIGN_SETTINGS_PATH = '/campaign-settings';

export const campaignSettingKeys = {
  all: ['campaignSettings'] as const,
};

/** The settings as the pairs the API answers (and the `campaignSettings` event carries) say them. */
export async function decodeCampaignSettings(pairs: readonly CampaignSettingPair[]): Promise<CampaignSettings> {
  const { campaignSettingsFromPairs } = await import('../../../shared/campaign-settings');
  return campaignSettingsFromPairs(pairs);
}

/** The settings read, already decoded from their JSON values. */
export function useCampaignSettings() {
  const { api } = useServices();
  return useQuery({
    queryKey: campaignSettingKeys.all,
    queryFn: async ({ signal }) => decodeCampaignSettings(await api.get<CampaignSettingPair[]>(CAMPAIGN_SETTINGS_PATH, { signal })),
  });
}

export async function saveCampaignSettings(api: ApiClient, settings: CampaignSettings): Promise<CampaignSettings> {
  return decodeCampaignSettings(await api.post<CampaignSettingPair[]>(CAMPAIGN_SETTINGS_PATH, { settings }));
}
