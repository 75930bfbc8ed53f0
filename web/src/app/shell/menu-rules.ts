/**
 * Which side-menu entries a user sees (spec 1 §2.1, §2.2; docs/architecture.md §8), as data the menu renders: each
 * page's placement and requirement come from the page registry (app/page-registry.ts). The server
 * enforces every one of these rules again (docs/architecture.md §1.3): the menu only hides what would be refused.
 *
 * Our placement where the spec is silent: the campaigns group and the announcements sit in the main
 * part (their conditions are the plan or the `cshow` flag, and the super flag, never the profile); AI
 * prompts, queue integrations, the external API and the subscription page sit in the admin section
 * with the other company-configuration pages, which the menu shows as one collapsible group.
 *
 * The file lists (/files) sit in the admin section and need campaigns too: shown to admins while the
 * campaigns group is.
 *
 * A page whose capability is not built yet (the registry's `notBuilt`: it would only say 'Em breve')
 * is left out of the menu; its address still opens the placeholder (issue 27: 24 entries in one column).
 */
import { can } from '../../../../shared/permissions';
import type { PlanFlag } from '../../../../shared/plans';
import type { MenuSection, PageEntry } from '../page-entry';
import { menuPages, menuPath, PAGES, type MenuItemId, type MenuPage } from '../page-registry';

export type { MenuItemId };

/** Where each entry leads (the route table of spec 3 §2 and the campaign routes of spec 2 §2). */
export const MENU_PATHS: Readonly<Record<MenuItemId, string>> = Object.fromEntries(
  (PAGES as readonly PageEntry[]).flatMap((page) => (page.menu === undefined ? [] : [[page.id, menuPath(page)]])),
) as Record<MenuItemId, string>;

/** What the rules read: the signed-in user, their company's plan, and the local campaigns flag. */
export interface MenuViewer {
  readonly user: { readonly profile: string; readonly super: boolean };
  /** The plan's flags as /auth/me answers them; a flag that is absent or not `true` is off. */
  readonly plan: Readonly<Partial<Record<PlanFlag, unknown>>>;
  /** The browser-local `cshow` flag (see campaigns-flag.ts). */
  readonly campaignsFlag: boolean;
}

export interface MenuLayout {
  readonly main: readonly MenuItemId[];
  /** The expandable campaigns group; empty when the group is hidden. */
  readonly campaigns: readonly MenuItemId[];
  /** The collapsible Administration group; empty (group included) for non-admins. */
  readonly admin: readonly MenuItemId[];
}

/**
 * Whether the viewer has the campaigns group (spec 1 §2.2: the plan enables campaigns, or the local
 * `cshow` flag is present), built or not: the campaign pages open exactly then (campaign-access.ts).
 */
export function hasCampaignsGroup({ plan, campaignsFlag }: Pick<MenuViewer, 'plan' | 'campaignsFlag'>): boolean {
  return plan.useCampaigns === true || campaignsFlag;
}

export function menuLayout(viewer: MenuViewer): MenuLayout {
  const { user, plan } = viewer;
  const has = (flag: PlanFlag) => plan[flag] === true;
  // Every condition of the entry must hold; the campaigns group is decided below, as a whole, and an
  // entry elsewhere that needs campaigns (the file lists) is shown on the group's condition.
  const shown = ({ requires, notBuilt }: MenuPage): boolean =>
    notBuilt !== true &&
    (requires === undefined ||
      ((requires.planFlag === undefined || has(requires.planFlag)) &&
        (requires.superUser !== true || user.super) &&
        (requires.permission === undefined || can(user.profile, requires.permission)) &&
        (requires.campaigns !== true || hasCampaignsGroup(viewer))));
  const section = (name: MenuSection): MenuItemId[] => menuPages(name).filter(shown).map((page) => page.id);

  return {
    main: section('main'),
    campaigns: hasCampaignsGroup(viewer) ? section('campaigns') : [],
    admin: can(user.profile, 'drawer-admin-items:view') ? section('admin') : [],
  };
}

/**
 * The entry a path belongs to, for highlighting: the longest menu path that is the path itself or a
 * prefix of it at a segment boundary (`/tickets/123` is the tickets; `/` only matches itself).
 */
export function activeMenuItem(pathname: string): MenuItemId | undefined {
  let best: { id: MenuItemId; length: number } | undefined;
  for (const [id, path] of Object.entries(MENU_PATHS) as [MenuItemId, string][]) {
    const matches = path === '/' ? pathname === '/' : pathname === path || pathname.startsWith(`${path}/`);
    if (matches && (best === undefined || path.length > best.length)) best = { id, length: path.length };
  }
  return best?.id;
}
