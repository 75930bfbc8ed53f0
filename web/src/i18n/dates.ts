/**
 * Dates as the interface language writes them (issue 27: the English interface wrote dates day first).
 * The spec's DD/MM/YYYY (spec 1 §9) in Portuguese and Spanish, MM/DD/YYYY in English: the order of day,
 * month and year is the language's own (Intl), the digits always two for day and month and four for the
 * year, joined by '/'. Hours are the spec's HH:mm, a 24-hour clock, in every language.
 */
import { LANGUAGE_TAGS, type Language } from './language';

type DatePart = 'day' | 'month' | 'year';

const orders = new Map<Language, readonly DatePart[]>();

/** The order the language writes a numeric date in (Intl's parts of a sample date). */
function dateOrder(language: Language): readonly DatePart[] {
  let order = orders.get(language);
  if (order === undefined) {
    const parts = new Intl.DateTimeFormat(LANGUAGE_TAGS[language], { day: '2-digit', month: '2-digit', year: 'numeric' }).formatToParts(new Date(2000, 11, 31));
    order = parts.flatMap((part) => (part.type === 'day' || part.type === 'month' || part.type === 'year' ? [part.type] : []));
    orders.set(language, order);
  }
  return order;
}

const two = (value: number) => String(value).padStart(2, '0');

/** A calendar day (year, month 1-12, day) in the language's order: 31/01/2025, 01/31/2025. */
function dayLabel(year: number, month: number, day: number, language: Language, withYear = true): string {
  const values: Readonly<Record<DatePart, string>> = { day: two(day), month: two(month), year: String(year) };
  return dateOrder(language)
    .filter((part) => withYear || part !== 'year')
    .map((part) => values[part])
    .join('/');
}

/** The day of an instant in the browser's time zone, in the language's order. */
export function dateLabel(at: Date, language: Language): string {
  return dayLabel(at.getFullYear(), at.getMonth() + 1, at.getDate(), language);
}

/** The hour of an instant in the browser's time zone: HH:mm. */
export function timeLabel(at: Date): string {
  return `${two(at.getHours())}:${two(at.getMinutes())}`;
}

/** An instant as its day and hour: 31/01/2025 09:05, 01/31/2025 09:05. */
export function dateTimeLabel(at: Date, language: Language): string {
  return `${dateLabel(at, language)} ${timeLabel(at)}`;
}

/** A calendar date written YYYY-MM-DD (a due date, a dashboard day), without any time zone, in the language's order; '' if unreadable. */
export function isoDateLabel(isoDate: string, language: Language, options: { readonly withYear?: boolean } = {}): string {
  const match = /^(\d{4})-(\d{2})-(\d{2})$/.exec(isoDate);
  if (match === null) return '';
  return dayLabel(Number(match[1]), Number(match[2]), Number(match[3]), language, options.withYear ?? true);
}
