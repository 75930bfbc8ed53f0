/**
 * The announcements popover's list (spec 1 §2.7, §9; spec 3 §9): the pages GET /announcements answered,
 * kept current by the platform-wide `company-announcement` event. The popover shows active
 * announcements only; a super user's list also holds inactive ones, for the announcements page.
 */
import type { Announcement, AnnouncementPage } from '../../../shared/announcements';
import type { GlobalChannels } from '../../../shared/realtime-events';

/**
 * The loaded pages as one list, each announcement once, in the server's order: a change between two
 * page fetches may move one across the pages' boundary, into both. The announcements page shows them
 * all (a super user's pages hold inactive ones too).
 */
export function listedAnnouncements(pages: readonly AnnouncementPage[]): Announcement[] {
  const seen = new Set<string>();
  const listed: Announcement[] = [];
  for (const record of pages.flatMap((page) => page.records)) {
    if (seen.has(record.id)) continue;
    seen.add(record.id);
    listed.push(record);
  }
  return listed;
}

/** What the popover shows from the loaded pages: the active ones, each once, in the server's order. */
export function visibleAnnouncements(pages: readonly AnnouncementPage[]): Announcement[] {
  return listedAnnouncements(pages).filter((record) => record.status);
}

type AnnouncementEvent = GlobalChannels['company-announcement'];

/**
 * The pages after an event: a new or changed active announcement replaces its copy or, when not loaded
 * yet, goes first (newest first); a deleted or deactivated one leaves every page.
 */
export function applyAnnouncementEvent(pages: readonly AnnouncementPage[], event: AnnouncementEvent): AnnouncementPage[] {
  // `in` narrows here: the discriminant's members are unions of actions.
  if (!('record' in event)) {
    return pages.map((page) => ({ ...page, records: page.records.filter((record) => record.id !== event.id) }));
  }
  const changed = event.record;
  const loaded = pages.some((page) => page.records.some((record) => record.id === changed.id));
  if (loaded) {
    return pages.map((page) => ({
      ...page,
      records: page.records.map((record) => (record.id === changed.id ? changed : record)),
    }));
  }
  const [first, ...rest] = pages;
  if (first === undefined) return [{ records: [changed], hasMore: false }];
  return [{ ...first, records: [changed, ...first.records] }, ...rest];
}

/** The popover loads its next page near its bottom (components/scroll-position.ts). */
export { nearBottom } from '../components/scroll-position';
