/** Dates of the conversation in the spec's formats (spec 1 §9): DD/MM/YYYY and HH:mm, local time. */

const pad = (value: number) => String(value).padStart(2, '0');

export function formatDate(iso: string): string {
  const date = new Date(iso);
  return `${pad(date.getDate())}/${pad(date.getMonth() + 1)}/${date.getFullYear()}`;
}

export function formatTime(iso: string): string {
  const date = new Date(iso);
  return `${pad(date.getHours())}:${pad(date.getMinutes())}`;
}

export type DayLabel = { readonly kind: 'today' | 'yesterday' } | { readonly kind: 'date'; readonly text: string };

/** A day separator's label: today, yesterday, or the date. */
export function dayLabel(iso: string, now: Date = new Date()): DayLabel {
  const day = new Date(iso);
  const startOf = (date: Date) => new Date(date.getFullYear(), date.getMonth(), date.getDate()).getTime();
  const days = Math.round((startOf(now) - startOf(day)) / 86_400_000);
  if (days === 0) return { kind: 'today' };
  if (days === 1) return { kind: 'yesterday' };
  return { kind: 'date', text: formatDate(iso) };
}
