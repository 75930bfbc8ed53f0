/**
 * The one rule that turns what people type into a stored phone number, apart from the contact schemas
 * (shared/contacts.ts re-exports it) so that the web's lists that write numbers (the kanban board's cards,
 * web/src/contacts/phone.ts) do not load the validation library with them, as shared/ticket-rules.ts.
 */

/**
 * Turns a typed phone number into the stored form, digits with the country code:
 * 1. a number written with '+' is international already: its digits are kept as they are;
 * 2. otherwise everything but digits is dropped, then an international call prefix '00' is dropped
 *    (the rest is international), or else one trunk '0' ('011 ...');
 * 3. a Brazilian number without country code gets 55: 11 digits with an area code (two digits 1-9) and
 *    a mobile '9' next ('11 99999-0000'), or 10 digits with an area code and a landline digit 2-8 next
 *    ('11 3333-0000'). Other lengths and shapes are taken to carry their country code already, so
 *    '14155550100' (USA) stays as it is. Write foreign numbers with '+' to be sure.
 * The answer may be empty or too short; the schemas refuse those ('Número inválido').
 */
export function normaliseNumber(raw: string): string {
  const trimmed = raw.trim();
  let digits = trimmed.replace(/\D/g, '');
  if (trimmed.startsWith('+')) return digits;
  if (digits.startsWith('00')) return digits.slice(2);
  if (digits.startsWith('0')) digits = digits.slice(1);
  const brazilianMobile = /^[1-9][1-9]9\d{8}$/;
  const brazilianLandline = /^[1-9][1-9][2-8]\d{7}$/;
  return brazilianMobile.test(digits) || brazilianLandline.test(digits) ? `55${digits}` : digits;
}
