/**
 * The app's routes: public pages behind PublicOnly, private pages behind RequireAuth inside the shell,
 * and the pages anyone may read (privacy, terms, contact) behind no guard. Every page is its own chunk,
 * so /login loads none of the private area's code. Declarative mode (BrowserRouter + useRoutes): the
 * app fetches its own data, and the data router would add about 16 kB gzipped to every first load.
 *
 * A private page's code would load only once the shell has read /auth/me, one round trip after the
 * other; for the address the app starts on, the shell's and the page's chunks are asked for as soon as
 * the session is known, beside /auth/me. Later navigations load their page when they render it.
 */
import { lazy, Suspense, useEffect, useState, type ComponentType, type ReactNode } from 'react';
import { matchRoutes, Outlet, useLocation, useRoutes, type RouteObject } from 'react-router';
import { PublicOnly } from '../auth/PublicOnly';
import { RequireAuth } from '../auth/RequireAuth';
import { useAuthState } from '../auth/use-auth-state';
import { FullPageSpinner } from '../components/FullPageSpinner';
import { PAGE_REQUIREMENTS } from './page-access';
import { CAMPAIGN_PAGES, LOGIN_PATH, OPEN_PAGES, PRIVATE_PAGES, PUBLIC_PAGES, type PageId } from './pages';

interface Preloadable {
  /** Starts loading the page's code; it loads once however often this is called. */
  preload(): void;
}

/** React.lazy over a named export (the modules keep named ones, which read better in imports), preloadable. */
function lazyPage<M, P extends object>(load: () => Promise<M>, pick: (module: M) => ComponentType<P>) {
  let loading: Promise<M> | undefined;
  const start = () => (loading ??= load());
  return Object.assign(
    lazy(() => start().then((module) => ({ default: pick(module) }))),
    { preload: () => void start() } satisfies Preloadable,
  );
}

const LoginPage = lazyPage(() => import('../pages/LoginPage'), (m) => m.LoginPage);
const LandingPage = lazyPage(() => import('../public/LandingPage'), (m) => m.LandingPage);
const SignUpPage = lazyPage(() => import('../public/SignUpPage'), (m) => m.SignUpPage);
const ForgotPasswordPage = lazyPage(() => import('../public/ForgotPasswordPage'), (m) => m.ForgotPasswordPage);
const OpenPage = lazyPage(() => import('../public/OpenPage'), (m) => m.OpenPage);
const Shell = lazyPage(() => import('../shell/Shell'), (m) => m.Shell);
const HomePage = lazyPage(() => import('../pages/HomePage'), (m) => m.HomePage);
const ComingSoonPage = lazyPage(() => import('../pages/ComingSoonPage'), (m) => m.ComingSoonPage);
const CampaignPage = lazyPage(() => import('./CampaignPage'), (m) => m.CampaignPage);
const ContactsPage = lazyPage(() => import('../contacts/ContactsPage'), (m) => m.ContactsPage);
const TicketsPage = lazyPage(() => import('../tickets/TicketsPage'), (m) => m.TicketsPage);
const NotFoundPage = lazyPage(() => import('../pages/NotFoundPage'), (m) => m.NotFoundPage);
const PageGate = lazyPage(() => import('./PageGate'), (m) => m.PageGate);

/** A route's element, with its page's preload in the route's handle (see preloadRoutesOf). */
const route = (page: Preloadable, element: ReactNode) => ({ element, handle: { preload: page.preload } satisfies Preloadable });

/**
 * A private page of the route table: behind PageGate when the plan or the super flag must allow it
 * (page-access.ts), which then loads beside the page.
 */
function privatePage(id: PageId, page: Preloadable, element: ReactNode) {
  if (PAGE_REQUIREMENTS[id] === undefined) return route(page, element);
  const preload = () => {
    PageGate.preload();
    page.preload();
  };
  return { element: <PageGate page={id}>{element}</PageGate>, handle: { preload } satisfies Preloadable };
}

const PUBLIC_PAGE_ELEMENTS: Readonly<Partial<Record<PageId, ReturnType<typeof route>>>> = {
  landing: route(LandingPage, <LandingPage />),
  signup: route(SignUpPage, <SignUpPage />),
  forgetpsw: route(ForgotPasswordPage, <ForgotPasswordPage />),
};

const campaignPageIds = new Set(CAMPAIGN_PAGES.map((page) => page.id));

/** The open pages render under no guard: a Suspense boundary for their chunk is all they need. */
function OpenPages() {
  return (
    <Suspense fallback={<FullPageSpinner />}>
      <Outlet />
    </Suspense>
  );
}

const appRoutes: RouteObject[] = [
  {
    element: <PublicOnly />,
    children: [
      { path: LOGIN_PATH, ...route(LoginPage, <LoginPage />) },
      ...PUBLIC_PAGES.map((page) => {
        const element = PUBLIC_PAGE_ELEMENTS[page.id];
        if (element === undefined) throw new Error(`No public page for ${page.id}`);
        return { path: page.path, ...element };
      }),
    ],
  },
  {
    element: <OpenPages />,
    children: OPEN_PAGES.map((page) => ({ path: page.path, ...route(OpenPage, <OpenPage page={page.id} />) })),
  },
  {
    element: <RequireAuth />,
    children: [
      {
        ...route(Shell, <Shell />),
        children: [
          { index: true, ...route(HomePage, <HomePage />) },
          // Built pages sit before the route table's placeholders: of two equal paths, the first wins.
          { path: 'contacts', ...route(ContactsPage, <ContactsPage />) },
          { path: 'tickets/:ticketId?', ...route(TicketsPage, <TicketsPage />) },
          ...PRIVATE_PAGES.map((page) => ({
            path: page.path,
            ...(campaignPageIds.has(page.id)
              ? route(CampaignPage, <CampaignPage page={page.id} />)
              : privatePage(page.id, ComingSoonPage, <ComingSoonPage page={page.id} />)),
          })),
          { path: '*', ...route(NotFoundPage, <NotFoundPage />) },
        ],
      },
    ],
  },
];

/** Starts loading the code of every route `pathname` matches (the shell and the page). */
function preloadRoutesOf(pathname: string): void {
  for (const match of matchRoutes(appRoutes, pathname) ?? []) (match.route.handle as Preloadable | undefined)?.preload();
}

export function AppRoutes() {
  const signedIn = useAuthState().status === 'signedIn';
  // Only the address the app starts on: later ones load their page when they render it anyway.
  const [startPath] = useState(useLocation().pathname);
  useEffect(() => {
    if (signedIn) preloadRoutesOf(startPath);
  }, [signedIn, startPath]);
  return useRoutes(appRoutes);
}
