/**
 * Keeps the cached users in step with what changed on the server: a `user` realtime event, or the
 * answer of this client's own save or delete (the same change the event will bring, so applying it
 * twice changes nothing).
 *
 * The users page caches GET /users page by page by page number, so a user added or taken out shifts the
 * server's pages under the ones loaded. The change is therefore shown at once where it is sure (a user
 * changed in place, or gone), and then every user query is read again: the loaded pages come back as the
 * server now cuts them, a new user in its place by name, and the pickers' options follow.
 */
import type { InfiniteData, QueryClient } from '@tanstack/react-query';
import type { CompanyChannels } from '../../../shared/realtime-events';
import { foldForSearch } from '../../../shared/text';
import type { UserDto, UserPage } from '../../../shared/users';
import { queryKeys } from '../api/query-keys';

export type UserEvent = CompanyChannels['user'];

/** The pages of one search, as the users page's infinite query caches them (page param: the page number). */
export type UserListData = InfiniteData<UserPage, number>;

/** Whether GET /users would answer the user for the search (name or email contains it, accents and case aside). */
export function matchesUserSearch(user: Pick<UserDto, 'name' | 'email'>, search: string): boolean {
  const term = foldForSearch(search);
  return term === '' || foldForSearch(user.name).includes(term) || foldForSearch(user.email).includes(term);
}

/** The list after the event; the very same object when nothing shown changes (a new user waits for the refetch). */
export function applyToUserList(data: UserListData, search: string, event: UserEvent): UserListData {
  if (event.action === 'create') return data;
  const userId = event.action === 'delete' ? event.userId : event.user.id;
  if (!data.pages.some((page) => page.users.some((user) => user.id === userId))) return data;
  const keep = event.action === 'update' && matchesUserSearch(event.user, search) ? event.user : undefined;
  return {
    ...data,
    pages: data.pages.map((page) =>
      page.users.some((user) => user.id === userId)
        ? { ...page, users: page.users.flatMap((user) => (user.id !== userId ? [user] : keep === undefined ? [] : [keep])) }
        : page,
    ),
  };
}

/**
 * The users of the loaded pages, each once: while pages are read again after a change, a user may sit
 * at the end of one page and the start of the next.
 */
export function usersOfList(data: Pick<UserListData, 'pages'> | undefined): UserDto[] {
  const seen = new Set<string>();
  return (data?.pages ?? []).flatMap((page) => page.users.filter((user) => !seen.has(user.id) && Boolean(seen.add(user.id))));
}

function isUserListData(data: unknown): data is UserListData {
  return typeof data === 'object' && data !== null && Array.isArray((data as Partial<UserListData>).pages);
}

/** The search term of a list's key (`queryKeys.users.list(search)`). */
function searchOf(key: readonly unknown[]): string | undefined {
  const search = key[2];
  return typeof search === 'string' ? search : undefined;
}

/** Applies a change of users to every cached users page list, then has every user query read again. */
export function applyUserEvent(client: QueryClient, event: UserEvent): void {
  for (const [key, data] of client.getQueriesData({ queryKey: queryKeys.users.lists })) {
    const search = searchOf(key);
    if (isUserListData(data) && search !== undefined) {
      const next = applyToUserList(data, search, event);
      if (next !== data) client.setQueryData<UserListData>(key, next);
    }
  }
  void client.invalidateQueries({ queryKey: queryKeys.users.all });
}
