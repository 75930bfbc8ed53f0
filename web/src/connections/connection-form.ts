/**
 * The connection form without React (spec 2 §3, §5, §9): its values, the body it sends, and the keys of
 * the schema's messages. Validation is the server's own schema (shared/connections.ts), so the form
 * refuses exactly what the API would; the greeting rule (more than one queue needs a greeting,
 * ERR_WAPP_GREETING_REQUIRED) is the server's and shows as its catalogue toast.
 *
 * Numbers are typed as text: an empty transfer delay means "never" (null), and so does an empty daily
 * campaign limit ("no cap"); any other empty or non-numeric number is sent as NaN, which the schema
 * refuses with 'Invalid number'.
 *
 * The campaign hours are a week edited as the queue dialog edits its work hours (components/work-hours.ts),
 * behind a switch: off sends an empty week, which the server reads as "any time".
 *
 * A Cloud API connection (issue 32, shared/whatsapp-cloud.ts) takes four credentials. The schema checks
 * their form; what it leaves to the server, that a creation needs all four, the form adds
 * (`connectionSchema`), so a missing one says 'Obrigatório' before anything is sent. The token and the
 * secret are write-only: an edit shows them empty, and leaving them empty keeps the stored ones. The
 * provider is chosen on creation only: an edit sends none, and the server keeps it.
 */
import type { z } from 'zod';
import {
  CONNECTION_DEFAULTS,
  CreateConnectionBody,
  UpdateConnectionBody,
  type ConnectionDto,
  type ConnectionProvider,
} from '../../../shared/connections';
import type { ConnectionBody } from '../api/connections';
import type { FieldMessages } from '../components/use-schema-form';
import { defaultWeek, weekOf, type WorkDay } from '../components/work-hours';

export interface ConnectionFormValues {
  readonly name: string;
  readonly isDefault: boolean;
  readonly provider: ConnectionProvider;
  readonly greetingMessage: string;
  readonly completionMessage: string;
  readonly outOfHoursMessage: string;
  readonly ratingMessage: string;
  readonly queueIds: readonly string[];
  /** '' for none. */
  readonly transferQueueId: string;
  /** Minutes, as typed; '' for never. */
  readonly timeToTransfer: string;
  /** Hours, as typed. */
  readonly expiresTicket: string;
  readonly expiresInactiveMessage: string;
  /** Minutes, as typed. */
  readonly timeUseBotQueues: string;
  readonly maxUseBotQueues: string;
  /** Campaign messages a day through the connection, as typed; '' for no cap. */
  readonly campaignDailyLimit: string;
  /** Campaigns send only in `campaignSchedule`'s hours; off: at any time. */
  readonly restrictCampaignHours: boolean;
  /**
   * The campaign hours, kept while the switch is off so turning it back on finds them; the queue
   * default week when the connection has none yet.
   */
  readonly campaignSchedule: readonly WorkDay[];
  /** The AI prompt that answers the connection's customers before a queue is chosen; '' for none. */
  readonly promptId: string;
  /** A Cloud API connection's ids at Meta (digits), as typed. */
  readonly cloudPhoneNumberId: string;
  readonly cloudBusinessAccountId: string;
  /** Write-only: '' on an edit keeps the stored one. */
  readonly cloudAccessToken: string;
  readonly cloudAppSecret: string;
}

/** The credentials a Cloud API connection takes, in the form's order. */
export const CLOUD_FIELDS = ['cloudPhoneNumberId', 'cloudBusinessAccountId', 'cloudAccessToken', 'cloudAppSecret'] as const;
export type CloudField = (typeof CLOUD_FIELDS)[number];

export type ConnectionFormField = keyof ConnectionFormValues;

/** A new connection: the spec's defaults (provider 'beta', expiresTicket 0, timeUseBotQueues 0, maxUseBotQueues 3). */
export function emptyConnectionForm(isFirst: boolean): ConnectionFormValues {
  return {
    name: '',
    // The company's first connection is the default anyway (the server makes it so): show it.
    isDefault: isFirst,
    provider: CONNECTION_DEFAULTS.provider,
    greetingMessage: '',
    completionMessage: '',
    outOfHoursMessage: '',
    ratingMessage: '',
    queueIds: [],
    transferQueueId: '',
    timeToTransfer: '',
    expiresTicket: String(CONNECTION_DEFAULTS.expiresTicket),
    expiresInactiveMessage: '',
    timeUseBotQueues: String(CONNECTION_DEFAULTS.timeUseBotQueues),
    maxUseBotQueues: String(CONNECTION_DEFAULTS.maxUseBotQueues),
    campaignDailyLimit: '',
    restrictCampaignHours: false,
    campaignSchedule: defaultWeek(),
    promptId: '',
    cloudPhoneNumberId: '',
    cloudBusinessAccountId: '',
    cloudAccessToken: '',
    cloudAppSecret: '',
  };
}

