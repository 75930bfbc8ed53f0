import type { AuthState, SignedOutReason } from '../../../../web/src/auth/auth-store';
import { privateRouteDecision, publicRouteDecision, type GuardLocation } from '../../../../web/src/auth/guard-rules';

const at = (pathname: string, state?: unknown, search = '', hash = ''): GuardLocation => ({ pathname, search, hash, state });
const signedIn = (viaSignIn: boolean): AuthState => ({ status: 'signedIn', viaSignIn });
const signedOut = (reason: SignedOutReason): AuthState => ({ status: 'signedOut', reason });
const cameFrom = (pathname: string, search = '', hash = '') => ({ from: { pathname, search, hash } });

describe('publicRouteDecision', () => {
  test('waits while the stored session is being read', () => {
    expect(publicRouteDecision({ status: 'checking' }, at('/login'))).toEqual({ kind: 'wait' });
  });

  test.each(['/login', '/signup', '/forgetpsw', '/landing'])('shows %s to a signed-out visitor', (path) => {
    expect(publicRouteDecision(signedOut('noSession'), at(path))).toEqual({ kind: 'render' });
  });

  test.each(['/login', '/signup', '/forgetpsw', '/landing'])('sends a signed-in user opening %s to /', (path) => {
    expect(publicRouteDecision(signedIn(false), at(path))).toEqual({ kind: 'redirect', to: '/' });
  });

  test('takes a user who just signed in back to the page they came from', () => {
    const decision = publicRouteDecision(signedIn(true), at('/login', cameFrom('/contacts', '?search=ana')));

    expect(decision).toEqual({ kind: 'redirect', to: '/contacts?search=ana' });
  });

  test('takes a user who just signed in with nowhere to return to the tickets', () => {
    expect(publicRouteDecision(signedIn(true), at('/login'))).toEqual({ kind: 'redirect', to: '/tickets' });
  });

  test('sends a signed-in user to / from another public page even after a sign-in', () => {
    expect(publicRouteDecision(signedIn(true), at('/signup', cameFrom('/contacts')))).toEqual({ kind: 'redirect', to: '/' });
  });
});

describe('privateRouteDecision', () => {
  test('waits while the stored session is being read', () => {
    expect(privateRouteDecision({ status: 'checking' }, at('/tickets'))).toEqual({ kind: 'wait' });
  });

  test('shows the page to a signed-in user', () => {
    expect(privateRouteDecision(signedIn(false), at('/contacts'))).toEqual({ kind: 'render' });
  });

  test.each(['noSession', 'expired', 'replaced', 'passwordChanged'] as const)('sends a visitor without a session (%s) to /login remembering the page', (reason) => {
    const decision = privateRouteDecision(signedOut(reason), at('/tickets/42', undefined, '?x=1', '#m'));

    expect(decision).toEqual({ kind: 'redirect', to: '/login', state: cameFrom('/tickets/42', '?x=1', '#m') });
  });

  test('remembers nothing after an explicit logout', () => {
    expect(privateRouteDecision(signedOut('loggedOut'), at('/contacts'))).toEqual({ kind: 'redirect', to: '/login' });
  });
});
