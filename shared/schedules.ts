/** Weekly work-hour schedules of queues and companies (spec 3 §3, §9). */
export const WEEKDAYS = [
  { weekday: 'Segunda-feira', weekdayEn: 'monday' },
  { weekday: 'Terça-feira', weekdayEn: 'tuesday' },
  { weekday: 'Quarta-feira', weekdayEn: 'wednesday' },
  { weekday: 'Quinta-feira', weekdayEn: 'thursday' },
  { weekday: 'Sexta-feira', weekdayEn: 'friday' },
  { weekday: 'Sábado', weekdayEn: 'saturday' },
  { weekday: 'Domingo', weekdayEn: 'sunday' },
] as const;

export type WeekdayEn = (typeof WEEKDAYS)[number]['weekdayEn'];

export interface ScheduleEntry {
  readonly weekday: string;
  readonly weekdayEn: WeekdayEn;
  /** HH:MM */
  readonly startTime: string;
  readonly endTime: string;
}

const HOURS: Readonly<Record<WeekdayEn, readonly [string, string]>> = {
  monday: ['08:00', '18:00'],
  tuesday: ['08:00', '18:00'],
  wednesday: ['08:00', '18:00'],
  thursday: ['08:00', '18:00'],
  friday: ['08:00', '18:00'],
  saturday: ['08:00', '12:00'],
  sunday: ['00:00', '00:00'],
};

/** A new queue's schedule: Monday to Friday 08:00-18:00, Saturday 08:00-12:00, Sunday closed. */
export const defaultQueueSchedule = (): ScheduleEntry[] =>
  WEEKDAYS.map(({ weekday, weekdayEn }) => ({
    weekday,
    weekdayEn,
    startTime: HOURS[weekdayEn][0],
    endTime: HOURS[weekdayEn][1],
  }));
