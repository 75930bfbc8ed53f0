/**
 * The integration dialog without React (spec 3 §5, §9): its values (a new typebot's delay 1000 and
 * expiry 1), the fields each type shows, the body it sends (the chosen type's fields; the others empty,
 * so nothing of another type is kept), the schema that checks it (the server's own,
 * shared/queue-integrations.ts, plus a service account on a new Dialogflow integration, which the server
 * requires too) and the messages as keys of the page's dictionary.
 *
 * Secrets are write-only: an edit starts with the service account empty (blank keeps the stored one),
 * and the signing secret is never in the form.
 */
import {
  OFFERED_QUEUE_INTEGRATION_TYPES,
  QueueIntegrationBody,
  TYPEBOT_DEFAULT_DELAY_MESSAGE,
  TYPEBOT_DEFAULT_EXPIRES,
  WEBHOOK_INTEGRATION_TYPES,
  type QueueIntegration,
  type QueueIntegrationLanguage,
  type QueueIntegrationType,
} from '../../../shared/queue-integrations';
import type { QueueIntegrationRequestBody } from '../api/queue-integrations';

export interface IntegrationFormValues {
  readonly type: QueueIntegrationType;
  readonly name: string;
  readonly urlN8N: string;
  readonly typebotSlug: string;
  /** Minutes, as typed. */
  readonly typebotExpires: string;
  /** Milliseconds, as typed. */
  readonly typebotDelayMessage: string;
  readonly typebotKeywordFinish: string;
  readonly typebotKeywordRestart: string;
  readonly typebotUnknownMessage: string;
  readonly typebotRestartMessage: string;
  readonly projectName: string;
  /** '' until one is chosen. */
  readonly language: QueueIntegrationLanguage | '';
  /** A service account pasted or loaded here; on an edit, '' keeps the stored one. */
  readonly jsonContent: string;
}

export type IntegrationFormField = keyof IntegrationFormValues;

/** The type a new integration starts with: Typebot, the spec's first form, when offered. */
export const FIRST_TYPE: QueueIntegrationType = OFFERED_QUEUE_INTEGRATION_TYPES.includes('typebot')
  ? 'typebot'
  : (OFFERED_QUEUE_INTEGRATION_TYPES[0] ?? 'typebot');

export function emptyIntegrationForm(): IntegrationFormValues {
  return {
    type: FIRST_TYPE,
    name: '',
    urlN8N: '',
    typebotSlug: '',
    typebotExpires: String(TYPEBOT_DEFAULT_EXPIRES),
    typebotDelayMessage: String(TYPEBOT_DEFAULT_DELAY_MESSAGE),
    typebotKeywordFinish: '',
    typebotKeywordRestart: '',
    typebotUnknownMessage: '',
    typebotRestartMessage: '',
    projectName: '',
    language: '',
    jsonContent: '',
  };
}

/** A stored integration in the form: its service account left empty (it is never answered). */
export function integrationFormOf(integration: QueueIntegration): IntegrationFormValues {
  return {
    type: integration.type,
    name: integration.name,
    urlN8N: integration.urlN8N,
    typebotSlug: integration.typebotSlug,
    typebotExpires: String(integration.typebotExpires),
    typebotDelayMessage: String(integration.typebotDelayMessage),
    typebotKeywordFinish: integration.typebotKeywordFinish,
    typebotKeywordRestart: integration.typebotKeywordRestart,
    typebotUnknownMessage: integration.typebotUnknownMessage,
    typebotRestartMessage: integration.typebotRestartMessage,
    projectName: integration.projectName,
    language: integration.language ?? '',
    jsonContent: '',
  };
}

/** The groups of fields a type shows. */
export interface TypeFields {
  /** `urlN8N`: Typebot's viewer, or the endpoint n8n and webhooks POST to. */
  readonly url: boolean;
  /** Slug, expiry, delay, keywords and messages. */
  readonly typebot: boolean;
  /** Project, language, service account and the session test. */
  readonly dialogflow: boolean;
  /** A signing secret (shown once). */
  readonly signs: boolean;
}

