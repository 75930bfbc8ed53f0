/**
 * The plans the landing page sells (spec 2 §9: Starter to Scale; Enterprise is priced on request and is
 * no plan of its own), as the figures the landing's cards write and the platform's plans carry. A
 * landing button opens `/signup?plan=<name>`, which preselects the plan of that name in the sign-up's
 * list (GET /plans/list): the platform must offer a plan of each name. `npm start` creates them with the
 * demo (scripts/seed-demo.ts); on AWS the super user creates them in Planos (README, Behaviour notes).
 * Only types come from plans.ts, so the landing's download carries no zod.
 */
import type { Plan } from './plans';

export type OfferedPlanId = 'starter' | 'team' | 'business' | 'scale';

export interface OfferedPlan {
  readonly id: OfferedPlanId;
  readonly name: string;
  /** In BRL. */
  readonly monthlyPrice: number;
  readonly users: number;
  readonly connections: number;
  /** null: no cap. */
  readonly queues: number | null;
  /** Campaign contacts a month; null: no campaigns. */
  readonly campaignContacts: number | null;
  /** AI tokens a month; null: no AI. */
  readonly aiTokens: number | null;
}

export const OFFERED_PLANS: readonly OfferedPlan[] = [
  { id: 'starter', name: 'Starter', monthlyPrice: 99, users: 2, connections: 1, queues: 2, campaignContacts: null, aiTokens: null },
  { id: 'team', name: 'Team', monthlyPrice: 249, users: 5, connections: 2, queues: 5, campaignContacts: 5_000, aiTokens: 50_000 },
  { id: 'business', name: 'Business', monthlyPrice: 649, users: 15, connections: 5, queues: 10, campaignContacts: 20_000, aiTokens: 200_000 },
  { id: 'scale', name: 'Scale', monthlyPrice: 1_490, users: 50, connections: 15, queues: null, campaignContacts: 60_000, aiTokens: 600_000 },
];

/**
 * The queue limit of a plan without a cap: the server's limit is a number (a plan left at the default 0
 * never grants unlimited queues by accident), so "unlimited" is the largest the plan form accepts.
 */
export const NO_QUEUE_CAP = 1_000_000;

/** The platform's plan for an offered one: its limits and price, and every feature but campaigns and AI where it has none. */
export function offeredPlanRecord(plan: OfferedPlan, id: string): Plan {
  return {
    id,
    name: plan.name,
    users: plan.users,
    connections: plan.connections,
    queues: plan.queues ?? NO_QUEUE_CAP,
    value: plan.monthlyPrice,
    aiTokensPerMonth: plan.aiTokens ?? 0,
    useCampaigns: plan.campaignContacts !== null,
    useSchedules: true,
    useInternalChat: true,
    useExternalApi: true,
    useKanban: true,
    useOpenAi: plan.aiTokens !== null,
    useIntegrations: true,
  };
}
