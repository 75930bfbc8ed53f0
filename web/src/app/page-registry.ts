/**
 * Every page of the app, one entry each: where it lives, its code (loaded on demand), who may open it,
 * where the side menu shows it, and its title in each language. The route table (AppRoutes), the side
 * menu (shell/menu-rules.ts), the page gate (PageGate, page-access.ts) and the document title all read
 * this list, so a new page is one entry here and its folder; until its folder has a page, the entry
 * loads the coming-soon placeholder. For example, a placeholder for web/src/reports/:
 *
 *   { id: 'reports', path: 'reports', area: 'private', load: comingSoon, notBuilt: true,
 *     menu: { section: 'admin', order: 75, icon: 'dataBarVertical' },
 *     title: { pt: 'Relatórios', en: 'Reports', es: 'Informes' } },
 *
 * and, once built, `load: () => import('../reports/ReportsPage').then((m) => m.ReportsPage)`. A menu
 * icon not used yet is added by name to shell/menu-icons.tsx. An entry of a capability not built yet
 * also says `notBuilt: true`: its address shows the placeholder and the menu leaves it out until the
 * page lands and the flag goes.
 *
 * The order is spec 3 §2's route table (its private routes, then the campaign routes of spec 2 §2);
 * the menu orders its entries by `menu.order` within each section.
 *
 * This module loads every page, so nothing a page imports may import it (the lint gate refuses the
 * circle): a page reads its own entry through runtime/current-page.ts, which AppRoutes provides, and the
 * paths it links to from runtime/paths.ts; the entry's shape is in page-entry.ts.
 */
import type { MenuPlacement, MenuSection, PageArea, PageEntry, PageRequirement } from './page-entry';

/**
 * The placeholder of a page that later issues build: the page's title and 'Em breve' (ComingSoonPage).
 * No entry uses it now that every capability has its page; exported so the next one can, as above.
 */
export const comingSoon = () => import('../pages/ComingSoonPage').then((m) => m.ComingSoonPage);
/** The open pages share one component, which reads its page from the entry. */
const openPage = () => import('../public/OpenPage').then((m) => m.OpenPage);
/**
 * The pages of the menu's Administration section (spec 1 §2.1, §2.2: admins only; ours, menu-rules.ts,
 * for the AI prompts, integrations, API and subscription pages), opened by their address too: other
 * profiles read that the page is for administrators (page-access.ts). Settings, queues and users ask for
 * 'company:administer', the permission their server writes check.
 */
const ADMINISTRATION = { permission: 'drawer-admin-items:view' } as const satisfies PageRequirement;

