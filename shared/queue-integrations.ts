/**
 * Queue integrations (spec 3 §2, §3, §5, §7, §9; `/queueIntegration`, plan flag `useIntegrations`):
 * chatbots a queue hands its pending tickets to (the queue's `integrationId`). The inputs the API
 * accepts, with the spec's field messages and defaults, and the shapes it answers. Imported by the
 * backend and by the web's integration page and queue dialog.
 *
 * Types (every one works end to end, so every one is offered; docs/architecture.md §8, README):
 * - `typebot`: a Typebot bot, reached at `urlN8N` (the Typebot viewer's address, e.g.
 *   'https://typebot.io' or a self-hosted viewer) by its public id `typebotSlug`, through Typebot's
 *   public chat API (`/api/v1/typebots/{slug}/startChat`, `/api/v1/sessions/{id}/continueChat`).
 * - `n8n` and `webhook`: each customer message POSTed as JSON to `urlN8N`, signed (HMAC-SHA256 of the
 *   body with the integration's secret); a JSON answer carrying text is sent back to the customer.
 * - `dialogflow`: a Dialogflow ES agent (project `projectName`, in `language`), called with the
 *   service account of `jsonContent`.
 *
 * Secrets are write-only (docs/architecture.md §1.6): `jsonContent` is never answered (`jsonContent` is
 * always null in answers; `hasJsonContent` and `serviceAccount` say what is stored), and the webhook's
 * signing `secret` only in the answer that made it (the create, or POST /queueIntegration/{id}/secret).
 */
import { z } from 'zod';
import { withoutControls, writtenText } from './text';

/** Spec 3 §9: the integration types. */
export const QUEUE_INTEGRATION_TYPES = ['dialogflow', 'n8n', 'webhook', 'typebot'] as const;
export type QueueIntegrationType = (typeof QUEUE_INTEGRATION_TYPES)[number];

/**
 * The types this product offers: those that work end to end (DESIGN §8: "Dialogflow integrations either
 * work end to end or are not offered"; ours does, through the service account's OAuth token and
 * detectIntent). The web's type select lists exactly these; the API refuses any other.
 */
export const OFFERED_QUEUE_INTEGRATION_TYPES: readonly QueueIntegrationType[] = QUEUE_INTEGRATION_TYPES;

/** Types that POST each customer message to `urlN8N`, signed with the integration's secret. */
export const WEBHOOK_INTEGRATION_TYPES: readonly QueueIntegrationType[] = ['n8n', 'webhook'];

/** Spec 3 §9: the languages of a Dialogflow agent. */
export const QUEUE_INTEGRATION_LANGUAGES = ['pt-BR', 'en', 'es'] as const;
export type QueueIntegrationLanguage = (typeof QUEUE_INTEGRATION_LANGUAGES)[number];

export interface QueueIntegration {
  readonly id: string;
  readonly type: QueueIntegrationType;
  readonly name: string;
  /** Dialogflow's project id ('' for other types unless one was given). */
  readonly projectName: string;
  /** Write-only: never answered (docs/architecture.md §1.6). `hasJsonContent` says whether one is stored. */
  readonly jsonContent: null;
  /** Whether a Dialogflow service account is stored. */
  readonly hasJsonContent: boolean;
  /** The stored service account's email (`client_email`, not a secret), so the page can say which one; null without one. */
  readonly serviceAccount: string | null;
  /** Dialogflow's language; null when none was chosen (only dialogflow needs one). */
  readonly language: QueueIntegrationLanguage | null;
  /** The address of n8n's or the webhook's endpoint, or of the Typebot viewer (the spec's name for all three). */
  readonly urlN8N: string;
  /** Typebot's public id of the bot. */
  readonly typebotSlug: string;
  /** Minutes without a message after which a Typebot conversation starts over; 0: never. */
  readonly typebotExpires: number;
  /** Milliseconds between the bot's messages. */
  readonly typebotDelayMessage: number;
  /** What a customer writes to end the bot's conversation (the ticket is closed); '' for none. */
  readonly typebotKeywordFinish: string;
  /** What a customer writes to start the bot's conversation over; '' for none. */
  readonly typebotKeywordRestart: string;
  /** Sent when the customer's answer is none of the bot's choices, or carries no text; '' for none. */
  readonly typebotUnknownMessage: string;
  /** Sent when the conversation starts over by the restart keyword; '' for none. */
  readonly typebotRestartMessage: string;
  /** Whether a signing secret is stored (n8n and webhook). The secret itself is never answered but once. */
  readonly hasSecret: boolean;
  readonly companyId: string;
  readonly createdAt: string;
  readonly updatedAt: string;
}

