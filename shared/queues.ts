/**
 * Queues (departments) and their option menus (spec 3 §3, §5, §7, §9; spec 1 §5): the inputs the API
 * accepts, with the spec's field messages, and the shapes it answers. Imported by the backend and by
 * the web's queue dialog.
 */
import { z } from 'zod';
import { HEX_COLOR, withoutControls } from './text';
import { WEEKDAYS, type ScheduleEntry, type WeekdayEn } from './schedules';

export interface QueueDto {
  readonly id: string;
  readonly name: string;
  /** Unique in the company, compared without case (ERR_QUEUE_COLOR_ALREADY_EXISTS). */
  readonly color: string;
  readonly orderQueue: number;
  /** Required (not blank) while the company has more than one queue (ERR_WAPP_GREETING_REQUIRED). */
  readonly greetingMessage: string;
  readonly outOfHoursMessage: string;
  /** Weekly work hours; a day whose end equals its start is closed. */
  readonly schedules: readonly ScheduleEntry[];
  readonly promptId: string | null;
  readonly integrationId: string | null;
  readonly createdAt: string;
  readonly updatedAt: string;
}

/** One node of a queue's chatbot menu, with its whole subtree in `children` (menu order). */
export interface QueueOptionDto {
  readonly id: string;
  readonly queueId: string;
  /** null for the top level. */
  readonly parentId: string | null;
  readonly title: string;
  readonly message: string;
  /** Position among its siblings, the number the customer answers with. */
  readonly option: number;
  readonly children: readonly QueueOptionDto[];
}

export const QUEUE_NAME_MIN = 2;
export const QUEUE_NAME_MAX = 50;
export const QUEUE_COLOR_MIN = 3;
export const QUEUE_COLOR_MAX = 9;
/**
 * Bound of greeting, out-of-hours and option messages. Small enough that a queue event stays well
 * under the realtime frame limit (32 KB) even when every character needs a JSON escape.
 */
export const QUEUE_MESSAGE_MAX = 2000;
export const QUEUE_OPTION_TITLE_MAX = 100;
export const QUEUE_OPTION_POSITION_MAX = 999_999;

/** A required text field: 'Required' when absent or blank, as the spec's forms say it. */
const requiredText = () =>
  z
    .string({ error: (issue) => (issue.input === undefined || issue.input === null ? 'Required' : 'Must be text') })
    .overwrite(withoutControls)
    .trim()
    .min(1, { error: 'Required', abort: true });

const optionalMessage = z
  .string({ error: 'Must be text' })
  .max(QUEUE_MESSAGE_MAX, 'Too Long!')
  .nullable()
  .optional()
  // Absent or null on creation: empty. (On a PUT, `partial()` leaves an absent field undefined: kept.)
  .transform((text) => text ?? '');

const id = z.ulid('Invalid id');

/** An id the caller must send: 'Required' when absent. */
const requiredId = z.ulid({ error: (issue) => (issue.input === undefined ? 'Required' : 'Invalid id') });

/** An optional link to another entity: null (or '' from a cleared select) means none. */
const optionalLink = z.preprocess((value) => (value === '' ? null : value), id.nullable()).optional();

const TIME = /^([01]\d|2[0-3]):[0-5]\d$/;
const isTime = (text: string) => TIME.test(text);
const time = z.string({ error: 'Required' }).regex(TIME, 'Invalid time (HH:MM)');

const WEEKDAY_NAMES = WEEKDAYS.map(({ weekdayEn }) => weekdayEn) as [WeekdayEn, ...WeekdayEn[]];

const weekdayLabel = (weekdayEn: WeekdayEn): string =>
  WEEKDAYS.find((day) => day.weekdayEn === weekdayEn)?.weekday ?? weekdayEn;

/**
 * One day of work hours. `weekday` (the Portuguese label) is derived from `weekdayEn`, whatever the
 * client sends. An end equal to the start means closed that day; an end before the start is refused
 * (hours do not run past midnight).
 */
