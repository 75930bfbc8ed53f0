/**
 * The super user's company form (POST /companies): a company with the terms the super user chose and
 * its admin user, who signs in with the company's email and the password given in the form.
 *
 * Steps: check that the plan exists (ERR_VALIDATION on planId); create the company, its default
 * settings with `campaignsEnabled` as chosen, its first queue and its admin through createCompany, all
 * or nothing; answer the summary.
 */
import { FIRST_QUEUE, type CompanySummary, type CreateCompanyBody } from '../../../shared/companies';
import { getPlan } from '../repositories/plans';
import { createCompany } from './create-company';
import { companySummary } from './present-company';
import { invalidPlan } from './sign-up';

export async function createCompanyBySuperUser(input: CreateCompanyBody, now = new Date()): Promise<CompanySummary> {
  const plan = await getPlan(input.planId);
  if (!plan) throw invalidPlan();

  const campaignsEnabled = String(input.campaignsEnabled);
  const { company } = await createCompany(
    {
      company: {
        name: input.name,
        email: input.email,
        phone: input.phone,
        planId: plan.id,
        dueDate: input.dueDate,
        recurrence: input.recurrence,
        status: input.status,
      },
      admin: { name: input.name, email: input.email, password: input.password, super: false },
      settings: { campaignsEnabled },
      firstQueue: FIRST_QUEUE,
    },
    now,
  );
  return companySummary(company, plan.name, campaignsEnabled);
}
