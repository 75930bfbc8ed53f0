/**
 * Brazilian tax ids: the CPF of a person (11 digits) and the CNPJ of a business (14), each ending in two
 * check digits. A PIX charge carries the payer's (shared/billing.ts), and the company form stores it.
 */
export const digitsOf = (text: string): string => text.replace(/\D/g, '');

/** Whether the digits are a valid CPF (11 digits) or CNPJ (14 digits), check digits included. */
export function isCpfOrCnpj(text: string): boolean {
  const digits = digitsOf(text);
  if (/^(\d)\1*$/.test(digits)) return false;
  const checkDigit = (body: string, weights: readonly number[]): number => {
    const sum = weights.reduce((total, weight, index) => total + weight * Number(body[index]), 0);
    const rest = sum % 11;
    return rest < 2 ? 0 : 11 - rest;
  };
  if (digits.length === 11) {
    const first = checkDigit(digits, [10, 9, 8, 7, 6, 5, 4, 3, 2]);
    const second = checkDigit(digits, [11, 10, 9, 8, 7, 6, 5, 4, 3, 2]);
    return digits.endsWith(`${first}${second}`);
  }
  if (digits.length === 14) {
    const first = checkDigit(digits, [5, 4, 3, 2, 9, 8, 7, 6, 5, 4, 3, 2]);
    const second = checkDigit(digits, [6, 5, 4, 3, 2, 9, 8, 7, 6, 5, 4, 3, 2]);
    return digits.endsWith(`${first}${second}`);
  }
  return false;
}

