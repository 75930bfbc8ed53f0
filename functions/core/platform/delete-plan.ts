/**
 * The super user deletes a plan (DELETE /plans/{id}).
 *
 * Steps: delete the plan only while no company uses it (its `companiesCount`, checked in the delete's
 * own condition); a plan in use answers ERR_PLAN_IN_USE, a missing one ERR_NO_PLAN_FOUND.
 */
import { AppError } from '../errors';
import { deleteUnusedPlan } from '../repositories/plans';

export async function deletePlan(planId: string): Promise<void> {
  const outcome = await deleteUnusedPlan(planId);
  if (outcome === 'missing') throw new AppError('ERR_NO_PLAN_FOUND');
  if (outcome === 'in-use') {
    throw new AppError('ERR_PLAN_IN_USE', { message: 'Companies still use this plan; move them to another plan first' });
  }
}
