/**
 * Live settings: the company's `settings` events (shared/realtime-events.ts), applied to the cached
 * settings while the settings page is open, so a change another administrator makes shows at once (and
 * the Horários tab comes or goes with the work-hours setting).
 */
import { useQueryClient } from '@tanstack/react-query';
import { useCallback } from 'react';
import type { CompanyChannels } from '../../../shared/realtime-events';
import { settingKeys, withSetting, type Setting } from '../api/settings';
import { useRealtimeEvent } from '../realtime/hooks';

export function useSettingEvents(): void {
  const queryClient = useQueryClient();
  const apply = useCallback(
    ({ setting }: CompanyChannels['settings']) =>
      queryClient.setQueryData<Setting[]>(settingKeys.all, (current) => withSetting(current, setting)),
    [queryClient],
  );
  useRealtimeEvent('settings', apply);
}
