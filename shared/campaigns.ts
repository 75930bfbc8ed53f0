/**
 * Campaigns (spec 2 §2-§9): a bulk send of up to five message texts (each recipient gets one of them,
 * in turn) to a contact list or to the company's contacts with a tag, through one connection, now or at
 * a scheduled time, paced per connection (shared/campaign-settings.ts). The bodies the API takes, the
 * answers it gives, the status rules the web and the server share, and the text filling.
 */
import { z } from 'zod';
import { parseSendAt } from './scheduled-messages';
import { writtenText } from './text';
import { TemplateMessage } from './whatsapp-cloud';

export const CAMPAIGN_STATUSES = ['INATIVA', 'PROGRAMADA', 'EM_ANDAMENTO', 'CANCELADA', 'FINALIZADA'] as const;
export type CampaignStatus = (typeof CAMPAIGN_STATUSES)[number];

/** The five message texts of a campaign (spec 2 §2: tabs Msg. 1 to Msg. 5). */
export const CAMPAIGN_MESSAGE_FIELDS = ['message1', 'message2', 'message3', 'message4', 'message5'] as const;
export type CampaignMessageField = (typeof CAMPAIGN_MESSAGE_FIELDS)[number];

/** Spec 2 §3: the tag select's "no tag" value, answered as the tagListId of a campaign without one. */
export const NO_TAG = 'Nenhuma';

/** Spec 2 §9: a campaign is editable only more than an hour before its scheduled time. */
export const CAMPAIGN_EDIT_LEAD_MS = 60 * 60 * 1000;

export const CAMPAIGN_MESSAGE_MAX = 4096;

/** Form fields the attachment is read from. */
export const CAMPAIGN_MEDIA_FIELDS = ['file', 'medias'] as const;
/** Ours: under Lambda's 6 MB request once API Gateway has base64-encoded the upload. */
export const CAMPAIGN_MEDIA_MAX_BYTES = 4 * 1024 * 1024;

/**
 * Why a recipient was not sent the campaign. `templateUnavailable`: on a Cloud API connection, the
 * campaign's template was no longer an approved one of the connection when the recipient's turn came.
 */
export const SKIP_REASONS = ['invalidNumber', 'optedOut', 'failed', 'templateUnavailable'] as const;
export type SkipReason = (typeof SKIP_REASONS)[number];

export const SHIPPING_STATUSES = ['pending', 'delivered', 'skipped'] as const;
export type ShippingStatus = (typeof SHIPPING_STATUSES)[number];

/** The counts of a campaign's recipients; valid ones are those not skipped (spec 2 §2: delivered of valid). */
export interface CampaignProgress {
  readonly recipients: number;
  readonly delivered: number;
  readonly skipped: number;
}

export interface Campaign {
  readonly id: string;
  readonly name: string;
  readonly message1: string;
  readonly message2: string;
  readonly message3: string;
  readonly message4: string;
  readonly message5: string;
  readonly status: CampaignStatus;
  readonly scheduledAt: string | null;
  readonly completedAt: string | null;
  readonly whatsappId: string | null;
  readonly contactListId: string | null;
  /** The tag whose contacts are the recipients, or 'Nenhuma'. */
  readonly tagListId: string;
  readonly fileListId: string | null;
  /**
   * On a Cloud API connection (issue 32) what each recipient is sent, instead of the message texts: an
   * approved template of the connection whose variables may name the recipient's placeholders
   * (fillCampaignTemplate). null on any other connection.
   */
  readonly template: TemplateMessage | null;
  readonly companyId: string;
  /** The attached file's name as sent (spaces as underscores), or null; the file itself is private. */
  readonly mediaPath: string | null;
  readonly mediaName: string | null;
  readonly createdAt: string;
  readonly updatedAt: string;
  readonly contactList: { readonly id: string; readonly name: string; readonly contactsCount: number } | null;
  readonly whatsapp: { readonly id: string; readonly name: string } | null;
  readonly progress: CampaignProgress;
}

export interface CampaignPage {
  readonly records: readonly Campaign[];
  readonly hasMore: boolean;
}

/** One recipient of a campaign and what became of it (the report's list and its CSV). */
export interface CampaignShipping {
  /** The recipient's place in the campaign, from 1. */
  readonly position: number;
  readonly name: string;
  readonly number: string;
  readonly email: string;
  readonly status: ShippingStatus;
  readonly reason: SkipReason | null;
  /** When it was handed to the connection's session. */
  readonly deliveredAt: string | null;
  /** The message's ack as WhatsApp reported it (0 waiting, 1 sent, 2 received, 3 read), once sent. */
  readonly ack: number | null;
}

export interface CampaignShippingPage {
  readonly shipping: readonly CampaignShipping[];
  /** Where the next page starts; null after the last one. */
  readonly cursor: string | null;
}

const name = z
  .string({ error: 'Required' })
  .trim()
  .min(1, { error: 'Required', abort: true })
  .min(2, 'Too Short!')
  .max(50, 'Too Long!');

const message = z
  .string()
  .max(CAMPAIGN_MESSAGE_MAX, 'Too Long!')
  .nullish()
  .transform((value) => writtenText(value ?? '').trim());

