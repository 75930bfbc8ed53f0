/**
 * The super user's company lists: GET /companies (search and pages) and GET /companies/list (all, for
 * the Empresas tab).
 *
 * Steps: read every live company with one Query of the list index, sorted by name, and the plans (a
 * handful); keep the ones matching the search (name, email or phone, accents and case folded); take the
 * page; read the `campaignsEnabled` setting of just those companies by key; answer summaries.
 */
import type { CompaniesPage, CompanySummary } from '../../../shared/companies';
import { matchesSearch, paginate, type ListQuery } from '../http/pagination';
import { listCompanies, type Company } from '../repositories/companies';
import { listPlans } from '../repositories/plans';
import { settingOfCompanies } from '../repositories/settings';
import { companySummary } from './present-company';

async function summaries(companies: readonly Company[]): Promise<CompanySummary[]> {
  const [plans, campaigns] = await Promise.all([
    listPlans(),
    settingOfCompanies(
      'campaignsEnabled',
      companies.map((company) => company.id),
    ),
  ]);
  const planNames = new Map(plans.map((plan) => [plan.id, plan.name]));
  return companies.map((company) => companySummary(company, planNames.get(company.planId) ?? '', campaigns.get(company.id)));
}

const liveCompanies = async (): Promise<Company[]> => (await listCompanies()).filter((company) => !company.deletedAt);

export async function listCompaniesPage({ searchParam, pageNumber }: ListQuery): Promise<CompaniesPage> {
  const matching = (await liveCompanies()).filter((company) => matchesSearch(searchParam, company.name, company.email, company.phone));
  const { page, hasMore } = paginate(matching, pageNumber);
  return { companies: await summaries(page), hasMore };
}

export async function listAllCompanies(): Promise<CompanySummary[]> {
  return summaries(await liveCompanies());
}
