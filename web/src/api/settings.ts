/**
 * Company settings (spec 3 §7): GET /settings answers every key as `[{ key, value }]`; PUT
 * /settings/{key} changes one (administrators; the platform's keys only for a super user, which the
 * server decides). The write is a plain request the Opções tab runs in its mutation.
 */
import { useQuery } from '@tanstack/react-query';
// Types only: the shared module's schemas (and zod) stay out of the chunks that read these keys.
import type { Setting, SettingKey } from '../../../shared/settings';
import { useServices } from '../runtime/services';
import type { ApiClient } from './client';

export type { Setting, SettingKey };

export const SETTINGS_PATH = '/settings';
export const settingPath = (key: SettingKey) => `${SETTINGS_PATH}/${encodeURIComponent(key)}`;

export const settingKeys = {
  all: ['settings'] as const,
};

export function useSettings() {
  const { api } = useServices();
  return useQuery({
    queryKey: settingKeys.all,
    queryFn: ({ signal }) => api.get<Setting[]>(SETTINGS_PATH, { signal }),
  });
}

/** The body carries the key too, as the spec's client sends it (the server checks it names the path's). */
export function updateSetting(api: ApiClient, key: SettingKey, value: string): Promise<Setting> {
  return api.put<Setting>(settingPath(key), { key, value });
}

/** The settings with one replaced (or added): what a save or a `settings` event leaves in the cache. */
export function withSetting(settings: readonly Setting[] | undefined, setting: Setting): Setting[] | undefined {
  if (settings === undefined) return undefined;
  const found = settings.some((kept) => kept.key === setting.key);
  return found ? settings.map((kept) => (kept.key === setting.key ? setting : kept)) : [...settings, setting];
}
