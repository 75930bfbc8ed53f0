/**
 * One recipient of a running campaign (send-hop.ts calls it for each recipient a hop took on) and
 * answers the recipient as it now stands; the hop writes all of them at once (putShippingOutcomes).
 *
 * 1. done already (a hop cut off after recording it): as it is;
 * 2. skipped, with the reason, when its number is known not to be on WhatsApp (its list's check) or
 *    it asked for no more campaigns (its stop word, opt-out.ts);
 * 3. otherwise its contact (the company's contact with the number, found by the hop's batch read; a
 *    new one, named as the list names it, when there is none) and the ticket the message goes into:
 *    the contact's live ticket on the connection, so agents see it beside what they are answering,
 *    else a new closed one that keeps it in the contact's history there (create-ticket.ts
 *    insertClosedTicket), whose id derives from the recipient, so a hop run again finds it;
 * 4. its messages: text n mod count of the campaign's texts, its variables filled, with the campaign's
 *    file (the text as caption); then, with a file list, the list's message and each of its files. Each
 *    is stored as the server's (bot) message and sent through the connection under ids derived from
 *    the recipient and the part (recipient-ids.ts), so a repeat is the same message. Files are sent by
 *    reference to their stored object, not copied per recipient;
 * 5. delivered (handed to the connection's session), with its message ids and ticket.
 *
 * On a Cloud API connection (issue 32) step 4 is one message: the campaign's template, its variables
 * filled for the recipient (shared/campaigns.ts fillCampaignTemplate), checked again against the
 * connection's stored templates (whatsapp-cloud/templates.ts templateToSend) and stored as its filled
 * text; the texts, the file and the file list are not sent (Meta refuses free-form messages outside
 * the window). A template no longer approved there (or none) skips the recipient as
 * `templateUnavailable`; a variable that comes out empty for it, as `failed`. Its id derives like any
 * part's, and so does the command's (`send:` + the message id), whose claim the cloud worker holds
 * (repositories/cloud-sends.ts): a hop run again sends nobody twice.
 */
import { campaignTexts, fillCampaignTemplate, fillCampaignText, type CampaignRecipient } from '../../../shared/campaigns';
import type { CampaignSettings } from '../../../shared/campaign-settings';
import { heldTicket, insertClosedTicket, newContactForNumber } from '../conversations/create-ticket';
import { mediaTypeOf } from '../conversations/present-message';
import { sendOnTicket, type OutgoingMedia } from '../conversations/send-message';
import type { ShippingItem } from '../repositories/campaign-shipping';
import type { StoredCampaign } from '../repositories/campaigns';
import type { StoredFileList } from '../repositories/file-lists';
import type { Connection } from '../repositories/connections';
import { getContact, type Contact } from '../repositories/contacts';
import { getTicket, type Ticket } from '../repositories/tickets';
import { AppError } from '../errors';
import { logger } from '../logger';
import { templateToSend } from '../whatsapp-cloud/templates';
import type { TemplateMessage } from '../../../shared/whatsapp-cloud';
import { recipientMessageIds } from './recipient-ids';

export interface RecipientContext {
  readonly campaign: StoredCampaign;
  readonly connection: Connection;
  readonly settings: CampaignSettings;
  /** Numbers among this hop's recipients that opted out. */
  readonly optedOut: ReadonlySet<string>;
  /** This hop's recipients' numbers that have a contact: number -> contact id. */
  readonly contactIds: ReadonlyMap<string, string>;
  /** The campaign's file list, sent after its text; null without one (or when it was deleted). */
  readonly fileList: StoredFileList | null;
  /** The instant the hop took its recipients on (its recorded work): the ids derive from it. */
  readonly at: string;
  /** The hop finishes work a hop before it began: what it derives may exist already. */
  readonly again: boolean;
}

/** The part number the closed ticket's id derives from (message parts count up from 0). */
const TICKET_PART = 999;

export async function sendToRecipient(item: ShippingItem, context: RecipientContext): Promise<ShippingItem> {
  if (item.status !== 'pending') return item;
  if (item.valid === false) return { ...item, status: 'skipped', reason: 'invalidNumber' };
  if (context.optedOut.has(item.number)) return { ...item, status: 'skipped', reason: 'optedOut' };

  const { campaign } = context;
  const now = new Date(context.at);
  const { contact, created } = await recipientContact(item, context, now);
  const recipient: CampaignRecipient = { name: item.name || contact.name, number: item.number, email: item.email || contact.email };

  let parts: Part[];
  if (context.connection.provider === 'cloud') {
    // Checked before the ticket is made: a recipient who cannot be sent the template gets no empty ticket.
    const prepared = await templatePart(campaign, recipient, context);
    if ('reason' in prepared) return { ...item, status: 'skipped', reason: prepared.reason };
    parts = [prepared];
  } else {
    const texts = campaignTexts(campaign);
    const text = texts.length > 0 ? (texts[item.position % texts.length] ?? '') : '';
    const body = fillCampaignText(text, recipient, context.settings.variables);
    parts = [{ body, media: campaignMedia(campaign) }, ...fileListParts(context.fileList)];
  }
  const ticket = await recipientTicket(item, contact, created, context, now);
  // A ticket made for a contact new to the company is one nobody has open: no announcement per recipient.
  const announce = !(created && ticket.status === 'closed');
  const messageIds = await sendParts(ticket, contact, item, context, parts, announce);
  return { ...item, status: 'delivered', reason: null, deliveredAt: new Date().toISOString(), messageIds, ticketId: ticket.id };
}

