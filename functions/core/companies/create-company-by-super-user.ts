/**
 * The super user's company form (POST /companies): a company with the terms the super user chose and
 * its admin user, who signs in with the company's email and the password given in the form.
 *
 * Steps: check that the plan exists (ERR_VALIDATION on planId); create the company, its default
 * settings with `campaignsEnabled` as chosen, its first queue and its admin through createCompany, all
 * or nothing; answer the summary.
 */
import type { CompanySummary, CreateCompanyBody } from '../../../shared/companies';
import { createCompanyFromForm } from './create-company';

export async function createCompanyBySuperUser(input: CreateCompanyBody, now = new Date()): Promise<CompanySummary> {
  const { dueDate, recurrence, status } = input;
  return createCompanyFromForm(input, { dueDate, recurrence, status, campaignsEnabled: String(input.campaignsEnabled) }, now);
}
