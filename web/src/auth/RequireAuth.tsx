/**
 * Guards the private routes (spec 3 §2): without a session the user goes to /login, which remembers
 * the page they came from, except after an explicit logout, when there is nothing to return to.
 */
import { Suspense } from 'react';
import { Navigate, Outlet, useLocation } from 'react-router';
import { LOGIN_PATH, type LoginRedirectState } from '../app/pages';
import { FullPageSpinner } from '../components/FullPageSpinner';
import { useAuthState } from './use-auth-state';

export function RequireAuth() {
  const auth = useAuthState();
  const location = useLocation();

  if (auth.status === 'checking') return <FullPageSpinner />;
  if (auth.status === 'signedOut') {
    const state: LoginRedirectState | undefined =
      auth.reason === 'loggedOut'
        ? undefined
        : { from: { pathname: location.pathname, search: location.search, hash: location.hash } };
    return <Navigate to={LOGIN_PATH} replace state={state} />;
  }
  return (
    <Suspense fallback={<FullPageSpinner />}>
      <Outlet />
    </Suspense>
  );
}