/** Empty strings and null alike mean "none" (spec 2 §7: empty values are sent as null). */
const optionalId = z
  .union([z.ulid('Invalid id'), z.literal(''), z.null()])
  .optional()
  .transform((value) => (value ? value : null));

const scheduledAt = z
  .string()
  .max(40, 'Data inválida')
  .nullish()
  .transform((value, context) => {
    if (!value?.trim()) return null;
    const instant = parseSendAt(value);
    if (!instant) {
      context.addIssue({ code: 'custom', message: 'Data inválida' });
      return z.NEVER;
    }
    return instant.toISOString();
  });

const tagListId = z
  .union([z.ulid('Invalid id'), z.literal(NO_TAG), z.literal(''), z.null()])
  .optional()
  .transform((value) => (value && value !== NO_TAG ? value : null));

/**
 * POST /campaigns and PUT /campaigns/{id}: the dialog's fields. Dates as the spec sends them
 * ('YYYY-MM-DD HH:mm:ss' on the company's clock) or ISO 8601 with an offset. One target at most: a
 * contact list or a tag.
 */
export const CampaignBody = z
  .object({
    name,
    message1: message,
    message2: message,
    message3: message,
    message4: message,
    message5: message,
    scheduledAt,
    whatsappId: optionalId,
    contactListId: optionalId,
    tagListId,
    fileListId: optionalId,
    /** Required on a Cloud API connection, refused on another (the server checks it against the connection's templates). */
    template: TemplateMessage.nullish().transform((value) => value ?? null),
  })
  .superRefine((body, context) => {
    if (body.contactListId && body.tagListId) {
      context.addIssue({ code: 'custom', path: ['tagListId'], message: 'Escolha uma lista de contatos ou uma tag' });
    }
  });
export type CampaignBody = z.output<typeof CampaignBody>;

export const CampaignParams = z.object({ id: z.ulid('Invalid id') });

/** GET /campaigns/{id}/shipping: a page of the recipients, in their order. */
export const CampaignShippingQuery = z.object({
  cursor: z
    .string()
    .regex(/^\d{1,6}$/, 'Invalid cursor')
    .optional(),
  limit: z.coerce.number({ error: 'Invalid limit' }).int('Invalid limit').min(1, 'Invalid limit').max(500, 'Invalid limit').optional().default(100),
});
export type CampaignShippingQuery = z.output<typeof CampaignShippingQuery>;

/** The message texts a campaign has, in tab order (empty tabs left out): recipient n gets text n mod count. */
export function campaignTexts(campaign: Pick<Campaign, CampaignMessageField>): string[] {
  return CAMPAIGN_MESSAGE_FIELDS.map((field) => campaign[field]).filter((text) => text.length > 0);
}

/** Spec 2 §4, §9: editable while INATIVA, or PROGRAMADA more than an hour ahead. */
export function isCampaignEditable(campaign: Pick<Campaign, 'status' | 'scheduledAt'>, now: Date): boolean {
  if (campaign.status === 'INATIVA') return true;
  if (campaign.status !== 'PROGRAMADA' || !campaign.scheduledAt) return false;
  return Date.parse(campaign.scheduledAt) - now.getTime() > CAMPAIGN_EDIT_LEAD_MS;
}

/** What a recipient's text may name (spec 2 §2): {nome}, {numero}, {email} and the company's custom variables. */
export interface CampaignRecipient {
  readonly name: string;
  readonly number: string;
  readonly email: string;
}

/**
 * The text with its variables filled: `{nome}`, `{numero}`, `{email}` from the recipient, then each
 * custom variable by its key (case aside). A name in braces that is none of these stays as written.
 */
export function fillCampaignText(text: string, recipient: CampaignRecipient, variables: readonly { readonly key: string; readonly value: string }[]): string {
  const values = new Map<string, string>([
    ['nome', recipient.name],
    ['numero', recipient.number],
    ['email', recipient.email],
  ]);
  for (const variable of variables) {
    const key = variable.key.toLowerCase();
    if (!values.has(key)) values.set(key, variable.value);
  }
  return text.replace(/\{([\p{L}\p{N}_]{1,40})\}/gu, (whole, key: string) => values.get(key.toLowerCase()) ?? whole);
}

/**
 * A Cloud API campaign's template variables for one recipient (issue 32): each variable is a text that
 * may name the same placeholders as the message texts (`{nome}`, `{numero}`, `{email}`, the company's
 * custom variables), filled by fillCampaignText. Meta refuses an empty parameter, so a variable that
 * comes out empty (a `{email}` alone, for a contact without one) answers undefined: that recipient
 * cannot be sent the template.
 */
export function fillCampaignTemplate(
  template: TemplateMessage,
  recipient: CampaignRecipient,
  variables: readonly { readonly key: string; readonly value: string }[],
): TemplateMessage | undefined {
  const filled = template.variables.map((variable) => fillCampaignText(variable, recipient, variables).trim());
  if (filled.some((value) => value.length === 0)) return undefined;
  return { ...template, variables: filled };
}
