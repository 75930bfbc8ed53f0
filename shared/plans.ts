/**
 * Plans (spec 3 §3): limits and the feature flags the server enforces on every gated route, and the
 * input schemas of the plans routes.
 */
import { z } from 'zod';
import { withoutControls } from './text';

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
  /**
   * Ours: the AI tokens (prompt and answer) a company's prompts may use in a calendar month (UTC);
   * past it tickets go to agents. 0: the AI answers nobody.
   */
  readonly aiTokensPerMonth: number;
}

/** The cap of a plan that does not say (and of plans stored before the cap existed). */
export const AI_TOKENS_PER_MONTH_DEFAULT = 1_000_000;

/** Every feature flag on, for plans that include everything (the demo plan, the platform plan). */
export const ALL_FEATURES: Readonly<Record<PlanFlag, boolean>> = Object.fromEntries(
  PLAN_FLAGS.map((flag) => [flag, true]),
) as Record<PlanFlag, boolean>;

// ---- plans routes (spec 3 §3, §9) -------------------------------------------------------------------

const required = (issue: { input: unknown }) => (issue.input === undefined || issue.input === null ? 'Required' : 'Invalid value');

const planName = z.string({ error: required }).overwrite(withoutControls).trim().min(1, { error: 'Required', abort: true }).max(50, 'Too Long!');
const tokens = z.number({ error: 'Invalid number' }).int('Invalid number').min(0, 'Invalid number').max(1_000_000_000, 'Invalid number');
const limit = z.number({ error: 'Invalid number' }).int('Invalid number').min(0, 'Invalid number').max(1_000_000, 'Invalid number');
const price = z.number({ error: 'Invalid number' }).min(0, 'Invalid number').max(10_000_000, 'Invalid number');
const flag = z.boolean({ error: 'Invalid value' });

const flagFields = <T extends z.ZodType>(make: () => T) =>
  Object.fromEntries(PLAN_FLAGS.map((name) => [name, make()])) as Record<PlanFlag, T>;

/** POST /plans: the spec's defaults are users, connections and queues 0, value 0, every `use*` flag on. */
export const CreatePlanBody = z.object({
  name: planName,
  users: limit.optional().default(0),
  connections: limit.optional().default(0),
  queues: limit.optional().default(0),
  value: price.optional().default(0),
  aiTokensPerMonth: tokens.optional().default(AI_TOKENS_PER_MONTH_DEFAULT),
  ...flagFields(() => flag.optional().default(true)),
});
export type CreatePlanBody = z.output<typeof CreatePlanBody>;

/** PUT /plans/{id}: any field; the ones left out stay as they are. */
export const UpdatePlanBody = z.object({
  name: planName.optional(),
  users: limit.optional(),
  connections: limit.optional(),
  queues: limit.optional(),
  value: price.optional(),
  aiTokensPerMonth: tokens.optional(),
  ...flagFields(() => flag.optional()),
});
export type UpdatePlanBody = z.output<typeof UpdatePlanBody>;

export const PlanIdParams = z.object({ id: z.string().trim().min(1, 'Required').max(64, 'Invalid id') });

/** A plan as the super user's routes answer it: with how many companies use it (delete is refused then). */
export interface PlanWithUsage extends Plan {
  readonly companiesCount: number;
}
