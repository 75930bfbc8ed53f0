/**
 * The light/dark choice (spec 3 "Theme"): stored locally once the user picks one, otherwise following
 * the system preference, live.
 */
export type ThemeName = 'light' | 'dark';

export const THEME_STORAGE_KEY = 'preferredTheme';

export function parseStoredTheme(value: string | null | undefined): ThemeName | undefined {
  return value === 'light' || value === 'dark' ? value : undefined;
}

export function resolveTheme(stored: ThemeName | undefined, systemPrefersDark: boolean): ThemeName {
  return stored ?? (systemPrefersDark ? 'dark' : 'light');
}

type StorageGetter = () => Pick<Storage, 'getItem' | 'setItem'> | undefined;

// Merely reading `localStorage` throws in some browsers when storage is disabled, hence a getter.
const browserStorage: StorageGetter = () => globalThis.localStorage;

/** Storage can be unavailable (privacy modes, disabled cookies); the theme then lasts for the visit. */
export function readStoredTheme(getStorage: StorageGetter = browserStorage): ThemeName | undefined {
  try {
    return parseStoredTheme(getStorage()?.getItem(THEME_STORAGE_KEY));
  } catch {
    return undefined;
  }
}

export function writeStoredTheme(theme: ThemeName, getStorage: StorageGetter = browserStorage): void {
  try {
    getStorage()?.setItem(THEME_STORAGE_KEY, theme);
  } catch {
    // See readStoredTheme.
  }
}
