/**
 * The lists the ticket filters and the new-ticket modal choose from: queues (GET /queue), tags
 * (GET /tags/list), users (GET /users/list) and connections (GET /whatsapp). Read once and kept, like
 * any server data; their own screens' events refresh them.
 */
import { useQuery } from '@tanstack/react-query';
import type { ConnectionDto } from '../../../shared/connections';
import type { QueueDto } from '../../../shared/queues';
import type { TagSummary } from '../../../shared/tags';
import type { UserOption } from '../../../shared/users';
import { queryKeys } from '../api/query-keys';
import { useServices } from '../app/services';

const LOOKUP_STALE_MS = 60_000;

export function useQueueList(enabled = true) {
  const { api } = useServices();
  return useQuery({
    queryKey: queryKeys.queues,
    queryFn: ({ signal }) => api.get<QueueDto[]>('/queue', { signal }),
    staleTime: LOOKUP_STALE_MS,
    enabled,
  });
}

export function useTagOptions(enabled = true) {
  const { api } = useServices();
  return useQuery({
    queryKey: queryKeys.tagOptions,
    queryFn: ({ signal }) => api.get<TagSummary[]>('/tags/list', { signal }),
    staleTime: LOOKUP_STALE_MS,
    enabled,
  });
}

export function useUserOptions(enabled = true) {
  const { api } = useServices();
  return useQuery({
    queryKey: queryKeys.userOptions,
    queryFn: ({ signal }) => api.get<UserOption[]>('/users/list', { signal }),
    staleTime: LOOKUP_STALE_MS,
    enabled,
  });
}

export function useConnectionList(enabled = true) {
  const { api } = useServices();
  return useQuery({
    queryKey: queryKeys.connections,
    queryFn: ({ signal }) => api.get<ConnectionDto[]>('/whatsapp', { signal }),
    staleTime: LOOKUP_STALE_MS,
    enabled,
  });
}
