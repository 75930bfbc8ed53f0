/**
 * GET /announcements: a page of the announcements the caller may read, newest first.
 *
 * Steps: read the platform's announcements with one Query (newest first); keep the active ones unless
 * the caller is a super user; keep those whose title or text matches the search; cut the page; add
 * each one's presigned image URL.
 */
import type { AnnouncementPage } from '../../../shared/announcements';
import { matchesSearch, paginate, type ListQuery } from '../http/pagination';
import { readAllAnnouncements } from '../repositories/announcements';
import { canRead, presentAnnouncement } from './present-announcement';

export async function listAnnouncements(viewer: { readonly isSuper: boolean }, query: ListQuery): Promise<AnnouncementPage> {
  const matching = (await readAllAnnouncements()).filter(
    (announcement) => canRead(viewer, announcement) && matchesSearch(query.searchParam, announcement.title, announcement.text),
  );
  const { page, hasMore } = paginate(matching, query.pageNumber);
  return { records: await Promise.all(page.map(presentAnnouncement)), hasMore };
}
