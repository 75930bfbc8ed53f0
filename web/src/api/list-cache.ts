/**
 * The cached lists of a resource's page (contacts, tags, users, quick messages, schedules), one
 * algorithm with the resource's noun as its parameter. Each list is cached as the pages of one search
 * (TanStack's infinite data) under a key that ends with that search (`['tags', 'list', search]`), each
 * page holding its items under the noun (`contacts`, `tags`, `users`, `records`, `schedules`).
 *
 * A change the server reports (a realtime event, or the answer of this client's own save or delete,
 * which the event then repeats) is applied to every cached list: what is sure is shown at once (an item
 * changed in place, or gone), and each step is harmless twice. Where a resource's page puts a new item
 * depends on the server's order and paging, so each resource says what it does with a saved item
 * (contacts put it in its place; the others let the lists be read again).
 */
import type { QueryClient, QueryKey } from '@tanstack/react-query';

interface Identified {
  readonly id: string;
}

/** The cached pages of one search (an infinite query's data; its page params pass through untouched). */
export interface ListData<Page> {
  readonly pages: readonly Page[];
}

/** A page that holds its items under `Noun`. */
export type ListPage<Noun extends string> = { readonly [K in Noun]: readonly Identified[] };

export interface ListCache<Page, Item> {
  /** The items of the loaded pages, each once, in order: a change between two page reads may put one in both. */
  items(data: ListData<Page> | undefined): Item[];
  /** The list with the item replaced by `next` where it is, or taken out when there is no `next`; the very same object when it is not there. */
  replace<Data extends ListData<Page>>(data: Data, id: string, next?: Item): Data;
  /** The list without the item; the very same object when it was not there. */
  remove<Data extends ListData<Page>>(data: Data, id: string): Data;
  /** The list with another page at `index`. */
  withPage<Data extends ListData<Page>>(data: Data, index: number, page: Page): Data;
  /** The page with other items. */
  withItems(page: Page, items: readonly Item[]): Page;
  itemsOf(page: Page): readonly Item[];
  /**
   * Applies `change` to every cached list under `listsKey`, with the search its key ends with; a list
   * unchanged keeps its object. One cached in another shape (by another screen) is read again rather
   * than guessed at.
   */
  updateLists(client: QueryClient, listsKey: QueryKey, change: (data: ListData<Page>, search: string) => ListData<Page>): void;
}

export function isListData(data: unknown): data is ListData<unknown> {
  return typeof data === 'object' && data !== null && Array.isArray((data as Partial<ListData<unknown>>).pages);
}

/** The list cache of the resource whose pages hold their items under `noun`. */
export function listCache<Page extends ListPage<Noun>, Noun extends string>(noun: Noun): ListCache<Page, Page[Noun][number]> {
  type Item = Page[Noun][number];
  const itemsOf = (page: Page): readonly Item[] => page[noun];
  const withItems = (page: Page, items: readonly Item[]): Page => ({ ...page, [noun]: items });
  const holds = (page: Page, id: string) => itemsOf(page).some((item) => item.id === id);

  function replace<Data extends ListData<Page>>(data: Data, id: string, next?: Item): Data {
    if (!data.pages.some((page) => holds(page, id))) return data;
    const pages = data.pages.map((page) =>
      holds(page, id) ? withItems(page, itemsOf(page).flatMap((item) => (item.id !== id ? [item] : next === undefined ? [] : [next]))) : page,
    );
    return { ...data, pages };
  }

  return {
    items(data) {
      const seen = new Set<string>();
      return (data?.pages ?? []).flatMap((page) => itemsOf(page).filter((item) => !seen.has(item.id) && Boolean(seen.add(item.id))));
    },
    replace,
    remove: (data, id) => replace(data, id),
    withPage: (data, index, page) => ({ ...data, pages: data.pages.with(index, page) }),
    withItems,
    itemsOf,
    updateLists(client, listsKey, change) {
      for (const [key, data] of client.getQueriesData({ queryKey: listsKey })) {
        if (data === undefined) continue;
        const search = key[2];
        if (isListData(data) && typeof search === 'string') {
          const next = change(data as ListData<Page>, search);
          if (next !== data) client.setQueryData(key, next);
        } else {
          void client.invalidateQueries({ queryKey: key, exact: true });
        }
      }
    },
  };
}

/** A resource's one cached item (`key`, e.g. what a dialog edits): replaced when cached, dropped once deleted (`next` undefined). */
export function updateCachedItem(client: QueryClient, key: QueryKey, next: Identified | undefined): void {
  if (next === undefined) client.removeQueries({ queryKey: key, exact: true });
  else if (client.getQueryData(key) !== undefined) client.setQueryData(key, next);
}

/**
 * A list read whole in one call (companies, plans, helps) after this client's own save: the saved item
 * takes its old self's place at once (or joins the end when new), so what the dialog saved shows, and a
 * dialog opened again edits it, before the list is read again for the server's order.
 */
export function putSavedInList(client: QueryClient, key: QueryKey, saved: Identified): void {
  client.setQueryData<readonly Identified[]>(key, (list) => {
    if (list === undefined) return list;
    return list.some((item) => item.id === saved.id) ? list.map((item) => (item.id === saved.id ? saved : item)) : [...list, saved];
  });
}
