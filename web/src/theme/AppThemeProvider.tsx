/** Wraps the app in Fluent's provider with the light or dark theme and offers the toggle. */
import { FluentProvider, makeStyles, webDarkTheme, webLightTheme } from '@fluentui/react-components';
import { useCallback, useEffect, useMemo, useState, useSyncExternalStore, type ReactNode } from 'react';
import { ThemeContext, type ThemeControl } from './theme-context';
import { readStoredTheme, resolveTheme, writeStoredTheme, type ThemeName } from './theme-preference';

const DARK_QUERY = '(prefers-color-scheme: dark)';

function subscribeToSystemTheme(onChange: () => void): () => void {
  const query = window.matchMedia(DARK_QUERY);
  query.addEventListener('change', onChange);
  return () => query.removeEventListener('change', onChange);
}

const systemPrefersDark = (): boolean => window.matchMedia(DARK_QUERY).matches;
// Server rendering (tests, a future prerender) has no system preference: start light.
const noSystemPreference = (): boolean => false;

const useStyles = makeStyles({
  root: {
    minHeight: '100vh',
    display: 'flex',
    flexDirection: 'column',
  },
});

export function AppThemeProvider({ children }: { readonly children: ReactNode }) {
  const styles = useStyles();
  const [stored, setStored] = useState<ThemeName | undefined>(() => readStoredTheme());
  const prefersDark = useSyncExternalStore(subscribeToSystemTheme, systemPrefersDark, noSystemPreference);
  const theme = resolveTheme(stored, prefersDark);

  const toggleTheme = useCallback(() => {
    const next: ThemeName = theme === 'dark' ? 'light' : 'dark';
    writeStoredTheme(next);
    setStored(next);
  }, [theme]);

  // Native parts (scrollbars, form autofill) follow the theme too.
  useEffect(() => {
    document.documentElement.style.colorScheme = theme;
  }, [theme]);

  const control = useMemo<ThemeControl>(() => ({ theme, toggleTheme }), [theme, toggleTheme]);

  return (
    <ThemeContext value={control}>
      {/* The layout sits on a child: FluentProvider copies its own className onto every portal's mount
          node (tooltips, menus, toasts), which would then cover the page. */}
      <FluentProvider theme={theme === 'dark' ? webDarkTheme : webLightTheme}>
        <div className={styles.root}>{children}</div>
      </FluentProvider>
    </ThemeContext>
  );
}
