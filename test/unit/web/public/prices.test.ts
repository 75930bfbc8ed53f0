import { annualMonthlyPrice, annualTotal, formatBrl, priceFor } from '../../../../web/src/public/prices';
import { LANDING_PLANS, planActionPath, planFeatureLines } from '../../../../web/src/public/landing-plans';
import { landingTexts } from '../../../../web/src/public/landing-texts';

// Intl separates "R$" from the amount with a no-break space; compare with plain spaces.
const plain = (text: string) => text.replace(/\s/g, ' ');

describe('annual billing', () => {
  test('takes 15% off the monthly price, to the cent', () => {
    expect(annualMonthlyPrice(99)).toBe(84.15);
    expect(annualMonthlyPrice(249)).toBe(211.65);
    expect(annualMonthlyPrice(1490)).toBe(1266.5);
  });

  test('charges twelve discounted months for a year', () => {
    expect(annualTotal(99)).toBe(1009.8);
    expect(annualTotal(649)).toBe(6619.8);
  });

  test('shows the monthly price unchanged for monthly billing', () => {
    expect(priceFor(249, 'monthly')).toBe(249);
    expect(priceFor(249, 'annual')).toBe(211.65);
  });
});

describe('formatBrl', () => {
  test('writes whole reais without cents in Portuguese', () => {
    expect(plain(formatBrl(1490, 'pt'))).toBe('R$ 1.490');
  });

  test('writes cents when there are some', () => {
    expect(plain(formatBrl(84.15, 'pt'))).toBe('R$ 84,15');
  });

  test('keeps the real as currency in English', () => {
    expect(formatBrl(99, 'en')).toBe('R$99');
  });
});

describe('the landing price list', () => {
  test('holds the plans and monthly prices of spec 2 §9', () => {
    expect(LANDING_PLANS.map((plan) => [plan.name, plan.monthlyPrice])).toEqual([
      ['Starter', 99],
      ['Team', 249],
      ['Business', 649],
      ['Scale', 1490],
      ['Enterprise', null],
    ]);
  });

  test('sends every priced plan to the sign-up and Enterprise to the contact page', () => {
    const actions = Object.fromEntries(LANDING_PLANS.map((plan) => [plan.id, plan.action]));

    expect(actions).toEqual({
      starter: '/signup', team: '/signup', business: '/signup', scale: '/signup', enterprise: '/contato',
    });
  });
});

describe('plan cards', () => {
  const plan = (id: string) => LANDING_PLANS.find((candidate) => candidate.id === id)!;

  test('lists the Team plan of spec 2 §9', () => {
    expect(planFeatureLines(plan('team'), landingTexts.pt.pricing, 'pt').map(plain)).toEqual([
      '5 usuários',
      '2 conexões de WhatsApp',
      '5 filas',
      'Campanhas para até 5 mil contatos por mês',
      '50 mil tokens de IA por mês',
    ]);
  });

  test('lists the Starter plan in the singular where it has one', () => {
    expect(planFeatureLines(plan('starter'), landingTexts.en.pricing, 'en')).toEqual(['2 users', '1 WhatsApp connection', '2 queues']);
  });

  test('gives Scale unlimited queues', () => {
    expect(planFeatureLines(plan('scale'), landingTexts.en.pricing, 'en')).toEqual([
      '50 users', '15 WhatsApp connections', 'Unlimited queues', 'Campaigns to up to 60K contacts a month', '600K AI tokens a month',
    ]);
  });

  test('sends a plan button to the sign-up with the plan named, and Enterprise to /contato', () => {
    expect(planActionPath(plan('business'))).toBe('/signup?plan=Business');
    expect(planActionPath(plan('enterprise'))).toBe('/contato');
  });
});
