/**
 * The app once its configuration is known: shared services, server cache, language, theme, the one
 * toaster, and the router.
 */
import { QueryClientProvider } from '@tanstack/react-query';
import { useEffect, useState } from 'react';
import { BrowserRouter } from 'react-router';
import { createQueryClient } from '../api/query-client';
import { AppToaster } from '../feedback/AppToaster';
import { LanguageProvider } from '../i18n/LanguageProvider';
import { AppThemeProvider } from '../theme/AppThemeProvider';
import { AppRoutes } from './AppRoutes';
import { ServicesContext, type AppServices } from '../runtime/services';

export function App({ services }: { readonly services: AppServices }) {
  const [queryClient] = useState(createQueryClient);
  const { auth } = services;

  // What one user saw must not be shown to the next one signing in on this tab.
  useEffect(
    () =>
      auth.subscribe(() => {
        if (auth.getState().status === 'signedOut') queryClient.clear();
      }),
    [auth, queryClient],
  );

  return (
    <ServicesContext value={services}>
      <QueryClientProvider client={queryClient}>
        <LanguageProvider>
          <AppThemeProvider>
            <AppToaster />
            <BrowserRouter>
              <AppRoutes />
            </BrowserRouter>
          </AppThemeProvider>
        </LanguageProvider>
      </QueryClientProvider>
    </ServicesContext>
  );
}
