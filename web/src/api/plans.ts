/** Plans: the public list the sign-up form offers (GET /plans/list, no session needed). */
import { useQuery } from '@tanstack/react-query';
import type { Plan } from '../../../shared/plans';
import { useServices } from '../app/services';

/** What GET /plans/list tells a visitor of each plan. */
export type PublicPlan = Pick<Plan, 'id' | 'name' | 'users' | 'connections' | 'queues' | 'value'>;

export const PUBLIC_PLANS_PATH = '/plans/list';

export const planKeys = {
  public: ['plans', 'public'] as const,
};

export function usePublicPlans() {
  const { api } = useServices();
  return useQuery({
    queryKey: planKeys.public,
    queryFn: ({ signal }) => api.get<PublicPlan[]>(PUBLIC_PLANS_PATH, { signal }),
  });
}
