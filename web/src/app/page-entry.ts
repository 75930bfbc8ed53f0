/**
 * What a page entry of the registry (page-registry.ts) is made of. Apart from the registry so that
 * what a page imports (its current entry, runtime/current-page.ts) never leads back to the registry, which
 * loads every page.
 */
import type { ComponentType } from 'react';
import type { PermissionAction } from '../../../shared/permissions';
import type { PlanFlag } from '../../../shared/plans';
import type { CurrentPage, PageText } from '../runtime/current-page';
import type { MenuIconName } from './shell/menu-icons';

/**
 * `private`: inside the shell, for signed-in users; `public`: for visitors (a signed-in user opening
 * one goes home, spec 3 §2); `open`: anyone, signed in or not (the landing's privacy, terms and contact
 * pages, which customers must be able to read too).
 */
export type PageArea = 'private' | 'public' | 'open';

/**
 * Who may open a private page: every condition named must hold. PageGate reads it (the rule is
 * page-access.ts pageDecision): a plan flag or the super flag missing, the page is refused with spec 3
 * §8's words and / a second later; a profile permission missing (the administration's pages, spec 1
 * §2.1), the page shows that it is for administrators instead of the page (the dashboard at `/`, where
 * everyone lands, sends such users on to the tickets); the campaign pages answer as an unknown address
 * while the campaigns group is hidden (campaign-access.ts). The side menu hides the same pages
 * (shell/menu-rules.ts), and the server refuses their calls anyway (docs/architecture.md §1.3).
 */
export interface PageRequirement {
  readonly planFlag?: PlanFlag;
  readonly superUser?: true;
  readonly permission?: PermissionAction;
  readonly campaigns?: true;
}

/**
 * The side menu's sections (spec 1 §2.2): the main list; the expandable campaigns group (shown with the
 * plan's campaigns or the `cshow` flag); the Administration section (admins only).
 */
export type MenuSection = 'main' | 'campaigns' | 'admin';

export type { PageText };

export interface MenuPlacement {
  readonly section: MenuSection;
  /** Place within its section, smallest first. */
  readonly order: number;
  /**
   * The entry's icon, by its name in shell/menu-icons.tsx: the icons load with the shell, not with the
   * route table, which every first load (the sign-in page's too) carries.
   */
  readonly icon: MenuIconName;
  /** The entry's words when they differ from the page's title. */
  readonly label?: PageText;
}

/** A page of the registry: what the page itself reads (its id, path and title: CurrentPage) and how the app places it. */
export interface PageEntry extends CurrentPage {
  readonly area: PageArea;
  /** The page's component, loaded when first shown (each page is its own chunk). */
  readonly load: () => Promise<ComponentType>;
  readonly requires?: PageRequirement;
  readonly menu?: MenuPlacement;
  /**
   * Its capability is not built yet: its address shows the coming-soon placeholder and the side menu
   * leaves it out (issue 27: an entry that only says 'Em breve' lengthens the menu for nothing). The
   * day the page lands, its `load` names it and this flag goes: the menu shows it again.
   */
  readonly notBuilt?: true;
}
