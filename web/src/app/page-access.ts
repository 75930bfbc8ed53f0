/**
 * The private pages that need a plan feature or the super flag (spec 1 §2.1, spec 3 §2 and §6;
 * docs/architecture.md §8 gates /schedules by its plan flag like the others), as the page registry says. Opened without it,
 * such a page is not shown: the user reads that the company has no permission and goes to / after
 * 1 second (spec 3 §8, §9; see PageGate). The side menu hides the same pages on the same conditions
 * (menu-rules.ts), and the server refuses their calls anyway.
 */
import type { PlanFlag } from '../../../shared/plans';
import type { PageEntry } from './page-entry';
import { PAGES, type PageId } from './page-registry';

export type PageRequirement = { readonly planFlag: PlanFlag } | { readonly superUser: true };

function gateOf(page: PageEntry): PageRequirement | undefined {
  const requires = page.requires;
  if (requires === undefined) return undefined;
  if ('planFlag' in requires) return { planFlag: requires.planFlag };
  if ('superUser' in requires) return { superUser: true };
  return undefined;
}

export const PAGE_REQUIREMENTS: Readonly<Partial<Record<PageId, PageRequirement>>> = Object.fromEntries(
  PAGES.flatMap((page) => {
    const requirement = gateOf(page);
    return requirement === undefined ? [] : [[page.id, requirement]];
  }),
);

/** Spec 3 §9: "Permission redirect delay 1 s". */
export const PERMISSION_REDIRECT_DELAY_MS = 1000;

/** What the rule reads of /auth/me. */
export interface PageViewer {
  readonly user: { readonly super: boolean };
  /** The plan's flags as /auth/me answers them; a flag that is absent or not `true` is off. */
  readonly company: { readonly plan: Readonly<Record<string, unknown>> };
}

export function pageAllowed(page: PageId, viewer: PageViewer): boolean {
  const requirement = PAGE_REQUIREMENTS[page];
  if (requirement === undefined) return true;
  if ('superUser' in requirement) return viewer.user.super;
  return viewer.company.plan[requirement.planFlag] === true;
}
