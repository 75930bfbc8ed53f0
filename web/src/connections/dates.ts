/**
 * The last update of a connection (spec 1 §9): its day in the interface language's order (DD/MM/YYYY,
 * MM/DD/YYYY in English) and HH:mm, local time.
 */
import { dateTimeLabel } from '../i18n/dates';
import type { Language } from '../i18n/language';

export function formatUpdatedAt(iso: string, language: Language): string {
  const date = new Date(iso);
  if (Number.isNaN(date.getTime())) return '';
  return dateTimeLabel(date, language);
}