/** A cloud campaign's one part for the recipient, or why it cannot be sent (see the file's comment). */
async function templatePart(campaign: StoredCampaign, recipient: CampaignRecipient, context: RecipientContext): Promise<Part | { readonly reason: 'templateUnavailable' | 'failed' }> {
  const about = { companyId: campaign.companyId, campaignId: campaign.id };
  if (!campaign.template) {
    logger.warn('cloud campaign recipient skipped: the campaign has no template', about);
    return { reason: 'templateUnavailable' };
  }
  const template = fillCampaignTemplate(campaign.template, recipient, context.settings.variables);
  if (!template) {
    logger.info('cloud campaign recipient skipped: a template variable is empty for it', about);
    return { reason: 'failed' };
  }
  try {
    const { text } = await templateToSend(context.connection, template);
    return { body: text, media: null, template };
  } catch (error) {
    // Gone, no longer approved, or its variables changed at Meta since the campaign was saved.
    if (!(error instanceof AppError)) throw error;
    logger.warn('cloud campaign recipient skipped: the template is not sendable', { ...about, template: campaign.template.name, code: error.code, reason: error.message });
    return { reason: 'templateUnavailable' };
  }
}

/** The recipient's contact; `created`: new to the company now, so it has no tickets yet. */
async function recipientContact(item: ShippingItem, context: RecipientContext, now: Date): Promise<{ contact: Contact; created: boolean }> {
  const contactId = context.contactIds.get(item.number);
  const known = contactId ? await getContact(item.companyId, contactId) : undefined;
  if (known) return { contact: known, created: false };
  return newContactForNumber(item.companyId, item.number, now, { name: item.name });
}

/** The ticket it goes into: the contact's live one on the connection, else the closed one made for it. */
async function recipientTicket(item: ShippingItem, contact: Contact, newContact: boolean, context: RecipientContext, now: Date): Promise<Ticket> {
  const id = recipientMessageIds(item.campaignId, item.position, TICKET_PART, context.at).ulid;
  if (context.again) {
    const made = await getTicket(item.companyId, id, true);
    if (made) return made;
  }
  const held = newContact ? undefined : await heldTicket(item.companyId, context.connection.id, contact.id);
  if (held) return held;
  return insertClosedTicket(item.companyId, context.connection.id, contact, now, { connection: context.connection, id, ...(newContact ? { earlier: [] } : {}) });
}

function campaignMedia(campaign: StoredCampaign): OutgoingMedia | null {
  if (!campaign.mediaKey || !campaign.mediaName) return null;
  const mimeType = campaign.mediaContentType ?? 'application/octet-stream';
  return { key: campaign.mediaKey, name: campaign.mediaName, mimeType, mediaType: mediaTypeOf(mimeType) };
}

/** After the text: the file list's message, then each of its files (those uploaded), in the list's order. */
function fileListParts(fileList: StoredFileList | null): Part[] {
  if (!fileList) return [];
  const files = fileList.options.flatMap((option): Part[] => {
    if (!option.key || !option.contentType) return [];
    const media: OutgoingMedia = { key: option.key, name: option.fileName ?? option.name, mimeType: option.contentType, mediaType: mediaTypeOf(option.contentType) };
    return [{ body: '', media }];
  });
  return [{ body: fileList.message, media: null }, ...files];
}

interface Part {
  readonly body: string;
  readonly media: OutgoingMedia | null;
  /** On a Cloud API connection: the filled template `body` is the text of. */
  readonly template?: TemplateMessage;
}

/** Sends the parts in order, each under its derived ids, and answers their message ids. */
async function sendParts(ticket: Ticket, contact: Contact, item: ShippingItem, context: RecipientContext, parts: readonly Part[], announce: boolean): Promise<string[]> {
  const ids: string[] = [];
  for (const [index, part] of parts.entries()) {
    if (!part.body && !part.media) continue;
    const fixedId = recipientMessageIds(context.campaign.id, item.position, index, context.at);
    const sent = await sendOnTicket(ticket, { body: part.body, userId: null, bot: true, media: part.media, fixedId, announce, contact, connection: context.connection, ...(part.template ? { template: part.template } : {}) }, new Date(Date.parse(context.at) + index));
    ids.push(sent.id);
  }
  return ids;
}
