/**
 * One recipient of a running campaign (send-hop.ts calls it for each recipient a hop took on):
 *
 * 1. done already (a hop cut off after marking it): nothing;
 * 2. skipped, with the reason, when its number is known not to be on WhatsApp (its list's check) or
 *    it asked for no more campaigns (its stop word, opt-outs.ts);
 * 3. otherwise its contact (the company's contact with the number; a new one, named as the list names
 *    it, when there is none) and the ticket the message goes into: the contact's live ticket on the
 *    connection, so agents see it beside what they are answering, else a new closed one that keeps it in
 *    the contact's history there (create-ticket.ts insertClosedTicket), recorded on the item at once;
 * 4. its message: text n mod count of the campaign's texts, its variables filled, with the campaign's
 *    file (the text as caption), stored as the server's (bot) message and sent through the connection
 *    under ids derived from the recipient (recipient-ids.ts), so a repeat is the same message;
 * 5. marked delivered (handed to the connection's session) with its message ids and ticket.
 */
import { campaignTexts, fillCampaignText } from '../../../shared/campaigns';
import type { CampaignSettings } from '../../../shared/campaign-settings';
import { contactForNumber, heldTicket, insertClosedTicket } from '../conversations/create-ticket';
import { mediaTypeOf } from '../conversations/present-message';
import { sendOnTicket, type OutgoingMedia } from '../conversations/send-message';
import { setShippingFields, type ShippingItem } from '../repositories/campaign-shipping';
import type { StoredCampaign } from '../repositories/campaigns';
import type { Connection } from '../repositories/connections';
import { getContact, type Contact } from '../repositories/contacts';
import { getTicket, type Ticket } from '../repositories/tickets';
import { recipientMessageIds } from './recipient-ids';

export interface RecipientContext {
  readonly campaign: StoredCampaign;
  readonly connection: Connection;
  readonly settings: CampaignSettings;
  /** Numbers among this hop's recipients that opted out. */
  readonly optedOut: ReadonlySet<string>;
  /** The instant the hop took its recipients on (its recorded work): the messages' ids derive from it. */
  readonly at: string;
}

export type RecipientOutcome = 'delivered' | 'skipped';

export async function sendToRecipient(item: ShippingItem, context: RecipientContext): Promise<RecipientOutcome> {
  if (item.status !== 'pending') return item.status;
  if (item.valid === false) return skip(item, 'invalidNumber');
  if (context.optedOut.has(item.number)) return skip(item, 'optedOut');

  const { campaign, connection } = context;
  const now = new Date(context.at);
  const contact = await recipientContact(item, campaign.companyId, now);
  const ticket = await recipientTicket(item, contact, connection, now);

  const texts = campaignTexts(campaign);
  const text = texts.length > 0 ? (texts[item.position % texts.length] ?? '') : '';
  const body = fillCampaignText(text, { name: item.name || contact.name, number: item.number, email: item.email || contact.email }, context.settings.variables);
  const messageIds = await sendParts(ticket, item, context, [{ body, media: campaignMedia(campaign) }]);
  await setShippingFields(item, { status: 'delivered', deliveredAt: new Date().toISOString(), messageIds, ticketId: ticket.id });
  return 'delivered';
}

async function skip(item: ShippingItem, reason: 'invalidNumber' | 'optedOut'): Promise<RecipientOutcome> {
  await setShippingFields(item, { status: 'skipped', reason });
  return 'skipped';
}

async function recipientContact(item: ShippingItem, companyId: string, now: Date): Promise<Contact> {
  const known = item.contactId ? await getContact(companyId, item.contactId) : undefined;
  if (known && known.number === item.number) return known;
  return (await contactForNumber(companyId, item.number, now, { name: item.name })).contact;
}

/**
 * The ticket it goes into. A closed ticket made for it is recorded on its shipping item at once, so a
 * hop run again after a crash finds that ticket (and the message already stored there) rather than
 * making a second one.
 */
async function recipientTicket(item: ShippingItem, contact: Contact, connection: Connection, now: Date): Promise<Ticket> {
  const recorded = item.ticketId ? await getTicket(item.companyId, item.ticketId, true) : undefined;
  if (recorded) return recorded;
  const held = await heldTicket(item.companyId, connection.id, contact.id);
  if (held) return held;
  const created = await insertClosedTicket(item.companyId, connection.id, contact, now, { connection });
  await setShippingFields(item, { ticketId: created.id });
  return created;
}

function campaignMedia(campaign: StoredCampaign): OutgoingMedia | null {
  if (!campaign.mediaKey || !campaign.mediaName) return null;
  const mimeType = campaign.mediaContentType ?? 'application/octet-stream';
  return { key: campaign.mediaKey, name: campaign.mediaName, mimeType, mediaType: mediaTypeOf(mimeType) };
}

interface Part {
  readonly body: string;
  readonly media: OutgoingMedia | null;
}

/** Sends the parts in order, each under its derived ids, and answers their message ids. */
async function sendParts(ticket: Ticket, item: ShippingItem, context: RecipientContext, parts: readonly Part[]): Promise<string[]> {
  const ids: string[] = [];
  for (const [index, part] of parts.entries()) {
    if (!part.body && !part.media) continue;
    const fixedId = recipientMessageIds(context.campaign.id, item.position, index, context.at);
    const sent = await sendOnTicket(ticket, { body: part.body, userId: null, bot: true, media: part.media, fixedId }, new Date(Date.parse(context.at) + index));
    ids.push(sent.id);
  }
  return ids;
}
