/**
 * Campaign settings (spec 2 §2, §3, §7): GET /campaign-settings answers every key as `[{ key, value }]`
 * with JSON-encoded values; POST saves `{ settings }` (administrators) and answers every key the same way.
 */
import { useQuery } from '@tanstack/react-query';
import { campaignSettingsFromPairs, type CampaignSettingPair, type CampaignSettings } from '../../../shared/campaign-settings';
import { useServices } from '../runtime/services';
import type { ApiClient } from './client';

export type { CampaignSettings };

export const CAMPAIGN_SETTINGS_PATH = '/campaign-settings';

export const campaignSettingKeys = {
  all: ['campaignSettings'] as const,
};

/** The settings read, already decoded from their JSON values. */
export function useCampaignSettings() {
  const { api } = useServices();
  return useQuery({
    queryKey: campaignSettingKeys.all,
    queryFn: async ({ signal }) => campaignSettingsFromPairs(await api.get<CampaignSettingPair[]>(CAMPAIGN_SETTINGS_PATH, { signal })),
  });
}

export async function saveCampaignSettings(api: ApiClient, settings: CampaignSettings): Promise<CampaignSettings> {
  return campaignSettingsFromPairs(await api.post<CampaignSettingPair[]>(CAMPAIGN_SETTINGS_PATH, { settings }));
}
