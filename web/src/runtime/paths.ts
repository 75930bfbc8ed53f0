/**
 * The addresses pages link to by name, and where a user lands after signing in. Imports nothing of the
 * page registry, so the pages (which the registry loads) can use them.
 */

export const LOGIN_PATH = '/login';
export const TICKETS_PATH = '/tickets';
/** Where a connection's API token is shown, once (the API page links there). */
export const CONNECTIONS_PATH = '/connections';
/** A Cloud API connection's message templates (issue 32), opened from its row on the connections page. */
export const connectionTemplatesPath = (whatsappId: string): string => `${CONNECTIONS_PATH}/${encodeURIComponent(whatsappId)}/templates`;

/**
 * The address of a ticket in the workspace, /tickets/{uuid} (spec 1 §2.1): the one form every link to a
 * ticket uses (the lists, the notifications, after an action), so the same ticket has one address.
 */
export const ticketRoutePath = (uuid: string): string => `${TICKETS_PATH}/${encodeURIComponent(uuid)}`;

/** The schedules calendar; with a contact, its dialog opens to schedule a message to them (spec 2 §2). */
export const SCHEDULES_PATH = '/schedules';
export const scheduleForContactPath = (contactId: string, ticketId?: string): string =>
  `${SCHEDULES_PATH}?contactId=${encodeURIComponent(contactId)}${ticketId === undefined ? '' : `&ticketId=${encodeURIComponent(ticketId)}`}`;

/** The campaigns list, and a campaign's report (spec 2 §2), which the list links to. */
export const CAMPAIGNS_PAGE_PATH = '/campaigns';
export const campaignReportPath = (campaignId: string): string => `/campaign/${encodeURIComponent(campaignId)}/report`;

/** The internal chat (spec 3 §2): the list, and a chat open beside it (/chats/{id}; the chat's id is its uuid). */
export const CHATS_PATH = '/chats';
export const chatRoutePath = (id: string): string => `${CHATS_PATH}/${encodeURIComponent(id)}`;

/** The company's invoices (spec 3 §2), where an admin of a lapsed company pays (the login's 'Pagar fatura'). */
export const INVOICES_PAGE_PATH = '/financeiro';

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
  // The history state is whatever was left there: each part is checked, not assumed.
  const from = (state as { readonly from?: unknown } | null | undefined)?.from;
  if (typeof from !== 'object' || from === null) return TICKETS_PATH;
  const { pathname, search, hash } = from as { readonly [K in keyof LoginRedirectState['from']]?: unknown };
  if (typeof pathname !== 'string') return TICKETS_PATH;
  if (!pathname.startsWith('/') || /^\/[/\\]/.test(pathname) || pathname === '/' || pathname === LOGIN_PATH) {
    return TICKETS_PATH;
  }
  return `${pathname}${typeof search === 'string' ? search : ''}${typeof hash === 'string' ? hash : ''}`;
}
