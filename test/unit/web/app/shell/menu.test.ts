import { PAGES } from '../../../../../web/src/app/page-registry';
import type { PageEntry } from '../../../../../web/src/app/page-entry';
import { PRIVATE_PAGES } from '../../../../../web/src/app/pages';
import { ALL_FEATURES, PLAN_FLAGS, type PlanFlag } from '../../../../../shared/plans';
import { readCampaignsFlag, writeCampaignsFlag } from '../../../../../web/src/app/shell/campaigns-flag';
import { campaignsEnabledBySettings } from '../../../../../web/src/sign-in/campaigns';
import { campaignPagesOpen } from '../../../../../web/src/app/campaign-access';
import {
  activeMenuItem,
  hasCampaignsGroup,
  MENU_PATHS,
  menuLayout,
  type MenuItemId,
  type MenuViewer,
} from '../../../../../web/src/app/shell/menu-rules';

const noFeatures = Object.fromEntries(PLAN_FLAGS.map((flag) => [flag, false])) as Record<PlanFlag, boolean>;

const viewer = (overrides: Partial<MenuViewer> & { profile?: string; super?: boolean } = {}): MenuViewer => ({
  user: { profile: overrides.profile ?? 'user', super: overrides.super ?? false },
  plan: overrides.plan ?? noFeatures,
  campaignsFlag: overrides.campaignsFlag ?? false,
});

const allItems = (layout: ReturnType<typeof menuLayout>): MenuItemId[] => [...layout.main, ...layout.campaigns, ...layout.admin];

describe('menuLayout', () => {
  test('gives a plain user the six pages every user has, the tickets, and nothing of the administration', () => {
    // Act
    const layout = menuLayout(viewer());

    // Assess
    expect(layout.main).toEqual(['tickets', 'quickMessages', 'todolist', 'contacts', 'tags', 'helps']);
    expect(layout.admin).toEqual([]);
    expect(layout.campaigns).toEqual([]);
  });

  test('shows the dashboard to admins only, whatever the case of the profile', () => {
    expect(menuLayout(viewer({ profile: 'Admin' })).main).toContain('dashboard');
    expect(menuLayout(viewer({ profile: 'supervisor' })).main).not.toContain('dashboard');
    expect(menuLayout(viewer({ profile: 'user' })).main).not.toContain('dashboard');
  });

  test('fills the administration group for admins with the pages that need no plan flag: connections, queues, users, billing, settings', () => {
    // Act
    const layout = menuLayout(viewer({ profile: 'admin' }));

    // Assess
    expect(layout.admin).toEqual(['connections', 'queues', 'users', 'financeiro', 'subscription', 'settings']);
  });

  test.each([
    ['useKanban', 'kanban'],
    ['useSchedules', 'schedules'],
  ] as const)('offers a feature page only when the plan flag %s is on', (flag, item) => {
    expect(menuLayout(viewer({ plan: noFeatures })).main).not.toContain(item);
    expect(menuLayout(viewer({ plan: { ...noFeatures, [flag]: true } })).main).toContain(item);
  });

  test.each([['useExternalApi', 'messagesApi']] as const)('offers the admin page of %s only when the plan has it', (flag, item) => {
    expect(menuLayout(viewer({ profile: 'admin', plan: noFeatures })).admin).not.toContain(item);
    expect(menuLayout(viewer({ profile: 'admin', plan: { ...noFeatures, [flag]: true } })).admin).toContain(item);
    expect(allItems(menuLayout(viewer({ profile: 'user', plan: { ...noFeatures, [flag]: true } })))).not.toContain(item);
  });

  test('treats a flag that is not exactly true as off', () => {
    expect(menuLayout(viewer({ plan: { useKanban: 'true' } })).main).not.toContain('kanban');
  });

  test('has the campaigns group when the plan enables campaigns, or the local cshow flag is present', () => {
    expect(hasCampaignsGroup(viewer({ plan: { ...noFeatures, useCampaigns: true } }))).toBe(true);
    expect(hasCampaignsGroup(viewer({ campaignsFlag: true }))).toBe(true);
    expect(hasCampaignsGroup(viewer({ profile: 'admin' }))).toBe(false);
  });

  test('opens the campaign pages by their address with the group, whose menu lists the campaigns, the contact lists and the settings', () => {
    const me = { user: { profile: 'admin', super: false }, company: { plan: { ...noFeatures, useCampaigns: true }, settings: [] } };

    expect(campaignPagesOpen(me)).toBe(true);
    for (const profile of ['admin', 'user']) {
      expect(menuLayout(viewer({ profile, plan: { ...noFeatures, useCampaigns: true } })).campaigns).toEqual(['campaigns', 'contactLists', 'campaignsConfig']);
      expect(menuLayout(viewer({ profile, campaignsFlag: true })).campaigns).toEqual(['campaigns', 'contactLists', 'campaignsConfig']);
    }
  });

  test('shows the file lists in the administration to admins exactly while the campaigns group is there (C-019)', () => {
    const campaigns = { ...noFeatures, useCampaigns: true };

    expect(menuLayout(viewer({ profile: 'admin', plan: campaigns })).admin).toContain('files');
    expect(menuLayout(viewer({ profile: 'admin', campaignsFlag: true })).admin).toContain('files');
    expect(menuLayout(viewer({ profile: 'admin' })).admin).not.toContain('files');
    expect(allItems(menuLayout(viewer({ profile: 'user', plan: campaigns, campaignsFlag: true })))).not.toContain('files');
    expect(allItems(menuLayout(viewer({ profile: 'supervisor', plan: campaigns })))).not.toContain('files');
  });

  test('shows the announcements to super users only', () => {
    expect(menuLayout(viewer({ profile: 'admin' })).main).not.toContain('announcements');
    expect(menuLayout(viewer({ profile: 'user', super: true })).main).toContain('announcements');
  });

  test('links to every built private route of the route table for an admin super user with every feature', () => {
    // Prepare
    const paths = allItems(menuLayout(viewer({ profile: 'admin', super: true, plan: ALL_FEATURES }))).map((id) => MENU_PATHS[id]);
    // A campaign's report is opened from the campaigns list (spec 2 §2), not from the menu.
    const notBuilt = new Set((PAGES as readonly PageEntry[]).filter((page) => page.notBuilt === true).map((page) => page.id));
    const fromTheMenu = PRIVATE_PAGES.filter((page) => page.id !== 'campaignReport' && !notBuilt.has(page.id));

    // Assess
    for (const page of fromTheMenu) {
      const base = `/${page.path.split('/:')[0]}`;
      expect(paths).toContain(base);
    }
    expect(paths).toContain('/');
  });

  test('leaves out every page that would only say "Em breve", which its flag brings back (issue 27)', () => {
    const everything = viewer({ profile: 'admin', super: true, plan: ALL_FEATURES, campaignsFlag: true });
    const notBuilt = (PAGES as readonly PageEntry[]).filter((page) => page.notBuilt === true && page.menu !== undefined).map((page) => page.id);

    // Every capability has its page now (billing was the last): none is left out, and none would be shown.
    expect(notBuilt).toEqual([]);
    for (const id of notBuilt) expect(allItems(menuLayout(everything))).not.toContain(id);
  });

  test('shows an admin the billing pages once built: Financeiro and Assinatura', () => {
    const admin = menuLayout(viewer({ profile: 'admin', plan: ALL_FEATURES }));

    expect(allItems(admin)).toEqual(expect.arrayContaining(['financeiro', 'subscription']));
    expect(allItems(menuLayout(viewer({ profile: 'user', plan: ALL_FEATURES })))).not.toContain('financeiro');
  });

  test('gives an agent a short menu and an admin the administration in one group (issue 27)', () => {
    const everyFeature = { plan: ALL_FEATURES, campaignsFlag: true };

    expect(menuLayout(viewer({ profile: 'user', ...everyFeature }))).toEqual({
      main: ['tickets', 'quickMessages', 'kanban', 'todolist', 'contacts', 'schedules', 'tags', 'chats', 'helps'],
      campaigns: ['campaigns', 'contactLists', 'campaignsConfig'],
      admin: [],
    });
    expect(menuLayout(viewer({ profile: 'admin', ...everyFeature })).admin).toEqual([
      'prompts',
      'queueIntegration',
      'connections',
      'files',
      'queues',
      'users',
      'messagesApi',
      'financeiro',
      'subscription',
      'settings',
    ]);
  });

  test('lists every entry once', () => {
    const items = allItems(menuLayout(viewer({ profile: 'admin', super: true, plan: ALL_FEATURES })));
    expect(new Set(items).size).toBe(items.length);
  });
});

