/**
 * The route table of spec 3 §2 ("Full route table") as lists read off the page registry
 * (page-registry.ts). Routes are relative to the router's root. Where a user lands is runtime/paths.ts's.
 */
import { PAGES, pagesIn, type OpenPageId, type PageId, type RegistryPage } from './page-registry';

export type { OpenPageId, PageId };

export interface PageRoute {
  readonly id: PageId;
  readonly path: string;
}

const route = ({ id, path }: RegistryPage): PageRoute => ({ id, path });

/** Private pages besides the dashboard at `/` (which only admins see, docs/architecture.md §8); the campaign pages last. */
export const PRIVATE_PAGES: readonly PageRoute[] = pagesIn('private')
  .filter((page) => page.path !== '')
  .map(route);

/**
 * The pages that open only when the side menu shows the campaigns group (see campaign-access.ts),
 * otherwise answering as an unknown address: the campaign routes (spec 3 §2, spec 2 §2) and the file
 * lists of the administration section (/files), whose API is the campaigns'.
 */
export const CAMPAIGN_PAGES: readonly PageRoute[] = (PAGES as readonly RegistryPage[])
  .filter((page) => page.requires?.campaigns === true)
  .map(route);

/** Public pages, /login among them: for visitors; a signed-in user opening one goes home (spec 3 §2). */
export const PUBLIC_PAGES: readonly PageRoute[] = pagesIn('public').map(route);

/**
 * Pages anyone may read, signed in or not: the privacy notice and the terms the landing's footer links
 * to, and the contact page of its Enterprise plan (spec 2 §2 Landing). Not in spec 3's route table,
 * whose public routes send a signed-in user home: these must stay readable by customers too.
 */
export const OPEN_PAGES: readonly (PageRoute & { readonly id: OpenPageId })[] = pagesIn('open').map(
  (page) => route(page) as PageRoute & { readonly id: OpenPageId },
);
