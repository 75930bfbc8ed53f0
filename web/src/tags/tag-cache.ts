/**
 * Keeps the cached tags in step with what changed on the server: a `tag` realtime event, or the answer
 * of this client's own save or delete (the same change the event will bring, so applying it twice
 * changes nothing).
 *
 * The tags page caches GET /tags page by page by page number, so a tag added or taken out shifts the
 * server's pages under the ones loaded. The change is therefore shown at once where it is sure (a tag
 * changed in place, or gone), and then every tag query is read again: the loaded pages come back as the
 * server now cuts them, a new tag in its place by name, and the pickers and the board follow. The list
 * steps are the resource lists' own (api/list-cache.ts), with `tags` as the noun.
 */
import type { InfiniteData, QueryClient } from '@tanstack/react-query';
import type { CompanyChannels } from '../../../shared/realtime-events';
import type { Tag, TagPage } from '../../../shared/tags';
import { foldForSearch } from '../../../shared/text';
import { listCache } from '../api/list-cache';
import { queryKeys } from '../api/query-keys';

export type TagEvent = CompanyChannels['tag'];

/** The pages of one search, as the tags page's infinite query caches them (page param: the page number). */
export type TagListData = InfiniteData<TagPage, number>;

const tagLists = listCache<TagPage, 'tags'>('tags');

/** Whether GET /tags would answer the tag for the search (the name contains it, accents and case aside). */
export function matchesTagSearch(tag: Pick<Tag, 'name'>, search: string): boolean {
  const term = foldForSearch(search);
  return term === '' || foldForSearch(tag.name).includes(term);
}

/** The list after the event; the very same object when nothing shown changes (a new tag waits for the refetch). */
export function applyToTagList(data: TagListData, search: string, event: TagEvent): TagListData {
  if (event.action === 'create') return data;
  if (event.action === 'delete') return tagLists.remove(data, event.tagId);
  return tagLists.replace(data, event.tag.id, matchesTagSearch(event.tag, search) ? event.tag : undefined);
}

/**
 * The tags of the loaded pages, each once: while pages are read again after a change, a tag may sit at
 * the end of one page and the start of the next.
 */
export function tagsOfList(data: Pick<TagListData, 'pages'> | undefined): Tag[] {
  return tagLists.items(data);
}

/** Applies a change of tags to every cached tags page list, then has every tag query read again. */
export function applyTagEvent(client: QueryClient, event: TagEvent): void {
  tagLists.updateLists(client, queryKeys.tags.lists, (data, search) => applyToTagList(data as TagListData, search, event));
  void client.invalidateQueries({ queryKey: queryKeys.tags.all });
}
