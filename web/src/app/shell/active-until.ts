/**
 * 'Ativo até {date}' in the greeting (spec 1 §1, §6; checklist C-004): admins whose company has a due
 * date see it, in the spec's DD/MM/YYYY format (MM/DD/YYYY in English); nobody else does.
 */
import { isoDateLabel } from '../../i18n/dates';
import type { Language } from '../../i18n/language';
import { isAdmin } from '../../sign-in/me';

/** `YYYY-MM-DD` (or an ISO instant) as the language writes a date, read from the text so no time zone shifts the day. */
export function formatDay(isoDate: string, language: Language): string | undefined {
  return isoDateLabel(isoDate.slice(0, 10), language) || undefined;
}

/** The date to show after 'Ativo até', or undefined when the greeting carries none. */
export function activeUntilDate(
  user: { readonly profile: string },
  company: { readonly dueDate?: string | null | undefined },
  language: Language,
): string | undefined {
  if (!isAdmin(user) || company.dueDate == null || company.dueDate === '') return undefined;
  return formatDay(company.dueDate, language);
}