export function connectionFormOf(connection: ConnectionDto): ConnectionFormValues {
  return {
    name: connection.name,
    isDefault: connection.isDefault,
    provider: connection.provider,
    greetingMessage: connection.greetingMessage,
    completionMessage: connection.completionMessage,
    outOfHoursMessage: connection.outOfHoursMessage,
    ratingMessage: connection.ratingMessage,
    queueIds: [...connection.queueIds],
    transferQueueId: connection.transferQueueId ?? '',
    timeToTransfer: connection.timeToTransfer === null ? '' : String(connection.timeToTransfer),
    expiresTicket: String(connection.expiresTicket),
    expiresInactiveMessage: connection.expiresInactiveMessage,
    timeUseBotQueues: String(connection.timeUseBotQueues),
    maxUseBotQueues: String(connection.maxUseBotQueues),
    campaignDailyLimit: connection.campaignDailyLimit === null ? '' : String(connection.campaignDailyLimit),
    // The server stores an empty week for "any time", so a stored week means the switch was on.
    restrictCampaignHours: connection.campaignSchedule.length > 0,
    campaignSchedule: connection.campaignSchedule.length > 0 ? weekOf(connection.campaignSchedule) : defaultWeek(),
    promptId: connection.promptId ?? '',
    cloudPhoneNumberId: connection.cloudPhoneNumberId,
    cloudBusinessAccountId: connection.cloudBusinessAccountId,
    // Never answered (write-only): empty, which keeps the stored ones.
    cloudAccessToken: '',
    cloudAppSecret: '',
  };
}

/** A typed whole number; NaN when empty or not a number (the schema then says 'Invalid number'). */
export function typedNumber(typed: string): number {
  const trimmed = typed.trim();
  return trimmed === '' ? Number.NaN : Number(trimmed);
}

/**
 * The credentials of a Cloud API connection as sent: only those typed (an empty one is left out, which
 * the schema calls 'Required' where one is needed, and which keeps a stored token or secret on an edit).
 */
function cloudCredentials(values: ConnectionFormValues): Partial<Record<CloudField, string>> {
  const sent: Partial<Record<CloudField, string>> = {};
  for (const field of CLOUD_FIELDS) {
    const typed = values[field].trim();
    if (typed !== '') sent[field] = typed;
  }
  return sent;
}

/**
 * What the form sends. The provider on a creation only (it cannot change on an edit, which keeps it);
 * the Cloud API credentials only for a cloud connection; the prompt only where the plan has AI
 * (`sendsPrompt`: the select shows), null for none; elsewhere an edit keeps the connection's prompt.
 * `provider` is the connection's own on an edit (the values' on a creation).
 */
export function connectionBody(values: ConnectionFormValues, editing: boolean, sendsPrompt = false): ConnectionBody {
  return {
    name: values.name,
    isDefault: values.isDefault,
    ...(!editing && { provider: values.provider }),
    ...(values.provider === 'cloud' && cloudCredentials(values)),
    greetingMessage: values.greetingMessage,
    completionMessage: values.completionMessage,
    outOfHoursMessage: values.outOfHoursMessage,
    ratingMessage: values.ratingMessage,
    queueIds: values.queueIds,
    transferQueueId: values.transferQueueId === '' ? null : values.transferQueueId,
    timeToTransfer: values.timeToTransfer.trim() === '' ? null : typedNumber(values.timeToTransfer),
    expiresTicket: typedNumber(values.expiresTicket),
    expiresInactiveMessage: values.expiresInactiveMessage,
    timeUseBotQueues: typedNumber(values.timeUseBotQueues),
    maxUseBotQueues: typedNumber(values.maxUseBotQueues),
    campaignDailyLimit: values.campaignDailyLimit.trim() === '' ? null : typedNumber(values.campaignDailyLimit),
    campaignSchedule: values.restrictCampaignHours
      ? values.campaignSchedule.map(({ weekdayEn, startTime, endTime }) => ({ weekdayEn, startTime, endTime }))
      : [],
    ...(sendsPrompt && { promptId: values.promptId === '' ? null : values.promptId }),
  };
}

