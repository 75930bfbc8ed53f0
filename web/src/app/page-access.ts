/**
 * What a private page shows its viewer, read off its registry entry's `requires` (page-entry.ts): the
 * one rule PageGate applies to every page, so no page checks its own access.
 *
 * - A campaign page while the campaigns group is hidden answers as an unknown address (spec 3 §2;
 *   campaign-access.ts).
 * - A plan feature or the super flag missing (spec 1 §2.1, spec 3 §2 and §6; docs/architecture.md §8
 *   gates /schedules by its plan flag like the others): the user reads that the company has no
 *   permission and goes to / after 1 second (spec 3 §8, §9). The company's verdict comes first: an
 *   admin of a plan without the feature is refused the same way.
 * - A profile permission missing (the administration's pages, spec 1 §2.1 and §2.2): the page says it is
 *   for administrators, in place of the screen and its company data, as /users always did. The dashboard
 *   at `/` is where everyone lands (the logo, a refused page's redirect): it sends such users on to the
 *   tickets instead (spec 1 §2.1, "/ (dashboard) admin only").
 *
 * The side menu hides the same pages on the same conditions (menu-rules.ts), and the server refuses
 * their calls anyway (docs/architecture.md §1.3).
 */
import { can } from '../../../shared/permissions';
import type { CurrentCompany, CurrentUser } from '../sign-in/me';
import { campaignPagesOpen } from './campaign-access';
import type { PageEntry } from './page-entry';

/** Spec 3 §9: "Permission redirect delay 1 s". */
export const PERMISSION_REDIRECT_DELAY_MS = 1000;

/** What the rule reads of /auth/me. */
export interface PageViewer {
  readonly user: Pick<CurrentUser, 'profile' | 'super'>;
  /** The plan's flags as /auth/me answers them (a flag that is absent or not `true` is off), and the settings. */
  readonly company: Pick<CurrentCompany, 'plan' | 'settings'>;
}

export type PageDecision =
  /** The page itself. */
  | 'show'
  /** As an unknown address (NotFoundPage). */
  | 'notFound'
  /** Spec 3 §8's toast, then / after PERMISSION_REDIRECT_DELAY_MS. */
  | 'companyRefused'
  /** The notice that the page is for administrators, in place of the page. */
  | 'adminsOnly'
  /** On to the tickets, at once. */
  | 'tickets';

export function pageDecision(page: Pick<PageEntry, 'path' | 'requires'>, viewer: PageViewer): PageDecision {
  const { requires } = page;
  if (requires === undefined) return 'show';
  if (requires.campaigns === true && !campaignPagesOpen(viewer)) return 'notFound';
  if (requires.planFlag !== undefined && viewer.company.plan[requires.planFlag] !== true) return 'companyRefused';
  if (requires.superUser === true && !viewer.user.super) return 'companyRefused';
  if (requires.permission !== undefined && !can(viewer.user.profile, requires.permission)) return page.path === '' ? 'tickets' : 'adminsOnly';
  return 'show';
}
