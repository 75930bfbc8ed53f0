/**
 * The one-off step that gives tickets stored before word marks existed their marks
 * (repositories/word-index.ts, keys.ticketWord), so a search of several words finds them when another
 * word drives it. Per company, once: walk every ticket through the status partitions (GSI1), page by
 * page, read each ticket's messages (MESSAGES_READ at a time, a few tickets at once), write the marks of
 * their words, then mark the company done, so later runs cost one read per company.
 *
 * Where it runs: at `npm start` after the contact-name index's backfill, and on a deployed stage once
 * after the deploy that brings the marks (scripts/backfill-ticket-rows.ts). New messages write their
 * marks with their entries, so a run concurrent with traffic misses nothing. Safe to run twice (the same
 * keys are written again; a mark's `at` may then be the time of an older use, which nothing reads for order).
 */
import { mapLimited } from '../limited';
import { parseMessageId, readMessages, type StoredMessage } from '../repositories/messages';
import type { Ticket } from '../repositories/tickets';
import { areWordMarksBuilt, markWordMarksBuilt, putWordMarks } from '../repositories/word-index';
import { forEachTicketPage, forEveryCompany } from './company-walks';

/** Messages read per Query of a ticket's partition. */
const MESSAGES_READ = 100;
/** Tickets whose messages are read at once. */
const TICKETS_AT_ONCE = 8;

/** Every message of the ticket, newest first, a page at a time. */
async function messagesOf(ticket: Pick<Ticket, 'companyId' | 'id'>): Promise<StoredMessage[]> {
  const messages: StoredMessage[] = [];
  let beforeUlid: string | undefined;
  for (;;) {
    const slice = await readMessages(ticket.companyId, ticket.id, MESSAGES_READ, beforeUlid);
    messages.push(...slice.messages);
    beforeUlid = parseMessageId(slice.messages.at(-1)?.id ?? '')?.messageUlid;
    if (!slice.hasMore || beforeUlid === undefined) return messages;
  }
}

/** Writes the marks of one company's tickets unless done before; answers how many tickets got them. */
export async function buildWordMarks(companyId: string, now = new Date()): Promise<number> {
  if (await areWordMarksBuilt(companyId)) return 0;
  let marked = 0;
  await forEachTicketPage(companyId, async (tickets) => {
    const read = await mapLimited(tickets, TICKETS_AT_ONCE, async (ticket) => ({ ticket, messages: await messagesOf(ticket) }));
    await putWordMarks(read);
    marked += read.length;
  });
  await markWordMarksBuilt(companyId, now);
  return marked;
}

/** Every company's backfill, one company after the other. Answers the tickets given marks. */
export const buildAllWordMarks = (): Promise<number> => forEveryCompany('word marks written', (companyId) => buildWordMarks(companyId));
