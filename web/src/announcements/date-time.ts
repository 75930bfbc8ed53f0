/**
 * An instant in the spec's formats (spec 1 §9): its day (DD/MM/YYYY, in the interface language's order:
 * MM/DD/YYYY in English) and HH:mm, in the browser's local time.
 */
import { dateTimeLabel as instantLabel } from '../i18n/dates';
import type { Language } from '../i18n/language';

export function dateTimeLabel(iso: string, language: Language): string {
  const at = new Date(iso);
  if (Number.isNaN(at.getTime())) return '';
  return instantLabel(at, language);
}