/**
 * The answer that made a signing secret (POST /queueIntegration of an n8n or webhook integration, a PUT
 * that made one of those from another type, POST /queueIntegration/{id}/secret): the only time the
 * secret is shown. Other answers are a plain `QueueIntegration`.
 */
export interface QueueIntegrationWithSecret extends QueueIntegration {
  readonly secret: string;
}

/** GET /queueIntegration: a page of the search by name (spec 3 §7: `queueIntegrations`, `hasMore`). */
export interface QueueIntegrationPage {
  readonly queueIntegrations: readonly QueueIntegration[];
  readonly hasMore: boolean;
}

/** Spec 3 §9: a new typebot's delay (milliseconds) and expiry (minutes). */
export const TYPEBOT_DEFAULT_DELAY_MESSAGE = 1000;
export const TYPEBOT_DEFAULT_EXPIRES = 1;
/** Ours: the longest pause between the bot's messages (they are sent while the customer waits). */
export const TYPEBOT_DELAY_MESSAGE_MAX = 5000;
/** Ours: a week. */
export const TYPEBOT_EXPIRES_MAX = 10_080;
export const QUEUE_INTEGRATION_NAME_MIN = 2;
export const QUEUE_INTEGRATION_NAME_MAX = 50;
export const QUEUE_INTEGRATION_URL_MAX = 500;
export const QUEUE_INTEGRATION_KEYWORD_MAX = 50;
export const QUEUE_INTEGRATION_MESSAGE_MAX = 1000;
/** A service account's JSON is about 2.4 KB; room for a longer key. */
export const QUEUE_INTEGRATION_JSON_CONTENT_MAX = 10_000;
/** The prefix of the signature header's value: `X-Atende-Signature: sha256=<hex>`. */
export const WEBHOOK_SIGNATURE_HEADER = 'x-atende-signature';
/** The header naming one delivery: the same on every retry of one customer message, so a receiver can drop repeats. */
export const WEBHOOK_DELIVERY_HEADER = 'x-atende-delivery';

const required = 'Required';

const text = (max: number) =>
  z
    .string({ error: 'Must be text' })
    .overwrite(withoutControls)
    .trim()
    .max(max, 'Too Long!')
    .nullable()
    .optional()
    .transform((value) => value ?? '');

const message = z
  .string({ error: 'Must be text' })
  .overwrite(writtenText)
  .max(QUEUE_INTEGRATION_MESSAGE_MAX, 'Too Long!')
  .nullable()
  .optional()
  .transform((value) => value ?? '');

/** A whole number within bounds; absent, null or '' (a cleared field): the default. */
const whole = (min: number, max: number, fallback: number) =>
  z.preprocess(
    (value) => (value === undefined || value === null || value === '' ? fallback : typeof value === 'string' ? Number(value) : value),
    z.number({ error: 'Must be a number' }).int('Must be a whole number').min(min, `Must be ${min} or more`).max(max, `Must be ${max} or less`),
  );

const isHttpUrl = (value: string): boolean => {
  try {
    const url = new URL(value);
    return (url.protocol === 'https:' || url.protocol === 'http:') && url.hostname !== '' && url.username === '' && url.password === '';
  } catch {
    return false;
  }
};

/** A service account as Google issues it: the fields the OAuth token needs, checked by shape. */
function isServiceAccountJson(value: string): boolean {
  let parsed: unknown;
  try {
    parsed = JSON.parse(value);
  } catch {
    return false;
  }
  if (typeof parsed !== 'object' || parsed === null) return false;
  const account = parsed as Record<string, unknown>;
  return (
    account.type === 'service_account' &&
    typeof account.client_email === 'string' &&
    account.client_email.includes('@') &&
    typeof account.private_key === 'string' &&
    account.private_key.includes('PRIVATE KEY')
  );
}

/** A Google Cloud project id: 6 to 30 lower-case letters, digits and hyphens, starting with a letter. */
const PROJECT_ID = /^[a-z][a-z0-9-]{4,28}[a-z0-9]$/;
/** Typebot's public id: letters, digits, '-' and '_'. */
const TYPEBOT_SLUG = /^[A-Za-z0-9][A-Za-z0-9_-]*$/;

