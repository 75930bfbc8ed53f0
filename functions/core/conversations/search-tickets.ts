/**
 * GET /tickets?searchParam=... (spec 1 §7): the tickets a term finds, within the caller's scope (the
 * same rules and filters as the list, conversations/list-tickets.ts), newest first, a page at a time.
 *
 * What a term finds: the ticket whose number it is (`#123`, only that, or `123`: one GetItem of the
 * number's pointer, conversations/ticket-numbers.ts); the tickets of contacts with a name word starting
 * with it (the name index, repositories/name-index.ts: 'Mar' finds Maria and Ana Marta; at most
 * SEARCH_NAME_TICKETS tickets, in name order) or, for a term of digits or of fewer than 3 characters,
 * whose name or number starts with it (the contacts' index, then each contact's tickets on GSI3: at most
 * SEARCH_CONTACTS contacts, SEARCH_TICKETS_PER_CONTACT tickets each); the tickets whose messages contain
 * all its words (the word index, repositories/word-index.ts; at most SEARCH_TICKETS tickets, from a
 * bounded depth of each word: see 'Several words' below).
 *
 * Reading what it shows: candidates are filtered and ordered on what the indexes already carry, and only
 * the page's tickets are read whole (for the presenter, and as the truth).
 * - A contact's tickets are read from GSI3 with only the attributes the scope needs; the index is the
 *   list's, kept with the ticket, so the scope decides on it exactly and the order is the list's
 *   (`<updatedAt>#<id>`).
 * - A name entry carries the same copy as a word entry (below, kept alike) and orders by the ticket's
 *   creation.
 * - A word entry carries the ticket's queue, user and creation time, and its order is when the ticket
 *   last used the word. Keeping every entry current on every change would mean rewriting all the words of
 *   a ticket on each status change and, for `updatedAt`, on every message. So the copy is kept current
 *   only for what excludes: the queue and the user, rewritten when the ticket takes another one
 *   (refresh-word-copies.ts: an accept, a transfer, the bot's menu; each rewrites the words of the
 *   messages so far), and the creation time, which never changes. The copy is a first cut and the fetched
 *   ticket is the truth: the copy excludes a ticket only by a queue or user it names (not by a missing
 *   one, which a ticket waiting in the menu or in pending is expected to get); status, tags, unread and
 *   the change-day window move too often to copy and are checked on the fetched ticket only. A candidate
 *   whose fetched ticket is outside the scope (or gone) is skipped and the next ones are read, at most
 *   SEARCH_READ_BUDGET tickets per request; the page then ends early, with a cursor to go on. Never is a
 *   ticket shown the caller may not see: every shown ticket passed the scope as read. What a copy can
 *   still miss (refresh-word-copies.ts says which words) only hides a ticket from a search by that word.
 *
 * Several words: a ticket must use them all. A term of one word considers that word's newest
 * SEARCH_TICKETS tickets (Queries of 100 entries, at most 1000), as it always did. A term of two or more
 * (at most SEARCH_WORDS) reads each word's newest FIRST_PAGE (200) entries in parallel; the word used
 * least drives (word-index.ts findTicketsByAllWords): its tickets, newest use first, are the candidates,
 * each checked for the other words by the other lists or by the ticket's word marks (BatchGet, all at
 * once), and the driving word is read deeper (at most ALL_WORDS_PAGE, 1000 entries a Query, as many
 * as the rate of passing so far says, down to ALL_WORDS_DEPTH, 4000) only while fewer than the page needs
 * pass. The recall rule: a ticket using all
 * the words is found when its newest use of the driving word is among that word's newest ALL_WORDS_DEPTH
 * entries; exactly when that word has fewer uses. At most SEARCH_TICKETS tickets. Intersecting each
 * word's newest entries instead found nothing when both words were common and only older tickets used
 * both, and reading a common word 4000 deep cost 5 steps.
 *
 * How many such tickets a request asks for (wordsWanted): the positions before its page and the page,
 * at most SEARCH_TICKETS; the route knows the position from the query, so this still starts with the
 * caller's read. Every ticket found costs mark checks (with a common second word, several per ticket
 * found), so a request finds no more than its page needs. A ticket's order is its newest use of the driving
 * word, so reading deeper only appends: while the words stopped early (`until`), the list ends at the
 * last ticket they placed (candidates of the name index ordered below it wait for a later page), the
 * end of the list answers a `nextOffset`, and a later page asks for more. When the scope (or a stale
 * copy) leaves the page short of such a list's end, the words are read again, this time keeping only
 * the tickets whose copies the scope may see (mayMatch, before their marks are checked): first as many
 * as the page needs, then, if still short, up to SEARCH_TICKETS (the list then complete). The list's
 * start is the same, so positions hold.
 *
 * Paging: the candidates, filtered on the indexes, in order, are a list; the cursor is the position after
 * the last one examined, so the next page starts where this one stopped. `hasMore` says candidates remain
 * (a first cut: the last page may turn out empty when all the remaining copies were stale). `pageNumber`
 * without a cursor counts PAGE_SIZE positions a page.
 *
 * Cost of a search by letters, beyond the caller's read: one Query of the name index and one of each
 * word's entries (100 entries a Query; FIRST_PAGE for several words), all at once; for several words,
 * the BatchGets of the driving word's candidates' marks (and, only when too few pass, a deeper page of it
 * and their marks); then one BatchGet of the page's tickets (20; more only when copies turn out stale,
 * at most SEARCH_READ_BUDGET), which carry their row copies, so the presenter reads nothing else. Two
 * sequential steps after the caller (three for several words, the marks' step in between). `npm run bench:load` prints the
 * figures (README, Benchmarks).
 */
