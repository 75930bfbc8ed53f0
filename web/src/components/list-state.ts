/** What a list page shows of a paged list, read off its infinite query (ListPage). */

export interface ListState {
  /** The first page is on its way. */
  readonly pending: boolean;
  /** The first page could not be loaded (a later page's failure keeps what is shown). */
  readonly failed: boolean;
  /** Every page is loaded and none holds anything. */
  readonly empty: boolean;
  /** Items to show. */
  readonly filled: boolean;
  readonly hasMore: boolean;
  readonly loadingMore: boolean;
  readonly loadMore: () => void;
  readonly retry: () => void;
}

/** The part of TanStack Query's infinite query result a list page reads. */
export interface PagedQuery {
  readonly isPending: boolean;
  readonly isError: boolean;
  readonly data: unknown;
  readonly hasNextPage: boolean;
  readonly isFetchingNextPage: boolean;
  readonly fetchNextPage: () => Promise<unknown>;
  readonly refetch: () => Promise<unknown>;
}

export function listStateOf(query: PagedQuery, itemCount: number): ListState {
  const loaded = query.data !== undefined;
  return {
    pending: query.isPending,
    failed: query.isError && !loaded,
    empty: loaded && itemCount === 0 && !query.hasNextPage,
    filled: itemCount > 0,
    hasMore: query.hasNextPage,
    loadingMore: query.isFetchingNextPage,
    loadMore: () => void query.fetchNextPage(),
    retry: () => void query.refetch(),
  };
}