const integrationFields = {
  type: z.enum(QUEUE_INTEGRATION_TYPES, {
    error: (issue) => (issue.input === undefined || issue.input === null || issue.input === '' ? required : 'Invalid type'),
  }),
  /** Spec 3 §5: required, 2 to 50 characters. */
  name: z
    .string({ error: (issue) => (issue.input === undefined || issue.input === null ? required : 'Must be text') })
    .overwrite(withoutControls)
    .trim()
    .min(1, { error: required, abort: true })
    .min(QUEUE_INTEGRATION_NAME_MIN, 'Too Short!')
    .max(QUEUE_INTEGRATION_NAME_MAX, 'Too Long!'),
  projectName: text(100),
  /**
   * Dialogflow's service account, the JSON file Google gives (write-only). On a PUT, absent, null or ''
   * keeps the stored one.
   */
  jsonContent: z
    .string({ error: 'Must be text' })
    .trim()
    .max(QUEUE_INTEGRATION_JSON_CONTENT_MAX, 'Too Long!')
    .refine((value) => value === '' || isServiceAccountJson(value), 'Invalid service account JSON')
    .nullable()
    .optional()
    .transform((value) => value ?? ''),
  language: z
    .preprocess((value) => (value === '' ? null : value), z.enum(QUEUE_INTEGRATION_LANGUAGES, { error: 'Invalid language' }).nullable())
    .optional()
    .transform((value) => value ?? null),
  urlN8N: text(QUEUE_INTEGRATION_URL_MAX).refine((value) => value === '' || isHttpUrl(value), 'Invalid URL'),
  typebotSlug: text(100).refine((value) => value === '' || TYPEBOT_SLUG.test(value), 'Invalid slug'),
  typebotExpires: whole(0, TYPEBOT_EXPIRES_MAX, TYPEBOT_DEFAULT_EXPIRES),
  typebotDelayMessage: whole(0, TYPEBOT_DELAY_MESSAGE_MAX, TYPEBOT_DEFAULT_DELAY_MESSAGE),
  typebotKeywordFinish: text(QUEUE_INTEGRATION_KEYWORD_MAX),
  typebotKeywordRestart: text(QUEUE_INTEGRATION_KEYWORD_MAX),
  typebotUnknownMessage: message,
  typebotRestartMessage: message,
};

/**
 * POST /queueIntegration and PUT /queueIntegration/{id}: the whole integration, as the dialog sends it
 * (a PUT replaces every field but a `jsonContent` left empty, which keeps the stored service account).
 * Spec 3 §5, per type: n8n and webhook need the url; typebot the url and the slug; dialogflow the
 * language, and (ours, so it can work) the project and a service account (sent, or stored already:
 * checked by the use case).
 */
export const QueueIntegrationBody = z.object(integrationFields).superRefine((body, context) => {
  const missing = (path: keyof typeof integrationFields, message = required) => context.addIssue({ code: 'custom', path: [path], message });
  if (!OFFERED_QUEUE_INTEGRATION_TYPES.includes(body.type)) missing('type', 'Type not offered');
  if (body.type === 'n8n' || body.type === 'webhook' || body.type === 'typebot') {
    if (body.urlN8N === '') missing('urlN8N');
  }
  if (body.type === 'typebot' && body.typebotSlug === '') missing('typebotSlug');
  if (body.type === 'dialogflow') {
    if (body.language === null) missing('language');
    if (body.projectName === '') missing('projectName');
    else if (!PROJECT_ID.test(body.projectName)) missing('projectName', 'Invalid project id');
  }
});
export type QueueIntegrationBody = z.output<typeof QueueIntegrationBody>;

export const QueueIntegrationParams = z.object({ id: z.ulid('Invalid id') });

/**
 * POST /queueIntegration/testSession (spec 3 §7: projectName, jsonContent, language): asks the Dialogflow
 * agent one question with these credentials. Ours: `id` names a stored integration whose service account
 * is used when `jsonContent` is left empty (the dialog of a saved integration never has it back).
 */
export const QueueIntegrationTestBody = z
  .object({
    id: z.ulid('Invalid id').optional(),
    projectName: integrationFields.projectName,
    jsonContent: integrationFields.jsonContent,
    language: integrationFields.language,
    /** What to ask; 'Olá' when absent. */
    text: text(QUEUE_INTEGRATION_MESSAGE_MAX),
  })
  .superRefine((body, context) => {
    if (body.projectName === '') context.addIssue({ code: 'custom', path: ['projectName'], message: required });
    else if (!PROJECT_ID.test(body.projectName)) context.addIssue({ code: 'custom', path: ['projectName'], message: 'Invalid project id' });
    if (body.language === null) context.addIssue({ code: 'custom', path: ['language'], message: required });
    if (body.jsonContent === '' && body.id === undefined) context.addIssue({ code: 'custom', path: ['jsonContent'], message: required });
  });
export type QueueIntegrationTestBody = z.output<typeof QueueIntegrationTestBody>;

/**
 * The answer of a test that reached the agent: what it said, and whether the intent ends the conversation.
 * A test that did not (a refused service account, an unknown project) is answered
 * ERR_INTEGRATION_TEST_FAILED with `details.step` ('token' or 'detectIntent') and the service's `status`.
 */
export interface QueueIntegrationTestResult {
  readonly success: true;
  readonly messages: readonly string[];
  readonly endConversation: boolean;
}
