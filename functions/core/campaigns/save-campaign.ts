/**
 * POST /campaigns and PUT /campaigns/{id} (spec 2 §2-§5, §7): the dialog's fields.
 *
 * Steps:
 * 1. what it names must be the company's: the connection (ERR_NO_WAPP_FOUND), the contact list
 *    (ERR_NO_CONTACTLIST_FOUND), the tag (ERR_NO_TAG_FOUND), the file list (ERR_NO_FILE_FOUND);
 * 2. with a scheduled time it must be able to send: a connection, a target (a list or a tag) and at
 *    least one message text, else ERR_VALIDATION naming the field; without a time it is a draft
 *    (INATIVA, spec 2 §4: a new campaign starts INATIVA) and may lack them;
 *    on a Cloud API connection (issue 32) a campaign is business-initiated, and Meta takes only an
 *    approved template outside a customer's 24-hour window (most of a list): it needs a `template`,
 *    draft or not, an APPROVED one of that connection with the variables its body takes
 *    (whatsapp-cloud/templates.ts templateToSend), else ERR_VALIDATION on `template`; its message
 *    texts are kept but not sent, and a file list (free-form messages too) is refused. On any other
 *    connection, or without one, a template is refused (ERR_VALIDATION on `template`);
 * 3. a change needs the campaign editable (spec 2 §4: INATIVA, or PROGRAMADA more than an hour ahead),
 *    else ERR_CAMPAIGN_NOT_EDITABLE; a CANCELADA one takes its name and message texts only (the form
 *    shows them, spec 2 §4), as its recipients are already set; the write is conditional on the
 *    campaign being as read (ERR_CONFLICT otherwise);
 * 4. with a time: PROGRAMADA, and its start entry made for that time (start-timer.ts); a time already
 *    past starts it at once. Published as `campaign` create or update.
 */
import { ulid } from 'ulid';
import { CAMPAIGN_MESSAGE_FIELDS, campaignTexts, isCampaignEditable, type Campaign, type CampaignBody } from '../../../shared/campaigns';
import type { Caller } from '../caller/load-caller';
import { AppError } from '../errors';
import { getCampaign, putNewCampaign, setCampaignFields, type StoredCampaign } from '../repositories/campaigns';
import { getConnection, type Connection } from '../repositories/connections';
import { getContactList } from '../repositories/contact-lists';
import { getFileList } from '../repositories/file-lists';
import { getTag } from '../repositories/tags';
import { templateToSend } from '../whatsapp-cloud/templates';
import { presentOneCampaign, publishCampaign } from './present-campaign';
import { armCampaignStart } from './start-timer';

const invalid = (path: string, message: string) => new AppError('ERR_VALIDATION', { message, fields: [{ path, message }] });

/** Answers the campaign's connection (undefined without one). */
async function checkReferences(companyId: string, body: CampaignBody): Promise<Connection | undefined> {
  const [connection, list, tag, fileList] = await Promise.all([
    body.whatsappId ? getConnection(companyId, body.whatsappId) : null,
    body.contactListId ? getContactList(companyId, body.contactListId) : null,
    body.tagListId ? getTag(companyId, body.tagListId) : null,
    body.fileListId ? getFileList(companyId, body.fileListId) : null,
  ]);
  if (body.whatsappId && !connection) throw new AppError('ERR_NO_WAPP_FOUND');
  if (body.contactListId && !list) throw new AppError('ERR_NO_CONTACTLIST_FOUND');
  if (body.tagListId && !tag) throw new AppError('ERR_NO_TAG_FOUND');
  if (body.fileListId && !fileList) throw new AppError('ERR_NO_FILE_FOUND');
  return connection ?? undefined;
}

/** A campaign with a time must be able to send when it comes. */
function checkSendable(body: CampaignBody, connection: Connection | undefined): void {
  if (!body.scheduledAt) return;
  if (!body.whatsappId) throw invalid('whatsappId', 'Selecione uma conexão');
  if (!body.contactListId && !body.tagListId) throw invalid('contactListId', 'Selecione uma lista de contatos ou uma tag');
  // A cloud campaign sends its template (checked by checkTemplate), not the texts.
  if (connection?.provider !== 'cloud' && campaignTexts(body).length === 0) throw invalid('message1', 'Escreva ao menos uma mensagem');
}

