import type { Announcement, AnnouncementPage } from '../../../../shared/announcements';
import {
  applyAnnouncementEvent,
  nearBottom,
  visibleAnnouncements,
} from '../../../../web/src/announcements/announcement-list';
import { dateTimeLabel } from '../../../../web/src/announcements/date-time';

const announcement = (id: string, overrides: Partial<Announcement> = {}): Announcement => ({
  id,
  title: `Title ${id}`,
  text: 'text',
  priority: 3,
  status: true,
  mediaPath: null,
  mediaName: null,
  mediaUrl: null,
  createdAt: '2025-01-01T10:00:00.000Z',
  updatedAt: '2025-01-01T10:00:00.000Z',
  ...overrides,
});

const page = (ids: string[], hasMore = false): AnnouncementPage => ({ records: ids.map((id) => announcement(id)), hasMore });
const ids = (pages: readonly AnnouncementPage[]) => visibleAnnouncements(pages).map((record) => record.id);

describe('the announcements popover list', () => {
  test('shows active announcements only, each once, across pages', () => {
    // Prepare
    const pages: AnnouncementPage[] = [
      { records: [announcement('a'), announcement('b', { status: false })], hasMore: true },
      { records: [announcement('a'), announcement('c')], hasMore: false },
    ];

    // Assess
    expect(ids(pages)).toEqual(['a', 'c']);
  });

  test('puts a new announcement first', () => {
    expect(ids(applyAnnouncementEvent([page(['a', 'b'])], { action: 'create', record: announcement('n') }))).toEqual(['n', 'a', 'b']);
  });

  test('starts a list from an event when nothing was loaded', () => {
    expect(ids(applyAnnouncementEvent([], { action: 'create', record: announcement('n') }))).toEqual(['n']);
  });

  test('replaces a changed announcement where it is', () => {
    // Act
    const pages = applyAnnouncementEvent([page(['a']), page(['b'])], { action: 'update', record: announcement('b', { title: 'New' }) });

    // Assess
    expect(ids(pages)).toEqual(['a', 'b']);
    expect(pages[1]?.records[0]?.title).toBe('New');
  });

  test.each(['delete', 'inactive'] as const)('drops an announcement on %s', (action) => {
    expect(ids(applyAnnouncementEvent([page(['a', 'b']), page(['c'])], { action, id: 'b' }))).toEqual(['a', 'c']);
  });

  test('asks for the next page within 100 px of the bottom', () => {
    expect(nearBottom({ scrollTop: 300, scrollHeight: 800, clientHeight: 400 })).toBe(true);
    expect(nearBottom({ scrollTop: 200, scrollHeight: 800, clientHeight: 400 })).toBe(false);
  });
});

describe('dateTimeLabel', () => {
  test('shows an instant as DD/MM/YYYY HH:mm in local time', () => {
    expect(dateTimeLabel(new Date(2025, 11, 5, 7, 3).toISOString(), 'pt')).toBe('05/12/2025 07:03');
  });

  test('shows nothing for a date it cannot read', () => {
    expect(dateTimeLabel('', 'pt')).toBe('');
  });
});