import type { TicketDto } from '../../../shared/tickets';
import { PAGE_SIZE } from '../http/pagination';
import { mapLimited } from '../limited';
import { searchContactIds } from '../repositories/contact-pages';
import { ticketSearchStatesOfContact, type TicketSearchState } from '../repositories/contact-tickets';
import { getTicket, getTickets, type Ticket } from '../repositories/tickets';
import { findTicketsByName } from '../repositories/name-index';
import { getTicketIdByNumber } from '../repositories/ticket-numbers';
import { findTicketsByAllWords, findTicketsByWord, indexableWords, type AllWordsHits, type WordHit, type WordHitTicket } from '../repositories/word-index';
import { presentTickets } from './present-ticket';
import type { TicketScope } from './ticket-scope';

export const SEARCH_CONTACTS = 30;
export const SEARCH_TICKETS_PER_CONTACT = 10;
/** Name-index entries one search reads (as many tickets as SEARCH_CONTACTS contacts of SEARCH_TICKETS_PER_CONTACT). */
export const SEARCH_NAME_TICKETS = SEARCH_CONTACTS * SEARCH_TICKETS_PER_CONTACT;
export const SEARCH_TICKETS = 100;
/** Whole tickets one request may read to fill its page when some index copies turn out stale. */
export const SEARCH_READ_BUDGET = 3 * PAGE_SIZE;
/** Words of a term looked up (the rest are ignored). */
const SEARCH_WORDS = 5;

export interface SearchPage {
  readonly tickets: TicketDto[];
  /** The position the next page starts at; null when no candidate is left. */
  readonly nextOffset: number | null;
}

/** A ticket a term found, before it is read whole. */
interface Candidate {
  readonly ticketId: string;
  /** Newest first by this key: `<updatedAt>#<id>`, or for a word `<when the ticket last used it>#<id>`. */
  readonly orderKey: string;
  /** The ticket as it is now (its list index): the scope decides on it exactly. */
  readonly current?: TicketSearchState;
  /** The ticket when it last used the word: a first cut only. */
  readonly then?: WordHitTicket;
  /** Already read whole. */
  readonly ticket?: Ticket;
}

/**
 * The page of tickets `term` finds in the scope, from candidate position `offset`.
 *
 * Steps: find the candidates (number, contacts, words) at once, unless the route found them already
 * (`found`, from `searchCandidates`); keep those the indexes allow; order them
 * newest first; read the next PAGE_SIZE whole, keep those the scope allows, and read on as many as were
 * dropped (within SEARCH_READ_BUDGET); present the page.
 */
