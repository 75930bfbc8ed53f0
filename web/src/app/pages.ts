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

/**
 * The campaign pages (spec 3 §2, spec 2 §2): private, and open only when the side menu shows the
 * campaigns group (see campaign-access.ts); otherwise they answer as an unknown address.
 */
export const CAMPAIGN_PAGES: readonly PageRoute[] = [
  { id: 'contactLists', path: 'contact-lists' },
  { id: 'contactListItems', path: 'contact-lists/:contactListId/contacts' },
  { id: 'campaigns', path: 'campaigns' },
  { id: 'campaignReport', path: 'campaign/:campaignId/report' },
  { id: 'campaignsConfig', path: 'campaigns-config' },
];

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
  ...CAMPAIGN_PAGES,
];

/** Public pages besides /login: for visitors; a signed-in user opening one goes home (spec 3 §2). */
export const PUBLIC_PAGES: readonly PageRoute[] = [
  { id: 'landing', path: 'landing' },
  { id: 'signup', path: 'signup' },
  { id: 'forgetpsw', path: 'forgetpsw' },
];

/**
 * Pages anyone may read, signed in or not: the privacy notice and the terms the landing's footer links
 * to, and the contact page of its Enterprise plan (spec 2 §2 Landing). Not in spec 3's route table,
 * whose public routes send a signed-in user home: these must stay readable by customers too.
 */
export type OpenPageId = 'privacy' | 'terms' | 'contact';

export const OPEN_PAGES: readonly (PageRoute & { readonly id: OpenPageId })[] = [
  { id: 'privacy', path: 'privacidade' },
  { id: 'terms', path: 'termos' },
  { id: 'contact', path: 'contato' },
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
