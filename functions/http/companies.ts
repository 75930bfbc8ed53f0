/**
 * Companies: the public sign-up, the super user's company administration (spec 3 §2 Empresas, §7),
 * a company's work hours and a company's own plan. The tenant of every non-super call is the session's;
 * an id of another company answers like a missing one.
 */
import { CompanyIdParams, CompanySchedulesBody, CreateCompanyBody, SignUpBody, UpdateCompanyBody } from '../../shared/companies';
import { httpModule, publicRoute, callerRoute } from '../core/http/http-module';
import { ListQuery } from '../core/http/pagination';
import { created, noContent, ok } from '../core/http/reply';
import { createCompanyBySuperUser } from '../core/companies/create-company-by-super-user';
import { deleteCompany } from '../core/companies/delete-company';
import { getCompanyDetail, getCompanyPlan } from '../core/companies/get-company';
import { listAllCompanies, listCompaniesPage } from '../core/companies/list-companies';
import { signUp } from '../core/auth/sign-up';
import { updateCompany } from '../core/companies/update-company';
import { updateCompanySchedules } from '../core/companies/update-company-schedules';

const superUser = { superUser: true } as const;

export const handler = httpModule('companies', {
  'POST /companies/cadastro': publicRoute({ body: SignUpBody }, async ({ body, event }) =>
    created(await signUp(body, event.requestContext.http.sourceIp)),
  ),
  'GET /companies': callerRoute({ query: ListQuery, access: superUser }, async ({ query }) => ok(await listCompaniesPage(query))),
  'GET /companies/list': callerRoute({ access: superUser }, async () => ok(await listAllCompanies())),
  'GET /companies/{id}': callerRoute({ params: CompanyIdParams }, async ({ params, caller }) =>
    ok(await getCompanyDetail(caller, params.id)),
  ),
  'POST /companies': callerRoute({ body: CreateCompanyBody, access: superUser }, async ({ body }) =>
    created(await createCompanyBySuperUser(body)),
  ),
  'PUT /companies/{id}': callerRoute({ params: CompanyIdParams, body: UpdateCompanyBody, access: superUser }, async ({ params, body }) =>
    ok(await updateCompany(params.id, body)),
  ),
  'DELETE /companies/{id}': callerRoute({ params: CompanyIdParams, access: superUser }, async ({ params, caller }) => {
    await deleteCompany(caller, params.id);
    return noContent();
  }),
  'PUT /companies/{id}/schedules': callerRoute({ params: CompanyIdParams, body: CompanySchedulesBody }, async ({ params, body, caller }) =>
    ok(await updateCompanySchedules(caller, params.id, body)),
  ),
  'GET /companies/listPlan/{id}': callerRoute({ params: CompanyIdParams }, async ({ params, caller }) =>
    ok(await getCompanyPlan(caller, params.id)),
  ),
});