export async function searchTickets(scope: TicketScope, term: string, offset: number, found?: SearchCandidates): Promise<SearchPage> {
  let given = found ?? (await searchCandidates(scope.companyId, term, wordsWanted(offset)));
  let candidates = inScope(scope, given);
  const shown: Ticket[] = [];
  let position = offset;
  let read = 0;
  let rereads = 0;
  for (;;) {
    while (shown.length < PAGE_SIZE && position < candidates.length && read < SEARCH_READ_BUDGET) {
      const batch = candidates.slice(position, position + Math.min(PAGE_SIZE - shown.length, SEARCH_READ_BUDGET - read));
      const missing = batch.filter((candidate) => !candidate.ticket).map((candidate) => candidate.ticketId);
      const fetched = new Map((await getTickets(scope.companyId, missing)).map((ticket) => [ticket.id, ticket]));
      read += missing.length;
      for (const candidate of batch) {
        position += 1;
        const ticket = candidate.ticket ?? fetched.get(candidate.ticketId);
        if (ticket && matchesScope(scope, ticket)) shown.push(ticket);
      }
    }
    // The words stopped early and the scope left too few of them for the page: read them again, keeping
    // only the tickets whose copies the scope may see (as many as the page needs, then up to
    // SEARCH_TICKETS, which completes the list). The list's start is the same, so the position holds.
    if (given.until === undefined || shown.length === PAGE_SIZE || position < candidates.length || read >= SEARCH_READ_BUDGET) break;
    rereads += 1;
    given = await searchCandidates(scope.companyId, term, rereads === 1 ? wordsWanted(offset) : SEARCH_TICKETS, (hit) => mayMatch(scope, hit.ticket));
    candidates = inScope(scope, given);
  }
  return {
    tickets: await presentTickets(scope.companyId, shown),
    // While the words stopped early, more may come past the end of the list.
    nextOffset: position < candidates.length || given.until !== undefined ? position : null,
  };
}

/**
 * The candidates the scope may see, newest first; while the words stopped early (`until`), only those
 * ordered at or above the last of them: older ones would move when the words are read deeper.
 */
function inScope(scope: TicketScope, found: SearchCandidates): Candidate[] {
  const { until } = found;
  const candidates = found.candidates.filter(
    (candidate) => (until === undefined || candidate.orderKey >= until) && (candidate.current ? matchesScope(scope, candidate.current) : mayMatch(scope, candidate.then)),
  );
  return candidates.sort((a, b) => (a.orderKey < b.orderKey ? 1 : a.orderKey > b.orderKey ? -1 : 0));
}

/**
 * Tickets using every word of a term that a page from position `offset` asks for: the positions before it
 * and its own, at most SEARCH_TICKETS (when the scope drops some, searchTickets reads again for those it
 * may see). Each is a mark check or more: a common second word passes few of the driving word's tickets.
 */
export const wordsWanted = (offset: number): number => Math.min(SEARCH_TICKETS, offset + PAGE_SIZE);

/** What a term finds in a company before any scope applies (`searchCandidates`). */
export interface SearchCandidates {
  /** Each ticket once. */
  readonly candidates: readonly Candidate[];
  /**
   * Set when the several-words search stopped at the tickets asked for (findTicketsByAllWords not
   * complete): the order key of the last ticket it placed; more may follow below it.
   */
  readonly until?: string;
}

/**
 * Every ticket the term finds in the company, each once, with what the indexes tell of it: the first
 * step of `searchTickets`, which needs only the tenant, so the route may start it with the caller's read
 * (http-module.ts callerRouteWithEarlyRead). `wanted`: the tickets of several words asked for
 * (wordsWanted of the page's position); `keep`, a first cut on their copies (the scope, when known).
 */
export async function searchCandidates(companyId: string, searched: string, wanted: number, keep?: (hit: WordHit) => boolean): Promise<SearchCandidates> {
  const term = searched.trim();
  const number = ticketNumberOf(term);
  // `#123` asks for a ticket number only; `123` may also be the start of a phone number or a word.
  const numberOnly = number !== undefined && term.startsWith('#');
  const [ofContacts, ofWords, numbered] = await Promise.all([
    numberOnly ? Promise.resolve({ hits: [], states: [] }) : ticketsOfContacts(companyId, term),
    numberOnly ? Promise.resolve({ hits: [], complete: true }) : ticketsByWords(companyId, term, wanted, keep),
    number === undefined ? Promise.resolve(undefined) : ticketOfNumber(companyId, number),
  ]);
  const found = new Map<string, Candidate>();
  if (numbered) found.set(numbered.id, { ticketId: numbered.id, orderKey: orderKeyOf(numbered), current: numbered, ticket: numbered });
  for (const state of ofContacts.states) {
    if (!found.has(state.id)) found.set(state.id, { ticketId: state.id, orderKey: orderKeyOf(state), current: state });
  }
  for (const hit of [...ofContacts.hits, ...ofWords.hits]) {
    if (!found.has(hit.ticketId)) found.set(hit.ticketId, { ticketId: hit.ticketId, orderKey: hit.orderKey, then: hit.ticket });
  }
  const until = ofWords.complete || wanted >= SEARCH_TICKETS ? undefined : ofWords.hits.at(-1)?.orderKey;
  return until === undefined ? { candidates: [...found.values()] } : { candidates: [...found.values()], until };
}

