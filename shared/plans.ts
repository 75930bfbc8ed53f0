/** Plans (spec 3 §3): limits and the feature flags the server enforces on every gated route. */
export const PLAN_FLAGS = [
  'useCampaigns',
  'useSchedules',
  'useInternalChat',
  'useExternalApi',
  'useKanban',
  'useOpenAi',
  'useIntegrations',
] as const;

export type PlanFlag = (typeof PLAN_FLAGS)[number];

export interface Plan extends Readonly<Record<PlanFlag, boolean>> {
  readonly id: string;
  readonly name: string;
  /** Limits: number of users, connections and queues a company on this plan may have. */
  readonly users: number;
  readonly connections: number;
  readonly queues: number;
  /** Monthly price in BRL. */
  readonly value: number;
}

/** Every feature flag on, for plans that include everything (the demo plan, the platform plan). */
export const ALL_FEATURES: Readonly<Record<PlanFlag, boolean>> = Object.fromEntries(
  PLAN_FLAGS.map((flag) => [flag, true]),
) as Record<PlanFlag, boolean>;
