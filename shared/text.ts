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

/** C0 and C1 controls other than the tab and the line feed: nothing a person types means them. */
const CONTROLS_BUT_TAB_AND_LF = /(?![\t\n])\p{Cc}/gu;

/**
 * The one rule for every text a person writes for someone to read (a message and its caption, a
 * scheduled message, a note, a quick message): line breaks as LF (withLfLineEndings) and kept, tabs
 * kept, other control characters (NUL, escape...) dropped. Unlike names (withoutControls) the text keeps
 * its lines and the bidirectional marks that right-to-left writing needs.
 */
export function writtenText(text: string): string {
  return withLfLineEndings(text).replace(CONTROLS_BUT_TAB_AND_LF, '');
}

/** A CSS hex colour, 3 to 9 characters with the '#', as colour pickers give it (tags and queues). */
export const HEX_COLOR = /^#[0-9a-fA-F]{2,8}$/;
