/** Timing constants of spec 1 §9 that the contacts screens follow. */

/** Searches wait this long after the last keystroke before asking the server. */
export const SEARCH_DEBOUNCE_MS = 500;
/** The spec delays a form's submission by 400 ms (checklist C-242). */
export const FORM_SUBMIT_DELAY_MS = 400;
/** The next page loads when the end of the list is this close. */
export const LOAD_MORE_DISTANCE_PX = 100;
