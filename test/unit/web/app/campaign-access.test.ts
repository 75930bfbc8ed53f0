import { ALL_FEATURES, PLAN_FLAGS, type PlanFlag } from '../../../../shared/plans';
import { campaignPagesOpen } from '../../../../web/src/app/campaign-access';
import type { Me } from '../../../../web/src/sign-in/me';

const noFeatures = Object.fromEntries(PLAN_FLAGS.map((flag) => [flag, false])) as Record<PlanFlag, boolean>;

const me = (plan: Record<string, unknown>, settings: Me['company']['settings'] = []): Me => ({
  user: { id: 'U1', name: 'Ana', email: 'ana@example.com', profile: 'user', super: false, companyId: 'C1' },
  company: { id: 'C1', name: 'Acme', settings, plan },
});

describe('campaignPagesOpen', () => {
  test('opens the campaign pages when the plan enables campaigns', () => {
    expect(campaignPagesOpen(me({ ...noFeatures, useCampaigns: true }))).toBe(true);
  });

  test('opens them when the plan does not but the company setting campaignsEnabled does (the cshow flag)', () => {
    expect(campaignPagesOpen(me(noFeatures, [{ key: 'campaignsEnabled', value: 'true' }]))).toBe(true);
  });

  test.each([
    ['no setting', []],
    ['the setting off', [{ key: 'campaignsEnabled', value: 'false' }]],
  ])('keeps them closed with the plan off and %s', (_, settings) => {
    expect(campaignPagesOpen(me(noFeatures, settings))).toBe(false);
  });

  test('keeps them closed for an admin whose plan has every feature but campaigns', () => {
    const admin = { ...me({ ...ALL_FEATURES, useCampaigns: false }), user: { ...me(noFeatures).user, profile: 'admin' } };

    expect(campaignPagesOpen(admin)).toBe(false);
  });
});
