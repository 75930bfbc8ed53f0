/**
 * The schedule dialog without React (spec 2 §2, §4, §5): its values, the body it sends and the schema
 * that checks it (the server's own, shared/scheduled-messages.ts, so the form refuses exactly what the
 * API would, with the spec's 'Mensagem muito curta' and 'Obrigatório'), the title by status, and what
 * becomes of the image when it is saved. On a Cloud API connection (issue 32) it may carry an approved
 * template instead of the text: picked from the connection's templates, its variables typed (the first
 * starts as the contact's name, as the ticket's template dialog does: tickets/conversation/template-send.ts).
 */
import {
  CreateScheduleBody,
  SCHEDULE_BODY_WITH_TEMPLATE,
  SCHEDULE_MEDIA_EXTENSIONS,
  SCHEDULE_MEDIA_MAX_BYTES,
  type ScheduledMessage,
  type ScheduleStatus,
} from '../../../shared/scheduled-messages';
import type { ScheduleBody, ScheduleTemplate } from '../api/schedules';
import type { ConnectionDto } from '../api/connections';
import type { WhatsAppTemplateDto } from '../api/whatsapp-templates';
import { initialTemplateVariables } from '../tickets/conversation/template-send';

export interface ScheduleFormValues {
  readonly contact: { readonly id: string; readonly name: string } | null;
  readonly body: string;
  /** The `datetime-local` input's value (YYYY-MM-DDTHH:mm, the browser's clock); '' when cleared. */
  readonly sendAt: string;
  /** null: the server's default rule (the contact's latest ticket's connection, else the company's default). */
  readonly whatsappId: string | null;
  /** The ticket the dialog was opened from, if any. */
  readonly ticketId: string | null;
  /** The template sent instead of the text (a Cloud API connection only); null: the text. */
  readonly template: ScheduleTemplate | null;
}

const pad = (value: number) => String(value).padStart(2, '0');

/** An instant as a `datetime-local` value on the browser's clock. */
export function localInputValue(at: Date): string {
  return `${at.getFullYear()}-${pad(at.getMonth() + 1)}-${pad(at.getDate())}T${pad(at.getHours())}:${pad(at.getMinutes())}`;
}

/** Spec 2 §4: a new schedule is sent one hour from now unless changed. */
export const DEFAULT_SEND_DELAY_MS = 60 * 60 * 1000;

export function emptyScheduleForm(now: Date, contact: ScheduleFormValues['contact'] = null, ticketId: string | null = null): ScheduleFormValues {
  return { contact, body: '', sendAt: localInputValue(new Date(now.getTime() + DEFAULT_SEND_DELAY_MS)), whatsappId: null, ticketId, template: null };
}

export function scheduleFormOf(schedule: ScheduledMessage): ScheduleFormValues {
  return {
    contact: schedule.contact,
    body: schedule.body,
    sendAt: localInputValue(new Date(schedule.sendAt)),
    whatsappId: schedule.whatsappId,
    ticketId: schedule.ticketId,
    template: schedule.template,
  };
}

/** The body the form sends: the local time as an ISO instant with its offset (what the server reads unambiguously). */
export function scheduleBody(values: ScheduleFormValues): ScheduleBody {
  const at = values.sendAt === '' ? undefined : new Date(values.sendAt);
  return {
    contactId: values.contact?.id ?? '',
    sendAt: at === undefined || Number.isNaN(at.getTime()) ? values.sendAt : at.toISOString(),
    whatsappId: values.whatsappId,
    ticketId: values.ticketId,
    // With a template the text stays out (the server refuses both): what was typed before choosing it is not sent.
    ...(values.template === null ? { body: values.body } : { body: '', template: values.template }),
  };
}

/** Whether the chosen connection takes templates: a Cloud API one (the default rule's connection is not known here). */
export function offersTemplates(whatsappId: string | null, connections: readonly Pick<ConnectionDto, 'id' | 'provider'>[] | undefined): boolean {
  return whatsappId !== null && connections?.some((connection) => connection.id === whatsappId && connection.provider === 'cloud') === true;
}

/** The change of choosing a connection: a template belongs to its connection, so another one drops it. */
export function withConnection(values: ScheduleFormValues, whatsappId: string | null): Pick<ScheduleFormValues, 'whatsappId' | 'template'> {
  return { whatsappId, template: whatsappId === values.whatsappId ? values.template : null };
}

/** The change of choosing a template (null: the text again): its variables, the first the contact's name. */
export function withTemplate(values: ScheduleFormValues, template: Pick<WhatsAppTemplateDto, 'name' | 'language' | 'body'> | null): Pick<ScheduleFormValues, 'template'> {
  if (template === null) return { template: null };
  return { template: { name: template.name, language: template.language, variables: initialTemplateVariables(template.body, values.contact?.name ?? '') } };
}

/** The change of typing the template's variable at `index`. */
export function withTemplateVariable(values: ScheduleFormValues, index: number, value: string): Pick<ScheduleFormValues, 'template'> {
  if (values.template === null) return { template: null };
  return { template: { ...values.template, variables: values.template.variables.map((old, at) => (at === index ? value : old)) } };
}

/** The stored template a schedule's template names, when the connection still has it approved. */
export function chosenTemplate(template: ScheduleTemplate | null, templates: readonly WhatsAppTemplateDto[]): WhatsAppTemplateDto | undefined {
  if (template === null) return undefined;
  return templates.find((found) => found.name === template.name && found.language === template.language);
}

/** The API's schema of the body (POST and PUT take the same). */
export const scheduleSchema = CreateScheduleBody;

/** The messages of the schema, by the key of their translation. */
const MESSAGE_KEYS = {
  Obrigatório: 'required',
  'Mensagem muito curta': 'tooShort',
  'Muito longo!': 'tooLong',
  'Data inválida': 'invalidDate',
  [SCHEDULE_BODY_WITH_TEMPLATE]: 'bodyWithTemplate',
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
