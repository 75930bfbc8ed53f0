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

describe('signedUpEmail', () => {
  test('reads the email the sign-up left for the login page', () => {
    expect(signedUpEmail({ email: 'ana@example.com' })).toBe('ana@example.com');
  });

  test.each([null, undefined, { from: { pathname: '/contacts' } }, { email: 42 }])('answers an empty email for %p', (state) => {
    expect(signedUpEmail(state)).toBe('');
  });
});
