/**
 * The sign-up phone field (spec 2 §5): the mask (99) 99999-9999 applied while typing, at most 11 digits.
 * The mask is only presentation: the form sends the digits alone, which the server accepts as they are.
 */

export const PHONE_MAX_DIGITS = 11;

/** The digits of what was typed or pasted, cut at the mask's 11; anything else is dropped. */
export function phoneDigits(text: string): string {
  return text.replace(/\D/g, '').slice(0, PHONE_MAX_DIGITS);
}

/**
 * The text shown in the field: the mask filled as far as the digits go, so the user sees the area code
 * close as soon as the third digit arrives, and never a dangling separator after the last digit (so a
 * backspace at the end always removes a digit).
 */
export function maskPhone(text: string): string {
  const digits = phoneDigits(text);
  if (digits === '') return '';
  const area = digits.slice(0, 2);
  const first = digits.slice(2, 7);
  const last = digits.slice(7);
  if (first === '') return `(${area}`;
  if (last === '') return `(${area}) ${first}`;
  return `(${area}) ${first}-${last}`;
}

