/** The current theme and the way to switch it, provided by AppThemeProvider. */
import { createContext, useContext } from 'react';
import type { ThemeName } from './theme-preference';

export interface ThemeControl {
  readonly theme: ThemeName;
  readonly toggleTheme: () => void;
}

export const ThemeContext = createContext<ThemeControl | undefined>(undefined);

export function useThemeControl(): ThemeControl {
  const control = useContext(ThemeContext);
  if (control === undefined) throw new Error('useThemeControl must be used inside AppThemeProvider');
  return control;
}
