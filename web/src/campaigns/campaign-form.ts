/**
 * The campaign dialog without React (spec 2 §2, §4, §5, §7): its values, the body it sends (the
 * scheduled time as 'YYYY-MM-DD HH:mm:ss' on the company's clock, empty choices as null, no tag as
 * 'Nenhuma'), what may be changed in each state, the title, and the schema's messages by their key.
 */
import { companyClock, companyDay } from '../../../shared/company-time';
import { CAMPAIGN_MESSAGE_FIELDS, isCampaignEditable, NO_TAG, type Campaign, type CampaignMessageField } from '../../../shared/campaigns';
import { countTemplateVariables, type TemplateMessage, type WhatsAppTemplateDto } from '../../../shared/whatsapp-cloud';
import type { CampaignRequestBody } from '../api/campaigns';

export interface CampaignFormValues extends Readonly<Record<CampaignMessageField, string>> {
  readonly name: string;
  /** The `datetime-local` input's value (YYYY-MM-DDTHH:mm, the browser's clock); '' for none. */
  readonly scheduledAt: string;
  /** '' for none, in each select. */
  readonly contactListId: string;
  readonly tagListId: string;
  readonly whatsappId: string;
  readonly fileListId: string;
  /**
   * On a Cloud API connection (issue 32): the approved template each contact is sent, its variables as
   * typed (they may name the campaign's placeholders, filled per contact by the server); null for none.
   */
  readonly template: TemplateMessage | null;
}

const pad = (value: number) => String(value).padStart(2, '0');

/** An instant as a `datetime-local` value on the browser's clock, to the minute. */
export function localInputValue(at: Date): string {
  return `${at.getFullYear()}-${pad(at.getMonth() + 1)}-${pad(at.getDate())}T${pad(at.getHours())}:${pad(at.getMinutes())}`;
}

/** An instant as spec 2 §7 sends dates: 'YYYY-MM-DD HH:mm:ss' on the company's clock (Brasília). */
export function companyDateTime(at: Date): string {
  return `${companyDay(at)} ${companyClock(at)}`;
}

export const EMPTY_CAMPAIGN_FORM: CampaignFormValues = {
  name: '',
  message1: '',
  message2: '',
  message3: '',
  message4: '',
  message5: '',
  scheduledAt: '',
  contactListId: '',
  tagListId: '',
  whatsappId: '',
  fileListId: '',
  template: null,
};

export function campaignFormOf(campaign: Campaign): CampaignFormValues {
  return {
    name: campaign.name,
    message1: campaign.message1,
    message2: campaign.message2,
    message3: campaign.message3,
    message4: campaign.message4,
    message5: campaign.message5,
    scheduledAt: campaign.scheduledAt === null ? '' : localInputValue(new Date(campaign.scheduledAt)),
    contactListId: campaign.contactListId ?? '',
    tagListId: campaign.tagListId === NO_TAG ? '' : campaign.tagListId,
    whatsappId: campaign.whatsappId ?? '',
    fileListId: campaign.fileListId ?? '',
    template: campaign.template,
  };
}

/**
 * The scheduled time to send: none for an empty input; the stored instant to the second when the input
 * still shows it (the input keeps minutes only, and an unchanged time must go back unchanged); else the
 * input's time read on the browser's clock. What the browser cannot read goes as typed, for the
 * schema to refuse ('Data inválida').
 */
export function scheduledAtBody(input: string, stored: string | null): string | null {
  if (input.trim() === '') return null;
  if (stored !== null && localInputValue(new Date(stored)) === input) return companyDateTime(new Date(stored));
  const at = new Date(input);
  return Number.isNaN(at.getTime()) ? input : companyDateTime(at);
}

/**
 * The body the form sends for its values; `editing` is the campaign as loaded, when there is one;
 * `cloud`: the chosen connection is a Cloud API one, which sends the template (and takes no file list);
 * any other sends no template, whatever was picked before the connection changed.
 */
