/**
 * The route table of spec 3 §2 ("Full route table"): which pages exist and where a user lands. Routes
 * are relative to the router's root; page ids name the titles in commonTexts.pages.
 */
import type { commonTexts } from '../i18n/common';

export type PageId = keyof typeof commonTexts.pt.pages;

export interface PageRoute {
  readonly id: PageId;
  readonly path: string;
}

/** Private pages besides the dashboard at `/` (which only admins see, DESIGN §8). */
export const PRIVATE_PAGES: readonly PageRoute[] = [
  { id: 'tickets', path: 'tickets/:ticketId?' },
  { id: 'connections', path: 'connections' },
  { id: 'quickMessages', path: 'quick-messages' },
  { id: 'todolist', path: 'todolist' },
  { id: 'schedules', path: 'schedules' },
  { id: 'tags', path: 'tags' },
  { id: 'contacts', path: 'contacts' },
  { id: 'helps', path: 'helps' },
  { id: 'users', path: 'users' },
  { id: 'files', path: 'files' },
  { id: 'prompts', path: 'prompts' },
  { id: 'queueIntegration', path: 'queue-integration' },
  { id: 'messagesApi', path: 'messages-api' },
  { id: 'settings', path: 'settings' },
  { id: 'kanban', path: 'kanban' },
  { id: 'financeiro', path: 'financeiro' },
  { id: 'queues', path: 'queues' },
  { id: 'announcements', path: 'announcements' },
  { id: 'subscription', path: 'subscription' },
  { id: 'chats', path: 'chats/:id?' },
];

/** Public pages besides /login. */
export const PUBLIC_PAGES: readonly PageRoute[] = [
  { id: 'landing', path: 'landing' },
  { id: 'signup', path: 'signup' },
  { id: 'forgetpsw', path: 'forgetpsw' },
];

export const LOGIN_PATH = '/login';
export const TICKETS_PATH = '/tickets';

/** What the private-route guard leaves in the history state for the login page. */
export interface LoginRedirectState {
  readonly from: { readonly pathname: string; readonly search: string; readonly hash: string };
}

/**
 * Where to go after signing in: back to the page that sent the user to /login (spec 3 §2), else the
 * tickets (spec 1 §2.1, DESIGN §8). `/` is not a destination: it is the admin dashboard, and landing
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