export function fieldsOfType(type: QueueIntegrationType): TypeFields {
  return {
    url: type !== 'dialogflow',
    typebot: type === 'typebot',
    dialogflow: type === 'dialogflow',
    signs: WEBHOOK_INTEGRATION_TYPES.includes(type),
  };
}

/** A typed whole number: '' (the default) when blank, else the number (NaN when not one, which the schema refuses). */
export function typedWhole(typed: string): number | '' {
  const trimmed = typed.trim();
  return trimmed === '' ? '' : Number(trimmed);
}

/** What the form sends: the chosen type's fields, those of other types empty (numbers blank: the defaults). */
export function integrationFormBody(values: IntegrationFormValues): QueueIntegrationRequestBody {
  const shows = fieldsOfType(values.type);
  return {
    type: values.type,
    name: values.name,
    urlN8N: shows.url ? values.urlN8N.trim() : '',
    typebotSlug: shows.typebot ? values.typebotSlug.trim() : '',
    typebotExpires: shows.typebot ? typedWhole(values.typebotExpires) : '',
    typebotDelayMessage: shows.typebot ? typedWhole(values.typebotDelayMessage) : '',
    typebotKeywordFinish: shows.typebot ? values.typebotKeywordFinish : '',
    typebotKeywordRestart: shows.typebot ? values.typebotKeywordRestart : '',
    typebotUnknownMessage: shows.typebot ? values.typebotUnknownMessage : '',
    typebotRestartMessage: shows.typebot ? values.typebotRestartMessage : '',
    projectName: shows.dialogflow ? values.projectName.trim() : '',
    language: shows.dialogflow && values.language !== '' ? values.language : null,
    jsonContent: shows.dialogflow ? values.jsonContent.trim() : '',
  };
}

export const SERVICE_ACCOUNT_REQUIRED = 'Required';

/**
 * The API's schema of the body, and a service account for a Dialogflow integration that has none stored
 * (`storedServiceAccount` false: a new one, or one of another type until now), which the server asks for too.
 */
export function integrationFormSchema(storedServiceAccount: boolean) {
  return QueueIntegrationBody.superRefine((body, context) => {
    if (body.type === 'dialogflow' && body.jsonContent === '' && !storedServiceAccount) {
      context.addIssue({ code: 'custom', path: ['jsonContent'], message: SERVICE_ACCOUNT_REQUIRED });
    }
  });
}

/** The schema's messages (shared/queue-integrations.ts, in English) by the key of their translation. */
const MESSAGE_KEYS = {
  Required: 'required',
  'Too Short!': 'tooShort',
  'Too Long!': 'tooLong',
  'Must be text': 'invalidValue',
  'Invalid type': 'invalidValue',
  'Invalid language': 'invalidValue',
  'Type not offered': 'typeNotOffered',
  'Invalid URL': 'invalidUrl',
  'Invalid slug': 'invalidSlug',
  'Invalid project id': 'invalidProjectId',
  'Invalid service account JSON': 'invalidServiceAccount',
  'Must be a number': 'notNumber',
  'Must be a whole number': 'notWholeNumber',
} as const;

export type IntegrationMessageKey = (typeof MESSAGE_KEYS)[keyof typeof MESSAGE_KEYS] | 'atLeast' | 'atMost';

/** A message to show: a key of the dictionary (with the bound it names), or the server's text as it came when unknown. */
export type IntegrationFieldMessage = { readonly key: IntegrationMessageKey; readonly number?: number } | { readonly text: string };

const BOUND = /^Must be (\d+) or (more|less)$/;

export function integrationFieldMessage(message: string): IntegrationFieldMessage {
  const bound = BOUND.exec(message);
  if (bound !== null) return { key: bound[2] === 'more' ? 'atLeast' : 'atMost', number: Number(bound[1]) };
  const key = (MESSAGE_KEYS as Readonly<Record<string, IntegrationMessageKey>>)[message];
  return key === undefined ? { text: message } : { key };
}
