/** An instant in the spec's formats (spec 1 §9): DD/MM/YYYY HH:mm, in the browser's local time. */
const two = (n: number) => String(n).padStart(2, '0');

export function dateTimeLabel(iso: string): string {
  const at = new Date(iso);
  if (Number.isNaN(at.getTime())) return '';
  return `${two(at.getDate())}/${two(at.getMonth() + 1)}/${at.getFullYear()} ${two(at.getHours())}:${two(at.getMinutes())}`;
}
