/**
 * How companies are answered: the summary of lists and writes, the detail of GET /companies/{id} and
 * the company-with-plan of GET /companies/listPlan/{id} (shared/companies.ts). Secrets never appear:
 * settings come through the settings repository, which blanks the write-only ones.
 */
import { BILLING_ADDRESS_FIELDS, type CompanyDetail, type CompanyPlan, type CompanySummary } from '../../../shared/companies';
import type { Plan } from '../../../shared/plans';
import { DEFAULT_SETTINGS } from '../../../shared/settings';
import type { Company } from '../repositories/companies';
import { getPlan, toPlan } from '../repositories/plans';
import { listSettings } from '../repositories/settings';

/** `campaignsEnabled` is the setting's string ('true' / 'false'); a company without the item has the default. */
export function companySummary(company: Company, planName: string, campaignsEnabled: string | undefined): CompanySummary {
  return {
    id: company.id,
    name: company.name,
    email: company.email,
    phone: company.phone,
    planId: company.planId,
    planName,
    status: company.status,
    dueDate: company.dueDate,
    recurrence: company.recurrence,
    campaignsEnabled: (campaignsEnabled ?? DEFAULT_SETTINGS.campaignsEnabled) === 'true',
    createdAt: company.createdAt,
    ...Object.fromEntries(BILLING_ADDRESS_FIELDS.map((field) => [field, company[field] ?? ''])),
  } as CompanySummary;
}

/** The detail: the summary with the plan, the settings (secrets blanked) and work hours. */
export async function companyDetail(company: Company): Promise<CompanyDetail> {
  const [plan, settings] = await Promise.all([getPlan(company.planId), listSettings(company.id)]);
  const campaignsEnabled = settings.find((setting) => setting.key === 'campaignsEnabled')?.value;
  return {
    ...companySummary(company, plan?.name ?? '', campaignsEnabled),
    plan: plan ? toPlan(plan) : null,
    settings,
    schedules: company.schedules,
  };
}

export function companyPlan(company: Company, plan: Plan): CompanyPlan {
  return {
    id: company.id,
    name: company.name,
    email: company.email,
    phone: company.phone,
    status: company.status,
    dueDate: company.dueDate,
    createdAt: company.createdAt,
    plan: toPlan(plan),
  };
}
