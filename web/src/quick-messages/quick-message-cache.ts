/**
 * Keeps the cached quick messages in step with what changed on the server: a `quickmessage` realtime
 * event (spec 2 §4), or the answer of this client's own save or delete (the same change the event
 * then brings, so each step is harmless twice).
 *
 * The page's lists are pages of a search by page number, sorted and filtered by the server (by
 * shortcode, accents and case aside). Putting a changed one in place here would shift every later page
 * by one, so a page fetched next would repeat or skip an item: the lists are fetched again instead
 * (tens to hundreds of items per company, one request per loaded page). A deleted one leaves the lists
 * at once, before that refetch; the conversation's suggestions (`usable`) refetch too. The list steps
 * are the resource lists' own (api/list-cache.ts), with `records` as the noun.
 */
import type { InfiniteData, QueryClient } from '@tanstack/react-query';
import type { QuickMessage, QuickMessagePage } from '../../../shared/quick-messages';
import type { CompanyChannels } from '../../../shared/realtime-events';
import { listCache, updateCachedItem } from '../api/list-cache';
import { queryKeys } from '../api/query-keys';

export type QuickMessageEvent = CompanyChannels['quickmessage'];

/** The pages of one search, as the page's infinite query caches them (page param: the page number). */
export type QuickMessageListData = InfiniteData<QuickMessagePage, number>;

const quickMessageLists = listCache<QuickMessagePage, 'records'>('records');

/** The list without the quick message; the very same object when it was not there. */
export function removeFromList(data: QuickMessageListData, id: string): QuickMessageListData {
  return quickMessageLists.remove(data, id);
}

/**
 * The loaded pages as one list, each quick message once: a change between two page fetches may move
 * one across the pages' boundary, into both.
 */
export function listedQuickMessages(data: { readonly pages: readonly QuickMessagePage[] } | undefined): QuickMessage[] {
  return quickMessageLists.items(data);
}

export function applyQuickMessageEvent(client: QueryClient, event: QuickMessageEvent): void {
  if (event.action === 'delete') {
    quickMessageLists.updateLists(client, queryKeys.quickMessages.lists, (data) => quickMessageLists.remove(data, event.id));
    updateCachedItem(client, queryKeys.quickMessages.one(event.id), undefined);
  } else {
    updateCachedItem(client, queryKeys.quickMessages.one(event.record.id), event.record);
  }
  void client.invalidateQueries({ queryKey: queryKeys.quickMessages.lists });
  void client.invalidateQueries({ queryKey: queryKeys.quickMessages.usable });
}
