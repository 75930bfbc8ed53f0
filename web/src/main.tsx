/**
 * Entry point: fetch the runtime configuration, wire Amplify, the auth store and the API client, then
 * render the app, or a clear error screen when the configuration is unusable.
 */
import { StrictMode, type ReactNode } from 'react';
import { createRoot } from 'react-dom/client';
import { createApiClient } from './api/client';
import { refreshCognitoSession } from './api/refresh-session';
import { App } from './app/App';
import { amplifyAuthBackend, configureAmplify } from './auth/amplify';
import { createAuthStore } from './auth/auth-store';
import { FullPageSpinner } from './components/FullPageSpinner';
import { loadRuntimeConfig } from './config';
import { LanguageProvider } from './i18n/LanguageProvider';
import { AppThemeProvider } from './theme/AppThemeProvider';

const container = document.getElementById('root');
if (container === null) throw new Error('index.html has no #root element');
const root = createRoot(container);

function render(node: ReactNode): void {
  root.render(<StrictMode>{node}</StrictMode>);
}

async function start(): Promise<void> {
  render(
    <LanguageProvider>
      <AppThemeProvider>
        <FullPageSpinner />
      </AppThemeProvider>
    </LanguageProvider>,
  );
  try {
    const config = await loadRuntimeConfig();
    configureAmplify(config);
    const auth = createAuthStore(amplifyAuthBackend);
    const api = createApiClient({
      baseUrl: config.apiUrl,
      getAccessToken: auth.getAccessToken,
      onUnauthorized: auth.expire,
      refreshSession: refreshCognitoSession,
    });
    void auth.restore();
    render(<App services={{ config, auth, api }} />);
  } catch (error) {
    // Loaded only when needed: a working start should not download the error screen.
    const { ConfigErrorScreen } = await import('./components/ConfigErrorScreen');
    render(
      <LanguageProvider>
        <AppThemeProvider>
          <ConfigErrorScreen error={error} />
        </AppThemeProvider>
      </LanguageProvider>,
    );
  }
}

void start();
