/** Text helpers shared by web and backend. */

/** Lower case without accents, trimmed: 'João ' and 'joao' compare equal. */
export function foldForSearch(text: string): string {
  return text.normalize('NFD').replace(/\p{Diacritic}/gu, '').toLowerCase().trim();
}
