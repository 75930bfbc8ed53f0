/**
 * Tags (spec 3 §2 Tags, §7): paths, cache keys, the options every tag picker offers (GET /tags/list),
 * the tags page's search (GET /tags, page by page) and the writes as requests the screens run in their
 * mutations (like api/contacts.ts: no mutation code in the chunks that only read these keys), and the kanban
 * board's lanes (GET /tags/kanban).
 */
import { useInfiniteQuery, useQuery } from '@tanstack/react-query';
// Types only: the shared module's schemas (and zod) stay out of the chunks that read these keys.
import type { KanbanFlag, KanbanTags, Tag, TagPage, TagSummary } from '../../../shared/tags';
import type { TicketDto } from '../../../shared/tickets';
import { useServices } from '../runtime/services';
import type { ApiClient } from './client';

export type { KanbanFlag, Tag, TagPage, TagSummary };

export const TAGS_PATH = '/tags';
export const TAG_OPTIONS_PATH = '/tags/list';
export const tagPath = (tagId: string) => `${TAGS_PATH}/${encodeURIComponent(tagId)}`;

export const tagKeys = {
  all: ['tags'] as const,
  list: (search: string) => ['tags', 'list', search] as const,
  /** Every search of the tags page (the prefix of `list`). */
  lists: ['tags', 'list'] as const,
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

/** The tags of a search, page by page (GET /tags with `pageNumber`, from 1). */
export function useTagList(search: string) {
  const { api } = useServices();
  return useInfiniteQuery({
    queryKey: tagKeys.list(search),
    queryFn: ({ pageParam, signal }) =>
      api.get<TagPage>(TAGS_PATH, { query: { searchParam: search === '' ? undefined : search, pageNumber: pageParam }, signal }),
    initialPageParam: 1,
    getNextPageParam: (last, _pages, lastPageParam) => (last.hasMore ? lastPageParam + 1 : null),
  });
}

/**
 * The body of POST /tags and PUT /tags/{id}. `kanban` is left out for a user who may not set it (the
 * server then keeps the tag's flag, or creates it off).
 */
export interface TagBody {
  readonly name: string;
  readonly color: string;
  readonly kanban?: KanbanFlag;
}

/** Creates a tag, or updates `tagId` when given. */
export function saveTag(api: ApiClient, body: TagBody, tagId?: string): Promise<Tag> {
  return tagId === undefined ? api.post<Tag>(TAGS_PATH, body) : api.put<Tag>(tagPath(tagId), body);
}

export function deleteTag(api: ApiClient, tagId: string): Promise<void> {
  return api.delete<undefined>(tagPath(tagId));
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

/** POST /tags/sync: the ticket's tags become exactly these (the conversation's tag dialog); answers the ticket. */
export function syncTicketTags(api: ApiClient, ticketId: string, tagIds: readonly string[]): Promise<TicketDto> {
  return api.post<TicketDto>(`${TAGS_PATH}/sync`, { ticketId, tags: tagIds.map((id) => ({ id })) });
}
