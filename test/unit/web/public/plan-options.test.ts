import { OFFERED_PLANS, offeredPlanRecord } from '../../../../shared/offered-plans';
import { LANDING_PLANS, planActionPath } from '../../../../web/src/public/landing-plans';
import { planIdNamed, planOptionLabel, type PublicPlan } from '../../../../web/src/public/plan-options';
import { signedUpEmail } from '../../../../web/src/public/signed-up-state';
import { signUpTexts } from '../../../../web/src/public/signup-texts';

const plans: PublicPlan[] = [
  { id: 'p1', name: 'Starter', users: 2, connections: 1, queues: 2, value: 99 },
  { id: 'p2', name: 'Team', users: 1, connections: 2, queues: 1, value: 249.5 },
];

describe('planOptionLabel', () => {
  test('names the price in reais and the limits in Portuguese', () => {
    expect(planOptionLabel(plans[0]!, signUpTexts.pt, 'pt').replace(/\s/g, ' ')).toBe('Starter: R$ 99/mês, 2 usuários, 1 conexão, 2 filas');
  });

  test('uses the singular for one user and one queue in English', () => {
    expect(planOptionLabel(plans[1]!, signUpTexts.en, 'en')).toBe('Team: R$249.50/month, 1 user, 2 connections, 1 queue');
  });
});

describe('planIdNamed', () => {
  test('finds the plan a landing button named, whatever the case', () => {
    expect(planIdNamed(plans, 'team')).toBe('p2');
  });

  test.each([null, '', 'Enterprise'])('selects nothing for %p', (name) => {
    expect(planIdNamed(plans, name)).toBe('');
  });
});

describe("the landing's plan buttons (issue 27)", () => {
  // The plans the platform offers under the landing's names (npm start seeds them, scripts/seed-demo.ts).
  const offered = OFFERED_PLANS.map((plan) => offeredPlanRecord(plan, `id-${plan.id}`));

  test('each names a plan the platform offers, which the sign-up then chooses', () => {
    for (const plan of LANDING_PLANS.filter((candidate) => candidate.action === '/signup')) {
      const named = new URL(planActionPath(plan), 'https://atende.example').searchParams.get('plan');
      expect([plan.name, planIdNamed(offered, named)]).toEqual([plan.name, `id-${plan.id}`]);
    }
  });

  test('offers each with the limits and price its card writes, campaigns and AI only where the card has them', () => {
    const record = (id: string) => offered.find((plan) => plan.id === `id-${id}`);
    expect(record('starter')).toMatchObject({ name: 'Starter', users: 2, connections: 1, queues: 2, value: 99, useCampaigns: false, useOpenAi: false, useKanban: true });
    expect(record('team')).toMatchObject({ name: 'Team', users: 5, connections: 2, queues: 5, value: 249, useCampaigns: true, useOpenAi: true });
  });

  test('writes a plan without a queue cap as unlimited queues in the sign-up list', () => {
    const scale = offered.find((plan) => plan.name === 'Scale')!;
    expect(planOptionLabel(scale, signUpTexts.pt, 'pt').replace(/\s/g, ' ')).toBe('Scale: R$ 1.490/mês, 50 usuários, 15 conexões, filas ilimitadas');
  });
});

describe('signedUpEmail', () => {
  test('reads the email the sign-up left for the login page', () => {
    expect(signedUpEmail({ email: 'ana@example.com' })).toBe('ana@example.com');
  });

  test.each([null, undefined, { from: { pathname: '/contacts' } }, { email: 42 }])('answers an empty email for %p', (state) => {
    expect(signedUpEmail(state)).toBe('');
  });
});
