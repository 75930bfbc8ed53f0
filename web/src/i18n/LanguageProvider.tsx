/** Holds the chosen language, stores it, and keeps `<html lang>` in step for screen readers. */
import { useEffect, useMemo, useState, type ReactNode } from 'react';
import { LANGUAGE_TAGS, LanguageContext, readStoredLanguage, writeStoredLanguage, type Language } from './language';

export function LanguageProvider({ children }: { readonly children: ReactNode }) {
  const [language, setLanguageState] = useState<Language>(() => readStoredLanguage());

  useEffect(() => {
    document.documentElement.lang = LANGUAGE_TAGS[language];
  }, [language]);

  const control = useMemo(
    () => ({
      language,
      setLanguage: (next: Language) => {
        writeStoredLanguage(next);
        setLanguageState(next);
      },
    }),
    [language],
  );
  return <LanguageContext value={control}>{children}</LanguageContext>;
}