export const PAGES = [
  // ---- private: the shell's pages ----------------------------------------------------------------
  {
    id: 'dashboard',
    path: '',
    area: 'private',
    // Spec 1 §2.1: the dashboard is for admins; PageGate sends everyone else on to the tickets (page-access.ts).
    load: () => import('../dashboard/DashboardPage').then((m) => m.DashboardPage),
    requires: { permission: 'dashboard:view' },
    menu: { section: 'main', order: 10, icon: 'dataBarVertical' },
    title: { pt: 'Dashboard', en: 'Dashboard', es: 'Panel' },
  },
  {
    id: 'tickets',
    path: 'tickets/:ticketId?',
    area: 'private',
    load: () => import('../tickets/TicketsPage').then((m) => m.TicketsPage),
    menu: { section: 'main', order: 20, icon: 'chat' },
    title: { pt: 'Atendimentos', en: 'Tickets', es: 'Atenciones' },
  },
  {
    id: 'connections',
    path: 'connections',
    area: 'private',
    load: () => import('../connections/ConnectionsPage').then((m) => m.ConnectionsPage),
    requires: ADMINISTRATION,
    menu: { section: 'admin', order: 30, icon: 'plugConnected' },
    title: { pt: 'Conexões', en: 'Connections', es: 'Conexiones' },
  },
  {
    // Opened from a Cloud API connection's row (issue 32), not from the menu. Every user of the company
    // may read it (the ticket's template dialog sends these templates); only admins sync it.
    id: 'connectionTemplates',
    path: 'connections/:whatsappId/templates',
    area: 'private',
    load: () => import('../whatsapp-templates/TemplatesPage').then((m) => m.TemplatesPage),
    title: { pt: 'Modelos de mensagem', en: 'Message templates', es: 'Plantillas de mensaje' },
  },
  {
    id: 'quickMessages',
    path: 'quick-messages',
    area: 'private',
    load: () => import('../quick-messages/QuickMessagesPage').then((m) => m.QuickMessagesPage),
    menu: {
      section: 'main',
      order: 30,
      icon: 'flash',
      label: { pt: 'Respostas Rápidas', en: 'Quick replies', es: 'Respuestas rápidas' },
    },
    title: { pt: 'Respostas Rápidas', en: 'Quick Replies', es: 'Respuestas Rápidas' },
  },
  {
    id: 'todolist',
    path: 'todolist',
    area: 'private',
    load: () => import('../todolist/TodoListPage').then((m) => m.TodoListPage),
    menu: { section: 'main', order: 50, icon: 'taskListSquareLtr', label: { pt: 'Tarefas', en: 'To-do list', es: 'Tareas' } },
    title: { pt: 'Tarefas', en: 'Tasks', es: 'Tareas' },
  },
  {
    id: 'schedules',
    path: 'schedules',
    area: 'private',
    // On demand like every page: the calendar and zod stay out of the other pages' first loads.
    load: () => import('../schedules/SchedulesPage').then((m) => m.SchedulesPage),
    // docs/architecture.md §8: schedules are gated by the plan, like the other flagged pages.
    requires: { planFlag: 'useSchedules' },
    menu: { section: 'main', order: 70, icon: 'calendarClock' },
    title: { pt: 'Agendamentos', en: 'Schedules', es: 'Agendamientos' },
  },
  {
    id: 'tags',
    path: 'tags',
    area: 'private',
    load: () => import('../tags/TagsPage').then((m) => m.TagsPage),
    menu: { section: 'main', order: 80, icon: 'tag' },
    title: { pt: 'Tags', en: 'Tags', es: 'Etiquetas' },
  },
  {
    id: 'contacts',
    path: 'contacts',
    area: 'private',
    load: () => import('../contacts/ContactsPage').then((m) => m.ContactsPage),
    menu: { section: 'main', order: 60, icon: 'contactCard' },
    title: { pt: 'Contatos', en: 'Contacts', es: 'Contactos' },
  },
  {
    id: 'helps',
    path: 'helps',
    area: 'private',
    load: () => import('../helps/HelpsPage').then((m) => m.HelpsPage),
    menu: { section: 'main', order: 100, icon: 'questionCircle' },
    title: { pt: 'Ajuda', en: 'Help', es: 'Ayuda' },
  },
  {
    id: 'users',
    path: 'users',
    area: 'private',
    load: () => import('../users/UsersPage').then((m) => m.UsersPage),
    // The users page and its writes are administrators' (shared/permissions.ts), as GET /users is.
    requires: { permission: 'company:administer' },
    menu: { section: 'admin', order: 60, icon: 'people' },
    title: { pt: 'Usuários', en: 'Users', es: 'Usuarios' },
  },
  {
    id: 'files',
    path: 'files',
    area: 'private',
    load: () => import('../file-lists/FileListsPage').then((m) => m.FileListsPage),
    // Spec 1 §2.1: an administration page; its lists are what campaigns send, so it opens with them too
    // (its API is behind the campaigns gate).
    requires: { ...ADMINISTRATION, campaigns: true },
    menu: {
      section: 'admin',
      order: 40,
      icon: 'folder',
      label: { pt: 'Lista de arquivos', en: 'File lists', es: 'Listas de archivos' },
    },
    title: { pt: 'Lista de arquivos', en: 'File lists', es: 'Lista de archivos' },
  },
  {
    id: 'prompts',
    path: 'prompts',
    area: 'private',
    load: () => import('../prompts/PromptsPage').then((m) => m.PromptsPage),
    requires: { planFlag: 'useOpenAi', ...ADMINISTRATION },
    menu: { section: 'admin', order: 10, icon: 'brainCircuit', label: { pt: 'OpenAI', en: 'OpenAI', es: 'OpenAI' } },
    title: { pt: 'Prompts', en: 'Prompts', es: 'Prompts' },
  },
  {
    id: 'queueIntegration',
    path: 'queue-integration',
    area: 'private',
    load: () => import('../queue-integrations/QueueIntegrationsPage').then((m) => m.QueueIntegrationsPage),
    requires: { planFlag: 'useIntegrations', ...ADMINISTRATION },
    menu: { section: 'admin', order: 20, icon: 'puzzlePiece' },
    title: { pt: 'Integrações', en: 'Integrations', es: 'Integraciones' },
  },
  {
    id: 'messagesApi',
    path: 'messages-api',
    area: 'private',
    load: () => import('../messages-api/MessagesApiPage').then((m) => m.MessagesApiPage),
    requires: { planFlag: 'useExternalApi', ...ADMINISTRATION },
    menu: { section: 'admin', order: 70, icon: 'code' },
    title: { pt: 'API', en: 'API', es: 'API' },
  },
  {
    id: 'settings',
    path: 'settings',
    area: 'private',
    load: () => import('../settings/SettingsPage').then((m) => m.SettingsPage),
    // Settings and the company's hours are administrators' writes (shared/permissions.ts).
    requires: { permission: 'company:administer' },
    menu: { section: 'admin', order: 100, icon: 'settings' },
    title: { pt: 'Configurações', en: 'Settings', es: 'Configuración' },
  },
  {
    id: 'kanban',
    path: 'kanban',
    area: 'private',
    load: () => import('../kanban/KanbanPage').then((m) => m.KanbanPage),
    requires: { planFlag: 'useKanban' },
    menu: { section: 'main', order: 40, icon: 'board' },
    title: { pt: 'Kanban', en: 'Kanban', es: 'Kanban' },
  },
  {
    id: 'financeiro',
    path: 'financeiro',
    area: 'private',
    load: () => import('../billing/InvoicesPage').then((m) => m.InvoicesPage),
    requires: ADMINISTRATION,
    menu: { section: 'admin', order: 80, icon: 'money' },
    title: { pt: 'Financeiro', en: 'Billing', es: 'Finanzas' },
  },
  {
    id: 'queues',
    path: 'queues',
    area: 'private',
    load: () => import('../queues/QueuesPage').then((m) => m.QueuesPage),
    // Spec 3 §2 Queues: an administrator's page, as the server's writes are ('company:administer').
    requires: { permission: 'company:administer' },
    menu: { section: 'admin', order: 50, icon: 'peopleQueue' },
    title: { pt: 'Filas & Chatbot', en: 'Queues & Chatbot', es: 'Colas y Chatbot' },
  },
  {
    id: 'announcements',
    path: 'announcements',
    area: 'private',
    load: () => import('../announcements/AnnouncementsPage').then((m) => m.AnnouncementsPage),
    requires: { superUser: true },
    menu: {
      section: 'main',
      order: 110,
      icon: 'megaphone',
      label: { pt: 'Informativos', en: 'Announcements', es: 'Informativos' },
    },
    title: { pt: 'Informativos', en: 'Announcements', es: 'Comunicados' },
  },
  {
    id: 'subscription',
    path: 'subscription',
    area: 'private',
    load: () => import('../billing/SubscriptionPage').then((m) => m.SubscriptionPage),
    requires: ADMINISTRATION,
    menu: { section: 'admin', order: 90, icon: 'payment' },
    title: { pt: 'Assinatura', en: 'Subscription', es: 'Suscripción' },
  },
  {
    id: 'chats',
    path: 'chats/:id?',
    area: 'private',
    load: () => import('../chats/ChatsPage').then((m) => m.ChatsPage),
    requires: { planFlag: 'useInternalChat' },
    menu: {
      section: 'main',
      order: 90,
      icon: 'peopleChat',
      label: { pt: 'Chat Interno', en: 'Internal chat', es: 'Chat interno' },
    },
    title: { pt: 'Chat Interno', en: 'Internal Chat', es: 'Chat Interno' },
  },
  // The campaign pages (spec 3 §2, spec 2 §2): open only while the menu shows the campaigns group.
  {
    id: 'contactLists',
    path: 'contact-lists',
    area: 'private',
    load: () => import('../contact-lists/ContactListsPage').then((m) => m.ContactListsPage),
    requires: { campaigns: true },
    menu: {
      section: 'campaigns',
      order: 20,
      icon: 'peopleList',
      label: { pt: 'Listas de Contatos', en: 'Contact lists', es: 'Listas de contactos' },
    },
    title: { pt: 'Listas de Contatos', en: 'Contact Lists', es: 'Listas de Contactos' },
  },
  {
    id: 'contactListItems',
    path: 'contact-lists/:contactListId/contacts',
    area: 'private',
    load: () => import('../contact-lists/ContactListItemsPage').then((m) => m.ContactListItemsPage),
    requires: { campaigns: true },
    title: { pt: 'Contatos da Lista', en: 'Contact List Contacts', es: 'Contactos de la Lista' },
  },
  {
    id: 'campaigns',
    path: 'campaigns',
    area: 'private',
    load: () => import('../campaigns/CampaignsPage').then((m) => m.CampaignsPage),
    requires: { campaigns: true },
    menu: { section: 'campaigns', order: 10, icon: 'list', label: { pt: 'Listagem', en: 'List', es: 'Listado' } },
    title: { pt: 'Campanhas', en: 'Campaigns', es: 'Campañas' },
  },
  {
    // Opened from the campaigns list (spec 2 §2), not from the menu.
    id: 'campaignReport',
    path: 'campaign/:campaignId/report',
    area: 'private',
    load: () => import('../campaigns/CampaignReportPage').then((m) => m.CampaignReportPage),
    requires: { campaigns: true },
    title: { pt: 'Relatório da Campanha', en: 'Campaign Report', es: 'Informe de la Campaña' },
  },
  {
    id: 'campaignsConfig',
    path: 'campaigns-config',
    area: 'private',
    load: () => import('../campaigns/CampaignSettingsPage').then((m) => m.CampaignSettingsPage),
    requires: { campaigns: true },
    menu: {
      section: 'campaigns',
      order: 30,
      icon: 'settings',
      label: { pt: 'Configurações', en: 'Settings', es: 'Configuración' },
    },
    title: { pt: 'Configurações de Campanhas', en: 'Campaign Settings', es: 'Configuración de Campañas' },
  },

  // ---- public: for visitors ------------------------------------------------------------------------
  {
    id: 'login',
    path: 'login',
    area: 'public',
    load: () => import('../pages/LoginPage').then((m) => m.LoginPage),
    title: { pt: 'Entrar', en: 'Sign in', es: 'Iniciar sesión' },
  },
  {
    id: 'landing',
    path: 'landing',
    area: 'public',
    load: () => import('../public/LandingPage').then((m) => m.LandingPage),
    title: { pt: 'Início', en: 'Home', es: 'Inicio' },
  },
  {
    id: 'signup',
    path: 'signup',
    area: 'public',
    load: () => import('../public/SignUpPage').then((m) => m.SignUpPage),
    title: { pt: 'Cadastro', en: 'Sign up', es: 'Registro' },
  },
  {
    id: 'forgetpsw',
    path: 'forgetpsw',
    area: 'public',
    load: () => import('../public/ForgotPasswordPage').then((m) => m.ForgotPasswordPage),
    title: { pt: 'Recuperar senha', en: 'Reset password', es: 'Recuperar contraseña' },
  },

  // ---- open: anyone (spec 2 §2 Landing: the footer's documents and the Enterprise plan's contact) -----
  {
    id: 'privacy',
    path: 'privacidade',
    area: 'open',
    load: openPage,
    title: { pt: 'Privacidade', en: 'Privacy', es: 'Privacidad' },
  },
  {
    id: 'terms',
    path: 'termos',
    area: 'open',
    load: openPage,
    title: { pt: 'Termos de uso', en: 'Terms of use', es: 'Términos de uso' },
  },
  {
    id: 'contact',
    path: 'contato',
    area: 'open',
    load: openPage,
    title: { pt: 'Contato', en: 'Contact', es: 'Contacto' },
  },
] as const satisfies readonly PageEntry[];

