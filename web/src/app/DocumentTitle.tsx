/** Names the browser tab after the page shown (its registry entry's title), in the current language. */
import { useEffect } from 'react';
import { commonTexts } from '../i18n/common';
import { useLanguage } from '../i18n/language';
import { useTexts } from '../i18n/texts';
import type { CurrentPage } from './current-page';

export function documentTitle(pageTitle: string, appName: string): string {
  return `${pageTitle} · ${appName}`;
}

export function DocumentTitle({ page }: { readonly page: CurrentPage }) {
  const { language } = useLanguage();
  const appName = useTexts(commonTexts).app.name;
  const title = documentTitle(page.title[language], appName);
  useEffect(() => {
    document.title = title;
  }, [title]);
  return null;
}
