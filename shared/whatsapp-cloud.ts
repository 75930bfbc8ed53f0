/**
 * The official WhatsApp Business Platform (Meta's Cloud API) as a second kind of connection beside
 * Baileys (issue 32): what a `cloud` connection takes and answers, its message templates, and the
 * 24-hour reply window. Imported by the backend and the web.
 *
 * Ours where the spec is silent (README, behaviour notes):
 * - The access token and the app secret are write-only: never answered (`hasCloudAccessToken`,
 *   `hasCloudAppSecret` say whether one is set), logged or published; a PUT without one keeps it.
 * - The connection answers the webhook address and verify token to paste in Meta's app; the verify
 *   token is made by us when the connection is created and never changes.
 * - Free-form messages go only within REPLY_WINDOW_HOURS of the customer's last message on the ticket
 *   (`TicketDto.customerMessageAt`); outside it only an approved template (Meta's rule).
 */
import { z } from 'zod';
import { withoutControls } from './text';

/** Meta's customer service window: free-form messages within this many hours of the customer's last message. */
export const REPLY_WINDOW_HOURS = 24;

/** When the reply window of a conversation whose customer last wrote at `customerMessageAt` closes; null: it never opened. */
export function replyWindowEndsAt(customerMessageAt: string | null): Date | null {
  return customerMessageAt === null ? null : new Date(Date.parse(customerMessageAt) + REPLY_WINDOW_HOURS * 3_600_000);
}

/** Whether a free-form message may go now on a cloud connection. */
export function replyWindowOpen(customerMessageAt: string | null, now: Date): boolean {
  const endsAt = replyWindowEndsAt(customerMessageAt);
  return endsAt !== null && endsAt.getTime() > now.getTime();
}

const required = (issue: { input: unknown }) => (issue.input === undefined || issue.input === null ? 'Required' : 'Must be text');

/** Meta's ids are decimal digits. */
const graphId = z.string({ error: required }).trim().regex(/^\d{5,30}$/, 'Invalid id');

/** The credentials of a cloud connection, as `POST|PUT /whatsapp` take them (with `provider: "cloud"`). */
export const CloudConnectionFields = {
  cloudPhoneNumberId: graphId.optional(),
  cloudBusinessAccountId: graphId.optional(),
  /** A system user's access token; write-only. */
  cloudAccessToken: z.string({ error: required }).trim().min(20, 'Too Short!').max(1024, 'Too Long!').optional(),
  /** The Meta app's secret, which signs the webhooks (X-Hub-Signature-256); write-only. */
  cloudAppSecret: z.string({ error: required }).trim().regex(/^[A-Za-z0-9]{16,128}$/, 'Invalid secret').optional(),
};

/** What a connection answers of its Cloud API setup (all empty/false on a Baileys or simulator connection). */
export interface CloudConnectionDto {
  readonly cloudPhoneNumberId: string;
  readonly cloudBusinessAccountId: string;
  readonly hasCloudAccessToken: boolean;
  readonly hasCloudAppSecret: boolean;
  /** The callback URL to paste in Meta's app (`/webhooks/whatsapp-cloud/{id}` on this stage's API); '' when not cloud. */
  readonly webhookUrl: string;
  /** The verify token to paste beside it; '' when not cloud. */
  readonly webhookVerifyToken: string;
}

/** Meta's template statuses; only APPROVED ones can be sent. */
export const TEMPLATE_STATUSES = ['APPROVED', 'PENDING', 'REJECTED', 'PAUSED', 'DISABLED', 'IN_APPEAL', 'PENDING_DELETION', 'DELETED', 'LIMIT_EXCEEDED'] as const;
export type TemplateStatus = (typeof TEMPLATE_STATUSES)[number];

export const TEMPLATE_CATEGORIES = ['MARKETING', 'UTILITY', 'AUTHENTICATION'] as const;
export type TemplateCategory = (typeof TEMPLATE_CATEGORIES)[number];

/** The most `{{n}}` variables a template's body takes here. */
export const TEMPLATE_VARIABLES_MAX = 20;

/** A message template of the connection's WhatsApp Business Account, as last synced. */
export interface WhatsAppTemplateDto {
  /** Meta's template id. */
  readonly id: string;
  readonly name: string;
  /** Meta's language code (pt_BR, en_US, es). */
  readonly language: string;
  readonly status: TemplateStatus;
  readonly category: TemplateCategory;
  /** The text of the HEADER component when it is text; null otherwise. */
  readonly header: string | null;
  /** The BODY's text with its `{{1}}`, `{{2}}`… placeholders. */
  readonly body: string;
  readonly footer: string | null;
  /** How many `{{n}}` placeholders the body has (1..variables). */
  readonly variables: number;
}

/** GET /whatsapp/{id}/templates and POST /whatsapp/{id}/templates/sync. */
export interface TemplateListDto {
  readonly records: readonly WhatsAppTemplateDto[];
  /** When the templates were last read from Meta; null: never. */
  readonly syncedAt: string | null;
}

/**
 * A template to send (POST /messages/{ticketId} `template`): by name and language, with the body's
 * variables in order. The server checks it is an APPROVED template of the ticket's connection with
 * exactly that many variables, and stores the message with the body's text filled in.
 */
export const TemplateMessage = z.object({
  name: z.string({ error: required }).trim().regex(/^[a-z0-9_]{1,512}$/, 'Invalid template'),
  language: z.string({ error: required }).trim().regex(/^[a-z]{2,3}(_[A-Z]{2})?$/, 'Invalid language'),
  variables: z
    .array(z.string({ error: 'Must be text' }).overwrite(withoutControls).trim().min(1, 'Required').max(1024, 'Too Long!'), 'Invalid value')
    .max(TEMPLATE_VARIABLES_MAX, 'Too many')
    .default([]),
});
export type TemplateMessage = z.output<typeof TemplateMessage>;

/** The body of a template with its `{{n}}` placeholders replaced by `variables[n-1]` (a missing one stays as written). */
export function fillTemplate(body: string, variables: readonly string[]): string {
  return body.replace(/\{\{(\d+)\}\}/g, (placeholder, index: string) => variables[Number(index) - 1] ?? placeholder);
}

/** How many distinct `{{n}}` placeholders a template body has: its highest n. */
export function countTemplateVariables(body: string): number {
  let highest = 0;
  for (const match of body.matchAll(/\{\{(\d+)\}\}/g)) highest = Math.max(highest, Number(match[1]));
  return highest;
}
