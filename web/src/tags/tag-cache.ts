/**
 * Keeps the cached tags in step with what changed on the server: a `tag` realtime event, or the answer
 * of this client's own save or delete (the same change the event will bring, so applying it twice
 * changes nothing).
 *
 * The tags page caches GET /tags page by page by page number, so a tag added or taken out shifts the
 * server's pages under the ones loaded. The change is therefore shown at once where it is sure (a tag
 * changed in place, or gone), and then every tag query is read again: the loaded pages come back as the
 * server now cuts them, a new tag in its place by name, and the pickers and the board follow.
 */
import type { InfiniteData, QueryClient } from '@tanstack/react-query';
import type { CompanyChannels } from '../../../shared/realtime-events';
import type { Tag, TagPage } from '../../../shared/tags';
import { foldForSearch } from '../../../shared/text';
import { queryKeys } from '../api/query-keys';

export type TagEvent = CompanyChannels['tag'];

/** The pages of one search, as the tags page's infinite query caches them (page param: the page number). */
export type TagListData = InfiniteData<TagPage, number>;

/** Whether GET /tags would answer the tag for the search (the name contains it, accents and case aside). */
export function matchesTagSearch(tag: Pick<Tag, 'name'>, search: string): boolean {
  const term = foldForSearch(search);
  return term === '' || foldForSearch(tag.name).includes(term);
}

/** The list after the event; the very same object when nothing shown changes (a new tag waits for the refetch). */
export function applyToTagList(data: TagListData, search: string, event: TagEvent): TagListData {
  if (event.action === 'create') return data;
  const tagId = event.action === 'delete' ? event.tagId : event.tag.id;
  if (!data.pages.some((page) => page.tags.some((tag) => tag.id === tagId))) return data;
  const keep = event.action === 'update' && matchesTagSearch(event.tag, search) ? event.tag : undefined;
  return {
    ...data,
    pages: data.pages.map((page) =>
      page.tags.some((tag) => tag.id === tagId)
        ? { ...page, tags: page.tags.flatMap((tag) => (tag.id !== tagId ? [tag] : keep === undefined ? [] : [keep])) }
        : page,
    ),
  };
}

/**
 * The tags of the loaded pages, each once: while pages are read again after a change, a tag may sit at
 * the end of one page and the start of the next.
 */
export function tagsOfList(data: Pick<TagListData, 'pages'> | undefined): Tag[] {
  const seen = new Set<string>();
  return (data?.pages ?? []).flatMap((page) => page.tags.filter((tag) => !seen.has(tag.id) && Boolean(seen.add(tag.id))));
}

function isTagListData(data: unknown): data is TagListData {
  return typeof data === 'object' && data !== null && Array.isArray((data as Partial<TagListData>).pages);
}

/** The search term of a list's key (`queryKeys.tags.list(search)`). */
function searchOf(key: readonly unknown[]): string | undefined {
  const search = key[2];
  return typeof search === 'string' ? search : undefined;
}

/** Applies a change of tags to every cached tags page list, then has every tag query read again. */
export function applyTagEvent(client: QueryClient, event: TagEvent): void {
  for (const [key, data] of client.getQueriesData({ queryKey: queryKeys.tags.lists })) {
    const search = searchOf(key);
    if (isTagListData(data) && search !== undefined) {
      const next = applyToTagList(data, search, event);
      if (next !== data) client.setQueryData<TagListData>(key, next);
    }
  }
  void client.invalidateQueries({ queryKey: queryKeys.tags.all });
}
