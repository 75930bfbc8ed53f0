/**
 * Keeps the cached schedules in step with what changed on the server: a `schedule` realtime event
 * (spec 2 §4), or the answer of this client's own save or delete (the same change the event then
 * brings, so each step is harmless twice). As with quick messages, the lists are pages of a search
 * sorted by the server, so they are fetched again rather than patched; a deleted schedule leaves them
 * at once. The list steps are the resource lists' own (api/list-cache.ts), with `schedules` as the noun.
 */
import type { InfiniteData, QueryClient } from '@tanstack/react-query';
import type { CompanyChannels } from '../../../shared/realtime-events';
import type { ScheduledMessage, ScheduledMessagePage } from '../../../shared/scheduled-messages';
import { listCache, updateCachedItem } from '../api/list-cache';
import { queryKeys } from '../api/query-keys';

export type ScheduleEvent = CompanyChannels['schedule'];

export type ScheduleListData = InfiniteData<ScheduledMessagePage, number>;

const scheduleLists = listCache<ScheduledMessagePage, 'schedules'>('schedules');

/** The loaded pages as one list, each schedule once (a change between two page fetches may put one in both). */
export function listedSchedules(data: { readonly pages: readonly ScheduledMessagePage[] } | undefined): ScheduledMessage[] {
  return scheduleLists.items(data);
}

/** The list without the schedule; the very same object when it was not there. */
export function removeFromList(data: ScheduleListData, id: string): ScheduleListData {
  return scheduleLists.remove(data, id);
}

export function applyScheduleEvent(client: QueryClient, event: ScheduleEvent): void {
  if (event.action === 'delete') {
    scheduleLists.updateLists(client, queryKeys.schedules.lists, (data) => scheduleLists.remove(data, event.scheduleId));
    updateCachedItem(client, queryKeys.schedules.one(event.scheduleId), undefined);
  } else {
    updateCachedItem(client, queryKeys.schedules.one(event.schedule.id), event.schedule);
  }
  void client.invalidateQueries({ queryKey: queryKeys.schedules.lists });
}
