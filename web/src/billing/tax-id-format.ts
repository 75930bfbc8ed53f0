/**
 * A CPF or CNPJ as people write it (shared/tax-id.ts has the rule; the API stores the digits): the
 * checkout's Dados step and the company form show a stored one this way.
 */
import { digitsOf } from '../../../shared/tax-id';

/**
 * 123.456.789-09 for a CPF's 11 digits, 12.345.678/0001-95 for a CNPJ's 14; anything else as it came
 * (already punctuated, half typed or foreign), so nothing typed is ever mangled.
 */
export function formatDocument(document: string): string {
  if (digitsOf(document) !== document) return document;
  if (document.length === 11) return document.replace(/^(\d{3})(\d{3})(\d{3})(\d{2})$/, '$1.$2.$3-$4');
  if (document.length === 14) return document.replace(/^(\d{2})(\d{3})(\d{3})(\d{4})(\d{2})$/, '$1.$2.$3/$4-$5');
  return document;
}
