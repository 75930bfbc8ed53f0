/**
 * The schedule dialog without React (spec 2 §2, §4, §5): its values, the body it sends and the schema
 * that checks it (the server's own, shared/scheduled-messages.ts, so the form refuses exactly what the
 * API would, with the spec's 'Mensagem muito curta' and 'Obrigatório'), the title by status, and what
 * becomes of the image when it is saved.
 */
import {
  CreateScheduleBody,
  SCHEDULE_MEDIA_EXTENSIONS,
  SCHEDULE_MEDIA_MAX_BYTES,
  type ScheduledMessage,
  type ScheduleStatus,
} from '../../../shared/scheduled-messages';
import type { ScheduleBody } from '../api/schedules';

export interface ScheduleFormValues {
  readonly contact: { readonly id: string; readonly name: string } | null;
  readonly body: string;
  /** The `datetime-local` input's value (YYYY-MM-DDTHH:mm, the browser's clock); '' when cleared. */
  readonly sendAt: string;
  /** null: the server's default rule (the contact's latest ticket's connection, else the company's default). */
  readonly whatsappId: string | null;
  /** The ticket the dialog was opened from, if any. */
  readonly ticketId: string | null;
}

const pad = (value: number) => String(value).padStart(2, '0');

/** An instant as a `datetime-local` value on the browser's clock. */
export function localInputValue(at: Date): string {
  return `${at.getFullYear()}-${pad(at.getMonth() + 1)}-${pad(at.getDate())}T${pad(at.getHours())}:${pad(at.getMinutes())}`;
}

/** Spec 2 §4: a new schedule is sent one hour from now unless changed. */
export const DEFAULT_SEND_DELAY_MS = 60 * 60 * 1000;

export function emptyScheduleForm(now: Date, contact: ScheduleFormValues['contact'] = null, ticketId: string | null = null): ScheduleFormValues {
  return { contact, body: '', sendAt: localInputValue(new Date(now.getTime() + DEFAULT_SEND_DELAY_MS)), whatsappId: null, ticketId };
}

export function scheduleFormOf(schedule: ScheduledMessage): ScheduleFormValues {
  return {
    contact: schedule.contact,
    body: schedule.body,
    sendAt: localInputValue(new Date(schedule.sendAt)),
    whatsappId: schedule.whatsappId,
    ticketId: schedule.ticketId,
  };
}

/** The body the form sends: the local time as an ISO instant with its offset (what the server reads unambiguously). */
export function scheduleBody(values: ScheduleFormValues): ScheduleBody {
  const at = values.sendAt === '' ? undefined : new Date(values.sendAt);
  return {
    body: values.body,
    contactId: values.contact?.id ?? '',
    sendAt: at === undefined || Number.isNaN(at.getTime()) ? values.sendAt : at.toISOString(),
    whatsappId: values.whatsappId,
    ticketId: values.ticketId,
  };
}

/** The API's schema of the body (POST and PUT take the same). */
export const scheduleSchema = CreateScheduleBody;

/** The messages of the schema, by the key of their translation. */
const MESSAGE_KEYS = {
  Obrigatório: 'required',
  'Mensagem muito curta': 'tooShort',
  'Muito longo!': 'tooLong',
  'Data inválida': 'invalidDate',
} as const;

export type ScheduleFieldMessageKey = (typeof MESSAGE_KEYS)[keyof typeof MESSAGE_KEYS];

export function scheduleFieldMessage(message: string): { readonly key: ScheduleFieldMessageKey } | { readonly text: string } {
  const key = (MESSAGE_KEYS as Readonly<Record<string, ScheduleFieldMessageKey>>)[message];
  return key === undefined ? { text: message } : { key };
}

/** The dialog's title (spec 2 §2): new, 'Erro de Envio' for ERRO, else 'Mensagem {status}'. */
export type ScheduleTitle = { readonly kind: 'new' } | { readonly kind: 'error' } | { readonly kind: 'status'; readonly status: ScheduleStatus };

export function scheduleTitle(schedule: Pick<ScheduledMessage, 'status'> | undefined): ScheduleTitle {
  if (schedule === undefined) return { kind: 'new' };
  return schedule.status === 'ERRO' ? { kind: 'error' } : { kind: 'status', status: schedule.status };
}

/** Once sent (or while being sent) the schedule is shown without its submit button (spec 2 §4). */
export const isReadOnly = (schedule: Pick<ScheduledMessage, 'sentAt' | 'status'> | undefined): boolean =>
  schedule !== undefined && (schedule.sentAt !== null || schedule.status === 'ENVIADA' || schedule.status === 'AGENDADA');


/**
 * Who attends the ticket a save was refused for (ERR_NO_PERMISSION naming the holder in
 * `details.user`, as a forbidden send does), so the dialog can say who has the contact; undefined for
 * any other answer, which shows its catalogue text.
 */
export function ticketHolderOf(error: unknown): string | undefined {
  const { code, body } = (error ?? {}) as { code?: unknown; body?: unknown };
  if (code !== 'ERR_NO_PERMISSION' || typeof body !== 'object' || body === null) return undefined;
  const user = (body as { details?: { user?: unknown } }).details?.user;
  const name = typeof user === 'object' && user !== null ? (user as { name?: unknown }).name : undefined;
  return typeof name === 'string' && name !== '' ? name : undefined;
}

/** Why a chosen file is refused before anything is sent: its kind (png, jpg, jpeg only) or its size. */
export function imageProblem(file: Pick<File, 'name' | 'size'>): 'wrongType' | 'tooBig' | null {
  const name = file.name.toLowerCase();
  if (!SCHEDULE_MEDIA_EXTENSIONS.some((extension) => name.endsWith(extension))) return 'wrongType';
  return file.size > SCHEDULE_MEDIA_MAX_BYTES ? 'tooBig' : null;
}
