/**
 * What the subscription page says of the company's time (spec 3 §2 Subscription page, §4): the trial's
 * days left while a trial runs (the absolute day difference to its end, rounded up: shared/billing.ts
 * trialDaysLeft), else the due date. A trial that has ended says nothing of its days: the due date is
 * what holds then.
 */
import { trialDaysLeft, type BillingDetails } from '../../../shared/billing';
import { utcToday } from '../auth/subscription';

export type SubscriptionSummary =
  | { readonly kind: 'trial'; readonly days: number }
  | { readonly kind: 'due'; readonly dueDate: string }
  | { readonly kind: 'none' };

export function subscriptionSummary(details: Pick<BillingDetails, 'trialExpiration' | 'dueDate'>, now: Date): SubscriptionSummary {
  const { trialExpiration, dueDate } = details;
  // The day, in UTC as the server counts it: a trial runs through its last day.
  if (trialExpiration !== null && trialExpiration !== '' && trialExpiration.slice(0, 10) >= utcToday(now)) {
    return { kind: 'trial', days: trialDaysLeft(trialExpiration, now) };
  }
  return dueDate === null || dueDate === '' ? { kind: 'none' } : { kind: 'due', dueDate };
}