describe('activeMenuItem', () => {
  test.each([
    ['/', 'dashboard'],
    ['/tickets', 'tickets'],
    ['/tickets/01HZX', 'tickets'],
    ['/chats/abc', 'chats'],
    ['/contact-lists/12/contacts', 'contactLists'],
    ['/campaigns-config', 'campaignsConfig'],
    ['/campaigns', 'campaigns'],
  ])('highlights %s as %s', (path, item) => {
    expect(activeMenuItem(path)).toBe(item);
  });

  test('highlights nothing for a path outside the menu', () => {
    expect(activeMenuItem('/ticketsx')).toBeUndefined();
    expect(activeMenuItem('/nowhere')).toBeUndefined();
  });
});

describe('the cshow flag', () => {
  function memoryStorage() {
    const items = new Map<string, string>();
    return {
      getItem: (key: string) => items.get(key) ?? null,
      setItem: (key: string, value: string) => void items.set(key, value),
      removeItem: (key: string) => void items.delete(key),
    };
  }

  test('is enabled by the company setting campaignsEnabled "true" only', () => {
    expect(campaignsEnabledBySettings([{ key: 'campaignsEnabled', value: 'true' }])).toBe(true);
    expect(campaignsEnabledBySettings([{ key: 'campaignsEnabled', value: 'false' }])).toBe(false);
    expect(campaignsEnabledBySettings([{ key: 'userRating', value: 'true' }])).toBe(false);
  });

  test('is stored under cshow and removed again when the setting turns off', () => {
    // Prepare
    const storage = memoryStorage();

    // Act
    writeCampaignsFlag(true, () => storage);
    const afterOn = readCampaignsFlag(() => storage);
    writeCampaignsFlag(false, () => storage);

    // Assess
    expect(afterOn).toBe(true);
    expect(storage.getItem('cshow')).toBeNull();
    expect(readCampaignsFlag(() => storage)).toBe(false);
  });

  test('counts as absent when storage throws', () => {
    const broken = () => {
      throw new Error('storage disabled');
    };
    expect(readCampaignsFlag(broken)).toBe(false);
    expect(writeCampaignsFlag(true, broken)).toBe(true);
  });
});
