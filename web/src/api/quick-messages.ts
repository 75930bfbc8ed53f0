/**
 * Quick messages (spec 2 §2, §7; spec 1 §2.6): paths, cache keys, the page's search (GET
 * /quick-messages, paged by `pageNumber`), one quick message, the ones the caller may use (offered as
 * they type '/' in the conversation, GET /quick-messages/list), and the writes (save, delete, the
 * attachment) as requests the screens run in their mutations, like the contacts module.
 */
import { useInfiniteQuery, useQuery } from '@tanstack/react-query';
// Types only: the shared module's schemas (and zod) stay out of the chunks that read these keys.
import type { QuickMessage, QuickMessagePage } from '../../../shared/quick-messages';
import { useServices } from '../runtime/services';
import type { ApiClient } from './client';

export type { QuickMessage, QuickMessagePage };

export const QUICK_MESSAGES_PATH = '/quick-messages';
export const USABLE_QUICK_MESSAGES_PATH = `${QUICK_MESSAGES_PATH}/list`;
export const quickMessagePath = (id: string) => `${QUICK_MESSAGES_PATH}/${encodeURIComponent(id)}`;
export const quickMessageMediaPath = (id: string) => `${quickMessagePath(id)}/media-upload`;

export const quickMessageKeys = {
  all: ['quick-messages'] as const,
  /** The conversation's suggestions (under the resource, so invalidating it refreshes them). */
  usable: ['quick-messages', 'usable'] as const,
  /** Every list of the page, whatever its search (the prefix of `list`). */
  lists: ['quick-messages', 'list'] as const,
  list: (search: string) => ['quick-messages', 'list', search] as const,
  one: (id: string) => ['quick-messages', 'one', id] as const,
};

export function useQuickMessageOptions(enabled: boolean) {
  const { api } = useServices();
  return useQuery({
    queryKey: quickMessageKeys.usable,
    queryFn: ({ signal }) => api.get<QuickMessage[]>(USABLE_QUICK_MESSAGES_PATH, { signal }),
    enabled,
  });
}

/** The quick messages of a search, page by page (GET /quick-messages with the next `pageNumber`). */
export function useQuickMessageList(search: string) {
  const { api } = useServices();
  return useInfiniteQuery({
    queryKey: quickMessageKeys.list(search),
    queryFn: ({ pageParam, signal }) =>
      api.get<QuickMessagePage>(QUICK_MESSAGES_PATH, {
        query: { searchParam: search === '' ? undefined : search, pageNumber: pageParam },
        signal,
      }),
    initialPageParam: 1,
    getNextPageParam: (last, _pages, pageNumber) => (last.hasMore ? pageNumber + 1 : undefined),
  });
}

/** One quick message, read fresh even when cached (what is about to be edited). */
export function useQuickMessage(id: string) {
  const { api } = useServices();
  return useQuery({
    queryKey: quickMessageKeys.one(id),
    queryFn: ({ signal }) => api.get<QuickMessage>(quickMessagePath(id), { signal }),
    staleTime: 0,
  });
}

/** The body of POST /quick-messages and PUT /quick-messages/{id} (the dialog's fields). */
export interface QuickMessageBody {
  readonly shortcode: string;
  readonly message: string;
  readonly geral: boolean;
}

/** Creates a quick message, or updates `id` when given. */
export function saveQuickMessage(api: ApiClient, body: QuickMessageBody, id?: string): Promise<QuickMessage> {
  return id === undefined ? api.post<QuickMessage>(QUICK_MESSAGES_PATH, body) : api.put<QuickMessage>(quickMessagePath(id), body);
}

export function deleteQuickMessage(api: ApiClient, id: string): Promise<void> {
  return api.delete<undefined>(quickMessagePath(id));
}

/** POST /quick-messages/{id}/media-upload: the spec's multipart form (`typeArch=quickMessage`, `file`). */
export function uploadQuickMessageMedia(api: ApiClient, id: string, file: File): Promise<QuickMessage> {
  const form = new FormData();
  form.append('typeArch', 'quickMessage');
  form.append('file', file, file.name);
  return api.upload<QuickMessage>(quickMessageMediaPath(id), form);
}

/** DELETE /quick-messages/{id}/media-upload: removes the attachment. */
export function deleteQuickMessageMedia(api: ApiClient, id: string): Promise<QuickMessage> {
  return api.delete<QuickMessage>(quickMessageMediaPath(id));
}
