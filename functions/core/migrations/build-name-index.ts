/**
 * The one-off step that gives tickets stored before the contact-name index existed their entries
 * (repositories/name-index.ts), so a search by a contact's name finds them too. Per company, once: walk
 * every ticket through the status partitions (GSI1), page by page, write each page's entries for the
 * name its row copy shows (the contact read, in one batch per page, for a ticket stored without a copy),
 * then mark the company done, so later runs cost one read per company.
 *
 * Where it runs: at `npm start` after the ticket numbers' backfill, and on a deployed stage once after
 * the deploy that brings the index (scripts/backfill-ticket-rows.ts, after the row copies). New
 * tickets get their entries when they are created, so a run concurrent with traffic misses nothing. It is
 * safe to run twice (the same keys are written again). Known gap: a contact renamed while its company's
 * backfill runs may keep the entries of its old name on a ticket the backfill read before the rename;
 * a search by the old name then still lists that ticket (within what the caller may see).
 */
import { isNameIndexBuilt, markNameIndexBuilt, putNameEntries } from '../repositories/name-index';
import { getContacts } from '../repositories/contacts';
import { forEachTicketPage, forEveryCompany } from './company-walks';

/** Writes the entries of one company's tickets unless done before; answers how many tickets got them. */
export async function buildNameIndex(companyId: string, now = new Date()): Promise<number> {
  if (await isNameIndexBuilt(companyId)) return 0;
  let indexed = 0;
  await forEachTicketPage(companyId, async (tickets) => {
    const contacts = await getContacts(companyId, tickets.filter((ticket) => !ticket.contactRow).map((ticket) => ticket.contactId));
    const named = tickets.flatMap((ticket) => {
      const contactName = ticket.contactRow?.name ?? contacts.get(ticket.contactId)?.name;
      return contactName === undefined ? [] : [{ ticket, contactName }];
    });
    await putNameEntries(named);
    indexed += named.length;
  });
  await markNameIndexBuilt(companyId, now);
  return indexed;
}

/** Every company's backfill, one company after the other. Answers the tickets given entries. */
export const buildAllNameIndexes = (): Promise<number> => forEveryCompany('contact-name index built', (companyId) => buildNameIndex(companyId));
