/** The rules of the contact picker (ContactSearch.tsx) as plain functions (spec 1 §9). */

/** The contact search starts at this many characters (spec 1 §9). */
export const CONTACT_SEARCH_MIN = 3;

/**
 * What to search contacts for: the typed text, trimmed; nothing once a contact is picked and the text
 * is its name (no search for what is already chosen), nor below CONTACT_SEARCH_MIN characters.
 */
export function contactSearchTerm(typed: string, picked: { readonly name: string } | null): string {
  const term = typed.trim();
  if (picked !== null && typed === picked.name) return '';
  return term.length >= CONTACT_SEARCH_MIN ? term : '';
}

/** Whether to say that the search found no contact: a search was made, has answered, and found none. */
export function foundNoContacts(term: string, fetching: boolean, found: number): boolean {
  return term.length >= CONTACT_SEARCH_MIN && !fetching && found === 0;
}

/** The option of a contact: its name, then its number, so two namesakes can be told apart. */
export function contactOptionText(contact: { readonly name: string; readonly number: string }): string {
  return `${contact.name} (${contact.number})`;
}
