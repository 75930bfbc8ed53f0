/**
 * WhatsApp connections (spec 2 §3, §4, §5, §9; spec 1 §4.3): the inputs the connections API accepts,
 * with the spec's field messages, and the shape it answers. The answer is an explicit allow-list:
 * session credentials and the API token's hash never appear in it (docs/architecture.md §1.6); the token itself
 * is answered once, when it is made (`ConnectionWithTokenDto`).
 */
import { z } from 'zod';
import { WeeklySchedule } from './queues';
import type { ScheduleEntry } from './schedules';
import { withoutControls } from './text';
import type { QueueSummary } from './sign-in';

import type { ConnectionStatus } from './connection-status';
import { CloudConnectionFields, type CloudConnectionDto } from './whatsapp-cloud';

export { CONNECTION_STATUSES, needsAttention, type ConnectionStatus } from './connection-status';

/**
 * `beta`: Baileys, the real network (the default). `simulator`: the fake phone network, where the stage
 * offers it. `cloud`: Meta's official Cloud API (shared/whatsapp-cloud.ts): no QR code, no session host.
 */
export const CONNECTION_PROVIDERS = ['beta', 'simulator', 'cloud'] as const;
export type ConnectionProvider = (typeof CONNECTION_PROVIDERS)[number];

export interface ConnectionDto extends CloudConnectionDto {
  readonly id: string;
  readonly name: string;
  readonly status: ConnectionStatus;
  /** The QR code to scan while `status` is qrcode; '' otherwise. */
  readonly qrcode: string;
  /** QR codes offered in the current attempt (the host gives up after a bounded number). */
  readonly retries: number;
  /**
   * WhatsApp's 8-character code for linking by phone number (POST /whatsappsession/{id}/pairing-code),
   * shown beside the QR code while `status` is qrcode; '' otherwise.
   */
  readonly pairingCode: string;
  readonly isDefault: boolean;
  readonly provider: ConnectionProvider;
  readonly greetingMessage: string;
  /** The spec's `complationMessage`: sent when a ticket is closed. */
  readonly completionMessage: string;
  readonly outOfHoursMessage: string;
  readonly ratingMessage: string;
  readonly queueIds: readonly string[];
  /** Name and colour of `queueIds`, in that order. */
  readonly queues: readonly QueueSummary[];
  readonly transferQueueId: string | null;
  /** Minutes a new pending ticket without queue waits before it moves to `transferQueueId`; null: never. */
  readonly timeToTransfer: number | null;
  /** Hours without any change after which a pending or open ticket is closed; 0: never. */
  readonly expiresTicket: number;
  readonly expiresInactiveMessage: string;
  /** Minutes the queue bot waits for a choice; 0: no limit. */
  readonly timeUseBotQueues: number;
  /** How many times the queue bot asks before giving up. */
  readonly maxUseBotQueues: number;
  readonly promptId: string | null;
  /**
   * Ours (issue 28, sending that protects the number): at most this many campaign messages a day
   * through the connection (the company's day); null: no cap.
   */
  readonly campaignDailyLimit: number | null;
  /** Ours: the hours campaigns may send through the connection, per weekday; empty: any time. */
  readonly campaignSchedule: readonly ScheduleEntry[];
  readonly createdAt: string;
  readonly updatedAt: string;
}

/** The answer of a creation and of a token rotation: the only time the API token is shown. */
export interface ConnectionWithTokenDto extends ConnectionDto {
  /** Bearer token of the external messaging API for this connection; stored only as a hash. */
  readonly token: string;
}

export const CONNECTION_NAME_MIN = 2;
export const CONNECTION_NAME_MAX = 50;
/** Ours: bound of each message text, so a connection event stays well under the realtime frame limit. */
export const CONNECTION_MESSAGE_MAX = 2000;
/** Ours: bounds of the numeric settings (a year in hours, a day in minutes, a hundred attempts). */
export const EXPIRES_TICKET_MAX = 8760;
export const TIME_TO_TRANSFER_MAX = 10080;
export const TIME_USE_BOT_QUEUES_MAX = 1440;
export const MAX_USE_BOT_QUEUES_MAX = 100;
/** Ours: the highest daily cap of campaign messages a connection takes. */
export const CAMPAIGN_DAILY_LIMIT_MAX = 100_000;
/** Ours: no company has more queues than this on one connection. */
export const CONNECTION_QUEUES_MAX = 100;

const name = z
  .string({ error: (issue) => (issue.input === undefined || issue.input === null ? 'Required' : 'Must be text') })
  .overwrite(withoutControls)
  .trim()
  .min(1, { error: 'Required', abort: true })
  .min(CONNECTION_NAME_MIN, 'Too Short!')
  .max(CONNECTION_NAME_MAX, 'Too Long!');

