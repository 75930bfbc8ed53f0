/**
 * Announcements (spec 3 §7; spec 1 §2.7): paths, cache keys, the header popover's pages, the
 * announcements page's search (GET /announcements, page numbers; a super user's answer holds inactive
 * ones too) and the super user's writes as requests the page runs in its mutations (like
 * api/quick-messages.ts). Every key sits under `announcementKeys.all`, so a change made on the page
 * refreshes the popover too.
 */
import { useInfiniteQuery, type InfiniteData } from '@tanstack/react-query';
// Types only: the shared module's schemas (and zod) stay out of the header's chunk, which reads these keys.
import type { Announcement, AnnouncementPage, AnnouncementPriority } from '../../../shared/announcements';
import { useServices } from '../runtime/services';
import type { ApiClient } from './client';

export type { Announcement, AnnouncementPage, AnnouncementPriority };

export type AnnouncementPages = InfiniteData<AnnouncementPage, number>;

export const ANNOUNCEMENTS_PATH = '/announcements';
export const announcementPath = (id: string) => `${ANNOUNCEMENTS_PATH}/${encodeURIComponent(id)}`;
export const announcementMediaPath = (id: string) => `${announcementPath(id)}/media-upload`;

export const announcementKeys = {
  all: ['announcements'] as const,
  /** Under the announcements key, so the announcements page's changes refresh the popover too. */
  popover: ['announcements', 'popover'] as const,
  /** Every search of the announcements page (the prefix of `list`). */
  lists: ['announcements', 'list'] as const,
  list: (search: string) => ['announcements', 'list', search] as const,
};

/** The announcements the header's popover lists, page by page. */
export function useAnnouncementPages() {
  const { api } = useServices();
  return useInfiniteQuery({
    queryKey: announcementKeys.popover,
    queryFn: ({ pageParam, signal }) => api.get<AnnouncementPage>(ANNOUNCEMENTS_PATH, { query: { pageNumber: pageParam }, signal }),
    initialPageParam: 1,
    getNextPageParam: (last, pages) => (last.hasMore ? pages.length + 1 : undefined),
  });
}

/** The announcements page's list for a search, page by page (GET /announcements with `pageNumber`, from 1). */
export function useAnnouncementList(search: string) {
  const { api } = useServices();
  return useInfiniteQuery({
    queryKey: announcementKeys.list(search),
    queryFn: ({ pageParam, signal }) =>
      api.get<AnnouncementPage>(ANNOUNCEMENTS_PATH, {
        query: { searchParam: search === '' ? undefined : search, pageNumber: pageParam },
        signal,
      }),
    initialPageParam: 1,
    getNextPageParam: (last, _pages, pageNumber) => (last.hasMore ? pageNumber + 1 : undefined),
  });
}

/** The body of POST /announcements and PUT /announcements/{id} (the dialog's fields). */
export interface AnnouncementBody {
  readonly title: string;
  readonly text: string;
  readonly priority: AnnouncementPriority;
  readonly status: boolean;
}

/** Creates an announcement, or updates `id` when given. */
export function saveAnnouncement(api: ApiClient, body: AnnouncementBody, id?: string): Promise<Announcement> {
  return id === undefined ? api.post<Announcement>(ANNOUNCEMENTS_PATH, body) : api.put<Announcement>(announcementPath(id), body);
}

export function deleteAnnouncement(api: ApiClient, id: string): Promise<void> {
  return api.delete<undefined>(announcementPath(id));
}

/** POST /announcements/{id}/media-upload: the image, as multipart `file`, under the name it is stored with. */
export function uploadAnnouncementMedia(api: ApiClient, id: string, file: File, fileName: string): Promise<Announcement> {
  const form = new FormData();
  form.append('file', file, fileName);
  return api.upload<Announcement>(announcementMediaPath(id), form);
}

/** DELETE /announcements/{id}/media-upload: removes the image. */
export function deleteAnnouncementMedia(api: ApiClient, id: string): Promise<Announcement> {
  return api.delete<Announcement>(announcementMediaPath(id));
}
