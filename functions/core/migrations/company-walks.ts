/**
 * The two walks the one-off backfills share (ticket rows, the contact-name index, word marks, ticket
 * numbers): every company one after the other, and every ticket of a company page by page through its
 * status partitions (GSI1), WALK_PAGE at a time, so a walk holds one page in memory whatever the size.
 */
import { TICKET_STATUSES } from '../../../shared/tickets';
import { WALK_PAGE } from '../conversations/ticket-rows';
import { logger } from '../logger';
import { listCompanies } from '../repositories/companies';
import { readTicketList, statusListSource } from '../repositories/ticket-lists';
import type { Ticket } from '../repositories/tickets';

/** Hands every ticket of the company to `visit`, a page at a time; the next page is read once it returned. */
export async function forEachTicketPage(companyId: string, visit: (tickets: Ticket[]) => Promise<void>): Promise<void> {
  for (const status of TICKET_STATUSES) {
    let startKey: Record<string, unknown> | undefined;
    do {
      const page = await readTicketList(statusListSource(companyId, status), { limit: WALK_PAGE, startKey });
      startKey = page.lastKey;
      await visit(page.tickets);
    } while (startKey);
  }
}

/**
 * Runs a company's backfill for every company, one after the other; logs `done` with the count of each
 * company that had something to do, and answers the sum.
 */
export async function forEveryCompany(done: string, backfill: (companyId: string) => Promise<number>): Promise<number> {
  let total = 0;
  for (const company of await listCompanies()) {
    const count = await backfill(company.id);
    if (count > 0) logger.info(done, { companyId: company.id, count });
    total += count;
  }
  return total;
}
