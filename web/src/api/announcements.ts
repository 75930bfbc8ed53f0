/** Announcements (GET /announcements, page numbers): the header popover's pages, under the announcements' key. */
import { useInfiniteQuery, type InfiniteData } from '@tanstack/react-query';
import type { AnnouncementPage } from '../../../shared/announcements';
import { useServices } from '../app/services';

export type { AnnouncementPage };

export type AnnouncementPages = InfiniteData<AnnouncementPage, number>;

export const ANNOUNCEMENTS_PATH = '/announcements';

export const announcementKeys = {
  all: ['announcements'] as const,
  /** Under the announcements key, so the announcements page's changes refresh the popover too. */
  popover: ['announcements', 'popover'] as const,
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
