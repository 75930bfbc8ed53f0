/**
 * The Horários tab without React (spec 3 §2 Settings, §3 schedule entry, §9: the company's week starts
 * empty): the seven rows of a stored week, the body of PUT /companies/{id}/schedules, and the schedule
 * schema's messages as keys of the page's dictionary.
 */
import type { ScheduleBody } from '../api/companies';
import { weekOf, type WorkDay } from '../components/work-hours';
import type { ScheduleEntry } from '../../../shared/schedules';

export interface CompanyHoursValues {
  readonly schedules: readonly WorkDay[];
}

/** The stored week as seven rows; a day it lacks (all of them for a new company) shows closed, 00:00-00:00. */
export function companyHoursOf(schedules: readonly Pick<ScheduleEntry, 'weekdayEn' | 'startTime' | 'endTime'>[]): CompanyHoursValues {
  return { schedules: weekOf(schedules) };
}

/** Every row is sent: a closed day is stored as 00:00-00:00, which the bot reads as closed, like a missing day. */
export function companyHoursBody(values: CompanyHoursValues): { readonly schedules: ScheduleBody[] } {
  return { schedules: values.schedules.map(({ weekdayEn, startTime, endTime }) => ({ weekdayEn, startTime, endTime })) };
}

const MESSAGE_KEYS = {
  'Invalid time (HH:MM)': 'invalidTime',
  'End time must not be before start time': 'endBeforeStart',
} as const;

export type CompanyHoursMessageKey = (typeof MESSAGE_KEYS)[keyof typeof MESSAGE_KEYS];

/** A schema message as a key of the dictionary, or the server's text as it came when unknown. */
export function companyHoursMessage(message: string | undefined): { readonly key: CompanyHoursMessageKey } | { readonly text: string } | undefined {
  if (message === undefined) return undefined;
  const key = (MESSAGE_KEYS as Readonly<Record<string, CompanyHoursMessageKey>>)[message];
  return key === undefined ? { text: message } : { key };
}
