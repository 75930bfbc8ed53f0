/** Where a user lands after signing in (runtime/paths.ts). */
import { landingPathAfterSignIn } from '../../../../web/src/runtime/paths';

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
