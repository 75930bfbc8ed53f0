/**
 * Dates of the conversation in the spec's formats (spec 1 §9): the day as DD/MM/YYYY (in the interface
 * language's order: MM/DD/YYYY in English) and HH:mm, local time.
 */
import { dateLabel, timeLabel } from '../../i18n/dates';
import type { Language } from '../../i18n/language';

export function formatDate(iso: string, language: Language): string {
  return dateLabel(new Date(iso), language);
}

export function formatTime(iso: string): string {
  return timeLabel(new Date(iso));
}

export type DayLabel = { readonly kind: 'today' | 'yesterday' } | { readonly kind: 'date'; readonly text: string };

/** A day separator's label: today, yesterday, or the date. */
export function dayLabel(iso: string, language: Language, now: Date = new Date()): DayLabel {
  const day = new Date(iso);
  const startOf = (date: Date) => new Date(date.getFullYear(), date.getMonth(), date.getDate()).getTime();
  const days = Math.round((startOf(now) - startOf(day)) / 86_400_000);
  if (days === 0) return { kind: 'today' };
  if (days === 1) return { kind: 'yesterday' };
  return { kind: 'date', text: formatDate(iso, language) };
}
