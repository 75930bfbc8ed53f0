/**
 * Guards the public routes (spec 3 §2): a signed-in user opening one goes to `/`. Right after signing
 * in on the login page the user goes where they were heading instead (see landingPathAfterSignIn); the
 * guard does that navigation too, so it happens exactly once, when the session starts.
 */
import { Suspense } from 'react';
import { Navigate, Outlet, useLocation } from 'react-router';
import { landingPathAfterSignIn } from '../app/pages';
import { FullPageSpinner } from '../components/FullPageSpinner';
import { useAuthState } from './use-auth-state';

export function PublicOnly() {
  const auth = useAuthState();
  const location = useLocation();

  if (auth.status === 'checking') return <FullPageSpinner />;
  if (auth.status === 'signedIn') {
    return <Navigate to={auth.viaSignIn ? landingPathAfterSignIn(location.state) : '/'} replace />;
  }
  return (
    <Suspense fallback={<FullPageSpinner />}>
      <Outlet />
    </Suspense>
  );
}
