/**
 * The plans the landing page advertises (spec 2 §9): a fixed price list with the campaign and AI
 * allowances that sell them. It is marketing copy, not the plans table: the sign-up form lists the
 * plans the server actually offers (GET /plans/list), which a super user may name and price otherwise.
 */
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
  {
    id: 'starter', name: 'Starter', monthlyPrice: 99, users: 2, connections: 1, queues: 2, unlimitedQueues: false,
    campaignContacts: null, aiTokens: null, action: '/signup', highlighted: false,
  },
  {
    id: 'team', name: 'Team', monthlyPrice: 249, users: 5, connections: 2, queues: 5, unlimitedQueues: false,
    campaignContacts: 5_000, aiTokens: 50_000, action: '/signup', highlighted: true,
  },
  {
    id: 'business', name: 'Business', monthlyPrice: 649, users: 15, connections: 5, queues: 10, unlimitedQueues: false,
    campaignContacts: 20_000, aiTokens: 200_000, action: '/signup', highlighted: false,
  },
  {
    id: 'scale', name: 'Scale', monthlyPrice: 1_490, users: 50, connections: 15, queues: null, unlimitedQueues: true,
    campaignContacts: 60_000, aiTokens: 600_000, action: '/signup', highlighted: false,
  },
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
