/**
 * An announcement's priority as the screens show it (spec 3 §3, §9; spec 1 §9): 1 high in red, 2 medium
 * in orange, 3 low in grey, always with its word beside the colour, so the priority is never told by
 * colour alone. Shared by the header's popover and the announcements page.
 */
import type { AnnouncementPriority } from '../../../shared/announcements';

export type PriorityColour = 'red' | 'orange' | 'grey';

/** 1 high red, 2 medium orange, 3 low grey (spec 1 §9). */
export const PRIORITY_COLOURS: Readonly<Record<AnnouncementPriority, PriorityColour>> = { 1: 'red', 2: 'orange', 3: 'grey' };

/** The dialog's choices, highest first. */
export const PRIORITY_CHOICES: readonly AnnouncementPriority[] = [1, 2, 3];

/** The priority a stored or chosen value stands for; anything unknown reads as low, the default. */
export function priorityOf(value: unknown): AnnouncementPriority {
  const number = typeof value === 'string' ? Number(value) : value;
  return number === 1 || number === 2 ? number : 3;
}

export function priorityColour(priority: unknown): PriorityColour {
  return PRIORITY_COLOURS[priorityOf(priority)];
}

/** The Fluent badge colour of each priority colour (its tint stays readable in both themes). */
export type PriorityBadgeColour = 'danger' | 'warning' | 'informative';

export const PRIORITY_BADGE_COLOURS: Readonly<Record<PriorityColour, PriorityBadgeColour>> = {
  red: 'danger',
  orange: 'warning',
  grey: 'informative',
};

/** The word of a priority in the current language's labels. */
export function priorityLabel(labels: Readonly<Record<AnnouncementPriority, string>>, priority: unknown): string {
  return labels[priorityOf(priority)];
}
