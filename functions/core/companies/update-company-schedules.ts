/**
 * The company's weekly work hours (PUT /companies/{id}/schedules, the Horários tab).
 *
 * Steps: a super user may set them for any company; anyone else needs `company:administer`
 * (ERR_NO_PERMISSION) and may name only their own company: another id answers ERR_NO_COMPANY_FOUND,
 * exactly like a missing one; replace the schedules of the live company; answer the company's detail.
 */
import type { CompanyDetail, CompanySchedulesBody } from '../../../shared/companies';
import { can } from '../../../shared/permissions';
import { AppError } from '../errors';
import { setCompanySchedules } from '../repositories/companies';
import type { Caller } from '../caller/load-caller';
import { visibleCompany } from './get-company';
import { companyDetail } from './present-company';

export async function updateCompanySchedules(
  caller: Caller,
  companyId: string,
  { schedules }: CompanySchedulesBody,
  now = new Date(),
): Promise<CompanyDetail> {
  if (!caller.isSuper && !can(caller.user.profile, 'company:administer')) throw new AppError('ERR_NO_PERMISSION');
  const company = await visibleCompany(caller, companyId);
  if (!(await setCompanySchedules(company.id, schedules, now))) throw new AppError('ERR_NO_COMPANY_FOUND');
  return companyDetail({ ...company, schedules, updatedAt: now.toISOString() });
}
