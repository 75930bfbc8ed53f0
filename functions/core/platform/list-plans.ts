/**
 * Reading plans: the public list of the landing and sign-up pages (GET /plans/list: the plan's own
 * fields, nothing about who uses it), and the super user's views with the usage count (GET /plans/all,
 * GET /plans/{id}). Plans are a handful of items in one partition, read with one Query.
 */
import type { Plan, PlanWithUsage } from '../../../shared/plans';
import { AppError } from '../errors';
import { getPlanWithUsage, listPlans, listPlansWithUsage, toPlan } from '../repositories/plans';

const byValueThenName = (a: Plan, b: Plan): number => a.value - b.value || a.name.localeCompare(b.name);

export async function listPublicPlans(): Promise<Plan[]> {
  return (await listPlans()).map(toPlan).sort(byValueThenName);
}

export async function listAllPlans(): Promise<PlanWithUsage[]> {
  return (await listPlansWithUsage()).sort(byValueThenName);
}

export async function getPlanForSuperUser(planId: string): Promise<PlanWithUsage> {
  const plan = await getPlanWithUsage(planId);
  if (!plan) throw new AppError('ERR_NO_PLAN_FOUND');
  return plan;
}
