/**
 * Phone numbers as the contact modal and the contacts table show them. The stored form is digits with
 * the country code (shared/contacts.ts `normaliseNumber`); people type Brazilian numbers with the area
 * code and without 55, so the modal's field is masked as `(11) 99999-0000` (spec 1 §5). Anything that
 * is not such a number (a foreign number, a number pasted with its country code) is written with `+`,
 * which the server keeps as international, so no number is ever reshaped into another one.
 */
import { normaliseNumber } from '../../../shared/phone-number';

/** Digits of a Brazilian number with its area code: 10 (landline) or 11 (mobile). */
const LOCAL_DIGITS_MAX = 11;
/** E.164: at most 15 digits with the country code. */
const INTERNATIONAL_DIGITS_MAX = 15;
const BRAZIL = '55';

const digitsOf = (text: string) => text.replace(/\D/g, '');

/**
 * The field's text for what was typed or pasted: `(11) 99999-0000` as the digits arrive, or
 * `+<digits>` for an international number (typed with `+` or `00`, or longer than a Brazilian one).
 * Separators are only added once a digit follows them, so deleting never fights the mask.
 */
export function maskPhone(typed: string): string {
  let digits = digitsOf(typed);
  if (typed.trimStart().startsWith('+')) return international(digits);
  if (digits.startsWith('00')) return international(digits.slice(2));
  // A trunk '0' before the area code ('011 ...'), as the server drops it too.
  if (digits.startsWith('0')) digits = digits.slice(1);
  if (digits.length > LOCAL_DIGITS_MAX) return international(digits);
  return localMask(digits);
}

function international(digits: string): string {
  return `+${digits.slice(0, INTERNATIONAL_DIGITS_MAX)}`;
}

/** `(AA) NNNN-NNNN` up to 10 digits, `(AA) NNNNN-NNNN` at 11. */
function localMask(digits: string): string {
  if (digits === '') return '';
  const area = digits.slice(0, 2);
  const rest = digits.slice(2);
  if (rest === '') return `(${area}`;
  const firstPart = rest.length > 8 ? 5 : 4;
  const head = rest.slice(0, firstPart);
  const tail = rest.slice(firstPart);
  return tail === '' ? `(${area}) ${head}` : `(${area}) ${head}-${tail}`;
}

/** A stored number that is a Brazilian one: 55, an area code, and a landline or mobile number. */
function brazilianLocalPart(stored: string): string | undefined {
  if (!/^\d+$/.test(stored) || !stored.startsWith(BRAZIL)) return undefined;
  const local = stored.slice(BRAZIL.length);
  return normaliseNumber(local) === stored ? local : undefined;
}

/**
 * The edit modal's starting text for a stored number. A Brazilian number loses its first two
 * characters, the 55 (spec 1 §5), and is masked; another phone number is shown with `+` so that saving
 * it unchanged keeps it; a group's id (or any other non-phone id) as it is.
 */
export function numberForEditing(stored: string, isGroup = false): string {
  if (isGroup) return stored;
  const local = brazilianLocalPart(stored);
  if (local !== undefined) return localMask(local);
  return /^\d+$/.test(stored) ? international(stored) : stored;
}

/** A stored number for reading in lists: `+55 (11) 99999-0000`, `+14155550100`, a group id as it is. */
export function displayNumber(stored: string, isGroup = false): string {
  if (isGroup) return stored;
  const local = brazilianLocalPart(stored);
  if (local !== undefined) return `+${BRAZIL} ${localMask(local)}`;
  return /^\d+$/.test(stored) ? `+${stored}` : stored;
}
