/**
 * Whether the conversation stays pinned to its newest message (spec 1 §2.5, issue 14): it opens there
 * and follows what arrives until the reader scrolls up. Only the reader's own move up unpins it: a
 * scroll event also comes from the browser's scroll anchoring and from content growing or the panel
 * shrinking, and taking those for the reader's intent left the view an image's height above the end.
 */

/** Closer than this to the bottom counts as reading the newest messages. */
export const PINNED_WITHIN_PX = 80;

export interface ScrollSample {
  readonly scrollTop: number;
  readonly scrollHeight: number;
  readonly clientHeight: number;
}

export function distanceFromBottom(sample: ScrollSample): number {
  return sample.scrollHeight - sample.scrollTop - sample.clientHeight;
}

/**
 * The pin after a scroll event, from the sample of the previous event: at the bottom it pins; away from
 * it, it unpins only when the view moved up over unchanged content and an unchanged panel, which is
 * what the reader's wheel, keys, touch or scrollbar do.
 */
export function nextPinned(pinned: boolean, previous: ScrollSample | null, current: ScrollSample): boolean {
  if (distanceFromBottom(current) <= PINNED_WITHIN_PX) return true;
  if (!pinned) return false;
  if (previous === null) return true;
  const movedUp = current.scrollTop < previous.scrollTop;
  const sameLayout = current.scrollHeight === previous.scrollHeight && current.clientHeight === previous.clientHeight;
  return !(movedUp && sameLayout);
}

/**
 * The "new messages" cue: the customer wrote (their newest message is not the one that was newest when
 * the reader last was at the bottom) while the reader is scrolled up.
 */
export function showsNewMessagesCue(pinned: boolean, newestIncomingKey: string | null, seenIncomingKey: string | null): boolean {
  return !pinned && newestIncomingKey !== null && newestIncomingKey !== seenIncomingKey;
}
