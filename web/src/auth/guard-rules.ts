/**
 * What the route guards do, as plain decisions (spec 3 §2 "Full route table"): a signed-in user opening a
 * public route goes to `/`; a signed-out user opening a private route goes to /login, which remembers
 * where they were heading, except after an explicit logout (nothing to return to). Right after signing in
 * on /login the user goes where they were heading (landingPathAfterSignIn); the public guard does that
 * navigation too, so it happens exactly once, when the session starts.
 */
import { LOGIN_PATH, landingPathAfterSignIn, type LoginRedirectState } from '../runtime/paths';
import type { AuthState } from './auth-store';

export type GuardDecision =
  | { readonly kind: 'wait' }
  | { readonly kind: 'render' }
  | { readonly kind: 'redirect'; readonly to: string; readonly state?: LoginRedirectState };

export interface GuardLocation {
  readonly pathname: string;
  readonly search: string;
  readonly hash: string;
  /** The history state react-router keeps with the entry. */
  readonly state?: unknown;
}

export const HOME_PATH = '/';

export function publicRouteDecision(auth: AuthState, location: GuardLocation): GuardDecision {
  if (auth.status === 'checking') return { kind: 'wait' };
  if (auth.status === 'signedOut') return { kind: 'render' };
  // A sign-in happens only on /login; on any other public page (or a session restored at start) the
  // user simply goes home.
  const justSignedIn = auth.viaSignIn && location.pathname === LOGIN_PATH;
  return { kind: 'redirect', to: justSignedIn ? landingPathAfterSignIn(location.state) : HOME_PATH };
}

export function privateRouteDecision(auth: AuthState, location: GuardLocation): GuardDecision {
  if (auth.status === 'checking') return { kind: 'wait' };
  if (auth.status === 'signedIn') return { kind: 'render' };
  if (auth.reason === 'loggedOut') return { kind: 'redirect', to: LOGIN_PATH };
  return {
    kind: 'redirect',
    to: LOGIN_PATH,
    state: { from: { pathname: location.pathname, search: location.search, hash: location.hash } },
  };
}
