/** The page registry and what is read off it: routes, menu, page gate, titles (issue 13). */
import { can } from '../../../../shared/permissions';
import { documentTitle } from '../../../../web/src/runtime/DocumentTitle';
import type { PageEntry } from '../../../../web/src/app/page-entry';
import { menuPages, menuPath, pageById, PAGES, pagesIn } from '../../../../web/src/app/page-registry';
import { CAMPAIGN_PAGES, OPEN_PAGES, PRIVATE_PAGES, PUBLIC_PAGES } from '../../../../web/src/app/pages';
import { LANGUAGES } from '../../../../web/src/i18n/language';
import { isLegalDocumentId } from '../../../../web/src/public/legal-texts';
import { MENU_ICONS } from '../../../../web/src/app/shell/menu-icons';
import { MENU_PATHS } from '../../../../web/src/app/shell/menu-rules';

const entries: readonly PageEntry[] = PAGES;

describe('the page registry', () => {
  test('gives every page its own id and its own path', () => {
    const ids = entries.map((page) => page.id);
    const paths = entries.map((page) => page.path);

    expect(new Set(ids).size).toBe(ids.length);
    expect(new Set(paths).size).toBe(paths.length);
  });

  test('gives every page a title in every language', () => {
    for (const language of LANGUAGES) {
      for (const page of entries) expect(page.title[language]).toMatch(/\S/);
    }
  });

  test('gives menu entries of one section distinct places', () => {
    for (const section of ['main', 'campaigns', 'admin'] as const) {
      const orders = menuPages(section).map((page) => page.menu.order);
      expect(new Set(orders).size).toBe(orders.length);
    }
  });

  test('orders a menu section by its entries’ order, not by their place in the route table', () => {
    expect(menuPages('admin').map((page) => page.id)).toEqual([
      'prompts', 'queueIntegration', 'connections', 'files', 'queues', 'users', 'messagesApi', 'financeiro', 'subscription', 'settings',
    ]);
  });

  test('gives every menu entry an icon the menu has', () => {
    for (const section of ['main', 'campaigns', 'admin'] as const) {
      for (const page of menuPages(section)) expect([page.id, typeof MENU_ICONS[page.menu.icon]]).toEqual([page.id, 'object']);
    }
  });

  test('puts only private pages in the menu', () => {
    for (const page of entries) if (page.menu !== undefined) expect([page.id, page.area]).toEqual([page.id, 'private']);
  });

  test('loads every page as a component', async () => {
    const loaders = new Set(entries.map((page) => page.load));
    for (const load of loaders) expect(typeof (await load())).toBe('function');
  });
});

describe('what is read off the registry', () => {
  test('routes every entry of its area, the dashboard as the private index', () => {
    expect(PRIVATE_PAGES.map((page) => page.id)).toEqual(pagesIn('private').filter((page) => page.id !== 'dashboard').map((page) => page.id));
    expect(PUBLIC_PAGES.map((page) => page.id)).toEqual(['login', 'landing', 'signup', 'forgetpsw']);
    expect(OPEN_PAGES.map((page) => page.id)).toEqual(['privacy', 'terms', 'contact']);
    for (const page of OPEN_PAGES) expect([page.id, isLegalDocumentId(page.id)]).toEqual([page.id, true]);
    expect(pageById('dashboard').path).toBe('');
  });

  test('asks an administrator’s permission of the dashboard, spec 1 §2.1’s admin pages and every page of the Administration section', () => {
    const administration = new Set(['dashboard', 'connections', 'files', 'queues', 'users', 'financeiro', 'settings', ...menuPages('admin').map((page) => page.id)]);

    for (const page of entries.filter((entry) => administration.has(entry.id))) {
      const permission = page.requires?.permission;
      expect([page.id, permission !== undefined && can('admin', permission) && !can('supervisor', permission) && !can('user', permission)]).toEqual([page.id, true]);
    }
    expect(pageById('messagesApi').requires).toMatchObject({ planFlag: 'useExternalApi', permission: expect.any(String) });
  });

  test('asks no permission of the pages every user works on (spec 1 §2.1)', () => {
    for (const id of ['tickets', 'quickMessages', 'todolist', 'contacts', 'schedules', 'tags', 'helps', 'kanban', 'chats', 'connectionTemplates'] as const) {
      expect([id, pageById(id).requires?.permission]).toEqual([id, undefined]);
    }
  });

  test('treats the pages that ask for the campaigns group as the campaign pages and the file lists', () => {
    expect(CAMPAIGN_PAGES.map((page) => page.id)).toEqual(['files', 'contactLists', 'contactListItems', 'campaigns', 'campaignReport', 'campaignsConfig']);
  });

  test('links each menu entry to its page without the route parameters', () => {
    expect(MENU_PATHS.tickets).toBe('/tickets');
    expect(MENU_PATHS.chats).toBe('/chats');
    expect(MENU_PATHS.dashboard).toBe('/');
    expect(Object.keys(MENU_PATHS).sort()).toEqual(entries.filter((page) => page.menu !== undefined).map((page) => page.id).sort());
    expect(menuPath({ path: 'contact-lists/:contactListId/contacts' })).toBe('/contact-lists');
  });

  test('names the document after the page, then the app', () => {
    expect(documentTitle(pageById('contacts').title.pt, 'Atende')).toBe('Contatos · Atende');
  });
});
