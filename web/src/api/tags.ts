/** Tags: the options every tag picker offers (GET /tags/list), under the tags' keys so a change refreshes them. */
import { useQuery } from '@tanstack/react-query';
import type { KanbanTags, TagSummary } from '../../../shared/tags';
import { useServices } from '../app/services';

export type { TagSummary };

export const TAG_OPTIONS_PATH = '/tags/list';

export const tagKeys = {
  all: ['tags'] as const,
  list: (search: string) => ['tags', 'list', search] as const,
  /** The pickers' options (the ticket filters, the conversation's tag dialog). */
  options: ['tags', 'options'] as const,
  /** The kanban board's lanes (GET /tags/kanban). */
  kanban: ['tags', 'kanban'] as const,
};

export function useTagOptions(enabled = true) {
  const { api } = useServices();
  return useQuery({
    queryKey: tagKeys.options,
    queryFn: ({ signal }) => api.get<TagSummary[]>(TAG_OPTIONS_PATH, { signal }),
    enabled,
  });
}

export const KANBAN_TAGS_PATH = '/tags/kanban';

/** The tags flagged kanban, the board's lanes after 'Em aberto' (spec 2 §2 Kanban, §7: under `lista`). */
export function useKanbanTags() {
  const { api } = useServices();
  return useQuery({
    queryKey: tagKeys.kanban,
    queryFn: async ({ signal }) => (await api.get<KanbanTags>(KANBAN_TAGS_PATH, { signal })).lista,
  });
}
