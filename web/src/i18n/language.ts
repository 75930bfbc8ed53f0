/**
 * The interface language (issue: pt, en, es): Portuguese by default, the user's choice stored locally
 * like the theme. Screens read it through `useTexts` (texts.ts); the provider is LanguageProvider.tsx.
 */
import { createContext, useContext } from 'react';

export const LANGUAGES = ['pt', 'en', 'es'] as const;
export type Language = (typeof LANGUAGES)[number];

export const DEFAULT_LANGUAGE: Language = 'pt';
export const LANGUAGE_STORAGE_KEY = 'language';

/** BCP 47 tags for `<html lang>` and for Intl date and number formats. */
export const LANGUAGE_TAGS: Readonly<Record<Language, string>> = { pt: 'pt-BR', en: 'en', es: 'es' };

export function parseStoredLanguage(value: string | null | undefined): Language | undefined {
  return LANGUAGES.find((language) => language === value);
}

type StorageGetter = () => Pick<Storage, 'getItem' | 'setItem'> | undefined;

// Merely reading `localStorage` throws in some browsers when storage is disabled, hence a getter.
const browserStorage: StorageGetter = () => globalThis.localStorage;

export function readStoredLanguage(getStorage: StorageGetter = browserStorage): Language {
  try {
    return parseStoredLanguage(getStorage()?.getItem(LANGUAGE_STORAGE_KEY)) ?? DEFAULT_LANGUAGE;
  } catch {
    return DEFAULT_LANGUAGE;
  }
}

export function writeStoredLanguage(language: Language, getStorage: StorageGetter = browserStorage): void {
  try {
    getStorage()?.setItem(LANGUAGE_STORAGE_KEY, language);
  } catch {
    // Storage unavailable (privacy modes): the choice lasts for the visit.
  }
}

export interface LanguageControl {
  readonly language: Language;
  readonly setLanguage: (language: Language) => void;
}

export const LanguageContext = createContext<LanguageControl>({ language: DEFAULT_LANGUAGE, setLanguage: () => {} });

export function useLanguage(): LanguageControl {
  return useContext(LanguageContext);
}
