/**
 * Companies (spec 3 §7): one company's detail (GET /companies/{id}: an administrator reads their own,
 * the super user any) and its weekly work hours (PUT /companies/{id}/schedules, the Horários tab).
 */
import { useQuery } from '@tanstack/react-query';
// Types only: the shared module's schemas (and zod) stay out of the chunks that read these keys.
import type { CompanyDetail } from '../../../shared/companies';
import type { ScheduleEntry } from '../../../shared/schedules';
import { useServices } from '../app/services';
import type { ApiClient } from './client';

export type { CompanyDetail };

export const COMPANIES_PATH = '/companies';
export const companyPath = (companyId: string) => `${COMPANIES_PATH}/${encodeURIComponent(companyId)}`;
export const companySchedulesPath = (companyId: string) => `${companyPath(companyId)}/schedules`;

export const companyKeys = {
  all: ['companies'] as const,
  one: (companyId: string) => ['companies', 'one', companyId] as const,
};

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