type Entry = (typeof PAGES)[number];

export type PageId = Entry['id'];

/** An entry of the registry, known by its id. */
export type RegistryPage = PageEntry & { readonly id: PageId };

/** The pages the side menu can show. */
export type MenuItemId = Extract<Entry, { readonly menu: MenuPlacement }>['id'];

/** The pages anyone may read (see PageArea). */
export type OpenPageId = Extract<Entry, { readonly area: 'open' }>['id'];

export type MenuPage = PageEntry & { readonly id: MenuItemId; readonly menu: MenuPlacement };

const byId: ReadonlyMap<string, PageEntry> = new Map(PAGES.map((page) => [page.id, page]));

export function pageById(id: PageId): RegistryPage {
  return byId.get(id) as RegistryPage;
}

export function menuPageById(id: MenuItemId): MenuPage {
  return byId.get(id) as MenuPage;
}

export function pagesIn(area: PageArea): readonly RegistryPage[] {
  return PAGES.filter((page) => page.area === area);
}

/** The menu's pages of one section, in their menu order. */
export function menuPages(section: MenuSection): readonly MenuPage[] {
  return (PAGES as readonly PageEntry[])
    .filter((page): page is MenuPage => page.menu?.section === section)
    .toSorted((a, b) => a.menu.order - b.menu.order);
}

/** Where a menu entry leads: the page's path without its parameters (`tickets/:ticketId?` is `/tickets`). */
export function menuPath(page: Pick<PageEntry, 'path'>): string {
  return `/${page.path.split('/:')[0] ?? ''}`;
}