export const ScheduleEntryInput = z
  .object({
    weekday: z.string().max(50, 'Too Long!').optional(),
    weekdayEn: z.enum(WEEKDAY_NAMES, { error: 'Invalid weekday' }),
    startTime: time,
    endTime: time,
  })
  // Compared only when both are well-formed, so a bad time gets one message, not two.
  .refine((entry) => !isTime(entry.startTime) || !isTime(entry.endTime) || entry.endTime >= entry.startTime, {
    error: 'End time must not be before start time',
    path: ['endTime'],
  })
  .transform(
    (entry): ScheduleEntry => ({
      weekday: weekdayLabel(entry.weekdayEn),
      weekdayEn: entry.weekdayEn,
      startTime: entry.startTime,
      endTime: entry.endTime,
    }),
  );

/** A week of work hours: each weekday at most once, stored Monday first. */
export const WeeklySchedule = z
  .array(ScheduleEntryInput, { error: 'Invalid schedules' })
  .max(WEEKDAYS.length, 'One entry per weekday')
  .refine((entries) => new Set(entries.map((entry) => entry.weekdayEn)).size === entries.length, 'One entry per weekday')
  .transform((entries) =>
    [...entries].sort((a, b) => WEEKDAY_NAMES.indexOf(a.weekdayEn) - WEEKDAY_NAMES.indexOf(b.weekdayEn)),
  );

const queueFields = {
  name: requiredText().min(QUEUE_NAME_MIN, 'Too Short!').max(QUEUE_NAME_MAX, 'Too Long!'),
  color: requiredText()
    .min(QUEUE_COLOR_MIN, { error: 'Too Short!', abort: true })
    .max(QUEUE_COLOR_MAX, { error: 'Too Long!', abort: true })
    .regex(HEX_COLOR, 'Invalid color'),
  /** Position in lists (ascending, then by name); null or absent: after the existing queues. */
  orderQueue: z
    .number({ error: 'Must be a number' })
    .int('Must be a whole number')
    .min(0, 'Must be 0 or more')
    .max(QUEUE_OPTION_POSITION_MAX, 'Too big')
    .nullable()
    .optional(),
  greetingMessage: optionalMessage,
  outOfHoursMessage: optionalMessage,
  schedules: WeeklySchedule.optional(),
  // Only the format here: the prompt and the integration must be the company's (queues/save-queue.ts:
  // ERR_NO_PROMPT_FOUND, ERR_NO_INTEGRATION_FOUND).
  promptId: optionalLink,
  integrationId: optionalLink,
};

/** POST /queue. Absent optional fields get defaults (schedules: defaultQueueSchedule()). */
export const CreateQueueBody = z.object(queueFields);
export type CreateQueueBody = z.output<typeof CreateQueueBody>;

/** PUT /queue/{id}: the fields sent replace the stored ones; absent fields are kept. */
export const UpdateQueueBody = z.object(queueFields).partial();
export type UpdateQueueBody = z.output<typeof UpdateQueueBody>;

export const QueueParams = z.object({ id });

/** The top level of a menu: the spec's client sends parentId -1 (or nothing, or null). */
const TOP_LEVEL = new Set<unknown>([undefined, null, '', -1, '-1']);

const parentId = z.preprocess((value) => (TOP_LEVEL.has(value) ? null : value), id.nullable());

/** GET /queue-options?queueId=<id>&parentId=<id or -1>. */
export const QueueOptionsQuery = z.object({
  queueId: requiredId,
  parentId,
});
export type QueueOptionsQuery = z.output<typeof QueueOptionsQuery>;

const optionFields = {
  title: requiredText().max(QUEUE_OPTION_TITLE_MAX, 'Too Long!'),
  message: optionalMessage,
  /** Position among the siblings; absent: after the last one. */
  option: z
    .number({ error: 'Must be a number' })
    .int('Must be a whole number')
    .min(0, 'Must be 0 or more')
    .max(QUEUE_OPTION_POSITION_MAX, 'Too big')
    .optional(),
};

/** POST /queue-options. */
export const CreateQueueOptionBody = z.object({
  queueId: requiredId,
  parentId,
  ...optionFields,
});
export type CreateQueueOptionBody = z.output<typeof CreateQueueOptionBody>;

/** PUT /queue-options/{id}: title, message and position; an option does not move to another parent. */
export const UpdateQueueOptionBody = z.object(optionFields).partial();
export type UpdateQueueOptionBody = z.output<typeof UpdateQueueOptionBody>;

export const QueueOptionParams = z.object({ id });
