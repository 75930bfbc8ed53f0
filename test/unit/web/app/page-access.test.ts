/** Which private pages a company's plan or the super flag opens (spec 3 §2, §6, §8; checklist A-046). */
import { ALL_FEATURES, PLAN_FLAGS, type PlanFlag } from '../../../../shared/plans';
import { PAGE_REQUIREMENTS, pageAllowed, PERMISSION_REDIRECT_DELAY_MS, type PageViewer } from '../../../../web/src/app/page-access';
import { PRIVATE_PAGES, type PageId } from '../../../../web/src/app/pages';
import { pageGateTexts } from '../../../../web/src/app/page-gate-texts';
import { menuLayout, type MenuItemId } from '../../../../web/src/shell/menu-rules';

const noFeatures = Object.fromEntries(PLAN_FLAGS.map((flag) => [flag, false])) as Record<PlanFlag, boolean>;

const viewer = (plan: Record<string, unknown>, superUser = false): PageViewer => ({
  user: { super: superUser },
  company: { plan },
});

/** Every entry of an admin's side menu, so a page only admins see in the menu is compared too. */
const adminMenu = (plan: Record<string, unknown>, superUser: boolean): MenuItemId[] => {
  const layout = menuLayout({ user: { profile: 'admin', super: superUser }, plan, campaignsFlag: false });
  return [...layout.main, ...layout.campaigns, ...layout.admin];
};

describe('pageAllowed', () => {
  test.each([
    ['kanban', 'useKanban'],
    ['schedules', 'useSchedules'],
    ['chats', 'useInternalChat'],
    ['prompts', 'useOpenAi'],
    ['queueIntegration', 'useIntegrations'],
    ['messagesApi', 'useExternalApi'],
  ] as const)('opens %s only when the plan has %s', (page, flag) => {
    expect(pageAllowed(page, viewer(noFeatures))).toBe(false);
    expect(pageAllowed(page, viewer({ ...ALL_FEATURES, [flag]: false }, true))).toBe(false);
    expect(pageAllowed(page, viewer({ ...noFeatures, [flag]: true }))).toBe(true);
  });

  test('treats a flag that is not exactly true as off', () => {
    expect(pageAllowed('kanban', viewer({ useKanban: 'true' }))).toBe(false);
    expect(pageAllowed('kanban', viewer({}))).toBe(false);
  });

  test('opens the announcements to super users only, whatever the plan', () => {
    expect(pageAllowed('announcements', viewer(ALL_FEATURES))).toBe(false);
    expect(pageAllowed('announcements', viewer(noFeatures, true))).toBe(true);
  });

  test.each(['tickets', 'contacts', 'quickMessages', 'todolist', 'tags', 'helps', 'connections', 'settings', 'subscription'] as const)(
    'leaves %s open to every plan',
    (page) => {
      expect(pageAllowed(page, viewer(noFeatures))).toBe(true);
    },
  );

  test('refuses a page exactly when the side menu hides it from an admin', () => {
    const gated = Object.keys(PAGE_REQUIREMENTS) as PageId[];
    const cases = [
      { plan: noFeatures, superUser: false },
      { plan: ALL_FEATURES, superUser: false },
      { plan: noFeatures, superUser: true },
      ...PLAN_FLAGS.map((flag) => ({ plan: { ...noFeatures, [flag]: true }, superUser: false })),
    ];

    for (const { plan, superUser } of cases) {
      const menu = adminMenu(plan, superUser);
      for (const page of gated) expect([page, pageAllowed(page, viewer(plan, superUser))]).toEqual([page, menu.includes(page as MenuItemId)]);
    }
  });

  test('names only pages of the route table', () => {
    const routed = new Set(PRIVATE_PAGES.map((page) => page.id));
    for (const page of Object.keys(PAGE_REQUIREMENTS)) expect(routed.has(page as PageId)).toBe(true);
  });
});

describe('the refusal', () => {
  test('says the spec 3 §8 words in Portuguese and redirects after 1 second', () => {
    expect(pageGateTexts.pt.refused).toBe('Esta empresa não possui permissão para acessar essa página! Estamos lhe redirecionando.');
    expect(PERMISSION_REDIRECT_DELAY_MS).toBe(1000);
  });
});