async function ticketOfNumber(companyId: string, number: number): Promise<Ticket | undefined> {
  const ticketId = await getTicketIdByNumber(companyId, number);
  return ticketId === undefined ? undefined : getTicket(companyId, ticketId);
}

/**
 * The tickets of the contacts whose name has a word starting with the term: one Query of the name index
 * (repositories/name-index.ts), hits with a copy like the words'. A term of digits (the start of a phone
 * number) or too short for that index goes through the contacts' indexes instead: the newest tickets of
 * the contacts whose name or number starts with it, as they are now.
 */
async function ticketsOfContacts(companyId: string, term: string): Promise<{ hits: WordHit[]; states: TicketSearchState[] }> {
  const byName = /\p{L}/u.test(term) ? await findTicketsByName(companyId, term, SEARCH_NAME_TICKETS) : undefined;
  if (byName) return { hits: byName, states: [] };
  const contactIds = await searchContactIds(companyId, term, SEARCH_CONTACTS);
  const states = (await mapLimited(contactIds, 8, (contactId) => ticketSearchStatesOfContact(companyId, contactId, SEARCH_TICKETS_PER_CONTACT))).flat();
  return { hits: [], states };
}

/**
 * Tickets whose messages contain every indexed word of the term (none when it has no such word), each
 * with its newest entry of the word that orders it (the freshest copy of the ticket). One word: its
 * newest SEARCH_TICKETS tickets. Several: the first `wanted` the driving word's tickets checked against
 * the other words' marks give (findTicketsByAllWords), and whether that list is complete.
 */
async function ticketsByWords(companyId: string, term: string, wanted: number, keep?: (hit: WordHit) => boolean): Promise<AllWordsHits> {
  const words = indexableWords(term).slice(0, SEARCH_WORDS);
  if (words.length === 0) return { hits: [], complete: true };
  if (words.length > 1) return findTicketsByAllWords(companyId, words, wanted, keep);
  return { hits: (await findTicketsByWord(companyId, words[0] ?? '', SEARCH_TICKETS)).hits, complete: true };
}

const orderKeyOf = (ticket: Pick<Ticket, 'updatedAt' | 'id'>): string => `${ticket.updatedAt}#${ticket.id}`;

/** The scope's rules on a ticket as it is now (the list applies the same ones as its Query and filter). */
export function matchesScope(scope: TicketScope, ticket: TicketSearchState): boolean {
  const key = orderKeyOf(ticket);
  return (
    scope.statuses.includes(ticket.status) &&
    (scope.queues === 'all' || scope.queues.includes(ticket.queueId ?? 'none')) &&
    (scope.users.length === 0 || (ticket.userId !== null && scope.users.includes(ticket.userId))) &&
    (scope.tags.length === 0 || scope.tags.some((tag) => ticket.tagIds.includes(tag))) &&
    (!scope.withUnread || ticket.unreadMessages > 0) &&
    (!scope.created || (ticket.createdAt >= scope.created.first && ticket.createdAt <= scope.created.last)) &&
    (scope.from === undefined || key >= scope.from) &&
    (scope.to === undefined || key <= scope.to)
  );
}

/**
 * The first cut on a word entry's copy of its ticket: false only when the ticket cannot be in the scope
 * unless it moved to another queue or user since. Without a copy (entries written before they were
 * kept), anything may match.
 */
export function mayMatch(scope: TicketScope, then: WordHitTicket | undefined): boolean {
  if (!then) return true;
  return (
    (scope.queues === 'all' || then.queueId === null || scope.queues.includes(then.queueId)) &&
    (scope.users.length === 0 || then.userId === null || scope.users.includes(then.userId)) &&
    (!scope.created || (then.createdAt >= scope.created.first && then.createdAt <= scope.created.last))
  );
}

/** The largest ticket number a search reads as one (beyond it a term of digits is a phone number, not a ticket). */
const TICKET_NUMBER_MAX = 999_999_999;

/** The ticket number a search term names: `#123`, `# 123` or `123`; undefined for anything else. */
export function ticketNumberOf(term: string): number | undefined {
  const digits = /^#?\s*(\d{1,9})$/.exec(term.trim())?.[1];
  if (digits === undefined) return undefined;
  const number = Number(digits);
  return number >= 1 && number <= TICKET_NUMBER_MAX ? number : undefined;
}
