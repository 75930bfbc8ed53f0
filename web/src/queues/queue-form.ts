/**
 * The queue dialog without React: its values, the body it sends, the schema that checks it (the
 * server's own, shared/queues.ts, plus the option drafts checked with the option routes' rules), the
 * tab each message belongs to, and the messages as keys of the page's dictionary.
 */
import { CreateQueueBody, CreateQueueOptionBody, UpdateQueueBody, type QueueDto, type QueueOptionDto } from '../../../shared/queues';
import type { QueueBody } from '../api/queues';
import type { FieldMessages } from '../components/use-schema-form';
import { firstFreeColor } from './queue-colors';
import { draftsOf, flattenOptions, type OptionDraft } from './option-tree';
import { defaultWeek, weekOf, type WorkDay } from '../components/work-hours';

export interface QueueFormValues {
  readonly name: string;
  /** As typed in the hex field (the swatches write it too). */
  readonly color: string;
  /** As typed; empty: after the existing queues. */
  readonly orderQueue: string;
  readonly greetingMessage: string;
  readonly outOfHoursMessage: string;
  readonly schedules: readonly WorkDay[];
  /** The draft of the option menu, written with the queue. */
  readonly options: readonly OptionDraft[];
  /** The AI prompt that answers the queue's customers; '' for none. */
  readonly promptId: string;
  /** The chatbot integration the queue hands its customers to; '' for none. */
  readonly integrationId: string;
}

/**
 * Which links the dialog shows and sends: each only with its plan flag (`useOpenAi`, `useIntegrations`),
 * whose API it needs; a link not sent is kept as stored.
 */
export interface QueueLinks {
  readonly prompt: boolean;
  readonly integration: boolean;
}

export const NO_LINKS: QueueLinks = { prompt: false, integration: false };

/** What the form's schema checks: the queue's body and the options' titles and messages, parent first. */
export interface QueueFormBody extends QueueBody {
  readonly options: readonly { readonly title: string; readonly message: string }[];
  /** The draft tree itself, for the saving (the schema reads `options`, and passes over this key). */
  readonly menu: readonly OptionDraft[];
}

export function emptyQueueForm(takenColors: readonly string[]): QueueFormValues {
  return {
    name: '',
    color: firstFreeColor(takenColors),
    orderQueue: '',
    greetingMessage: '',
    outOfHoursMessage: '',
    schedules: defaultWeek(),
    options: [],
    promptId: '',
    integrationId: '',
  };
}

export function queueFormOf(queue: QueueDto, options: readonly QueueOptionDto[]): QueueFormValues {
  return {
    name: queue.name,
    color: queue.color,
    orderQueue: String(queue.orderQueue),
    greetingMessage: queue.greetingMessage,
    outOfHoursMessage: queue.outOfHoursMessage,
    schedules: weekOf(queue.schedules),
    options: draftsOf(options),
    promptId: queue.promptId ?? '',
    integrationId: queue.integrationId ?? '',
  };
}

/** The typed order as the API takes it: empty is none (null), anything else a number for the schema to judge. */
export function orderOf(typed: string): number | null {
  const text = typed.trim();
  return text === '' ? null : Number(text);
}

/** What the form sends; the prompt and the integration only where `links` says (none chosen: null). */
export function queueFormBody(values: QueueFormValues, links: QueueLinks = NO_LINKS): QueueFormBody {
  return {
    name: values.name,
    color: values.color.trim(),
    orderQueue: orderOf(values.orderQueue),
    greetingMessage: values.greetingMessage,
    outOfHoursMessage: values.outOfHoursMessage,
    schedules: values.schedules.map(({ weekdayEn, startTime, endTime }) => ({ weekdayEn, startTime, endTime })),
    ...(links.prompt && { promptId: values.promptId === '' ? null : values.promptId }),
    ...(links.integration && { integrationId: values.integrationId === '' ? null : values.integrationId }),
    options: flattenOptions(values.options).map(({ node }) => ({ title: node.title, message: node.message })),
    menu: values.options,
  };
}

/** The queue's part of the body (POST /queue, PUT /queue/{id}). */
export function queueBodyOf({ options: _options, menu: _menu, ...queue }: QueueFormBody): QueueBody {
  return queue;
}

const OptionFields = CreateQueueOptionBody.pick({ title: true, message: true });

/** The schema of the form's body: POST /queue's, or PUT /queue/{id}'s when editing, with the options. */
export function queueFormSchema(editing: boolean) {
  return (editing ? UpdateQueueBody : CreateQueueBody).extend({ options: OptionFields.array() });
}

export type QueueTab = 'queue' | 'hours' | 'options';

/** The tab that shows a message's field (a path such as `schedules.2.endTime` or `options.4.title`). */
export function tabOfField(path: string): QueueTab {
  if (path.startsWith('schedules')) return 'hours';
  if (path.startsWith('options')) return 'options';
  return 'queue';
}

/** The first tab, in the dialog's order, with a message; undefined when none has one. */
export function firstTabWithMessages(messages: FieldMessages): QueueTab | undefined {
  const tabs = new Set(Object.keys(messages).map(tabOfField));
  return (['queue', 'hours', 'options'] as const).find((tab) => tabs.has(tab));
}

/** The messages of the shared schemas, by the key of their translation. */
const MESSAGE_KEYS = {
  Required: 'required',
  'Too Short!': 'tooShort',
  'Too Long!': 'tooLong',
  'Invalid color': 'invalidColor',
  'Must be a number': 'notNumber',
  'Must be a whole number': 'notWholeNumber',
  'Must be 0 or more': 'negative',
  'Too big': 'tooBig',
  'Invalid time (HH:MM)': 'invalidTime',
  'End time must not be before start time': 'endBeforeStart',
} as const;

export type QueueMessageKey = (typeof MESSAGE_KEYS)[keyof typeof MESSAGE_KEYS];

/** A message to show: a key of the dictionary, or the server's text as it came when unknown. */
export type QueueFieldMessage = { readonly key: QueueMessageKey } | { readonly text: string };

export function queueFieldMessage(message: string | undefined): QueueFieldMessage | undefined {
  if (message === undefined) return undefined;
  const key = (MESSAGE_KEYS as Readonly<Record<string, QueueMessageKey>>)[message];
  return key === undefined ? { text: message } : { key };
}

/**
 * The catalogue errors of a save that belong to a field (spec 1 §8): a taken colour and a missing
 * greeting show under their field, in the catalogue's words, rather than only in a toast.
 */
export const FIELD_ERROR_CODES = {
  ERR_QUEUE_COLOR_ALREADY_EXISTS: 'color',
  ERR_WAPP_GREETING_REQUIRED: 'greetingMessage',
} as const satisfies Readonly<Record<string, keyof QueueFormValues>>;

export type FieldErrorCode = keyof typeof FIELD_ERROR_CODES;

export function isFieldErrorCode(code: unknown): code is FieldErrorCode {
  return typeof code === 'string' && Object.hasOwn(FIELD_ERROR_CODES, code);
}