export function campaignBody(values: CampaignFormValues, editing?: Pick<Campaign, 'scheduledAt'>, cloud = false): CampaignRequestBody {
  const orNull = (id: string) => (id === '' ? null : id);
  return {
    name: values.name,
    message1: values.message1,
    message2: values.message2,
    message3: values.message3,
    message4: values.message4,
    message5: values.message5,
    scheduledAt: scheduledAtBody(values.scheduledAt, editing?.scheduledAt ?? null),
    contactListId: orNull(values.contactListId),
    tagListId: values.tagListId === '' ? NO_TAG : values.tagListId,
    whatsappId: orNull(values.whatsappId),
    fileListId: cloud ? null : orNull(values.fileListId),
    template: cloud ? values.template : null,
  };
}

/** Whether the connection of that id is a Cloud API one (false while the list is not loaded, or for none). */
export function isCloudConnection(connections: readonly { readonly id: string; readonly provider: string }[] | undefined, whatsappId: string): boolean {
  return whatsappId !== '' && connections?.find((connection) => connection.id === whatsappId)?.provider === 'cloud';
}

/** A template picked for the campaign: one variable per `{{n}}` of its body, the first the contact's name (what most templates greet). */
export function campaignTemplateOf(template: Pick<WhatsAppTemplateDto, 'name' | 'language' | 'body'>): TemplateMessage {
  const variables = Array.from({ length: countTemplateVariables(template.body) }, (_, index) => (index === 0 ? '{nome}' : ''));
  return { name: template.name, language: template.language, variables };
}

/**
 * What the dialog lets change (spec 2 §4): a new or editable campaign everything; a cancelled one its
 * name and messages, with the save button; any other nothing, without the save button. The title says
 * new, update or read-only (by isCampaignEditable: a cancelled campaign is read-only but for those).
 */
export interface CampaignAccess {
  readonly title: 'new' | 'update' | 'readOnly';
  /** The name and the five messages. */
  readonly texts: boolean;
  /** The selects, the scheduled time and the attachment. */
  readonly settings: boolean;
  readonly save: boolean;
}

export function campaignAccess(campaign: Pick<Campaign, 'status' | 'scheduledAt'> | undefined, now: Date): CampaignAccess {
  if (campaign === undefined) return { title: 'new', texts: true, settings: true, save: true };
  if (isCampaignEditable(campaign, now)) return { title: 'update', texts: true, settings: true, save: true };
  const cancelled = campaign.status === 'CANCELADA';
  return { title: 'readOnly', texts: cancelled, settings: false, save: cancelled };
}

/** The message tabs in order (spec 2 §2: Msg. 1 to Msg. 5), each with its number. */
export const MESSAGE_TABS: readonly { readonly field: CampaignMessageField; readonly number: number }[] = CAMPAIGN_MESSAGE_FIELDS.map((field, index) => ({
  field,
  number: index + 1,
}));

/** The schema's messages translated by key; the spec's 'Required', 'Too Short!' and 'Too Long!' show as written. */
const MESSAGE_KEYS = {
  'Data inválida': 'invalidDate',
  'Escolha uma lista de contatos ou uma tag': 'oneTarget',
  'Invalid id': 'invalidId',
  // The server's template rules on a Cloud API connection (functions/core/campaigns/save-campaign.ts).
  'A campaign on a Cloud API connection sends an approved template: choose one': 'templateRequired',
  'The template is not an approved one of this connection (sync the templates to refresh them)': 'templateNotApproved',
  'Templates are sent only on Cloud API connections': 'templateNotCloud',
  'A campaign on a Cloud API connection sends its template only, without a file list': 'fileListOnCloud',
} as const;

export type CampaignFieldMessageKey = (typeof MESSAGE_KEYS)[keyof typeof MESSAGE_KEYS];

export function campaignFieldMessage(message: string): { readonly key: CampaignFieldMessageKey } | { readonly text: string } {
  const key = (MESSAGE_KEYS as Readonly<Record<string, CampaignFieldMessageKey>>)[message];
  return key === undefined ? { text: message } : { key };
}
