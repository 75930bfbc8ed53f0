/**
 * Plans: the public list the sign-up form offers (GET /plans/list, no session needed), and the super
 * user's list with each plan's usage (GET /plans/all) and writes, as requests the Planos tab runs in its
 * mutations.
 */
import { useQuery } from '@tanstack/react-query';
import type { Plan, PlanFlag, PlanWithUsage } from '../../../shared/plans';
import { useServices } from '../runtime/services';
import type { ApiClient } from './client';

export type { Plan, PlanFlag, PlanWithUsage };

/** What GET /plans/list tells a visitor of each plan. */
export type PublicPlan = Pick<Plan, 'id' | 'name' | 'users' | 'connections' | 'queues' | 'value'>;

export const PUBLIC_PLANS_PATH = '/plans/list';
export const PLANS_PATH = '/plans';
export const ALL_PLANS_PATH = '/plans/all';
export const planPath = (planId: string) => `${PLANS_PATH}/${encodeURIComponent(planId)}`;

export const planKeys = {
  /** Every plan list (a write refreshes the public list and the super user's). */
  root: ['plans'] as const,
  public: ['plans', 'public'] as const,
  all: ['plans', 'all'] as const,
};

export function usePublicPlans() {
  const { api } = useServices();
  return useQuery({
    queryKey: planKeys.public,
    queryFn: ({ signal }) => api.get<PublicPlan[]>(PUBLIC_PLANS_PATH, { signal }),
  });
}

export function useAllPlans() {
  const { api } = useServices();
  return useQuery({
    queryKey: planKeys.all,
    queryFn: ({ signal }) => api.get<PlanWithUsage[]>(ALL_PLANS_PATH, { signal }),
  });
}

export type PlanBody = Omit<Plan, 'id'>;

/** Creates a plan, or updates `planId` when given. */
export function savePlan(api: ApiClient, body: PlanBody, planId?: string): Promise<PlanWithUsage> {
  return planId === undefined ? api.post<PlanWithUsage>(PLANS_PATH, body) : api.put<PlanWithUsage>(planPath(planId), body);
}

export function deletePlan(api: ApiClient, planId: string): Promise<void> {
  return api.delete<undefined>(planPath(planId));
}
