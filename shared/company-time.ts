/**
 * The company's clock: days and hours as the company lives them, for the dashboard's daily counters,
 * the ticket list's day filters and the message templates ({{ms}}, {{hora}}). Every company runs on
 * Brasília time (America/Sao_Paulo): the product has no per-company time zone setting, and its
 * customers are Brazilian. Computed with Intl, so a future daylight-saving rule is followed too.
 */
export const COMPANY_TIME_ZONE = 'America/Sao_Paulo';

const DAY = /^(\d{4})-(\d{2})-(\d{2})$/;

const parts = new Intl.DateTimeFormat('en-CA', {
  timeZone: COMPANY_TIME_ZONE,
  year: 'numeric',
  month: '2-digit',
  day: '2-digit',
  hour: '2-digit',
  minute: '2-digit',
  second: '2-digit',
  hourCycle: 'h23',
});

function clockParts(at: Date): Record<'year' | 'month' | 'day' | 'hour' | 'minute' | 'second', string> {
  const found = Object.fromEntries(parts.formatToParts(at).map((part) => [part.type, part.value]));
  return {
    year: found.year ?? '0000',
    month: found.month ?? '01',
    day: found.day ?? '01',
    hour: found.hour ?? '00',
    minute: found.minute ?? '00',
    second: found.second ?? '00',
  };
}

/** The company's calendar day of an instant, YYYY-MM-DD. */
export function companyDay(at: Date): string {
  const { year, month, day } = clockParts(at);
  return `${year}-${month}-${day}`;
}

/** The company's hour of an instant, 0 to 23. */
export function companyHour(at: Date): number {
  return Number(clockParts(at).hour);
}

/** The company's wall-clock time of an instant, HH:mm:ss. */
export function companyClock(at: Date): string {
  const { hour, minute, second } = clockParts(at);
  return `${hour}:${minute}:${second}`;
}

export const isDay = (value: string): boolean => {
  const match = DAY.exec(value);
  if (!match) return false;
  const date = new Date(Date.UTC(Number(match[1]), Number(match[2]) - 1, Number(match[3])));
  return date.toISOString().slice(0, 10) === value;
};

/** The day `count` days after (or before, when negative) `day`. */
export function addDays(day: string, count: number): string {
  const date = new Date(`${day}T12:00:00.000Z`);
  date.setUTCDate(date.getUTCDate() + count);
  return date.toISOString().slice(0, 10);
}

/** Every day from `from` to `to`, both included, in order (empty when `to` is before `from`). */
export function daysFrom(from: string, to: string): string[] {
  const days: string[] = [];
  for (let day = from; day <= to; day = addDays(day, 1)) days.push(day);
  return days;
}

/** The instant a company day begins. */
export function dayStart(day: string): Date {
  // Noon UTC of the day is inside the company's day whatever its offset; the offset found there applies
  // at midnight too except on a daylight-saving switch day, which Brasília no longer has.
  const noon = new Date(`${day}T12:00:00.000Z`);
  const local = clockParts(noon);
  const offsetMs = Date.UTC(+local.year, +local.month - 1, +local.day, +local.hour, +local.minute, +local.second) - noon.getTime();
  return new Date(Date.parse(`${day}T00:00:00.000Z`) - offsetMs);
}

/** The instants of a company day, as ISO strings: its first millisecond and its last. */
export function dayBounds(day: string): { readonly first: string; readonly last: string } {
  return {
    first: dayStart(day).toISOString(),
    last: new Date(dayStart(addDays(day, 1)).getTime() - 1).toISOString(),
  };
}

/** Today's date as YYYY-MM-DD in UTC; a company's due date is valid through its whole day. */
export const today = (now = new Date()): string => now.toISOString().slice(0, 10);

/** Whether the subscription of a company with this due date has lapsed (none: never). */
export const isPastDue = (dueDate: string | null, now = new Date()): boolean => dueDate !== null && dueDate < today(now);
