/**
 * A started campaign's recipients, written as its shipping items before anything is sent (run by the
 * hop that first finds the campaign without them, send-hop.ts, under the cursor's hold):
 *
 * - a contact list: its items in the order they were added, with the validity the session host found;
 * - a tag (`tagListId`): the company's contacts whose tickets carry the tag (tags live on tickets),
 *   read from the ticket lists of every status with a filter: a background walk, not a request's.
 *
 * Numbers are made unique (the first one wins), so each gets one message. The items are written by
 * place, and `planned` is set only once all are: a planner cut off midway is simply run again, writes
 * the same places, and removes any place past its count (a list shortened meanwhile).
 */
import { TICKET_STATUSES } from '../../../shared/tickets';
import { allContactListItems } from '../repositories/contact-list-items';
import { deleteShippingFrom, putShippingItems, type NewShippingItem } from '../repositories/campaign-shipping';
import { setCampaignFields, type StoredCampaign } from '../repositories/campaigns';
import { getContacts } from '../repositories/contacts';
import { readTicketList, statusListSource, ticketListFilter } from '../repositories/ticket-lists';

type Recipient = Pick<NewShippingItem, 'name' | 'number' | 'email' | 'contactId' | 'valid'>;

/** Tickets read per Query of the tag walk. */
const TAG_WALK_PAGE = 500;

async function listRecipients(campaign: StoredCampaign): Promise<Recipient[]> {
  if (campaign.contactListId) {
    const items = await allContactListItems(campaign.companyId, campaign.contactListId);
    return items.map((item) => ({ name: item.name, number: item.number, email: item.email, contactId: null, valid: item.isWhatsappValid }));
  }
  if (campaign.tagListId) return taggedContacts(campaign.companyId, campaign.tagListId);
  return [];
}

async function taggedContacts(companyId: string, tagId: string): Promise<Recipient[]> {
  const contactIds = new Set<string>();
  const filter = ticketListFilter({ users: [], tags: [tagId], withUnread: false });
  for (const status of TICKET_STATUSES) {
    let startKey: Record<string, unknown> | undefined;
    do {
      const page = await readTicketList(statusListSource(companyId, status), { limit: TAG_WALK_PAGE, filter, startKey });
      for (const ticket of page.tickets) if (!ticket.isGroup) contactIds.add(ticket.contactId);
      startKey = page.lastKey;
    } while (startKey);
  }
  const contacts = await getContacts(companyId, [...contactIds]);
  return [...contacts.values()]
    .sort((a, b) => a.name.localeCompare(b.name, 'pt-BR', { sensitivity: 'base' }))
    .map((contact) => ({ name: contact.name, number: contact.number, email: contact.email, contactId: contact.id, valid: true }));
}

/** Writes the recipients and answers the campaign with `planned` set; undefined when it stopped running meanwhile. */
export async function planCampaign(campaign: StoredCampaign, now: Date): Promise<StoredCampaign | undefined> {
  const seen = new Set<string>();
  const items: NewShippingItem[] = [];
  for (const recipient of await listRecipients(campaign)) {
    if (seen.has(recipient.number)) continue;
    seen.add(recipient.number);
    items.push({ companyId: campaign.companyId, campaignId: campaign.id, position: items.length, ...recipient });
  }
  await putShippingItems(items);
  await deleteShippingFrom(campaign.companyId, campaign.id, items.length);
  return setCampaignFields(
    campaign.companyId,
    campaign.id,
    { planned: items.length, position: 0, updatedAt: now.toISOString() },
    { status: 'EM_ANDAMENTO' },
  );
}
