/**
 * Companies (spec 3 §7): one company's detail (GET /companies/{id}: an administrator reads their own,
 * the super user any) and its weekly work hours (PUT /companies/{id}/schedules, the Horários tab); the
 * super user's list (GET /companies/list, a few hundred tenants at most, read in one call) and writes,
 * as requests the Empresas tab runs in its mutations.
 */
import { useQuery } from '@tanstack/react-query';
// Types only: the shared module's schemas (and zod) stay out of the chunks that read these keys.
import type { BillingAddress, CompanyDetail, CompanySummary, Recurrence } from '../../../shared/companies';
import type { ScheduleEntry } from '../../../shared/schedules';
import { useServices } from '../runtime/services';
import type { ApiClient } from './client';

export type { CompanyDetail, CompanySummary, Recurrence };

export const COMPANIES_PATH = '/companies';
export const companyPath = (companyId: string) => `${COMPANIES_PATH}/${encodeURIComponent(companyId)}`;
export const COMPANY_LIST_PATH = `${COMPANIES_PATH}/list`;
export const companySchedulesPath = (companyId: string) => `${companyPath(companyId)}/schedules`;

export const companyKeys = {
  all: ['companies'] as const,
  one: (companyId: string) => ['companies', 'one', companyId] as const,
  list: ['companies', 'list'] as const,
};

export function useCompanyList() {
  const { api } = useServices();
  return useQuery({
    queryKey: companyKeys.list,
    queryFn: ({ signal }) => api.get<CompanySummary[]>(COMPANY_LIST_PATH, { signal }),
  });
}

/** The company form's body (POST /companies needs the admin's password; PUT /companies/{id} takes any field). */
export interface CompanyBody extends Partial<BillingAddress> {
  readonly name?: string;
  readonly email?: string;
  readonly phone?: string;
  readonly planId?: string;
  readonly status?: boolean;
  readonly dueDate?: string | null;
  readonly recurrence?: Recurrence;
  readonly campaignsEnabled?: boolean;
  readonly password?: string;
}

/** Creates a company (with its admin), or updates `companyId` when given. */
export function saveCompany(api: ApiClient, body: CompanyBody, companyId?: string): Promise<CompanySummary> {
  return companyId === undefined ? api.post<CompanySummary>(COMPANIES_PATH, body) : api.put<CompanySummary>(companyPath(companyId), body);
}

export function deleteCompany(api: ApiClient, companyId: string): Promise<void> {
  return api.delete<undefined>(companyPath(companyId));
}

export function useCompanyDetail(companyId: string) {
  const { api } = useServices();
  return useQuery({
    queryKey: companyKeys.one(companyId),
    queryFn: ({ signal }) => api.get<CompanyDetail>(companyPath(companyId), { signal }),
  });
}

/** The week as PUT /companies/{id}/schedules takes it (the weekday's Portuguese name is the server's to fill). */
export type ScheduleBody = Pick<ScheduleEntry, 'weekdayEn' | 'startTime' | 'endTime'>;

export function saveCompanySchedules(api: ApiClient, companyId: string, schedules: readonly ScheduleBody[]): Promise<CompanyDetail> {
  return api.put<CompanyDetail>(companySchedulesPath(companyId), { schedules });
}
