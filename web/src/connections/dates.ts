/** The last update of a connection in the spec's formats (spec 1 §9): DD/MM/YYYY HH:mm, local time. */

const pad = (value: number) => String(value).padStart(2, '0');

export function formatUpdatedAt(iso: string): string {
  const date = new Date(iso);
  if (Number.isNaN(date.getTime())) return '';
  return `${pad(date.getDate())}/${pad(date.getMonth() + 1)}/${date.getFullYear()} ${pad(date.getHours())}:${pad(date.getMinutes())}`;
}
