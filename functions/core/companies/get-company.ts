/**
 * One company for GET /companies/{id} and its plan for GET /companies/listPlan/{id}.
 *
 * Steps: a user who is not a super user may only name their own company; any other id answers
 * ERR_NO_COMPANY_FOUND exactly as a missing or deleted one does (docs/architecture.md §1.2), and the id from the
 * path is used only after that check; read the company (and its plan); answer the view.
 */
import type { CompanyDetail, CompanyPlan } from '../../../shared/companies';
import { AppError } from '../errors';
import { getLiveCompany, type Company } from '../repositories/companies';
import { getPlan } from '../repositories/plans';
import type { Caller } from '../caller/load-caller';
import { companyDetail, companyPlan } from './present-company';

/** The company the caller may see under this id, or ERR_NO_COMPANY_FOUND. */
export async function visibleCompany(caller: Caller, companyId: string): Promise<Company> {
  if (!caller.isSuper && companyId !== caller.companyId) throw new AppError('ERR_NO_COMPANY_FOUND');
  const company = await getLiveCompany(companyId);
  if (!company) throw new AppError('ERR_NO_COMPANY_FOUND');
  return company;
}

export async function getCompanyDetail(caller: Caller, companyId: string): Promise<CompanyDetail> {
  return companyDetail(await visibleCompany(caller, companyId));
}

export async function getCompanyPlan(caller: Caller, companyId: string): Promise<CompanyPlan> {
  const company = await visibleCompany(caller, companyId);
  const plan = await getPlan(company.planId);
  if (!plan) throw new AppError('ERR_NO_PLAN_FOUND');
  return companyPlan(company, plan);
}
