/**
 * Shows a private page only when its registry entry's requirement is met (page-registry.ts), by the one
 * rule of page-access.ts: a page of a plan feature or of super users refused, the user reads 'Esta
 * empresa não possui permissão para acessar essa página! Estamos lhe redirecionando.' and is taken to /
 * a second later (spec 3 §2, §8, §9); a page of administrators opened by another profile says so in
 * place of the page (the dashboard at / sends them on to the tickets); a campaign page while the
 * campaigns group is hidden answers as an unknown address (spec 3 §2; campaign-access.ts). Loaded with
 * the first page that needs it (AppRoutes), not with every page.
 */
import { MessageBar, MessageBarBody } from '@fluentui/react-components';
import { useEffect, useRef, type ReactNode } from 'react';
import { Navigate, useNavigate } from 'react-router';
import { HOME_PATH } from '../auth/guard-rules';
import { useToast } from '../feedback/toast';
import { useTexts } from '../i18n/texts';
import { NotFoundPage } from '../pages/NotFoundPage';
import { useMe } from '../sign-in/me-context';
import { pageDecision, PERMISSION_REDIRECT_DELAY_MS } from './page-access';
import { pageGateTexts } from './page-gate-texts';
import { TICKETS_PATH } from '../runtime/paths';
import type { RegistryPage } from './page-registry';

export function PageGate({ page, children }: { readonly page: RegistryPage; readonly children: ReactNode }) {
  const decision = pageDecision(page, useMe());
  switch (decision) {
    case 'show':
      return children;
    case 'notFound':
      return <NotFoundPage />;
    case 'companyRefused':
      return <PermissionRedirect />;
    case 'adminsOnly':
      return <AdminsOnlyNotice />;
    case 'tickets':
      return <Navigate to={TICKETS_PATH} replace />;
  }
}

/** In place of a page of administrators: what it is, not what it holds (nothing of it is loaded). */
function AdminsOnlyNotice() {
  const message = useTexts(pageGateTexts).adminsOnly;
  return (
    <MessageBar intent="warning">
      <MessageBarBody>{message}</MessageBarBody>
    </MessageBar>
  );
}

function PermissionRedirect() {
  const toast = useToast();
  const navigate = useNavigate();
  const message = useTexts(pageGateTexts).refused;
  const told = useRef(false);

  useEffect(() => {
    // Said once per visit: StrictMode runs the effect twice, and a language change runs it again.
    if (!told.current) {
      told.current = true;
      toast.failure(message);
    }
    // Replacing the entry: going back must not land on the refused page again.
    const timer = setTimeout(() => void navigate(HOME_PATH, { replace: true }), PERMISSION_REDIRECT_DELAY_MS);
    return () => clearTimeout(timer);
  }, [toast, navigate, message]);

  return null;
}