/** A message text; absent or null is empty on creation (on a PUT an absent field stays as it was). */
const message = z
  .string({ error: 'Must be text' })
  .max(CONNECTION_MESSAGE_MAX, 'Too Long!')
  .nullable()
  .optional()
  .transform((text) => text ?? '');

const id = z.ulid('Invalid id');
/** An optional link: null (or '' from a cleared select) means none. */
const optionalLink = z.preprocess((value) => (value === '' ? null : value), id.nullable()).optional();

const wholeNumber = (max: number) =>
  z.number({ error: 'Invalid number' }).int('Invalid number').min(0, 'Invalid number').max(max, 'Invalid number');

const fields = {
  name,
  provider: z.enum(CONNECTION_PROVIDERS, 'Invalid provider').optional(),
  isDefault: z.boolean({ error: 'Invalid value' }).optional(),
  greetingMessage: message,
  completionMessage: message,
  outOfHoursMessage: message,
  ratingMessage: message,
  expiresInactiveMessage: message,
  queueIds: z
    .array(id, 'Invalid value')
    .max(CONNECTION_QUEUES_MAX, 'Too many')
    .optional()
    .transform((ids) => (ids ? [...new Set(ids)] : undefined)),
  transferQueueId: optionalLink,
  timeToTransfer: wholeNumber(TIME_TO_TRANSFER_MAX).nullable().optional(),
  expiresTicket: wholeNumber(EXPIRES_TICKET_MAX).optional(),
  timeUseBotQueues: wholeNumber(TIME_USE_BOT_QUEUES_MAX).optional(),
  maxUseBotQueues: wholeNumber(MAX_USE_BOT_QUEUES_MAX).optional(),
  promptId: optionalLink,
  campaignDailyLimit: z
    .number({ error: 'Invalid number' })
    .int('Invalid number')
    .min(1, 'Invalid number')
    .max(CAMPAIGN_DAILY_LIMIT_MAX, 'Invalid number')
    .nullable()
    .optional(),
  campaignSchedule: WeeklySchedule.optional(),
  ...CloudConnectionFields,
};

export const CreateConnectionBody = z.object(fields);
export type CreateConnectionBody = z.output<typeof CreateConnectionBody>;

/**
 * A PUT changes the fields it sends. Message texts sent as null become empty; absent ones are kept,
 * so the message transform is re-declared without the creation default.
 */
const keptMessage = z.string({ error: 'Must be text' }).max(CONNECTION_MESSAGE_MAX, 'Too Long!').nullable().optional();
export const UpdateConnectionBody = z.object({
  ...fields,
  name: name.optional(),
  greetingMessage: keptMessage,
  completionMessage: keptMessage,
  outOfHoursMessage: keptMessage,
  ratingMessage: keptMessage,
  expiresInactiveMessage: keptMessage,
});
export type UpdateConnectionBody = z.output<typeof UpdateConnectionBody>;

export const ConnectionParams = z.object({ id });

/** Ours (E.164 allows 15 digits; no country's full number is shorter than 10 with its code). */
export const PAIRING_NUMBER_MIN_DIGITS = 10;
export const PAIRING_NUMBER_MAX_DIGITS = 15;

/**
 * POST /whatsappsession/{id}/pairing-code: the phone number to link by code instead of the QR code,
 * with its country code. Spaces, dashes, dots, parentheses and a leading + are dropped; anything else
 * or a wrong length is an ERR_VALIDATION on `number`. The answer is the digits.
 */
export const PairingCodeBody = z.object({
  number: z
    .string({ error: (issue) => (issue.input === undefined || issue.input === null ? 'Required' : 'Must be text') })
    .trim()
    .regex(/^\+?[\d\s().-]+$/, 'Invalid number')
    .transform((typed) => typed.replace(/\D/g, ''))
    .pipe(
      z
        .string()
        .min(PAIRING_NUMBER_MIN_DIGITS, 'Invalid number')
        .max(PAIRING_NUMBER_MAX_DIGITS, 'Invalid number'),
    ),
});
export type PairingCodeBody = z.output<typeof PairingCodeBody>;

/** WhatsApp's pairing codes: 8 characters of the alphabet Baileys draws them from (1-9 and A-Z without I, O, U). */
export const PAIRING_CODE_ALPHABET = '123456789ABCDEFGHJKLMNPQRSTVWXYZ';
export const PAIRING_CODE_PATTERN = /^[1-9A-HJ-NP-TV-Z]{8}$/;

/** Connection defaults (spec 2 §9). */
export const CONNECTION_DEFAULTS = {
  provider: 'beta',
  expiresTicket: 0,
  timeUseBotQueues: 0,
  maxUseBotQueues: 3,
} as const satisfies Partial<ConnectionDto>;
