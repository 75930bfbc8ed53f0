/** Guards the public routes: see publicRouteDecision (guard-rules.ts). */
import { Suspense } from 'react';
import { Navigate, Outlet, useLocation } from 'react-router';
import { FullPageSpinner } from '../components/FullPageSpinner';
import { publicRouteDecision } from './guard-rules';
import { useAuthState } from './use-auth-state';

export function PublicOnly() {
  const decision = publicRouteDecision(useAuthState(), useLocation());

  if (decision.kind === 'wait') return <FullPageSpinner />;
  if (decision.kind === 'redirect') return <Navigate to={decision.to} replace />;
  return (
    <Suspense fallback={<FullPageSpinner />}>
      <Outlet />
    </Suspense>
  );
}
