/**
 * The app's routes: public pages behind PublicOnly, private pages behind RequireAuth inside the shell.
 * Every page is its own chunk, so /login loads none of the private area's code. Declarative mode
 * (BrowserRouter + useRoutes): the app fetches its own data, and the data router would add about
 * 16 kB gzipped to every first load.
 */
import { lazy, type ReactNode } from 'react';
import { useRoutes, type RouteObject } from 'react-router';
import { PublicOnly } from '../auth/PublicOnly';
import { RequireAuth } from '../auth/RequireAuth';
import { LOGIN_PATH, PRIVATE_PAGES, PUBLIC_PAGES, type PageId } from './pages';

// React.lazy wants a default export; the modules keep named ones, which read better in imports.
const LoginPage = lazy(() => import('../pages/LoginPage').then((m) => ({ default: m.LoginPage })));
const LandingPage = lazy(() => import('../public/LandingPage').then((m) => ({ default: m.LandingPage })));
const SignUpPage = lazy(() => import('../public/SignUpPage').then((m) => ({ default: m.SignUpPage })));
const ForgotPasswordPage = lazy(() => import('../public/ForgotPasswordPage').then((m) => ({ default: m.ForgotPasswordPage })));
const Shell = lazy(() => import('../shell/Shell').then((m) => ({ default: m.Shell })));
const HomePage = lazy(() => import('../pages/HomePage').then((m) => ({ default: m.HomePage })));
const ComingSoonPage = lazy(() => import('../pages/ComingSoonPage').then((m) => ({ default: m.ComingSoonPage })));
const ContactsPage = lazy(() => import('../contacts/ContactsPage').then((m) => ({ default: m.ContactsPage })));
const TicketsPage = lazy(() => import('../tickets/TicketsPage').then((m) => ({ default: m.TicketsPage })));
const NotFoundPage = lazy(() => import('../pages/NotFoundPage').then((m) => ({ default: m.NotFoundPage })));

const appRoutes: RouteObject[] = [
  {
    element: <PublicOnly />,
    children: [
      { path: LOGIN_PATH, element: <LoginPage /> },
      ...PUBLIC_PAGES.map((page) => ({ path: page.path, element: publicPageElement(page.id) })),
    ],
  },
  {
    element: <RequireAuth />,
    children: [
      {
        element: <Shell />,
        children: [
          { index: true, element: <HomePage /> },
          // Built pages sit before the route table's placeholders: of two equal paths, the first wins.
          { path: 'contacts', element: <ContactsPage /> },
          { path: 'tickets/:ticketId?', element: <TicketsPage /> },
          ...PRIVATE_PAGES.map((page) => ({ path: page.path, element: <ComingSoonPage page={page.id} /> })),
          { path: '*', element: <NotFoundPage /> },
        ],
      },
    ],
  },
];

function publicPageElement(page: PageId): ReactNode {
  switch (page) {
    case 'landing':
      return <LandingPage />;
    case 'signup':
      return <SignUpPage />;
    case 'forgetpsw':
      return <ForgotPasswordPage />;
    default:
      throw new Error(`No public page for ${page}`);
  }
}

export function AppRoutes() {
  return useRoutes(appRoutes);
}
