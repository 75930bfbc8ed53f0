/**
 * Help videos (spec 3 §2 Helps, §7): every signed-in user reads them all (GET /helps/list); the super
 * user writes them from the settings' Ajuda tab. The list is bounded by the platform (a few dozen
 * videos), so the helps page reads it in one call rather than page by page.
 */
import { useQuery } from '@tanstack/react-query';
// Types only: the shared module's schemas (and zod) stay out of the helps page's chunk.
import type { Help } from '../../../shared/helps';
import { useServices } from '../app/services';

export type { Help };

export const HELPS_PATH = '/helps';
export const HELP_LIST_PATH = `${HELPS_PATH}/list`;

export const helpKeys = {
  all: ['helps'] as const,
  list: ['helps', 'list'] as const,
};

export function useHelpList() {
  const { api } = useServices();
  return useQuery({
    queryKey: helpKeys.list,
    queryFn: ({ signal }) => api.get<Help[]>(HELP_LIST_PATH, { signal }),
  });
}
