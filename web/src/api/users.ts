/** Users: the options every user picker offers (GET /users/list), and the path of one user. */
import { useQuery } from '@tanstack/react-query';
import type { UserDto, UserOption } from '../../../shared/users';
import { useServices } from '../app/services';

export type { UserDto, UserOption };

export const USER_OPTIONS_PATH = '/users/list';
export const userPath = (userId: string) => `/users/${encodeURIComponent(userId)}`;

export const userKeys = {
  all: ['users'] as const,
  list: (search: string) => ['users', 'list', search] as const,
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
