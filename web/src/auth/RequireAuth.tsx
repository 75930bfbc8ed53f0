/** Guards the private routes: see privateRouteDecision (guard-rules.ts). */
import { Suspense } from 'react';
import { Navigate, Outlet, useLocation } from 'react-router';
import { FullPageSpinner } from '../components/FullPageSpinner';
import { privateRouteDecision } from './guard-rules';
import { useAuthState } from './use-auth-state';

export function RequireAuth() {
  const decision = privateRouteDecision(useAuthState(), useLocation());

  if (decision.kind === 'wait') return <FullPageSpinner />;
  if (decision.kind === 'redirect') return <Navigate to={decision.to} replace state={decision.state} />;
  return (
    <Suspense fallback={<FullPageSpinner />}>
      <Outlet />
    </Suspense>
  );
}
