/**
 * What a private page shows its viewer (spec 1 §2.1, §6; spec 3 §2, §6, §8; checklist A-046): the plan or
 * the super flag refuses it for the company, a profile without the administration's permission reads
 * that the page is for administrators (the dashboard sends them on to the tickets), a hidden campaign
 * group answers as an unknown address, exactly as the side menu hides the same pages.
 */
import { ALL_FEATURES, PLAN_FLAGS, type PlanFlag } from '../../../../shared/plans';
import { pageDecision, PERMISSION_REDIRECT_DELAY_MS, type PageViewer } from '../../../../web/src/app/page-access';
import type { PageEntry } from '../../../../web/src/app/page-entry';
import { pageGateTexts } from '../../../../web/src/app/page-gate-texts';
import { menuPages, pageById, pagesIn, type PageId } from '../../../../web/src/app/page-registry';
import { menuLayout, type MenuItemId } from '../../../../web/src/app/shell/menu-rules';

const noFeatures = Object.fromEntries(PLAN_FLAGS.map((flag) => [flag, false])) as Record<PlanFlag, boolean>;

const PROFILES = ['admin', 'supervisor', 'user'] as const;

const viewer = (plan: Record<string, unknown>, options: { profile?: string; superUser?: boolean } = {}): PageViewer => ({
  user: { profile: options.profile ?? 'admin', super: options.superUser ?? false },
  company: { plan, settings: [] },
});

const decision = (page: PageId, who: PageViewer) => pageDecision(pageById(page), who);

describe('a page of a plan feature or of super users', () => {
  test.each([
    ['kanban', 'useKanban'],
    ['schedules', 'useSchedules'],
    ['chats', 'useInternalChat'],
    ['prompts', 'useOpenAi'],
    ['queueIntegration', 'useIntegrations'],
    ['messagesApi', 'useExternalApi'],
  ] as const)('opens %s only when the plan has %s', (page, flag) => {
    expect(decision(page, viewer(noFeatures))).toBe('companyRefused');
    expect(decision(page, viewer({ ...ALL_FEATURES, [flag]: false }, { superUser: true }))).toBe('companyRefused');
    expect(decision(page, viewer({ ...noFeatures, [flag]: true }))).toBe('show');
  });

  test('treats a flag that is not exactly true as off', () => {
    expect(decision('kanban', viewer({ useKanban: 'true' }))).toBe('companyRefused');
    expect(decision('kanban', viewer({}))).toBe('companyRefused');
  });

  test('opens the announcements to super users only, whatever the plan', () => {
    expect(decision('announcements', viewer(ALL_FEATURES))).toBe('companyRefused');
    expect(decision('announcements', viewer(noFeatures, { superUser: true }))).toBe('show');
  });

  test('refuses the company before the profile: a plain user of a plan without the API reads the company’s refusal', () => {
    expect(decision('messagesApi', viewer(noFeatures, { profile: 'user' }))).toBe('companyRefused');
  });
});

describe('a page of the administration', () => {
  /** Spec 1 §2.1's admin pages and the menu's Administration section (ours for the AI, integration, API and subscription pages). */
  const administration: PageId[] = [...new Set<PageId>(['connections', 'files', 'queues', 'users', 'financeiro', 'settings', ...menuPages('admin').map((page) => page.id)])];

  test.each(['user', 'supervisor', 'USER'])('shows a %s the notice in place of each of them, whatever the plan', (profile) => {
    for (const page of administration) {
      expect([page, decision(page, viewer(ALL_FEATURES, { profile }))]).toEqual([page, 'adminsOnly']);
      expect([page, decision(page, viewer(ALL_FEATURES, { profile, superUser: true }))]).toEqual([page, 'adminsOnly']);
    }
  });

  test('opens each of them to an admin, whatever the case of the profile, when the plan allows it', () => {
    for (const profile of ['admin', 'Admin']) {
      for (const page of administration) expect([page, decision(page, viewer(ALL_FEATURES, { profile }))]).toEqual([page, 'show']);
    }
  });

  test('sends a plain user or a supervisor from the dashboard at / on to the tickets, and shows it to an admin', () => {
    expect(decision('dashboard', viewer(ALL_FEATURES, { profile: 'user' }))).toBe('tickets');
    expect(decision('dashboard', viewer(ALL_FEATURES, { profile: 'supervisor' }))).toBe('tickets');
    expect(decision('dashboard', viewer(noFeatures))).toBe('show');
  });

  test('treats a profile outside the rules table as no administrator', () => {
    expect(decision('settings', viewer(ALL_FEATURES, { profile: 'root' }))).toBe('adminsOnly');
  });
});

describe('the other pages', () => {
  test.each(['tickets', 'contacts', 'quickMessages', 'todolist', 'tags', 'helps'] as const)('opens %s to every profile and plan', (page) => {
    for (const profile of PROFILES) expect(decision(page, viewer(noFeatures, { profile }))).toBe('show');
  });

  test('answers a campaign page as an unknown address while the campaigns group is hidden', () => {
    expect(decision('campaigns', viewer({ ...ALL_FEATURES, useCampaigns: false }))).toBe('notFound');
    expect(decision('campaigns', { ...viewer(noFeatures, { profile: 'user' }), company: { plan: noFeatures, settings: [{ key: 'campaignsEnabled', value: 'true' }] } })).toBe(
      'show',
    );
  });
});

describe('the file lists', () => {
  test('open to admins of a company with campaigns, as an unknown address without them, and tell other profiles they are for admins', () => {
    const campaigns = { ...noFeatures, useCampaigns: true };

    expect(decision('files', viewer(campaigns))).toBe('show');
    expect(decision('files', { ...viewer(noFeatures), company: { plan: noFeatures, settings: [{ key: 'campaignsEnabled', value: 'true' }] } })).toBe('show');
    expect(decision('files', viewer(noFeatures))).toBe('notFound');
    expect(decision('files', viewer(campaigns, { profile: 'user' }))).toBe('adminsOnly');
  });
});

describe('the rule and the side menu', () => {
  test('opens a built page of the menu exactly when the menu shows it, for every profile, plan and super flag', () => {
    const plans = [noFeatures, ALL_FEATURES, ...PLAN_FLAGS.map((flag) => ({ ...noFeatures, [flag]: true }))];
    // A page not built yet is left out of the menu; its address opens the placeholder under the same rule.
    const menuEntries = pagesIn('private').filter(
      (page): page is PageEntry & { id: MenuItemId } => page.menu !== undefined && page.notBuilt !== true,
    );

    for (const profile of PROFILES) {
      for (const superUser of [false, true]) {
        for (const plan of plans) {
          const layout = menuLayout({ user: { profile, super: superUser }, plan, campaignsFlag: false });
          const shown = [...layout.main, ...layout.campaigns, ...layout.admin];
          for (const page of menuEntries) {
            expect([profile, superUser, page.id, pageDecision(page, viewer(plan, { profile, superUser })) === 'show']).toEqual([
              profile,
              superUser,
              page.id,
              shown.includes(page.id),
            ]);
          }
        }
      }
    }
  });
});

describe('the refusal', () => {
  test('says the spec 3 §8 words in Portuguese and redirects after 1 second', () => {
    expect(pageGateTexts.pt.refused).toBe('Esta empresa não possui permissão para acessar essa página! Estamos lhe redirecionando.');
    expect(PERMISSION_REDIRECT_DELAY_MS).toBe(1000);
  });
});
