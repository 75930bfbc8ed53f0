/** The app once its configuration is known: shared services, theme and router. */
import { BrowserRouter } from 'react-router';
import { AppThemeProvider } from '../theme/AppThemeProvider';
import { AppRoutes } from './AppRoutes';
import { ServicesContext, type AppServices } from './services';

export function App({ services }: { readonly services: AppServices }) {
  return (
    <ServicesContext value={services}>
      <AppThemeProvider>
        <BrowserRouter>
          <AppRoutes />
        </BrowserRouter>
      </AppThemeProvider>
    </ServicesContext>
  );
}
