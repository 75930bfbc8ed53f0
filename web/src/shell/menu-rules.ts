/**
 * Which side-menu entries a user sees (spec 1 §2.1, §2.2; DESIGN.md §8), as data the menu renders. The
 * server enforces every one of these rules again (DESIGN.md §1.3): the menu only hides what would be
 * refused.
 *
 * Our placement where the spec is silent: the campaigns group and the announcements sit in the main
 * part (their conditions are the plan or the `cshow` flag, and the super flag, never the profile); AI
 * prompts, queue integrations, the external API and the subscription page sit in the admin section
 * with the other company-configuration pages.
 */
import { can } from '../../../shared/permissions';
import type { PlanFlag } from '../../../shared/plans';

export type MenuItemId =
  | 'dashboard'
  | 'tickets'
  | 'quickMessages'
  | 'kanban'
  | 'todolist'
  | 'contacts'
  | 'schedules'
  | 'tags'
  | 'chats'
  | 'helps'
  | 'campaigns'
  | 'contactLists'
  | 'campaignsConfig'
  | 'announcements'
  | 'prompts'
  | 'queueIntegration'
  | 'connections'
  | 'files'
  | 'queues'
  | 'users'
  | 'messagesApi'
  | 'financeiro'
  | 'subscription'
  | 'settings';

/** Where each entry leads (the route table of spec 3 §2 and the campaign routes of spec 2 §2). */
export const MENU_PATHS: Readonly<Record<MenuItemId, string>> = {
  dashboard: '/',
  tickets: '/tickets',
  quickMessages: '/quick-messages',
  kanban: '/kanban',
  todolist: '/todolist',
  contacts: '/contacts',
  schedules: '/schedules',
  tags: '/tags',
  chats: '/chats',
  helps: '/helps',
  campaigns: '/campaigns',
  contactLists: '/contact-lists',
  campaignsConfig: '/campaigns-config',
  announcements: '/announcements',
  prompts: '/prompts',
  queueIntegration: '/queue-integration',
  connections: '/connections',
  files: '/files',
  queues: '/queues',
  users: '/users',
  messagesApi: '/messages-api',
  financeiro: '/financeiro',
  subscription: '/subscription',
  settings: '/settings',
};

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
  /** Under the Administration heading; empty (heading included) for non-admins. */
  readonly admin: readonly MenuItemId[];
}

const CAMPAIGN_ITEMS: readonly MenuItemId[] = ['campaigns', 'contactLists', 'campaignsConfig'];

export function menuLayout({ user, plan, campaignsFlag }: MenuViewer): MenuLayout {
  const has = (flag: PlanFlag) => plan[flag] === true;
  const isAdmin = user.profile.toLowerCase() === 'admin';
  const when = (condition: boolean, ...items: MenuItemId[]): MenuItemId[] => (condition ? items : []);

  const main: MenuItemId[] = [
    // Spec 1 §2.1: the dashboard is for admins; HomePage sends everyone else to the tickets.
    ...when(isAdmin, 'dashboard'),
    'tickets',
    'quickMessages',
    ...when(has('useKanban'), 'kanban'),
    'todolist',
    'contacts',
    // DESIGN.md §8: schedules are gated by the plan, like the other flagged pages.
    ...when(has('useSchedules'), 'schedules'),
    'tags',
    ...when(has('useInternalChat'), 'chats'),
    'helps',
    ...when(user.super, 'announcements'),
  ];

  const admin: MenuItemId[] = can(user.profile, 'drawer-admin-items:view')
    ? [
        ...when(has('useOpenAi'), 'prompts'),
        ...when(has('useIntegrations'), 'queueIntegration'),
        'connections',
        'files',
        'queues',
        'users',
        ...when(has('useExternalApi'), 'messagesApi'),
        'financeiro',
        'subscription',
        'settings',
      ]
    : [];

  return {
    main,
    campaigns: has('useCampaigns') || campaignsFlag ? CAMPAIGN_ITEMS : [],
    admin,
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
