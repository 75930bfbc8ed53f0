/**
 * The plans the landing page advertises (spec 2 §9): a fixed price list with the campaign and AI
 * allowances that sell them. It is marketing copy, not the plans table: the sign-up form lists the
 * plans the server actually offers (GET /plans/list), which a super user may name and price otherwise.
 */

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
