/**
 * Keeps the cached users in step with what changed on the server: a `user` realtime event, or the
 * answer of this client's own save or delete (the same change the event will bring, so applying it
 * twice changes nothing).
 *
 * The users page caches GET /users page by page by page number, so a user added or taken out shifts the
 * server's pages under the ones loaded. The change is therefore shown at once where it is sure (a user
 * changed in place, or gone), and then every user query is read again: the loaded pages come back as the
 * server now cuts them, a new user in its place by name, and the pickers' options follow.
 * The list steps are the resource lists' own (api/list-cache.ts), with `users` as the noun.
 */
import type { InfiniteData, QueryClient } from '@tanstack/react-query';
import type { CompanyChannels } from '../../../shared/realtime-events';
import { foldForSearch } from '../../../shared/text';
import type { UserDto, UserPage } from '../../../shared/users';
import { listCache } from '../api/list-cache';
import { queryKeys } from '../api/query-keys';

export type UserEvent = CompanyChannels['user'];

/** The pages of one search, as the users page's infinite query caches them (page param: the page number). */
export type UserListData = InfiniteData<UserPage, number>;

const userLists = listCache<UserPage, 'users'>('users');

/** Whether GET /users would answer the user for the search (name or email contains it, accents and case aside). */
export function matchesUserSearch(user: Pick<UserDto, 'name' | 'email'>, search: string): boolean {
  const term = foldForSearch(search);
  return term === '' || foldForSearch(user.name).includes(term) || foldForSearch(user.email).includes(term);
}

/** The list after the event; the very same object when nothing shown changes (a new user waits for the refetch). */
export function applyToUserList(data: UserListData, search: string, event: UserEvent): UserListData {
  if (event.action === 'create') return data;
  if (event.action === 'delete') return userLists.remove(data, event.userId);
  return userLists.replace(data, event.user.id, matchesUserSearch(event.user, search) ? event.user : undefined);
}

/**
 * The users of the loaded pages, each once: while pages are read again after a change, a user may sit
 * at the end of one page and the start of the next.
 */
export function usersOfList(data: Pick<UserListData, 'pages'> | undefined): UserDto[] {
  return userLists.items(data);
}

/** Applies a change of users to every cached users page list, then has every user query read again. */
export function applyUserEvent(client: QueryClient, event: UserEvent): void {
  userLists.updateLists(client, queryKeys.users.lists, (data, search) => applyToUserList(data as UserListData, search, event));
  void client.invalidateQueries({ queryKey: queryKeys.users.all });
}
