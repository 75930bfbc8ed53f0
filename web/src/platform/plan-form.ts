/**
 * The Planos tab without React (spec 3 §3, §9): the plan form's values as typed (limits and value are
 * text inputs), the body it sends, and the schema the server checks it with. A new plan starts at the
 * spec's defaults: 0 users, connections and queues, value 0, every feature flag on.
 */
import { AI_TOKENS_PER_MONTH_DEFAULT, CreatePlanBody, PLAN_FLAGS, UpdatePlanBody, type PlanFlag } from '../../../shared/plans';
import type { PlanBody, PlanWithUsage } from '../api/plans';

export interface PlanFormValues {
  readonly name: string;
  readonly users: string;
  readonly connections: string;
  readonly queues: string;
  /** Reais, typed with a comma or a point for the cents. */
  readonly value: string;
  /** The AI tokens a month (ours). */
  readonly aiTokensPerMonth: string;
  readonly flags: Readonly<Record<PlanFlag, boolean>>;
}

export { PLAN_FLAGS };

export function emptyPlanForm(): PlanFormValues {
  return {
    name: '',
    users: '0',
    connections: '0',
    queues: '0',
    value: '0',
    aiTokensPerMonth: String(AI_TOKENS_PER_MONTH_DEFAULT),
    flags: Object.fromEntries(PLAN_FLAGS.map((flag) => [flag, true])) as Record<PlanFlag, boolean>,
  };
}

export function planFormOf(plan: PlanWithUsage): PlanFormValues {
  return {
    name: plan.name,
    users: String(plan.users),
    connections: String(plan.connections),
    queues: String(plan.queues),
    value: String(plan.value).replace('.', ','),
    aiTokensPerMonth: String(plan.aiTokensPerMonth),
    flags: Object.fromEntries(PLAN_FLAGS.map((flag) => [flag, plan[flag]])) as Record<PlanFlag, boolean>,
  };
}

/** A typed number: blank is 0 (the spec's default); a comma is the decimal mark; anything else NaN for the schema to refuse. */
export function numberOf(typed: string): number {
  const text = typed.trim().replace(',', '.');
  return text === '' ? 0 : Number(text);
}

export function planBody(values: PlanFormValues): PlanBody {
  return {
    name: values.name,
    users: numberOf(values.users),
    connections: numberOf(values.connections),
    queues: numberOf(values.queues),
    value: numberOf(values.value),
    aiTokensPerMonth: numberOf(values.aiTokensPerMonth),
    ...values.flags,
  };
}

export function planSchema(creating: boolean) {
  return creating ? CreatePlanBody : UpdatePlanBody;
}

/** The value in Brazilian reais (spec 3 §9). */
export function shownPrice(value: number): string {
  return new Intl.NumberFormat('pt-BR', { style: 'currency', currency: 'BRL' }).format(value);
}