/**
 * The API's schema of the body: POST /whatsapp when creating, PUT /whatsapp/{id} when editing `editing`.
 * On top of it, the rule the server applies to a cloud connection (shared/whatsapp-cloud.ts): a creation
 * needs all four credentials; an edit keeps its ids and needs a token or a secret only where none is
 * stored.
 */
export function connectionSchema(editing?: Pick<ConnectionDto, 'provider' | 'hasCloudAccessToken' | 'hasCloudAppSecret'>): z.ZodType {
  const requireCredentials = (body: CreateConnectionBody | UpdateConnectionBody, context: z.RefinementCtx) => {
    const cloud = (editing?.provider ?? body.provider) === 'cloud';
    if (!cloud) return;
    const stored: Readonly<Record<CloudField, boolean>> = {
      cloudPhoneNumberId: false,
      cloudBusinessAccountId: false,
      cloudAccessToken: editing?.hasCloudAccessToken === true,
      cloudAppSecret: editing?.hasCloudAppSecret === true,
    };
    for (const field of CLOUD_FIELDS) {
      if (body[field] === undefined && !stored[field]) context.addIssue({ code: 'custom', path: [field], message: 'Required' });
    }
  };
  return editing === undefined ? CreateConnectionBody.superRefine(requireCredentials) : UpdateConnectionBody.superRefine(requireCredentials);
}

/** The schema's messages (shared/connections.ts) by the key of their translation. */
const MESSAGE_KEYS = {
  Required: 'required',
  'Too Short!': 'tooShort',
  'Too Long!': 'tooLong',
  'Invalid number': 'invalidNumber',
  'Invalid id': 'invalidValue',
  'Invalid secret': 'invalidSecret',
  'Invalid value': 'invalidValue',
  'Invalid provider': 'invalidValue',
  'Must be text': 'invalidValue',
  'Too many': 'tooMany',
  'Invalid time (HH:MM)': 'invalidTime',
  'End time must not be before start time': 'endBeforeStart',
  // The form always sends the seven weekdays, once each and known: these would be a fault of ours.
  'Invalid schedules': 'invalidValue',
  'Invalid weekday': 'invalidValue',
  'One entry per weekday': 'invalidValue',
} as const;

export type ConnectionMessageKey = (typeof MESSAGE_KEYS)[keyof typeof MESSAGE_KEYS] | 'invalidGraphId';

/** A message to show: a key of the dictionary, or the server's text as it came when unknown. */
export type ConnectionFieldMessage = { readonly key: ConnectionMessageKey } | { readonly text: string };

export function connectionFieldMessage(message: string): ConnectionFieldMessage {
  const key = (MESSAGE_KEYS as Readonly<Record<string, ConnectionMessageKey>>)[message];
  return key === undefined ? { text: message } : { key };
}

/** The message of a field (its first path part), from the form's messages by path. */
export function messageOf(messages: Readonly<Record<string, string>>, field: ConnectionFormField): ConnectionFieldMessage | undefined {
  const found = Object.entries(messages).find(([path]) => path === field || path.startsWith(`${field}.`));
  if (found === undefined) return undefined;
  // Meta's ids are digits, not our ULIDs: their 'Invalid id' says what they take.
  if (found[1] === 'Invalid id' && (field === 'cloudPhoneNumberId' || field === 'cloudBusinessAccountId')) return { key: 'invalidGraphId' };
  return connectionFieldMessage(found[1]);
}

/**
 * The campaign hours' messages as the work-hours editor reads them: it looks a day's up under
 * `schedules.<day>.<time>`, the queues' field, while here the field is `campaignSchedule`.
 */
export function campaignScheduleMessages(messages: FieldMessages): FieldMessages {
  const prefix = 'campaignSchedule.';
  return Object.fromEntries(
    Object.entries(messages)
      .filter(([path]) => path.startsWith(prefix))
      .map(([path, message]) => [`schedules.${path.slice(prefix.length)}`, message]),
  );
}
