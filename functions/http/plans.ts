/**
 * Plans: the public list for the landing and sign-up pages, and the super user's plan administration
 * (spec 3 §2 Planos).
 */
import { CreatePlanBody, PlanIdParams, UpdatePlanBody } from '../../shared/plans';
import { httpModule, publicRoute, callerRoute } from '../core/http/http-module';
import { created, noContent, ok } from '../core/http/reply';
import { deletePlan } from '../core/platform/delete-plan';
import { getPlanForSuperUser, listAllPlans, listPublicPlans } from '../core/platform/list-plans';
import { changePlan, createPlan } from '../core/platform/save-plan';

const superUser = { superUser: true } as const;

export const handler = httpModule('plans', {
  'GET /plans/list': publicRoute({}, async () => ok(await listPublicPlans())),
  'GET /plans/all': callerRoute({ access: superUser }, async () => ok(await listAllPlans())),
  'GET /plans/{id}': callerRoute({ params: PlanIdParams, access: superUser }, async ({ params }) => ok(await getPlanForSuperUser(params.id))),
  'POST /plans': callerRoute({ body: CreatePlanBody, access: superUser }, async ({ body }) => created(await createPlan(body))),
  'PUT /plans/{id}': callerRoute({ params: PlanIdParams, body: UpdatePlanBody, access: superUser }, async ({ params, body }) =>
    ok(await changePlan(params.id, body)),
  ),
  'DELETE /plans/{id}': callerRoute({ params: PlanIdParams, access: superUser }, async ({ params }) => {
    await deletePlan(params.id);
    return noContent();
  }),
});
