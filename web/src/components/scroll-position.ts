/**
 * Where a scrolled list stands, for the lists that load their next page near their bottom (spec 1 §9:
 * within 100 px): the ticket lists, the announcements' and the chats' popovers.
 */

/** Spec 1 §9: the distance from the bottom at which a list loads its next page. */
export const NEXT_PAGE_WITHIN_PX = 100;

/**
 * Within `threshold` px of the bottom of a scrolled element. A list not on screen (the narrow layout's
 * hidden panel: no height at all) is near nothing: measured as 0 px tall it would load its next page,
 * and the one after, until the whole list was read.
 */
export function nearBottom(metrics: { scrollTop: number; scrollHeight: number; clientHeight: number }, threshold = NEXT_PAGE_WITHIN_PX): boolean {
  if (metrics.clientHeight === 0) return false;
  return metrics.scrollHeight - metrics.scrollTop - metrics.clientHeight <= threshold;
}
