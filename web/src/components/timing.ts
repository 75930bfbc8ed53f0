/** The timings of spec 1 §9 that the list and form screens of the kit follow. */

/** Searches wait this long after the last keystroke before asking the server. */
export const SEARCH_DEBOUNCE_MS = 500;
/** The spec delays a form's submission by 400 ms (checklist C-242). */
export const FORM_SUBMIT_DELAY_MS = 400;
/** The next page of a list loads when the end of the list is this close. */
export const LOAD_MORE_DISTANCE_PX = 100;
