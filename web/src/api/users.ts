/**
 * Users (spec 3 §2 Users, §7): paths, cache keys, the options every user picker offers (GET /users/list),
 * the users page's search (GET /users, page by page), one user (GET /users/{id}, the profile dialog) and
 * the writes as requests the screens run in their mutations (like api/tags.ts).
 */
import { useInfiniteQuery, useQuery } from '@tanstack/react-query';
// Types only: the shared module's schemas (and zod) stay out of the chunks that read these keys.
import type { AllTicket, UserDto, UserOption, UserPage } from '../../../shared/users';
import type { Profile } from '../../../shared/sign-in';
import { useServices } from '../runtime/services';
import type { ApiClient } from './client';

export type { AllTicket, Profile, UserDto, UserOption, UserPage };

export const USERS_PATH = '/users';
export const USER_OPTIONS_PATH = '/users/list';
export const userPath = (userId: string) => `${USERS_PATH}/${encodeURIComponent(userId)}`;

export const userKeys = {
  all: ['users'] as const,
  list: (search: string) => ['users', 'list', search] as const,
  /** Every search of the users page (the prefix of `list`). */
  lists: ['users', 'list'] as const,
  /** One user as GET /users/{id} answers it (the profile dialog). */
  one: (userId: string) => ['users', 'one', userId] as const,
  /** The pickers' options (the ticket filters, the transfer modal). */
  options: ['users', 'options'] as const,
};

export function useUserOptions(enabled = true) {
  const { api } = useServices();
  return useQuery({
    queryKey: userKeys.options,
    queryFn: ({ signal }) => api.get<UserOption[]>(USER_OPTIONS_PATH, { signal }),
    enabled,
  });
}

/** The users of a search, page by page (GET /users with `pageNumber`, from 1). */
export function useUserList(search: string) {
  const { api } = useServices();
  return useInfiniteQuery({
    queryKey: userKeys.list(search),
    queryFn: ({ pageParam, signal }) =>
      api.get<UserPage>(USERS_PATH, { query: { searchParam: search === '' ? undefined : search, pageNumber: pageParam }, signal }),
    initialPageParam: 1,
    getNextPageParam: (last, _pages, lastPageParam) => (last.hasMore ? lastPageParam + 1 : null),
  });
}

/** One user, read fresh each time the dialog opens (a colleague may have changed them since). */
export function useUser(userId: string) {
  const { api } = useServices();
  return useQuery({
    queryKey: userKeys.one(userId),
    queryFn: ({ signal }) => api.get<UserDto>(userPath(userId), { signal }),
    staleTime: 0,
    gcTime: 0,
  });
}

/**
 * The body of POST /users and PUT /users/{id}: the user modal's fields (spec 1 §7). On edit a field the
 * editor may not change is left out, and so is a blank password (the server keeps the old one).
 */
export interface UserBody {
  readonly name: string;
  readonly email: string;
  readonly password?: string;
  readonly profile?: Profile;
  readonly allTicket?: AllTicket;
  readonly whatsappId?: string | null;
  readonly queueIds?: readonly string[];
}

/** Creates a user, or updates `userId` when given. */
export function saveUser(api: ApiClient, body: UserBody, userId?: string): Promise<UserDto> {
  return userId === undefined ? api.post<UserDto>(USERS_PATH, body) : api.put<UserDto>(userPath(userId), body);
}

export function deleteUser(api: ApiClient, userId: string): Promise<void> {
  return api.delete<undefined>(userPath(userId));
}
