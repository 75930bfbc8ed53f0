/** Names the browser tab after what the page shows (its registry entry's title), in the current language. */
import { useEffect } from 'react';
import { commonTexts } from '../i18n/common';
import { useLanguage } from '../i18n/language';
import { useTexts } from '../i18n/texts';
import type { CurrentPage } from './current-page';

export function documentTitle(pageTitle: string, appName: string): string {
  return `${pageTitle} · ${appName}`;
}

/** Sets the tab's title to `pageTitle` and the app's name while the calling component is shown. */
export function useDocumentTitle(pageTitle: string): void {
  const title = documentTitle(pageTitle, useTexts(commonTexts).app.name);
  useEffect(() => {
    document.title = title;
  }, [title]);
}

export function DocumentTitle({ page }: { readonly page: CurrentPage }) {
  useDocumentTitle(page.title[useLanguage().language]);
  return null;
}
