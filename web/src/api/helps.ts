/**
 * Help videos (spec 3 §2 Helps, §7): every signed-in user reads them all (GET /helps/list); the super
 * user writes them from the settings' Ajuda tab (the writes are requests the tab runs in its mutations). The list is bounded by the platform (a few dozen
 * videos), so the helps page reads it in one call rather than page by page.
 */
import { useQuery } from '@tanstack/react-query';
// Types only: the shared module's schemas (and zod) stay out of the helps page's chunk.
import type { Help } from '../../../shared/helps';
import { useServices } from '../runtime/services';
import type { ApiClient } from './client';

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

/** The body of POST /helps and PUT /helps/{id}. */
export interface HelpBody {
  readonly title: string;
  readonly video: string;
  readonly description: string;
}

export const helpPath = (helpId: string) => `${HELPS_PATH}/${encodeURIComponent(helpId)}`;

/** Creates a help video (super user), or updates `helpId` when given. */
export function saveHelp(api: ApiClient, body: HelpBody, helpId?: string): Promise<Help> {
  return helpId === undefined ? api.post<Help>(HELPS_PATH, body) : api.put<Help>(helpPath(helpId), body);
}

export function deleteHelp(api: ApiClient, helpId: string): Promise<void> {
  return api.delete<undefined>(helpPath(helpId));
}