/** Step 2's template rules (see the file's comment). */
async function checkTemplate(body: CampaignBody, connection: Connection | undefined): Promise<void> {
  if (connection?.provider !== 'cloud') {
    if (body.template) throw invalid('template', 'Templates are sent only on Cloud API connections');
    return;
  }
  if (!body.template) throw invalid('template', 'A campaign on a Cloud API connection sends an approved template: choose one');
  if (body.fileListId) throw invalid('fileListId', 'A campaign on a Cloud API connection sends its template only, without a file list');
  try {
    await templateToSend(connection, body.template);
  } catch (error) {
    // The form's field says it better than a 404: the template is one of the connection's, by name and language.
    if (error instanceof AppError && error.code === 'ERR_NO_TEMPLATE_FOUND') {
      throw invalid('template', 'The template is not an approved one of this connection (sync the templates to refresh them)');
    }
    throw error;
  }
}

function fieldsOf(body: CampaignBody) {
  return {
    name: body.name,
    message1: body.message1,
    message2: body.message2,
    message3: body.message3,
    message4: body.message4,
    message5: body.message5,
    scheduledAt: body.scheduledAt,
    whatsappId: body.whatsappId,
    contactListId: body.contactListId,
    tagListId: body.tagListId,
    fileListId: body.fileListId,
    template: body.template,
    status: body.scheduledAt ? ('PROGRAMADA' as const) : ('INATIVA' as const),
  };
}

export async function createCampaign(caller: Caller, body: CampaignBody, now = new Date()): Promise<Campaign> {
  const connection = await checkReferences(caller.companyId, body);
  checkSendable(body, connection);
  await checkTemplate(body, connection);
  const at = now.toISOString();
  const campaign: StoredCampaign = {
    id: ulid(now.getTime()),
    companyId: caller.companyId,
    ...fieldsOf(body),
    completedAt: null,
    mediaKey: null,
    mediaName: null,
    mediaContentType: null,
    planned: null,
    position: 0,
    delivered: 0,
    skipped: 0,
    startedAt: null,
    createdAt: at,
    updatedAt: at,
  };
  await putNewCampaign(campaign);
  if (campaign.scheduledAt) await armCampaignStart(campaign.companyId, campaign.id, campaign.scheduledAt, now);
  const record = await presentOneCampaign(campaign);
  await publishCampaign(caller.companyId, { action: 'create', record });
  return record;
}

/** The caller's company's campaign, or ERR_NO_CAMPAIGN_FOUND (another company's answers the same). */
export async function readCampaign(caller: Caller, id: string): Promise<StoredCampaign> {
  const campaign = await getCampaign(caller.companyId, id, true);
  if (!campaign) throw new AppError('ERR_NO_CAMPAIGN_FOUND');
  return campaign;
}

export async function updateCampaign(caller: Caller, id: string, body: CampaignBody, now = new Date()): Promise<Campaign> {
  const current = await readCampaign(caller, id);
  let changed: StoredCampaign | undefined;
  if (current.status === 'CANCELADA') {
    const texts = Object.fromEntries(CAMPAIGN_MESSAGE_FIELDS.map((field) => [field, body[field]]));
    changed = await setCampaignFields(caller.companyId, id, { name: body.name, ...texts, updatedAt: now.toISOString() }, { updatedAt: current.updatedAt });
  } else {
    if (!isCampaignEditable(current, now)) throw new AppError('ERR_CAMPAIGN_NOT_EDITABLE');
    const connection = await checkReferences(caller.companyId, body);
    checkSendable(body, connection);
    await checkTemplate(body, connection);
    changed = await setCampaignFields(caller.companyId, id, { ...fieldsOf(body), updatedAt: now.toISOString() }, { updatedAt: current.updatedAt });
    if (changed?.scheduledAt && changed.scheduledAt !== current.scheduledAt) await armCampaignStart(caller.companyId, id, changed.scheduledAt, now);
  }
  if (!changed) throw new AppError('ERR_CONFLICT');
  const record = await presentOneCampaign(changed);
  await publishCampaign(caller.companyId, { action: 'update', record });
  return record;
}
