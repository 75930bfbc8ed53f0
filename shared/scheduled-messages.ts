/**
 * Scheduled messages (spec 2 §2 Schedules, §3-§9; the API keeps the spec's names: `/schedules`, the
 * `schedule` event). Not to be confused with work-hours schedule entries (shared/schedules.ts).
 *
 * A scheduled message is a text (with template variables, spec 1 §3) and an optional image sent to one
 * contact at `sendAt`, through the connection the user chose (default: the connection of the contact's
 * latest ticket, else the company's default one), once (docs/architecture.md §8). Its statuses:
 * PENDENTE (waiting for its time), AGENDADA (being sent now), ENVIADA (sent: `sentAt` is set; it can no
 * longer be changed) and ERRO (not sent: `error` says why; editing it, e.g. its time, schedules it again).
 */
import { z } from 'zod';
import { dayStart, isDay } from './company-time';
import { writtenText } from './text';
import type { ScheduleStatus } from './schedule-rules';
import { TemplateMessage } from './whatsapp-cloud';

// The rules the calendar runs, kept without zod (shared/schedule-rules.ts).
export { SCHEDULE_STATUSES, isScheduleEditable, mayChangeSchedule, type ScheduleStatus, type ScheduleViewer } from './schedule-rules';

export interface ScheduledMessage {
  readonly id: string;
  readonly body: string;
  readonly contactId: string;
  /** The contact as it is now (its name is the calendar event's label). */
  readonly contact: { readonly id: string; readonly name: string };
  /** ISO 8601 instant (UTC). */
  readonly sendAt: string;
  /** When it was sent; null until then. */
  readonly sentAt: string | null;
  readonly status: ScheduleStatus;
  /** Why the last attempt failed (an error code of shared/errors.ts), null otherwise. */
  readonly error: string | null;
  /** The connection it is sent through. */
  readonly whatsappId: string | null;
  /**
   * On a Cloud API connection (issue 32): the approved template it sends instead of `body` (then ''),
   * inside or outside the customer's 24-hour window; null: it sends `body`, which outside the window
   * ends ERRO with ERR_OUTSIDE_REPLY_WINDOW.
   */
  readonly template: TemplateMessage | null;
  /** The ticket it was asked from (optional), then the one it was stored in once sent. */
  readonly ticketId: string | null;
  /** The image's key in the private media bucket, or null. */
  readonly mediaPath: string | null;
  /** The image's file name as stored (spaces as underscores), or null. */
  readonly mediaName: string | null;
  /** A short-lived presigned download URL of the image, or null. */
  readonly mediaUrl: string | null;
  /** The author: who last wrote it (created or changed it); the message is sent in their name. */
  readonly userId: string;
  readonly createdAt: string;
  readonly updatedAt: string;
}

/** GET /schedules: a page of the search (spec 2 §7), latest send time first. */
export interface ScheduledMessagePage {
  readonly schedules: readonly ScheduledMessage[];
  readonly hasMore: boolean;
}

export const SCHEDULE_BODY_MIN = 5;
export const SCHEDULE_BODY_MAX = 4096;
/** Form fields the image is read from. */
export const SCHEDULE_MEDIA_FIELDS = ['file', 'medias'] as const;
/** Ours: under Lambda's 6 MB request once API Gateway has base64-encoded the upload. */
export const SCHEDULE_MEDIA_MAX_BYTES = 4 * 1024 * 1024;
/** Spec 2 §5: png, jpg, jpeg (checked by the bytes on the server, offered by extension in the picker). */
export const SCHEDULE_MEDIA_EXTENSIONS = ['.png', '.jpg', '.jpeg'] as const;
export const SCHEDULE_MEDIA_ACCEPT = 'image/png,image/jpeg,.png,.jpg,.jpeg';

const COMPANY_DATE_TIME = /^(\d{4}-\d{2}-\d{2})[ T](\d{2}):(\d{2})(?::(\d{2}))?$/;
const ISO_WITH_OFFSET = /^\d{4}-\d{2}-\d{2}T\d{2}:\d{2}(?::\d{2}(?:\.\d{1,9})?)?(?:Z|[+-]\d{2}:\d{2})$/;

