/**
 * The app's routes, one per page of the registry (page-registry.ts): public pages behind PublicOnly,
 * private pages behind RequireAuth inside the shell, and the pages anyone may read (privacy, terms,
 * contact) behind no guard. Every page is its own chunk, so /login loads none of the private area's
 * code. Declarative mode (BrowserRouter + useRoutes): the
 * app fetches its own data, and the data router would add about 16 kB gzipped to every first load.
 *
 * A private page's code would load only once the shell has read /auth/me, one round trip after the
 * other. For a session restored at start, the shell's and the page's chunks are asked for as soon as the
 * session is known, and the routes render once they have come, the start spinner staying meanwhile:
 * rendered earlier, the shell would suspend, and React reveals a Suspense boundary's content no sooner
 * than 300 ms after it showed its fallback, so the shell (and its /auth/me) would start that much later
 * than its code arrived (components/lazy-component.tsx). Later navigations load their page when they
 * render it.
 */
import { Suspense, useEffect, useState, type ComponentType, type ReactNode } from 'react';
import { matchRoutes, Outlet, useLocation, useRoutes, type RouteObject } from 'react-router';
import { PublicOnly } from '../auth/PublicOnly';
import { RequireAuth } from '../auth/RequireAuth';
import { useAuthState } from '../auth/use-auth-state';
import { FullPageSpinner } from '../components/FullPageSpinner';
import { lazyComponent, type LazyComponent, type Preloadable } from '../components/lazy-component';
import { CurrentPageContext, OpenPagesContext } from '../runtime/current-page';
import { DocumentTitle } from '../runtime/DocumentTitle';
import type { PageArea, PageEntry } from './page-entry';
import { pagesIn, type RegistryPage } from './page-registry';

/** One lazy component per loader: pages sharing one (the placeholders) do not suspend again between them. */
const lazyPages = new Map<() => Promise<ComponentType>, LazyComponent<object>>();
function lazyPageOf(page: PageEntry): LazyComponent<object> {
  let component = lazyPages.get(page.load);
  if (component === undefined) {
    component = lazyComponent(page.load);
    lazyPages.set(page.load, component);
  }
  return component;
}

const Shell = lazyComponent(() => import('./shell/Shell').then((m) => m.Shell));
const NotFoundPage = lazyComponent(() => import('../pages/NotFoundPage').then((m) => m.NotFoundPage));
const PageGate = lazyComponent(() => import('./PageGate').then((m) => m.PageGate));

/** A route's element, with its page's preload in the route's handle (see preloadRoutesOf). */
const route = (page: Preloadable, element: ReactNode) => ({ element, handle: { preload: page.preload } satisfies Preloadable });

/** Whether PageGate stands before the page: a plan flag, the super flag, a permission or the campaigns group decides. */
function gated(page: PageEntry): boolean {
  return page.requires !== undefined;
}

/**
 * The route of a registry entry: the page knows its entry (CurrentPageContext) and names the browser
 * tab; behind PageGate when its requirement says so (page-registry.ts), which then loads beside it.
 */
function pageRoute(page: RegistryPage): RouteObject {
  const Page = lazyPageOf(page);
  const shown = (
    <>
      <DocumentTitle page={page} />
      <Page />
    </>
  );
  // The title inside the gate: a refused page is never named, a closed one names itself not found.
  const element = <CurrentPageContext value={page}>{gated(page) ? <PageGate page={page}>{shown}</PageGate> : shown}</CurrentPageContext>;
  const preload = gated(page) ? () => Promise.all([PageGate.preload(), Page.preload()]) : Page.preload;
  const handle = { preload } satisfies Preloadable;
  return page.path === '' ? { index: true, element, handle } : { path: page.path, element, handle };
}

const routesOf = (area: PageArea): RouteObject[] => pagesIn(area).map(pageRoute);

const openPages = pagesIn('open');

/**
 * The open pages render under no guard: a Suspense boundary for their chunk is all they need, and the
 * list of them, which each links to (OpenPage).
 */
function OpenPages() {
  return (
    <OpenPagesContext value={openPages}>
      <Suspense fallback={<FullPageSpinner />}>
        <Outlet />
      </Suspense>
    </OpenPagesContext>
  );
}

const appRoutes: RouteObject[] = [
  { element: <PublicOnly />, children: routesOf('public') },
  { element: <OpenPages />, children: openPages.map(pageRoute) },
  {
    element: <RequireAuth />,
    children: [
      {
        ...route(Shell, <Shell />),
        children: [...routesOf('private'), { path: '*', ...route(NotFoundPage, <NotFoundPage />) }],
      },
    ],
  },
];

/** Loads the code of every route `pathname` matches (the shell and the page); settles when all has come or failed. */
function preloadRoutesOf(pathname: string): Promise<unknown> {
  const handles = (matchRoutes(appRoutes, pathname) ?? []).map((match) => match.route.handle as Preloadable | undefined);
  return Promise.allSettled(handles.flatMap((handle) => (handle ? [handle.preload()] : [])));
}

export function AppRoutes() {
  const auth = useAuthState();
  const signedIn = auth.status === 'signedIn';
  // Only the address the app starts on: later ones load their page when they render it anyway.
  const [startPath] = useState(useLocation().pathname);
  const [startCodeLoaded, setStartCodeLoaded] = useState(false);
  useEffect(() => {
    if (!signedIn) return;
    let current = true;
    void preloadRoutesOf(startPath).then(() => {
      if (current) setStartCodeLoaded(true);
    });
    return () => {
      current = false;
    };
  }, [signedIn, startPath]);
  const routes = useRoutes(appRoutes);
  // A session restored at start waits here for its code (a failed chunk then suspends and fails as
  // before); a sign-in on /login keeps showing the login page meanwhile.
  const restoredAtStart = auth.status === 'signedIn' && !auth.viaSignIn;
  return restoredAtStart && !startCodeLoaded ? <FullPageSpinner /> : routes;
}
