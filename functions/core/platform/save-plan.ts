/**
 * The super user's plan form (spec 3 §3): POST /plans creates a plan with the spec's defaults (limits
 * and value 0, every `use*` flag on; applied by the schema), PUT /plans/{id} changes the fields given.
 * A plan change reaches its companies at once: sessions read the plan on every call.
 */
import { ulid } from 'ulid';
import type { CreatePlanBody, PlanWithUsage, UpdatePlanBody } from '../../../shared/plans';
import { AppError } from '../errors';
import { putNewPlan, updatePlan } from '../repositories/plans';

export async function createPlan(input: CreatePlanBody, now = new Date()): Promise<PlanWithUsage> {
  return putNewPlan({ id: ulid(), ...input }, now);
}

export async function changePlan(planId: string, input: UpdatePlanBody, now = new Date()): Promise<PlanWithUsage> {
  const plan = await updatePlan(planId, input, now);
  if (!plan) throw new AppError('ERR_NO_PLAN_FOUND');
  return plan;
}
