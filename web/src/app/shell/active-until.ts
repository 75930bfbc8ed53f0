/**
 * 'Ativo até {date}' in the greeting (spec 1 §1, §6; checklist C-004): admins whose company has a due
 * date see it, in the spec's DD/MM/YYYY format; nobody else does.
 */
import { isAdmin } from '../../session/me';

/** `YYYY-MM-DD` (or an ISO instant) as DD/MM/YYYY, read from the text so no time zone shifts the day. */
export function formatDay(isoDate: string): string | undefined {
  const match = /^(\d{4})-(\d{2})-(\d{2})/.exec(isoDate);
  if (match === null) return undefined;
  const [, year, month, day] = match;
  return `${day}/${month}/${year}`;
}

/** The date to show after 'Ativo até', or undefined when the greeting carries none. */
export function activeUntilDate(
  user: { readonly profile: string },
  company: { readonly dueDate?: string | null | undefined },
): string | undefined {
  if (!isAdmin(user) || company.dueDate == null || company.dueDate === '') return undefined;
  return formatDay(company.dueDate);
}
