/**
 * The route table of spec 3 §2 ("Full route table") as lists read off the page registry
 * (page-registry.ts), and where a user lands. Routes are relative to the router's root.
 */
import { PAGES, pagesIn, type OpenPageId, type PageEntry, type PageId } from './page-registry';

export type { OpenPageId, PageId };

export interface PageRoute {
  readonly id: PageId;
  readonly path: string;
}

const route = ({ id, path }: PageEntry & { readonly id: PageId }): PageRoute => ({ id, path });

/** Private pages besides the dashboard at `/` (which only admins see, docs/architecture.md §8); the campaign pages last. */
export const PRIVATE_PAGES: readonly PageRoute[] = pagesIn('private')
  .filter((page) => page.path !== '')
  .map(route);

/**
 * The campaign pages (spec 3 §2, spec 2 §2): private, and open only when the side menu shows the
 * campaigns group (see campaign-access.ts); otherwise they answer as an unknown address.
 */
export const CAMPAIGN_PAGES: readonly PageRoute[] = (PAGES as readonly (PageEntry & { readonly id: PageId })[])
  .filter((page) => page.requires !== undefined && 'campaigns' in page.requires)
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

export function isOpenPageId(id: PageId): id is OpenPageId {
  return OPEN_PAGES.some((page) => page.id === id);
}

export const LOGIN_PATH = '/login';
export const TICKETS_PATH = '/tickets';

/** What the private-route guard leaves in the history state for the login page. */
export interface LoginRedirectState {
  readonly from: { readonly pathname: string; readonly search: string; readonly hash: string };
}

/**
 * Where to go after signing in: back to the page that sent the user to /login (spec 3 §2), else the
 * tickets (spec 1 §2.1, docs/architecture.md §8). `/` is not a destination: it is the admin dashboard, and landing
 * on /tickets is the rule. Only same-app paths are followed, never `//host` or `/\host` (which
 * browsers read as another origin).
 */
export function landingPathAfterSignIn(state: unknown): string {
  const from = (state as Partial<LoginRedirectState> | null | undefined)?.from;
  if (typeof from !== 'object' || from === null || typeof from.pathname !== 'string') return TICKETS_PATH;
  const { pathname } = from;
  if (!pathname.startsWith('/') || /^\/[/\\]/.test(pathname) || pathname === '/' || pathname === LOGIN_PATH) {
    return TICKETS_PATH;
  }
  const search = typeof from.search === 'string' ? from.search : '';
  const hash = typeof from.hash === 'string' ? from.hash : '';
  return `${pathname}${search}${hash}`;
}
