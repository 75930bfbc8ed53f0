/**
 * Shows a private page only when its registry entry's requirement is met (page-registry.ts). A page of
 * a plan feature or of super users (page-access.ts) refused: the user reads 'Esta empresa não possui
 * permissão para acessar essa página! Estamos lhe redirecionando.' and is taken to / a second later
 * (spec 3 §2, §8, §9); / sends a non-admin on to the tickets. A campaign page while the campaigns group
 * is hidden answers as an unknown address (spec 3 §2; campaign-access.ts). Loaded with the first page
 * that needs it (AppRoutes), not with every page.
 */
import { useEffect, useRef, type ReactNode } from 'react';
import { useNavigate } from 'react-router';
import { HOME_PATH } from '../auth/guard-rules';
import { useToast } from '../feedback/toast';
import { useTexts } from '../i18n/texts';
import { NotFoundPage } from '../pages/NotFoundPage';
import { useMe } from '../session/me-context';
import { campaignPagesOpen } from './campaign-access';
import { pageAllowed, PERMISSION_REDIRECT_DELAY_MS } from './page-access';
import { pageGateTexts } from './page-gate-texts';
import type { RegistryPage } from './page-registry';

export function PageGate({ page, children }: { readonly page: RegistryPage; readonly children: ReactNode }) {
  const me = useMe();
  if (page.requires !== undefined && 'campaigns' in page.requires) return campaignPagesOpen(me) ? children : <NotFoundPage />;
  return pageAllowed(page.id, me) ? children : <PermissionRedirect />;
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
