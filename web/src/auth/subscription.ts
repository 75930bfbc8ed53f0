/**
 * The subscription rules the login applies (spec 1 §4.4): a company past its due date cannot sign in,
 * except its admins to pay (the answer says `canPay`), and fewer than 5 days before it the user is warned. The server owns the refusal (GET /auth/me answers
 * 402 ERR_SUBSCRIPTION_EXPIRED with the due date, README "Due date"); the web reads the date from that
 * answer and computes only the warning. A subscription is valid through its due day, in UTC like the
 * server, so both agree on which day it is.
 */

import { isoDateLabel } from '../i18n/dates';
import type { Language } from '../i18n/language';
import { format } from '../i18n/texts';

// Own date helpers rather than shared/companies.ts: that module builds zod schemas on import, which
// would put zod in the login page's download for two lines of arithmetic.
const ISO_DATE = /^(\d{4})-(\d{2})-(\d{2})$/;

/** Milliseconds of a real YYYY-MM-DD calendar date at 00:00 UTC; undefined for anything else. */
function utcDay(text: string): number | undefined {
  const match = ISO_DATE.exec(text);
  if (match === null) return undefined;
  const [year, month, day] = [Number(match[1]), Number(match[2]), Number(match[3])];
  const date = new Date(Date.UTC(year, month - 1, day));
  const real = date.getUTCFullYear() === year && date.getUTCMonth() === month - 1 && date.getUTCDate() === day;
  return real ? date.getTime() : undefined;
}

const DAY_MS = 86_400_000;

/** Spec 1 §9: the warning shows when fewer than this many days remain. */
export const SUBSCRIPTION_WARNING_DAYS = 5;

/** Today as the server counts it: the UTC calendar day, YYYY-MM-DD. */
export function utcToday(now: Date = new Date()): string {
  return now.toISOString().slice(0, 10);
}

/**
 * Whole days left before the due date when the login should warn about them: 0 (it ends today) to 4;
 * undefined when there is no due date, more time is left, or it has already passed (the server refuses).
 */
export function daysLeftToWarn(dueDate: string | null | undefined, today: string): number | undefined {
  const due = dueDate === null || dueDate === undefined ? undefined : utcDay(dueDate);
  const now = utcDay(today);
  if (due === undefined || now === undefined) return undefined;
  const days = Math.round((due - now) / DAY_MS);
  return days >= 0 && days < SUBSCRIPTION_WARNING_DAYS ? days : undefined;
}

/**
 * The due date an ERR_SUBSCRIPTION_EXPIRED answer carries (`{ error, details: { dueDate } }`), or
 * undefined when the body has none in the expected form.
 */
export function expiredDueDate(body: unknown): string | undefined {
  if (typeof body !== 'object' || body === null) return undefined;
  const details = (body as { details?: unknown }).details;
  if (typeof details !== 'object' || details === null) return undefined;
  const dueDate = (details as { dueDate?: unknown }).dueDate;
  return typeof dueDate === 'string' && utcDay(dueDate) !== undefined ? dueDate : undefined;
}

/**
 * Whether an ERR_SUBSCRIPTION_EXPIRED answer's body says the caller may pay (`details.canPay`: the
 * company's admins): they may then sign in anyway, to the lapsed billing view, and pay the open invoice.
 */
export function expiredCanPay(body: unknown): boolean {
  if (typeof body !== 'object' || body === null) return false;
  const details = (body as { details?: unknown }).details;
  return typeof details === 'object' && details !== null && (details as { canPay?: unknown }).canPay === true;
}

/**
 * Whether a failure is the one refusal a sign-in to pay tolerates: ERR_SUBSCRIPTION_EXPIRED for a
 * caller who may pay. Read by shape (an ApiError's `code` and `body`), so this module stays free of the client.
 */
export function isPayableExpiry(error: unknown): boolean {
  if (typeof error !== 'object' || error === null) return false;
  const { code, body } = error as { code?: unknown; body?: unknown };
  return code === 'ERR_SUBSCRIPTION_EXPIRED' && expiredCanPay(body);
}

/** A YYYY-MM-DD date as the spec writes dates, DD/MM/YYYY (spec 1 §9), in the language's order (MM/DD/YYYY in English). */
export function formatDueDate(isoDate: string, language: Language): string {
  return isoDateLabel(isoDate.slice(0, 10), language);
}

/** Which wording the warning takes: its own for the last day, singular for 1 day (spec 1 §4.4). */
export function dueWarningWording(days: number): 'dueToday' | 'dueInOneDay' | 'dueInDays' {
  if (days === 0) return 'dueToday';
  return days === 1 ? 'dueInOneDay' : 'dueInDays';
}

/** The two wordings of a refused, expired subscription (the login's dictionary has them). */
export interface ExpiredSubscriptionTexts {
  /** 'Opss! Sua assinatura venceu {{date}}. Entre em contato com o Suporte...' (spec 1 §4.4). */
  readonly subscriptionExpired: string;
  /** The same without a date, for an answer that carries none. */
  readonly subscriptionExpiredUndated: string;
}

/**
 * What to tell a user whose company's subscription has expired, from the ERR_SUBSCRIPTION_EXPIRED
 * answer's body: the message with the due date (formatDueDate), or without it when the body has none.
 */
export function expiredSubscriptionMessage(texts: ExpiredSubscriptionTexts, body: unknown, language: Language): string {
  const dueDate = expiredDueDate(body);
  return dueDate === undefined ? texts.subscriptionExpiredUndated : format(texts.subscriptionExpired, { date: formatDueDate(dueDate, language) });
}
