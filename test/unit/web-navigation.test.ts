import { landingPathAfterSignIn, PRIVATE_PAGES, PUBLIC_PAGES } from '../../web/src/app/pages';
import { commonTexts } from '../../web/src/i18n/common';

const from = (pathname: string, search = '', hash = '') => ({ from: { pathname, search, hash } });

describe('landingPathAfterSignIn', () => {
  test('lands on the tickets after a plain sign-in', () => {
    expect(landingPathAfterSignIn(null)).toBe('/tickets');
  });

  test('returns to the private page that sent the user to the login, with its query and hash', () => {
    expect(landingPathAfterSignIn(from('/contacts', '?search=ana', '#top'))).toBe('/contacts?search=ana#top');
  });

  test.each(['/', '/login'])('lands on the tickets rather than returning to %s', (pathname) => {
    expect(landingPathAfterSignIn(from(pathname))).toBe('/tickets');
  });

  test.each(['//evil.example.com', '/\\evil.example.com', 'https://evil.example.com/x'])(
    'never follows %s to another origin',
    (pathname) => {
      expect(landingPathAfterSignIn(from(pathname))).toBe('/tickets');
    },
  );

  test.each([{ from: 'tickets' }, { from: { pathname: 42 } }, 'garbage'])('ignores a malformed state %p', (state) => {
    expect(landingPathAfterSignIn(state)).toBe('/tickets');
  });
});

describe('the route table', () => {
  test('gives every page a title and a unique path', () => {
    const pages = [...PRIVATE_PAGES, ...PUBLIC_PAGES];
    const paths = pages.map((page) => page.path);

    expect(new Set(paths).size).toBe(paths.length);
    for (const page of pages) expect(commonTexts.pt.pages[page.id]).toEqual(expect.any(String));
  });

  test('holds every private route of spec 3 §2', () => {
    const expected = [
      'tickets', 'connections', 'quick-messages', 'todolist', 'schedules', 'tags', 'contacts', 'helps', 'users',
      'files', 'prompts', 'queue-integration', 'messages-api', 'settings', 'kanban', 'financeiro', 'queues',
      'announcements', 'subscription', 'chats',
    ];

    expect(PRIVATE_PAGES.map((page) => page.path.split('/')[0])).toEqual(expected);
  });
});
