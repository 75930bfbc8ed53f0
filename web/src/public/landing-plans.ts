/**
 * The plans the landing page advertises (spec 2 §9): the offered plans (shared/offered-plans.ts, whose
 * names the platform's plans carry, so a plan's button preselects its plan in the sign-up) and the
 * Enterprise plan, priced on request. The sign-up form lists the plans the server actually offers
 * (GET /plans/list).
 */
import { OFFERED_PLANS } from '../../../shared/offered-plans';
import { LANGUAGE_TAGS, type Language } from '../i18n/language';
import { format, type Texts } from '../i18n/texts';
import type { landingTexts } from './landing-texts';

export type LandingPlanId = 'starter' | 'team' | 'business' | 'scale' | 'enterprise';

export interface LandingPlan {
  readonly id: LandingPlanId;
  readonly name: string;
  /** Monthly price in BRL; null for a plan priced on request. */
  readonly monthlyPrice: number | null;
  readonly users: number | null;
  readonly connections: number | null;
  /** null with `unlimitedQueues` for no cap. */
  readonly queues: number | null;
  readonly unlimitedQueues: boolean;
  /** Campaign contacts per month. */
  readonly campaignContacts: number | null;
  /** AI tokens per month. */
  readonly aiTokens: number | null;
  /** Where the plan's button leads: the sign-up, or a conversation for a plan on request. */
  readonly action: '/signup' | '/contato';
  readonly highlighted: boolean;
}

export const LANDING_PLANS: readonly LandingPlan[] = [
  ...OFFERED_PLANS.map(
    (plan): LandingPlan => ({
      ...plan,
      unlimitedQueues: plan.queues === null,
      action: '/signup',
      // The card marked 'Recomendado'.
      highlighted: plan.id === 'team',
    }),
  ),
  {
    id: 'enterprise', name: 'Enterprise', monthlyPrice: null, users: null, connections: null, queues: null,
    unlimitedQueues: false, campaignContacts: null, aiTokens: null, action: '/contato', highlighted: false,
  },
];

type PricingTexts = Texts<typeof landingTexts.pt>['pricing'];

/** The lines of a plan card's list, in the card's order: people, numbers, queues, then the extras. */
export function planFeatureLines(plan: LandingPlan, texts: PricingTexts, language: Language): string[] {
  const compact = new Intl.NumberFormat(LANGUAGE_TAGS[language], { notation: 'compact' });
  const lines: string[] = [];
  if (plan.users !== null) lines.push(plan.users === 1 ? texts.usersOne : format(texts.usersMany, { count: plan.users }));
  if (plan.connections !== null) {
    lines.push(plan.connections === 1 ? texts.connectionsOne : format(texts.connectionsMany, { count: plan.connections }));
  }
  if (plan.unlimitedQueues) lines.push(texts.queuesUnlimited);
  else if (plan.queues !== null) lines.push(format(texts.queuesMany, { count: plan.queues }));
  if (plan.campaignContacts !== null) lines.push(format(texts.campaigns, { count: compact.format(plan.campaignContacts) }));
  if (plan.aiTokens !== null) lines.push(format(texts.aiTokens, { count: compact.format(plan.aiTokens) }));
  if (plan.monthlyPrice === null) lines.push(texts.enterprise);
  return lines;
}

/** Where a plan's button leads: the sign-up with the plan named (see SignUpPage), or the contact page. */
export function planActionPath(plan: LandingPlan): string {
  return plan.action === '/signup' ? `/signup?plan=${encodeURIComponent(plan.name)}` : plan.action;
}
