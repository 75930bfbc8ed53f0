/**
 * The shell's sizes and breakpoints (spec 1 §2.2, §9): a 240 px menu; under 600 px a temporary drawer
 * over the page that closes after a choice; above 1200 px the menu starts expanded; in between (1200 px
 * included) it starts as a rail of icons.
 */
export const MENU_WIDTH_PX = 240;
/** Ours: the collapsed rail shows the 20 px icons with the usual padding around them. */
export const MENU_RAIL_WIDTH_PX = 56;
export const NARROW_BELOW_PX = 600;
/** The menu starts expanded on screens wider than this (spec 1 §2.2: "above 1200 px"). */
export const WIDE_ABOVE_PX = 1200;

/**
 * Media queries of the two breakpoints, both strict like the spec's "under 600" and "above 1200": the
 * .02 keeps zoomed fractional widths (599.5 px, 1200.5 px) on the side they are closer to.
 */
export const NARROW_MEDIA_QUERY = `(max-width: ${NARROW_BELOW_PX - 0.02}px)`;
export const WIDE_MEDIA_QUERY = `(min-width: ${WIDE_ABOVE_PX + 0.02}px)`;

export type ViewportSize = 'narrow' | 'medium' | 'wide';

export function viewportSize(narrow: boolean, wide: boolean): ViewportSize {
  if (narrow) return 'narrow';
  return wide ? 'wide' : 'medium';
}

export interface MenuPresentation {
  /** `overlay`: the temporary drawer; `inline`: beside the page. */
  readonly mode: 'overlay' | 'inline';
  /** Whether the menu shows its labels (and the version) rather than icons only; the drawer always does. */
  readonly expanded: boolean;
}

/** How the menu starts on a viewport: closed drawer, icon rail, or expanded. */
export function initialMenuOpen(size: ViewportSize): boolean {
  return size === 'wide';
}

/** `open` is the user's toggle: the drawer shown or not, or the inline menu expanded or not. */
export function menuPresentation(size: ViewportSize, open: boolean): MenuPresentation {
  return size === 'narrow' ? { mode: 'overlay', expanded: true } : { mode: 'inline', expanded: open };
}

/** The header's buttons after the greeting, in the order the bar shows them (spec 1 §2.7). */
export const HEADER_ACTIONS = [
  'language',
  'reload',
  'volume',
  'notifications',
  'announcements',
  'internalChat',
  'theme',
  'userMenu',
] as const;

export type HeaderAction = (typeof HEADER_ACTIONS)[number];

/**
 * Ours: what a phone's header keeps on the bar. All eight buttons need some 300 px beside the menu
 * button and the brand, more than a 360 px screen has; the bar keeps the notifications (their count
 * must show), the theme and the user menu (with logout), and the rest wait in the overflow.
 */
const PHONE_BAR: ReadonlySet<HeaderAction> = new Set(['notifications', 'theme', 'userMenu']);

export interface HeaderPlacement {
  readonly bar: readonly HeaderAction[];
  /** Behind the overflow button ('More actions'), in the bar's order; empty when everything fits. */
  readonly overflow: readonly HeaderAction[];
}

/** Where each of the header's buttons shows on a viewport; `shown` are those the account has. */
export function headerPlacement(size: ViewportSize, shown: readonly HeaderAction[]): HeaderPlacement {
  const ordered = HEADER_ACTIONS.filter((action) => shown.includes(action));
  if (size !== 'narrow') return { bar: ordered, overflow: [] };
  return { bar: ordered.filter((action) => PHONE_BAR.has(action)), overflow: ordered.filter((action) => !PHONE_BAR.has(action)) };
}
