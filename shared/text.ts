/** Text helpers shared by web and backend. */

/** Lower case without accents, trimmed: 'João ' and 'joao' compare equal. */
export function foldForSearch(text: string): string {
  return text.normalize('NFD').replace(/\p{Diacritic}/gu, '').toLowerCase().trim();
}

/**
 * Characters no name or title may carry, because agents would read something other than what is stored:
 * the C0 and C1 controls (NUL, line breaks, escape...) and the invisible bidirectional controls (the
 * right-to-left override and its kin), which can make 'txt.exe' display as 'exe.txt'. The zero-width
 * joiner stays: emoji sequences need it.
 */
const UNSAFE_IN_NAMES = /[\p{Cc}\u061C\u200E\u200F\u202A-\u202E\u2066-\u2069\u2028\u2029\uFEFF]/gu;

/** The text without the characters of UNSAFE_IN_NAMES; every schema of a name or title applies it at the edge. */
export function withoutControls(text: string): string {
  return text.replace(UNSAFE_IN_NAMES, '');
}

/**
 * Line breaks as LF only. A browser sends the text fields of a multipart form with CRLF (the HTML rules
 * for form data) where JSON carries what was typed, LF; some clients of the external API send CRLF
 * anyway. Texts are stored and sent with LF, whichever way they came: every message text is read
 * through this at the edge.
 */
export function withLfLineEndings(text: string): string {
  return text.replace(/\r\n?/g, '\n');
}

/** A CSS hex colour, 3 to 9 characters with the '#', as colour pickers give it (tags and queues). */
export const HEX_COLOR = /^#[0-9a-fA-F]{2,8}$/;