/**
 * The instant a `sendAt` names: ISO 8601 with an offset (`2026-05-01T10:00:00-03:00`, `...Z`), or the
 * spec's 'YYYY-MM-DD HH:mm:ss' (seconds optional) read on the company's clock (Brasília). Undefined
 * when it is neither or names no real time.
 */
export function parseSendAt(value: string): Date | undefined {
  const text = value.trim();
  const local = COMPANY_DATE_TIME.exec(text);
  if (local) {
    const [, day = '', hours = '', minutes = '', seconds = '00'] = local;
    const [h, m, s] = [Number(hours), Number(minutes), Number(seconds)];
    if (!isDay(day) || h > 23 || m > 59 || s > 59) return undefined;
    return new Date(dayStart(day).getTime() + ((h * 60 + m) * 60 + s) * 1000);
  }
  if (!ISO_WITH_OFFSET.test(text)) return undefined;
  const instant = new Date(text);
  // Date accepts some impossible dates (Feb 30) by rolling over: the day must survive the round trip.
  if (Number.isNaN(instant.getTime()) || !isDay(text.slice(0, 10))) return undefined;
  return instant;
}

const required = 'Obrigatório';

/** The text; its least length applies only without a template (see CreateScheduleBody). */
const body = z
  .string({ error: required })
  // A written text (shared/text.ts): its line breaks go out as typed.
  .overwrite(writtenText)
  .trim()
  .max(SCHEDULE_BODY_MAX, 'Muito longo!');

/** With a template the text is left empty: a template goes as Meta keeps it, with its variables only. */
export const SCHEDULE_BODY_WITH_TEMPLATE = 'Um modelo vai sem texto';

const sendAt = z
  .string({ error: required })
  .trim()
  .min(1, required)
  .max(40, 'Data inválida')
  .transform((value, context) => {
    const instant = parseSendAt(value);
    if (!instant) {
      context.addIssue({ code: 'custom', message: 'Data inválida' });
      return z.NEVER;
    }
    return instant.toISOString();
  });

const id = (message: string) => z.string({ error: message }).trim().min(1, message).max(64, 'Invalid id');
const optionalId = z.string().trim().max(64, 'Invalid id').nullish().transform((value) => (value ? value : null));

/**
 * POST /schedules. `whatsappId` null or absent: the default rule (see the file's comment). `template`: a
 * Cloud API connection's approved template (checked on the server against the connection's synced
 * templates); then `body` may be absent and must be empty. Without one, `body` is a text of at least
 * SCHEDULE_BODY_MIN characters.
 */
export const CreateScheduleBody = z
  .object({
    body: body.optional(),
    contactId: id(required),
    sendAt,
    whatsappId: optionalId,
    ticketId: optionalId,
    template: TemplateMessage.nullish().transform((value) => value ?? null),
  })
  // The text's rule depends on the template: checked even when another field is wrong, so the form shows
  // every problem at once (a zod refinement otherwise waits for the whole object to be valid).
  .check(
    z.superRefine(
      (value, context) => {
        if (value.template) {
          if (value.body) context.addIssue({ code: 'custom', path: ['body'], message: SCHEDULE_BODY_WITH_TEMPLATE });
        } else if (value.body === undefined) {
          context.addIssue({ code: 'custom', path: ['body'], message: required });
        } else if (value.body.length < SCHEDULE_BODY_MIN) {
          context.addIssue({ code: 'custom', path: ['body'], message: 'Mensagem muito curta' });
        }
      },
      { when: (payload) => typeof payload.value === 'object' && payload.value !== null },
    ),
  )
  .transform((value) => ({ ...value, body: value.body ?? '' }));
export type CreateScheduleBody = z.output<typeof CreateScheduleBody>;

/** PUT /schedules/{id}: the dialog's fields; a moved or failed schedule is scheduled again. */
export const UpdateScheduleBody = CreateScheduleBody;
export type UpdateScheduleBody = CreateScheduleBody;

export const ScheduleParams = z.object({ id: z.ulid('Invalid id') });
