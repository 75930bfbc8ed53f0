/**
 * What /subscription says of the company's time (spec 3 §2, §4; checklist A-042): the trial's days left,
 * rounded up, while a trial runs; else the due date.
 */
import { subscriptionSummary } from '../../../../web/src/billing/subscription-summary';
import { billingTexts } from '../../../../web/src/billing/texts';
import { countText, textsIn } from '../../../../web/src/i18n/texts';

const now = new Date('2026-03-10T12:00:00.000Z');

describe('the subscription page’s line', () => {
  test('counts a trial ending in 2.3 days as 3 days', () => {
    const trialExpiration = new Date(now.getTime() + 2.3 * 86_400_000).toISOString();

    const summary = subscriptionSummary({ trialExpiration, dueDate: '2026-03-20' }, now);

    expect(summary).toEqual({ kind: 'trial', days: 3 });
    expect(countText(textsIn(billingTexts, 'pt').subscription.trialDays, 3, 'pt')).toBe('Seu período de teste termina em 3 dias.');
  });

  test('says the due date once the trial has ended', () => {
    expect(subscriptionSummary({ trialExpiration: '2026-03-01', dueDate: '2026-04-01' }, now)).toEqual({ kind: 'due', dueDate: '2026-04-01' });
  });

  test('says the due date for a company without a trial, and nothing without either', () => {
    expect(subscriptionSummary({ trialExpiration: null, dueDate: '2026-04-01' }, now)).toEqual({ kind: 'due', dueDate: '2026-04-01' });
    expect(subscriptionSummary({ trialExpiration: null, dueDate: null }, now)).toEqual({ kind: 'none' });
  });

  test('counts a trial through its last day', () => {
    expect(subscriptionSummary({ trialExpiration: '2026-03-10', dueDate: null }, now)).toEqual({ kind: 'trial', days: 1 });
  });
});
