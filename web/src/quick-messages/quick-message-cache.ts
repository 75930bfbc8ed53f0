/**
 * Keeps the cached quick messages in step with what changed on the server: a `quickmessage` realtime
 * event (spec 2 §4), or the answer of this client's own save or delete (the same change the event
 * then brings, so each step is harmless twice).
 *
 * The page's lists are pages of a search by page number, sorted and filtered by the server (by
 * shortcode, accents and case aside). Putting a changed one in place here would shift every later page
 * by one, so a page fetched next would repeat or skip an item: the lists are fetched again instead
 * (tens to hundreds of items per company, one request per loaded page). A deleted one leaves the lists
 * at once, before that refetch; the conversation's suggestions (`usable`) refetch too.
 */
import type { InfiniteData, QueryClient } from '@tanstack/react-query';
import type { QuickMessage, QuickMessagePage } from '../../../shared/quick-messages';
import type { CompanyChannels } from '../../../shared/realtime-events';
import { queryKeys } from '../api/query-keys';

export type QuickMessageEvent = CompanyChannels['quickmessage'];

/** The pages of one search, as the page's infinite query caches them (page param: the page number). */
export type QuickMessageListData = InfiniteData<QuickMessagePage, number>;

/** The list without the quick message; the very same object when it was not there. */
export function removeFromList(data: QuickMessageListData, id: string): QuickMessageListData {
  if (!data.pages.some((page) => page.records.some((record) => record.id === id))) return data;
  return {
    ...data,
    pages: data.pages.map((page) =>
      page.records.some((record) => record.id === id) ? { ...page, records: page.records.filter((record) => record.id !== id) } : page,
    ),
  };
}

/**
 * The loaded pages as one list, each quick message once: a change between two page fetches may move
 * one across the pages' boundary, into both.
 */
export function listedQuickMessages(data: { readonly pages: readonly QuickMessagePage[] } | undefined): QuickMessage[] {
  const seen = new Set<string>();
  const listed: QuickMessage[] = [];
  for (const record of data?.pages.flatMap((page) => page.records) ?? []) {
    if (seen.has(record.id)) continue;
    seen.add(record.id);
    listed.push(record);
  }
  return listed;
}

function isListData(data: unknown): data is QuickMessageListData {
  return typeof data === 'object' && data !== null && Array.isArray((data as Partial<QuickMessageListData>).pages);
}

export function applyQuickMessageEvent(client: QueryClient, event: QuickMessageEvent): void {
  if (event.action === 'delete') {
    for (const [key, data] of client.getQueriesData({ queryKey: queryKeys.quickMessages.lists })) {
      if (isListData(data)) {
        const next = removeFromList(data, event.id);
        if (next !== data) client.setQueryData<QuickMessageListData>(key, next);
      }
    }
    client.removeQueries({ queryKey: queryKeys.quickMessages.one(event.id), exact: true });
  } else if (client.getQueryData(queryKeys.quickMessages.one(event.record.id)) !== undefined) {
    client.setQueryData<QuickMessage>(queryKeys.quickMessages.one(event.record.id), event.record);
  }
  void client.invalidateQueries({ queryKey: queryKeys.quickMessages.lists });
  void client.invalidateQueries({ queryKey: queryKeys.quickMessages.usable });
}
