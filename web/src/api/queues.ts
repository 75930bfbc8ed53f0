/** Queues (GET /queue): the lists the ticket filters, the new-ticket modal and the transfer modal pick from. */
import { useQuery } from '@tanstack/react-query';
import type { QueueDto } from '../../../shared/queues';
import { useServices } from '../app/services';

export type { QueueDto };

export const QUEUES_PATH = '/queue';

export const queueKeys = {
  all: ['queues'] as const,
};

/** The company's queues, read once and kept like any server data; the queues' own events refresh them. */
export function useQueues(enabled = true) {
  const { api } = useServices();
  return useQuery({
    queryKey: queueKeys.all,
    queryFn: ({ signal }) => api.get<QueueDto[]>(QUEUES_PATH, { signal }),
    enabled,
  });
}
