/**
 * Keeps the cached schedules in step with what changed on the server: a `schedule` realtime event
 * (spec 2 §4), or the answer of this client's own save or delete (the same change the event then
 * brings, so each step is harmless twice). As with quick messages, the lists are pages of a search
 * sorted by the server, so they are fetched again rather than patched; a deleted schedule leaves them
 * at once.
 */
import type { InfiniteData, QueryClient } from '@tanstack/react-query';
import type { CompanyChannels } from '../../../shared/realtime-events';
import type { ScheduledMessage, ScheduledMessagePage } from '../../../shared/scheduled-messages';
import { queryKeys } from '../api/query-keys';

export type ScheduleEvent = CompanyChannels['schedule'];

export type ScheduleListData = InfiniteData<ScheduledMessagePage, number>;

/** The loaded pages as one list, each schedule once (a change between two page fetches may put one in both). */
export function listedSchedules(data: { readonly pages: readonly ScheduledMessagePage[] } | undefined): ScheduledMessage[] {
  const seen = new Set<string>();
  const listed: ScheduledMessage[] = [];
  for (const schedule of data?.pages.flatMap((page) => page.schedules) ?? []) {
    if (seen.has(schedule.id)) continue;
    seen.add(schedule.id);
    listed.push(schedule);
  }
  return listed;
}

/** The list without the schedule; the very same object when it was not there. */
export function removeFromList(data: ScheduleListData, id: string): ScheduleListData {
  if (!data.pages.some((page) => page.schedules.some((schedule) => schedule.id === id))) return data;
  return { ...data, pages: data.pages.map((page) => ({ ...page, schedules: page.schedules.filter((schedule) => schedule.id !== id) })) };
}

function isListData(data: unknown): data is ScheduleListData {
  return typeof data === 'object' && data !== null && Array.isArray((data as Partial<ScheduleListData>).pages);
}

export function applyScheduleEvent(client: QueryClient, event: ScheduleEvent): void {
  if (event.action === 'delete') {
    for (const [key, data] of client.getQueriesData({ queryKey: queryKeys.schedules.lists })) {
      if (isListData(data)) {
        const next = removeFromList(data, event.scheduleId);
        if (next !== data) client.setQueryData<ScheduleListData>(key, next);
      }
    }
    client.removeQueries({ queryKey: queryKeys.schedules.one(event.scheduleId), exact: true });
  } else if (client.getQueryData(queryKeys.schedules.one(event.schedule.id)) !== undefined) {
    client.setQueryData<ScheduledMessage>(queryKeys.schedules.one(event.schedule.id), event.schedule);
  }
  void client.invalidateQueries({ queryKey: queryKeys.schedules.lists });
}
