/**
 * Scheduled messages (spec 2 §2 Schedules, §7): paths, cache keys, the calendar's list (GET /schedules,
 * paged by `pageNumber`), one schedule, and the writes (save, delete, the image) as requests the
 * screens run in their mutations, like the quick-messages module.
 */
import { useInfiniteQuery, useQuery } from '@tanstack/react-query';
// Types only: the shared module's schemas (and zod) stay out of the chunks that read these keys.
import type { ScheduledMessage, ScheduledMessagePage } from '../../../shared/scheduled-messages';
import { useServices } from '../runtime/services';
import type { ApiClient } from './client';

export type { ScheduledMessage, ScheduledMessagePage };

export const SCHEDULES_API_PATH = '/schedules';
export const schedulePath = (id: string) => `${SCHEDULES_API_PATH}/${encodeURIComponent(id)}`;
export const scheduleMediaPath = (id: string) => `${schedulePath(id)}/media-upload`;

export const scheduleKeys = {
  all: ['schedules'] as const,
  /** Every list of the page, whatever its search (the prefix of `list`). */
  lists: ['schedules', 'list'] as const,
  list: (search: string) => ['schedules', 'list', search] as const,
  one: (id: string) => ['schedules', 'one', id] as const,
};

/** The schedules of a search, page by page (GET /schedules with the next `pageNumber`). */
export function useScheduleList(search: string) {
  const { api } = useServices();
  return useInfiniteQuery({
    queryKey: scheduleKeys.list(search),
    queryFn: ({ pageParam, signal }) =>
      api.get<ScheduledMessagePage>(SCHEDULES_API_PATH, {
        query: { searchParam: search === '' ? undefined : search, pageNumber: pageParam },
        signal,
      }),
    initialPageParam: 1,
    getNextPageParam: (last, _pages, pageNumber) => (last.hasMore ? pageNumber + 1 : undefined),
  });
}

/** One schedule, read fresh even when cached (what is about to be edited). */
export function useSchedule(id: string) {
  const { api } = useServices();
  return useQuery({
    queryKey: scheduleKeys.one(id),
    queryFn: ({ signal }) => api.get<ScheduledMessage>(schedulePath(id), { signal }),
    staleTime: 0,
  });
}

/** The body of POST /schedules and PUT /schedules/{id} (the dialog's fields). */
export interface ScheduleBody {
  readonly body: string;
  readonly contactId: string;
  /** ISO 8601 with its offset. */
  readonly sendAt: string;
  readonly whatsappId?: string | null;
  readonly ticketId?: string | null;
  /** A Cloud API connection's approved template, sent instead of `body` (then ''), issue 32. */
  readonly template?: ScheduleTemplate | null;
}

/** A template as a schedule carries it (shared/whatsapp-cloud.ts TemplateMessage). */
export interface ScheduleTemplate {
  readonly name: string;
  readonly language: string;
  readonly variables: readonly string[];
}

/** Creates a schedule, or updates `id` when given. */
export function saveSchedule(api: ApiClient, body: ScheduleBody, id?: string): Promise<ScheduledMessage> {
  return id === undefined ? api.post<ScheduledMessage>(SCHEDULES_API_PATH, body) : api.put<ScheduledMessage>(schedulePath(id), body);
}

export function deleteSchedule(api: ApiClient, id: string): Promise<void> {
  return api.delete<undefined>(schedulePath(id));
}

/** POST /schedules/{id}/media-upload: the image (png, jpg, jpeg) in a multipart form. */
export function uploadScheduleMedia(api: ApiClient, id: string, file: File): Promise<ScheduledMessage> {
  const form = new FormData();
  form.append('file', file, file.name);
  return api.upload<ScheduledMessage>(scheduleMediaPath(id), form);
}

/** DELETE /schedules/{id}/media-upload: removes the image. */
export function deleteScheduleMedia(api: ApiClient, id: string): Promise<ScheduledMessage> {
  return api.delete<ScheduledMessage>(scheduleMediaPath(id));
}
